import Foundation
import HeraldBridges
import HeraldCore
import HeraldPublishing
import Hummingbird
import Logging

/// Any JSON in: a service's Mustache templates turn the body into a
/// notification. Admins manage the templates: like the rate limit, a
/// service always has some (its own, or the built-in ones with
/// `is_default`), so reading or removing them answers 404 only for a
/// service that does not exist.
struct WebhookController {
    let api: APIContext

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.post("services/{service_id}/webhook", use: receive)
        group.get("services/{service_id}/templates", use: show)
        group.put("services/{service_id}/templates", use: replace)
        group.delete("services/{service_id}/templates", use: remove)
    }

    static let maxTemplateLength = 4096

    private struct TemplatesBody: Codable {
        var title: String
        var subtitle: String?
        var url: String?
        var severity: String?
        /// Answers only: true when the service has no templates of its own.
        var is_default: Bool?
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
        do {
            let notification = try await api.publisher.publish(draft, to: serviceID, from: .webhook, requestID: context.id)
            return JSONBody.response(NotificationBody(notification), status: .created)
        } catch PublishError.rejected(let issues) {
            // 400, not the usual 422: the sender's body was valid JSON; what
            // the service's templates made of it is not (documented).
            let problems = issues.map(\.description).joined(separator: "; ")
            throw APIError(.badRequest, "The templates rendered an unusable notification for this body (\(problems))")
        }
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        _ = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        guard try await api.store.service(id: serviceID) != nil else { throw APIError.notFound("Service") }
        let own = try await api.store.serviceTemplates(serviceID: serviceID)
        let templates = own ?? TemplateRenderer.webhookDefaults
        return JSONBody.response(
            TemplatesBody(title: templates.title, subtitle: templates.subtitle, url: templates.url, severity: templates.severity, is_default: own == nil)
        )
    }

    @Sendable func replace(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let body = try await api.decoding.json(TemplatesBody.self, from: request)
        let templates = NotificationTemplates(title: body.title, subtitle: body.subtitle ?? "", url: body.url ?? "", severity: body.severity ?? "")
        try Self.check(templates)
        guard try await api.store.setServiceTemplates(serviceID: serviceID, templates, at: api.clock.now()) else { throw APIError.notFound("Service") }
        context.logger.info("service templates set", metadata: ["service": "\(serviceID.wireString)", "by": "\(admin.username)"])
        return JSONBody.response(
            TemplatesBody(title: templates.title, subtitle: templates.subtitle, url: templates.url, severity: templates.severity, is_default: false)
        )
    }

    /// Every problem with a set of templates (their text, and whether each
    /// parses), as a 422: the API and the web app's form check alike.
    static func check(_ templates: NotificationTemplates) throws {
        var validator = Validator()
        validator.text(templates.title, at: ["body", "title"], maxLength: maxTemplateLength)
        validator.text(templates.subtitle, at: ["body", "subtitle"], maxLength: maxTemplateLength, allowEmpty: true)
        validator.text(templates.url, at: ["body", "url"], maxLength: maxTemplateLength, allowEmpty: true)
        validator.text(templates.severity, at: ["body", "severity"], maxLength: maxTemplateLength, allowEmpty: true)
        do {
            _ = try TemplateRenderer(templates)
        } catch {
            validator.fail(["body", .key(error.field)], "Template does not parse: \(error.reason)")
        }
        try validator.check()
    }

    @Sendable func remove(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        _ = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        guard try await api.store.service(id: serviceID) != nil else { throw APIError.notFound("Service") }
        _ = try await api.store.setServiceTemplates(serviceID: serviceID, nil, at: api.clock.now())
        return JSONBody.noContent()
    }
}
