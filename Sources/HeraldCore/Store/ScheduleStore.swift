import Foundation

/// A notification held until its time (`deliver_at`).
public struct ScheduledNotification: Sendable, Equatable {
    public var id: Int64
    public var serviceID: UUID
    public var deliverAt: Date
    public var draft: NotificationDraft
    public var createdAt: Date

    public init(id: Int64, serviceID: UUID, deliverAt: Date, draft: NotificationDraft, createdAt: Date) {
        self.id = id
        self.serviceID = serviceID
        self.deliverAt = deliverAt
        self.draft = draft
        self.createdAt = createdAt
    }

    /// The key it is published under: the sender's, else one of its own, so
    /// that publishing it again after a crash changes nothing.
    public var publishingKey: String { draft.key ?? "scheduled:\(id)" }
}

/// Notifications held for later, kept in the database so they survive
/// restarts; every replica's scheduler takes due ones without doubling up
/// (a lease, as for deliveries).
public protocol ScheduleStore: Sendable {
    /// Nil when the service does not exist.
    func schedule(_ draft: NotificationDraft, serviceID: UUID, deliverAt: Date, at: Date) async throws -> ScheduledNotification?
    /// Up to `limit` of a service's held notifications with an id above
    /// `after`, in the order they were made (ids grow).
    func scheduled(serviceID: UUID, after: Int64, limit: Int) async throws -> [ScheduledNotification]
    /// How many a service holds.
    func scheduledCount(serviceID: UUID) async throws -> Int
    /// False when there is no such held notification (already sent, or never).
    func cancelScheduled(id: Int64, serviceID: UUID) async throws -> Bool
    /// Up to `limit` held notifications due at `now` that no scheduler holds,
    /// now held until `leaseUntil`.
    func claimDueScheduled(now: Date, leaseUntil: Date, limit: Int) async throws -> [ScheduledNotification]
    /// Forgets held notifications once published.
    func finishScheduled(ids: [Int64]) async throws
    /// When the next held notification is due (nil: none).
    func nextScheduledTime() async throws -> Date?
}

/// A notification published on a cron schedule (a daily reminder).
public struct RecurringNotification: Sendable, Equatable {
    public var id: Int64
    public var serviceID: UUID
    public var cron: String
    public var timeZone: String
    public var draft: NotificationDraft
    /// Nil: the schedule has no further time.
    public var nextRunAt: Date?
    public var lastRunAt: Date?
    public var createdAt: Date

    public init(id: Int64, serviceID: UUID, cron: String, timeZone: String, draft: NotificationDraft, nextRunAt: Date?, lastRunAt: Date?, createdAt: Date) {
        self.id = id
        self.serviceID = serviceID
        self.cron = cron
        self.timeZone = timeZone
        self.draft = draft
        self.nextRunAt = nextRunAt
        self.lastRunAt = lastRunAt
        self.createdAt = createdAt
    }

    /// The key of the occurrence due at `time`: one notification per
    /// occurrence, however many schedulers or restarts.
    public func occurrenceKey(_ time: Date) -> String { "recurring:\(id):\(Int64(time.timeIntervalSince1970))" }
}

/// Recurring notifications, run by the same schedulers as held ones.
public protocol RecurringStore: Sendable {
    /// Nil when the service does not exist.
    func createRecurring(
        _ draft: NotificationDraft, serviceID: UUID, cron: String, timeZone: String, nextRunAt: Date?, at: Date
    ) async throws -> RecurringNotification?
    /// Up to `limit` of a service's recurring notifications with an id
    /// above `after`, in the order they were made.
    func recurring(serviceID: UUID, after: Int64, limit: Int) async throws -> [RecurringNotification]
    /// How many a service has.
    func recurringCount(serviceID: UUID) async throws -> Int
    func deleteRecurring(id: Int64, serviceID: UUID) async throws -> Bool
    /// Up to `limit` schedules due at `now` that no scheduler holds, now held until `leaseUntil`.
    func claimDueRecurring(now: Date, leaseUntil: Date, limit: Int) async throws -> [RecurringNotification]
    /// Records a run and the next time (nil: none); releases the lease.
    func recordRecurringRun(id: Int64, ranAt: Date, nextRunAt: Date?) async throws
}

extension ScheduleStore {
    /// All of a service's held notifications (at most SCHEDULED_PER_SERVICE), soonest first.
    public func scheduled(serviceID: UUID) async throws -> [ScheduledNotification] {
        try await scheduled(serviceID: serviceID, after: 0, limit: Int(Int32.max)).sorted { ($0.deliverAt, $0.id) < ($1.deliverAt, $1.id) }
    }
}

extension RecurringStore {
    /// All of a service's recurring notifications (at most RECURRING_PER_SERVICE), in the order they were made.
    public func recurring(serviceID: UUID) async throws -> [RecurringNotification] {
        try await recurring(serviceID: serviceID, after: 0, limit: Int(Int32.max))
    }
}
