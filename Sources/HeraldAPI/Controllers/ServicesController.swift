import Foundation
import HeraldCore
import HeraldUseCases
import HeraldPublishing
import Hummingbird
import Logging

/// Services and their notifications: `/services/...`.
struct ServicesController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let senders: SenderAuthorization
    let publisher: Publisher
    let schedules: Schedules
    let services: Services
    let visibility: ServiceVisibility
    let clock: WallClock
    /// The services, as listed.
    let listed: any ServiceStore

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("services", use: list)
        group.post("services", use: create)
        group.patch("services/{service_id}", use: update)
        group.delete("services/{service_id}", use: delete)
        group.get("services/{service_id}/notifications", use: notifications)
        group.post("services/{service_id}/notifications", use: publish)
    }

    /// The most notifications one page of the admin list holds.
    static let maxListPage = 1_000

    private struct CreateBody: Decodable {
        var category: String
        var color: String
        var owner: String
        var is_private: Bool?
    }

    private struct UpdateBody: Decodable {
        var category: String?
        var color: String?
        var owner: String?
        var is_private: Bool?
    }

    private struct NotificationInput: Decodable {
        var title: String
        var subtitle: String?
        var url: String?
        var severity: String?
        var attributes: NotificationAttributes?
        var expires_at: String?
        var key: String?
        var deliver_at: String?
    }

    /// Every service, sorted by category (the demo account: only the demo service).
    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        return JSONBody.response(try await visibility.visible(try await listed.services(), to: user).map(ServiceBody.init))
    }

    @Sendable func create(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context, toDo: .createService)
        let body = try await decoding.json(CreateBody.self, from: request)
        let service = try await services.create(ServiceDraft(category: body.category, color: body.color, owner: body.owner, isPrivate: body.is_private ?? false), by: actor, logger: context.logger)
        return JSONBody.response(ServiceBody(service), status: .created)
    }

    @Sendable func update(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let id = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.settings, of: id))
        let body = try await decoding.json(UpdateBody.self, from: request)
        let service = try await services.update(id, ServicePatch(category: body.category, color: body.color, owner: body.owner, isPrivate: body.is_private), by: actor, logger: context.logger)
        return JSONBody.response(ServiceBody(service))
    }

    @Sendable func delete(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        try await services.delete(try Identifiers.serviceID(context), by: actor, logger: context.logger)
        return JSONBody.noContent()
    }

    @Sendable func notifications(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let id = try Identifiers.serviceID(context)
        var validator = Validator()
        // Oldest first, as the old server listed them, a page at a time.
        let page = PageRequest.read(request, defaultStart: .after(0), defaultLimit: Self.maxListPage, maxLimit: Self.maxListPage, into: &validator)
        try validator.check()
        let notifications = try await services.notifications(of: id, from: page.start, limit: page.limit, for: actor)
        return JSONBody.response(notifications.map(NotificationBody.init), headers: page.links(for: notifications.map(\.id), request: request))
    }

    @Sendable func publish(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        // The sender check comes first, as in the old server: an outsider
        // learns nothing, not even whether the service exists.
        let id = try Identifiers.serviceID(context)
        try await senders.check(request, context: context, serviceID: id)
        let input = try await decoding.json(NotificationInput.self, from: request)
        let expiresAt = try Self.date(input.expires_at, field: "expires_at")
        let deliverAt = try Self.date(input.deliver_at, field: "deliver_at")
        let draft = NotificationDraft(
            title: input.title, subtitle: input.subtitle ?? "", url: input.url ?? "", attributes: input.attributes, expiresAt: expiresAt, key: input.key
        ).withSeverityWord(input.severity)
        if let deliverAt, deliverAt > clock.now() {
            return try await hold(draft, serviceID: id, until: deliverAt, context: context)
        }
        // A keyed post that updated (or repeated) a notification is 200, not 201.
        let (notification, outcome) = try await publisher.post(draft, to: id, from: .api, requestID: context.id)
        return JSONBody.response(NotificationBody(notification), status: outcome == .created ? .created : .ok)
    }

    /// A notification for later (`deliver_at` ahead): checked now against
    /// the rules as of its time, held durably, answered 202.
    private func hold(_ draft: NotificationDraft, serviceID: UUID, until deliverAt: Date, context: HeraldRequestContext) async throws -> Response {
        // Logged by the Publisher, as every held notification is.
        let held = try await schedules.hold(draft, on: serviceID, until: deliverAt, from: .api)
        return JSONBody.response(ScheduledController.body(held), status: .accepted)
    }

    static func date(_ text: String?, field: String) throws -> Date? {
        guard let text else { return nil }
        guard let date = Timestamp.parse(text) else {
            throw ValidationFailure([ValidationIssue(loc: ["body", .key(field)], msg: "Input should be a date-time such as 2026-11-24T20:00:00Z", type: "datetime_parsing")])
        }
        return date
    }
}

extension ValidationIssue {
    /// A broken notification rule, at its field of the request body.
    init(body issue: NotificationRules.Issue) {
        self.init(loc: ["body", .key(issue.field.rawValue)], msg: issue.message, type: issue.type)
    }
}
