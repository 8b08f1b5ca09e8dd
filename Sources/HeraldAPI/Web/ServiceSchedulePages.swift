import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// The service page's schedules: notifications held until their
/// `deliver_at` (listed, cancellable) and recurring ones (a cron schedule
/// in a time zone: made, listed, removed). The same checks as the API's
/// `/services/{id}/scheduled` and `/recurring`, for admins in the browser.
struct ServiceSchedulePages {
    let web: WebSupport
    let schedules: Schedules
    /// The service and its held and recurring notifications, as listed.
    let listed: any ServiceStore & ScheduleStore & RecurringStore

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.post("admin/services/{service_id}/scheduled/{scheduled_id}/cancel", use: cancelScheduled)
        router.post("admin/services/{service_id}/recurring", use: addRecurring)
        router.post("admin/services/{service_id}/recurring/{recurring_id}/remove", use: removeRecurring)
    }

    /// A held notification as the service page lists it.
    struct Held: PageValues {
        var id: Int64
        var title, deliverAt: String
        var key: String?
    }

    /// A recurring notification as the service page lists it.
    struct Recurring: PageValues {
        var id: Int64
        var title, cron, timeZone: String
        var next, last: String?
    }

    /// What the service page shows of the service's schedules.
    func values(serviceID: UUID) async throws -> (scheduled: [Held], recurring: [Recurring]) {
        let held = try await listed.scheduled(serviceID: serviceID)
        let recurring = try await listed.recurring(serviceID: serviceID)
        return (
            held.map { Held(id: $0.id, title: $0.draft.title, deliverAt: Timestamp.wireString($0.deliverAt), key: $0.draft.key) },
            recurring.map {
                Recurring(
                    id: $0.id, title: $0.draft.title, cron: $0.cron, timeZone: $0.timeZone, next: $0.nextRunAt.map(Timestamp.wireString),
                    last: $0.lastRunAt.map(Timestamp.wireString)
                )
            }
        )
    }

    private func service(_ context: HeraldRequestContext) async throws -> UUID {
        let id = try Identifiers.serviceID(context)
        guard try await listed.service(id: id) != nil else { throw APIError.notFound("Service") }
        return id
    }

    @Sendable func cancelScheduled(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        try await remove(request, context, id: "scheduled_id", done: "cancelled") { id, serviceID, actor in
            try await schedules.cancel(id, on: serviceID, by: actor.auditWho, logger: context.logger)
        }
    }

    @Sendable func removeRecurring(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        try await remove(request, context, id: "recurring_id", done: "removed") { id, serviceID, actor in
            try await schedules.removeRecurring(id, on: serviceID, by: actor.auditWho, logger: context.logger)
        }
    }

    /// Cancels or removes one of the service's schedules by its id: the
    /// admin's and the form's checks, then the use case (404 when it is
    /// not, or no longer, there), and back to the service page saying `done`.
    private func remove(
        _ request: Request, _ context: HeraldRequestContext, id parameter: String, done: String,
        _ delete: (Int64, UUID, Actor) async throws -> Void
    ) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await web.requireActor(request, context: context, toDo: .manage(.schedules, of: serviceID))
        try web.checkCSRF(request, form: try await web.form(request))
        _ = try await service(context)
        try await delete(try Identifiers.integer(context, parameter), serviceID, actor)
        return web.done(request, location: "/admin/services/\(serviceID.wireString)?flash=\(done)")
    }

    /// A recurring notification from the form: `cron`, `time_zone`, `title`,
    /// `subtitle`, `url`; a mistake answers 422 naming the field.
    @Sendable func addRecurring(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await web.requireActor(request, context: context, toDo: .manage(.schedules, of: serviceID))
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        _ = try await service(context)
        func field(_ name: String) -> String { (form[name] ?? "").trimmingCharacters(in: .whitespaces) }
        let timeZone = field("time_zone")
        _ = try await schedules.makeRecurring(
            on: serviceID, cron: field("cron"), timeZone: timeZone.isEmpty ? nil : timeZone,
            draft: NotificationDraft(title: field("title"), subtitle: field("subtitle"), url: field("url")), by: actor.auditWho, logger: context.logger
        )
        return web.done(request, location: "/admin/services/\(serviceID.wireString)?flash=created")
    }
}
