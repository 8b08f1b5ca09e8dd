import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// Notifications held until their `deliver_at`: listed and cancelled by the
/// service's senders (as they may post) and by admins. Recurring ones (a
/// cron schedule in a time zone): made, listed and removed the same way.
struct ScheduledController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let senders: SenderAuthorization
    let schedules: Schedules
    /// The service and its held and recurring notifications, as listed.
    let listed: any ServiceStore & ScheduleStore & RecurringStore

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("services/{service_id}/scheduled", use: list)
        group.delete("services/{service_id}/scheduled/{scheduled_id}", use: cancel)
        group.get("services/{service_id}/recurring", use: listRecurring)
        group.post("services/{service_id}/recurring", use: createRecurring)
        group.delete("services/{service_id}/recurring/{recurring_id}", use: deleteRecurring)
    }

    private struct RecurringInput: Decodable {
        var cron: String
        var time_zone: String?
        var title: String
        var subtitle: String?
        var url: String?
        var severity: String?
        var attributes: NotificationAttributes?
    }

    /// A recurring notification: its schedule, then what it publishes.
    struct RecurringHead: Encodable {
        var id: Int64
        var service_id: String
        var cron: String
        var time_zone: String
        var next_run_at: String?
        var last_run_at: String?
    }

    static func body(_ schedule: RecurringNotification) -> DraftBody<RecurringHead> {
        let head = RecurringHead(
            id: schedule.id, service_id: schedule.serviceID.wireString, cron: schedule.cron, time_zone: schedule.timeZone,
            next_run_at: schedule.nextRunAt.map(Timestamp.wireString), last_run_at: schedule.lastRunAt.map(Timestamp.wireString)
        )
        return DraftBody(head, schedule.draft)
    }

    /// A page of them, in the order they were made (`after`, `limit`, a `Link` to the next).
    @Sendable func listRecurring(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        try await authorize(request, context: context, serviceID: serviceID, publishing: false)
        let page = try Self.page(request)
        guard try await listed.service(id: serviceID) != nil else { throw APIError.notFound("Service") }
        let items = try await listed.recurring(serviceID: serviceID, after: page.start.bounds.after ?? 0, limit: page.limit)
        return JSONBody.response(items.map(Self.body), headers: page.links(for: items.map(\.id), request: request))
    }

    /// The most of them one page holds.
    static let maxPage = 1_000

    /// `after` (an id from a `Link` header) and `limit` (1...1000, 100 by default).
    static func page(_ request: Request) throws -> PageRequest {
        var validator = Validator()
        let page = PageRequest.read(request, defaultStart: .after(0), defaultLimit: 100, maxLimit: maxPage, into: &validator)
        if request.uri.queryParameters["before"] != nil {
            validator.fail(["query", "before"], "These lists page forward only: use after", type: "value_error")
        }
        try validator.check()
        return page
    }

    @Sendable func createRecurring(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let who = try await authorize(request, context: context, serviceID: serviceID, publishing: true)
        let input = try await decoding.json(RecurringInput.self, from: request)
        let created = try await schedules.makeRecurring(
            on: serviceID, cron: input.cron, timeZone: input.time_zone,
            draft: NotificationDraft(title: input.title, subtitle: input.subtitle ?? "", url: input.url ?? "", attributes: input.attributes)
                .withSeverityWord(input.severity),
            by: who, logger: context.logger
        )
        return JSONBody.response(Self.body(created), status: .created)
    }

    @Sendable func deleteRecurring(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let id = try Identifiers.integer(context, "recurring_id")
        let who = try await authorize(request, context: context, serviceID: serviceID, publishing: false)
        try await schedules.removeRecurring(id, on: serviceID, by: who, logger: context.logger)
        return JSONBody.noContent()
    }

    /// A held notification: when it goes out, then what it publishes.
    struct ScheduledHead: Encodable {
        var id: Int64
        var service_id: String
        var deliver_at: String
        var created_at: String
    }

    static func body(_ held: ScheduledNotification) -> DraftBody<ScheduledHead> {
        let head = ScheduledHead(
            id: held.id, service_id: held.serviceID.wireString, deliver_at: Timestamp.wireString(held.deliverAt), created_at: Timestamp.wireString(held.createdAt)
        )
        return DraftBody(head, held.draft)
    }

    /// A keeper's token (one the access policy lets keep the service's
    /// schedules: its owners, admins), or what lets a sender post to the
    /// service. Only making a schedule counts against the publish limits;
    /// reading and removing publish nothing.
    /// Who may: a keeper (named in the audit lines) or the service's
    /// sender ("sender").
    @discardableResult
    private func authorize(_ request: Request, context: HeraldRequestContext, serviceID: UUID, publishing: Bool) async throws -> AuditTrail.Who {
        if SenderAuthorization.bearer(request) != nil, let keeper = try await keeper(request, context: context, of: serviceID) { return keeper.auditWho }
        try await senders.check(request, context: context, serviceID: serviceID, publishing: publishing)
        var sender = AuditTrail.Who.sender
        sender.address = auth.address(request, context: context)
        return sender
    }

    /// The keeper the bearer token is for; nil for any other token (a
    /// service token, another user's), which the sender check judges. A
    /// store that cannot answer is an error, not "not a keeper".
    private func keeper(_ request: Request, context: HeraldRequestContext, of serviceID: UUID) async throws -> Actor? {
        do {
            return try await auth.actor(request, context: context, toDo: .manage(.schedules, of: serviceID))
        } catch let error as APIError where error.status == .unauthorized || error.status == .forbidden {
            return nil
        }
    }

    /// A page of them, in the order they were made (`after`, `limit`, a `Link` to the next).
    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        try await authorize(request, context: context, serviceID: serviceID, publishing: false)
        let page = try Self.page(request)
        guard try await listed.service(id: serviceID) != nil else { throw APIError.notFound("Service") }
        let items = try await listed.scheduled(serviceID: serviceID, after: page.start.bounds.after ?? 0, limit: page.limit)
        return JSONBody.response(items.map(Self.body), headers: page.links(for: items.map(\.id), request: request))
    }

    @Sendable func cancel(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let id = try Identifiers.integer(context, "scheduled_id")
        let who = try await authorize(request, context: context, serviceID: serviceID, publishing: false)
        try await schedules.cancel(id, on: serviceID, by: who, logger: context.logger)
        return JSONBody.noContent()
    }
}
