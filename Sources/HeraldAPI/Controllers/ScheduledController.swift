import Foundation
import HeraldCore
import Hummingbird
import Logging

/// Notifications held until their `deliver_at`: listed and cancelled by the
/// service's senders (as they may post) and by admins. Recurring ones (a
/// cron schedule in a time zone): made, listed and removed the same way.
struct ScheduledController {
    let api: APIContext

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("services/:service_id/scheduled", use: list)
        group.delete("services/:service_id/scheduled/:scheduled_id", use: cancel)
        group.get("services/:service_id/recurring", use: listRecurring)
        group.post("services/:service_id/recurring", use: createRecurring)
        group.delete("services/:service_id/recurring/:recurring_id", use: deleteRecurring)
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

    @Sendable func listRecurring(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        try await authorize(request, context: context, serviceID: serviceID, publishing: false)
        guard try await api.store.service(id: serviceID) != nil else { throw APIError.notFound("Service") }
        return JSONBody.response(try await api.store.recurring(serviceID: serviceID).map(Self.body))
    }

    @Sendable func createRecurring(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        try await authorize(request, context: context, serviceID: serviceID, publishing: true)
        let input = try await api.decoding.json(RecurringInput.self, from: request)
        let created = try await makeRecurring(
            serviceID: serviceID, cron: input.cron, timeZone: input.time_zone,
            draft: NotificationDraft(title: input.title, subtitle: input.subtitle ?? "", url: input.url ?? "", severity: input.severity, attributes: input.attributes)
        )
        context.logger.info("recurring notification made", metadata: ["service": "\(serviceID.wireString)", "recurring": "\(created.id)", "cron": "\(created.cron)"])
        return JSONBody.response(Self.body(created), status: .created)
    }

    /// Checks the schedule and the notification (every mistake at once, each
    /// naming its field) and stores it; the API and the admin pages use it.
    func makeRecurring(serviceID: UUID, cron: String, timeZone: String?, draft: NotificationDraft) async throws -> RecurringNotification {
        var issues: [ValidationIssue] = []
        var schedule: CronSchedule?
        do { schedule = try Self.schedule(cron: cron, timeZone: timeZone) } catch { issues.append(error) }
        var checked = draft
        do { checked = try NotificationRules.validated(draft) } catch {
            issues += error.issues.map(ValidationIssue.init(body:))
        }
        guard issues.isEmpty, let schedule else { throw ValidationFailure(issues) }
        let now = api.clock.now()
        guard let created = try await api.store.createRecurring(
            checked, serviceID: serviceID, cron: schedule.expression, timeZone: schedule.timeZone.identifier, nextRunAt: schedule.next(after: now), at: now
        ) else { throw APIError.notFound("Service") }
        return created
    }

    /// The schedule, or the issue naming the field that is wrong.
    static func schedule(cron: String, timeZone: String?) throws(ValidationIssue) -> CronSchedule {
        if cron.count > 200 { throw ValidationIssue(loc: ["body", "cron"], msg: "String should have at most 200 characters", type: "string_too_long") }
        if (timeZone?.count ?? 0) > 64 { throw ValidationIssue(loc: ["body", "time_zone"], msg: "String should have at most 64 characters", type: "string_too_long") }
        do {
            return try CronSchedule(cron, timeZone: timeZone ?? "UTC")
        } catch {
            let field = timeZone.map { TimeZone(identifier: $0) == nil } == true ? "time_zone" : "cron"
            throw ValidationIssue(loc: ["body", .key(field)], msg: error.description, type: "value_error")
        }
    }

    @Sendable func deleteRecurring(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let id = try Identifiers.integer(context, "recurring_id")
        try await authorize(request, context: context, serviceID: serviceID, publishing: false)
        guard try await api.store.deleteRecurring(id: id, serviceID: serviceID) else { throw APIError.notFound("Recurring notification") }
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

    /// An admin's token, or what lets a sender post to the service. Only
    /// making a schedule counts against the publish limits; reading and
    /// removing publish nothing.
    private func authorize(_ request: Request, context: HeraldRequestContext, serviceID: UUID, publishing: Bool) async throws {
        if SenderAuthorization.bearer(request) != nil, (try? await api.auth.admin(request, context: context)) != nil { return }
        try await api.senders.check(request, context: context, serviceID: serviceID, publishing: publishing)
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        try await authorize(request, context: context, serviceID: serviceID, publishing: false)
        guard try await api.store.service(id: serviceID) != nil else { throw APIError.notFound("Service") }
        return JSONBody.response(try await api.store.scheduled(serviceID: serviceID).map(Self.body))
    }

    @Sendable func cancel(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let id = try Identifiers.integer(context, "scheduled_id")
        try await authorize(request, context: context, serviceID: serviceID, publishing: false)
        guard try await api.store.cancelScheduled(id: id, serviceID: serviceID) else { throw APIError.notFound("Scheduled notification") }
        context.logger.info("scheduled notification cancelled", metadata: ["service": "\(serviceID.wireString)", "scheduled": "\(id)"])
        return JSONBody.noContent()
    }
}
