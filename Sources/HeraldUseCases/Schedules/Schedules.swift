import Foundation
import HeraldCore
import HeraldPublishing
import Logging

/// Notifications for later: held until a time (`deliver_at`) or published
/// on a cron schedule. Both are capped per service (SCHEDULED_PER_SERVICE,
/// RECURRING_PER_SERVICE: a sender cannot pile up work for the schedulers
/// without end), and every run of a recurring one goes through the
/// service's publish brake like a post (the scheduler's side).
public struct Schedules: Sendable {
    let store: any ScheduleStore & RecurringStore & AccessStore
    /// Judges the drafts and holds notifications: the one way in.
    let publisher: Publisher
    let limits: LimitSettings
    let clock: WallClock
    /// Where each change is answered for (the audit log).
    let audit: AuditTrail

    public init(store: any ScheduleStore & RecurringStore & AccessStore & AuditStore, publisher: Publisher, limits: LimitSettings, clock: WallClock) {
        self.store = store
        self.publisher = publisher
        self.limits = limits
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
    }

    /// Holds a notification until `deliverAt` through the Publisher (which
    /// checks it now against the rules as of its time), within the
    /// service's cap.
    public func hold(_ draft: NotificationDraft, on serviceID: UUID, until deliverAt: Date, from source: PublishSource) async throws -> ScheduledNotification {
        if try await store.scheduledCount(serviceID: serviceID) >= limits.scheduledPerService {
            throw UseCaseError.overLimit(
                field: "deliver_at",
                "This service holds \(limits.scheduledPerService) notifications for later, its limit (SCHEDULED_PER_SERVICE): cancel some or wait until they go out"
            )
        }
        return try await Self.answer { try await publisher.hold(draft, to: serviceID, until: deliverAt, from: source) }
    }

    /// The Publisher's refusals as this layer's.
    static func answer<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch PublishError.rejected(let issues) {
            throw UseCaseError.rejected(issues.map(FieldProblem.init))
        } catch PublishError.serviceNotFound {
            throw UseCaseError.notFound("Service")
        }
    }

    /// Cancels a held notification before it goes out; `who` names the
    /// keeper, or is the sender (the audit's `by`).
    public func cancel(_ id: Int64, on serviceID: UUID, by who: AuditTrail.Who, logger: Logger) async throws {
        guard try await store.cancelScheduled(id: id, serviceID: serviceID) else { throw UseCaseError.notFound("Scheduled notification") }
        logger.info("scheduled notification cancelled", metadata: ["service": "\(serviceID.wireString)", "id": "\(id)", "by": "\(who.name)"])
        await audit.record(.scheduleCancelled, by: who, service: serviceID, target: "held notification \(id)", logger: logger)
    }

    /// Stops a recurring notification; its past runs stay published.
    public func removeRecurring(_ id: Int64, on serviceID: UUID, by who: AuditTrail.Who, logger: Logger) async throws {
        guard try await store.deleteRecurring(id: id, serviceID: serviceID) else { throw UseCaseError.notFound("Recurring notification") }
        logger.info("recurring notification removed", metadata: ["service": "\(serviceID.wireString)", "id": "\(id)", "by": "\(who.name)"])
        await audit.record(.recurringRemoved, by: who, service: serviceID, target: "recurring notification \(id)", logger: logger)
    }

    /// Checks the schedule and the notification (every mistake at once,
    /// each naming its field) and stores it.
    public func makeRecurring(
        on serviceID: UUID, cron: String, timeZone: String?, draft: NotificationDraft, by who: AuditTrail.Who, logger: Logger
    ) async throws -> RecurringNotification {
        if try await store.isPageService(serviceID) { throw UseCaseError.forbidden(PagePlan.pagesOnly) }
        var problems: [FieldProblem] = []
        var schedule: CronSchedule?
        do { schedule = try Self.schedule(cron: cron, timeZone: timeZone) } catch { problems.append(error) }
        var checked = draft
        do { checked = try publisher.checked(draft, asOf: clock.now(), from: .api) } catch { if case .rejected(let issues) = error { problems += issues.map(FieldProblem.init) } }
        guard problems.isEmpty, let schedule else { throw UseCaseError.rejected(problems) }
        if try await store.recurringCount(serviceID: serviceID) >= limits.recurringPerService {
            throw UseCaseError.overLimit(
                field: "cron", "This service has \(limits.recurringPerService) recurring notifications, its limit (RECURRING_PER_SERVICE): remove one first"
            )
        }
        let now = clock.now()
        // The zone under the name given (Foundation would answer `GMT` for `UTC`).
        guard let created = try await store.createRecurring(
            checked, serviceID: serviceID, cron: schedule.expression, timeZone: timeZone ?? "UTC", nextRunAt: schedule.next(after: now), at: now
        ) else { throw UseCaseError.notFound("Service") }
        logger.info("recurring notification made", metadata: ["service": "\(serviceID.wireString)", "recurring": "\(created.id)", "by": "\(who.name)"])
        await audit.record(
            .recurringAdded, by: who, service: serviceID, target: "recurring notification \(created.id)",
            after: AuditTrail.json(["cron": schedule.expression, "time_zone": timeZone ?? "UTC", "title": checked.title]), logger: logger
        )
        return created
    }

    /// The schedule, or the problem naming the field that is wrong.
    static func schedule(cron: String, timeZone: String?) throws(FieldProblem) -> CronSchedule {
        if cron.count > 200 { throw FieldProblem(field: "cron", message: "String should have at most 200 characters", type: "string_too_long") }
        if (timeZone?.count ?? 0) > 64 { throw FieldProblem(field: "time_zone", message: "String should have at most 64 characters", type: "string_too_long") }
        do {
            return try CronSchedule(cron, timeZone: timeZone ?? "UTC")
        } catch {
            let field = timeZone.map { TimeZone(identifier: $0) == nil } == true ? "time_zone" : "cron"
            throw FieldProblem(field: field, message: error.description, type: "value_error")
        }
    }
}

extension FieldProblem: Error {}
