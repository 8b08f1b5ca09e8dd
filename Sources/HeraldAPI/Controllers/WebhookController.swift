import Foundation
import HeraldBridges
import HeraldCore
import Hummingbird
import Logging

/// Any JSON in: a service's Mustache templates turn the body into a
/// notification. Admins manage the templates.
struct WebhookController {
    let api: APIContext

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.post("services/{service_id}/webhook", use: receive)
        group.get("services/{service_id}/templates", use: show)
        group.put("services/{service_id}/templates", use: replace)
        group.delete("services/{service_id}/templates", use: remove)
    }

    private struct TemplatesBody: Codable {
        var title: String
        var subtitle: String?
        var url: String?
        var severity: String?
    }

    @Sendable func receive(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        try await api.senders.check(request, context: context, serviceID: serviceID)
        let body = try await api.decoding.body(of: request)
        guard let json = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView), options: [.fragmentsAllowed]) else {
            throw APIError(.badRequest, "The body is not valid JSON")
        }
        guard try await api.store.service(id: serviceID) != nil else { throw APIError.notFound("Service") }
        let templates = try await api.store.serviceTemplates(serviceID: serviceID) ?? TemplateRenderer.webhookDefaults
        let draft: NotificationDraft
        do {
            draft = try TemplateRenderer(templates).render(json)
        } catch {
            throw APIError(.badRequest, "The service's \(error.field) template does not parse: \(error.reason)")
        }
        var validator = Validator()
        NotificationRules.validate(draft, at: ["rendered"], into: &validator)
        guard validator.issues.isEmpty else {
            let problems = validator.issues.map { "\($0.loc.last.map { "\($0)" } ?? ""): \($0.msg)" }.joined(separator: "; ")
            throw APIError(.badRequest, "The templates rendered an unusable notification for this body (\(problems))")
        }
        guard let notification = try await api.store.publish(draft, serviceID: serviceID, at: Timestamp.now()) else {
            throw APIError.notFound("Service")
        }
        api.queueSignal.notify()
        return JSONBody.response(NotificationBody(notification), status: .created)
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        _ = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        guard let templates = try await api.store.serviceTemplates(serviceID: serviceID) else { throw APIError.notFound("Templates") }
        return JSONBody.response(TemplatesBody(title: templates.title, subtitle: templates.subtitle, url: templates.url, severity: templates.severity))
    }

    @Sendable func replace(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let body = try await api.decoding.json(TemplatesBody.self, from: request)
        let templates = NotificationTemplates(title: body.title, subtitle: body.subtitle ?? "", url: body.url ?? "", severity: body.severity ?? "")
        var validator = Validator()
        validator.text(templates.title, at: ["body", "title"], maxLength: 4096)
        do {
            _ = try TemplateRenderer(templates)
        } catch {
            validator.fail(["body", .key(error.field)], "Template does not parse: \(error.reason)")
        }
        try validator.check()
        guard try await api.store.setServiceTemplates(serviceID: serviceID, templates, at: Timestamp.now()) else { throw APIError.notFound("Service") }
        context.logger.info("service templates set", metadata: ["service": "\(serviceID.wireString)", "by": "\(admin.username)"])
        return JSONBody.response(body)
    }

    @Sendable func remove(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        _ = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        guard try await api.store.setServiceTemplates(serviceID: serviceID, nil, at: Timestamp.now()) else { throw APIError.notFound("Templates") }
        return JSONBody.noContent()
    }
}
