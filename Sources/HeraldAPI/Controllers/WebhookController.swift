import Foundation
import HeraldBridges
import HeraldCore
import HeraldUseCases
import HeraldPublishing
import Hummingbird
import Logging

/// Any JSON in: a service's Mustache templates turn the body into a
/// notification. Admins manage the templates: like the rate limit, a
/// service always has some (its own, or the built-in ones with
/// `is_default`), so reading or removing them answers 404 only for a
/// service that does not exist.
struct WebhookController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let senders: SenderAuthorization
    let publisher: Publisher
    let templates: ServiceTemplates
    /// The service and its own templates.
    let listed: any ServiceStore

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
        /// Answers only: true when the service has no templates of its own.
        var is_default: Bool?
    }

    @Sendable func receive(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        try await senders.check(request, context: context, serviceID: serviceID)
        let body = try await decoding.body(of: request)
        guard let json = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView), options: [.fragmentsAllowed]) else {
            throw APIError(.badRequest, "The body is not valid JSON")
        }
        guard try await listed.service(id: serviceID) != nil else { throw APIError.notFound("Service") }
        let templates = try await listed.serviceTemplates(serviceID: serviceID) ?? TemplateRenderer.webhookDefaults
        let draft: NotificationDraft
        do {
            draft = try TemplateRenderer(templates).render(json)
        } catch {
            throw APIError(.badRequest, "The service's \(error.field) template does not parse: \(error.reason)")
        }
        do {
            let notification = try await publisher.publish(draft, to: serviceID, from: .webhook, requestID: context.id)
            return JSONBody.response(NotificationBody(notification), status: .created)
        } catch PublishError.rejected(let issues) {
            // 400, not the usual 422: the sender's body was valid JSON; what
            // the service's templates made of it is not (documented).
            let problems = issues.map(\.description).joined(separator: "; ")
            throw APIError(.badRequest, "The templates rendered an unusable notification for this body (\(problems))")
        }
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let own = try await templates.templates(of: serviceID, for: actor)
        let templates = own ?? TemplateRenderer.webhookDefaults
        return JSONBody.response(
            TemplatesBody(title: templates.title, subtitle: templates.subtitle, url: templates.url, severity: templates.severity, is_default: own == nil)
        )
    }

    @Sendable func replace(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.templates, of: serviceID))
        let body = try await decoding.json(TemplatesBody.self, from: request)
        let templates = NotificationTemplates(title: body.title, subtitle: body.subtitle ?? "", url: body.url ?? "", severity: body.severity ?? "")
        try await self.templates.set(templates, on: serviceID, by: actor, logger: context.logger)
        return JSONBody.response(
            TemplatesBody(title: templates.title, subtitle: templates.subtitle, url: templates.url, severity: templates.severity, is_default: false)
        )
    }

    @Sendable func remove(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.templates, of: serviceID))
        try await templates.set(nil, on: serviceID, by: actor, logger: context.logger)
        return JSONBody.noContent()
    }
}
