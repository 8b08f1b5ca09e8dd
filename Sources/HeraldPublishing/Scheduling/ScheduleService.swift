import Foundation
import HeraldCore
import Logging
import ServiceLifecycle

/// Publishes held notifications when they are due, and recurring ones at
/// each time of their cron schedule. Every replica with the
/// API runs one; a claim's lease keeps two from taking the same one. Each is
/// published under a key (its own or `scheduled:<id>`), so one published
/// just before a crash and taken again after the lease is not published
/// twice. Checks at least every second, so a notification goes out within
/// a second of its time. Each run of a recurring notification goes through
/// the service's publish brake, as a sender's post would: over the limit,
/// that occurrence is skipped and counted in the service's digest.
public struct ScheduleService: Service {
    let store: any ScheduleStore & RecurringStore
    let publisher: Publisher
    /// Nil: no limits (a test of the schedule alone).
    let brake: PublishBrake?
    let clock: WallClock
    let logger: Logger
    /// The longest wait between checks.
    var maxWait: TimeInterval = 0.5
    /// How long a claim keeps other schedulers off.
    var lease: TimeInterval = 60

    /// A recurring occurrence missed by more than this (the server was
    /// down) is skipped rather than published late.
    var maxLateness: TimeInterval = 3_600

    public init(store: any ScheduleStore & RecurringStore, publisher: Publisher, brake: PublishBrake? = nil, clock: WallClock, logger: Logger) {
        self.store = store
        self.publisher = publisher
        self.brake = brake
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        let loop = DueTimeLoop(
            maxWait: maxWait, minWait: 0.05, retryWait: 2, clock: clock, logger: logger,
            failure: "scheduled notifications could not be published now; trying again"
        )
        await loop.run {
            try await publishDue()
            try await runDueRecurring()
        } next: {
            try await store.nextScheduledTime()
        }
    }

    /// Publishes the occurrence of each due recurring notification (under
    /// its occurrence's key: once, whoever runs it) and sets its next time.
    @discardableResult
    public func runDueRecurring() async throws -> Int {
        let now = clock.now()
        var published = 0
        for schedule in try await store.claimDueRecurring(now: now, leaseUntil: now.addingTimeInterval(lease), limit: 100) {
            guard let occurrence = schedule.nextRunAt else { continue }
            if now.timeIntervalSince(occurrence) > maxLateness {
                logger.notice("recurring notification skipped: its time passed while no scheduler ran", metadata: ["recurring": "\(schedule.id)"])
            } else if let refusal = try await brake?.admit(serviceID: schedule.serviceID, client: nil) {
                logger.notice(
                    "recurring notification skipped: its service is over its publish limit (counted in its digest)",
                    metadata: ["recurring": "\(schedule.id)", "service": "\(schedule.serviceID.uuidString.lowercased())", "retry_after": "\(refusal.retryAfter)"]
                )
            } else {
                var draft = schedule.draft
                draft.key = schedule.occurrenceKey(occurrence)
                do {
                    _ = try await publisher.post(draft, to: schedule.serviceID, from: .scheduled)
                    published += 1
                } catch PublishError.rejected(let issues) {
                    logger.notice("recurring notification not published", metadata: ["recurring": "\(schedule.id)", "why": "\(issues.map(\.description))"])
                } catch PublishError.serviceNotFound {}
            }
            let next = (try? CronSchedule(schedule.cron, timeZone: schedule.timeZone))?.next(after: max(occurrence, now))
            try await store.recordRecurringRun(id: schedule.id, ranAt: now, nextRunAt: next)
        }
        return published
    }

    /// Publishes every due notification; returns how many went out.
    @discardableResult
    public func publishDue() async throws -> Int {
        var published = 0
        while true {
            let now = clock.now()
            let due = try await store.claimDueScheduled(now: now, leaseUntil: now.addingTimeInterval(lease), limit: 100)
            var done: [Int64] = []
            for held in due {
                var draft = held.draft
                draft.key = held.publishingKey
                do {
                    _ = try await publisher.post(draft, to: held.serviceID, from: .scheduled)
                    published += 1
                } catch PublishError.rejected(let issues) {
                    // It met the rules when held; only time can break them (an expiry now past).
                    logger.notice("scheduled notification dropped", metadata: ["scheduled": "\(held.id)", "why": "\(issues.map(\.description))"])
                } catch PublishError.serviceNotFound {
                    logger.notice("scheduled notification dropped: its service is gone", metadata: ["scheduled": "\(held.id)"])
                }
                done.append(held.id)
            }
            try await store.finishScheduled(ids: done)
            if due.count < 100 { return published }
        }
    }
}

extension ScheduleService: CustomStringConvertible {
    /// The service group names each service by its description, kept for
    /// its life: the default one would be this value reflected whole.
    public var description: String { "scheduler" }
}
