import Foundation

/// What the alarm system should know of a notification's acknowledgement:
/// that someone took it, that they let it go again, or that the alarm is
/// over. The write-back runner makes the source agree (an Alertmanager
/// silence made or expired, a Phoebus acknowledge command sent).
public enum WriteBackGoal: String, Sendable, Equatable, CaseIterable {
    case acknowledged
    case withdrawn
    case resolved
}

/// One notification's write-back as stored: what is wanted, what the source
/// was last made to agree with, and how the last try went. Kept until the
/// notification goes, so its report shows what happened.
public struct WriteBackRecord: Sendable, Equatable {
    public var notificationID: NotificationID
    public var wanted: WriteBackGoal
    /// What the source last agreed with; nil before the first success.
    public var achieved: WriteBackGoal?
    /// What Herald holds at the source while acknowledged: an Alertmanager
    /// silence's id, or `sent` for a Phoebus acknowledge command.
    public var reference: String?
    /// Failed tries since the last success.
    public var attempts: Int
    /// The last try's outcome in words (an error, or why nothing was done).
    public var detail: String?
    /// The source refused for good (a 4xx, no target any more): not retried
    /// until someone acknowledges or withdraws again.
    public var refused: Bool
    public var nextAttemptAt: Date
    /// While a silence holds: when to look again whether Alertmanager still
    /// has the alert. A silenced alert's resolution is never sent to any
    /// receiver, so Herald watches for it itself.
    public var watchAt: Date?
    /// The alert as its source last listed it (JSON), from which its
    /// resolution is told when the source does not send one.
    public var snapshot: String?
    public var updatedAt: Date

    public init(
        notificationID: NotificationID, wanted: WriteBackGoal, achieved: WriteBackGoal? = nil, reference: String? = nil, attempts: Int = 0,
        detail: String? = nil, refused: Bool = false, nextAttemptAt: Date, watchAt: Date? = nil, snapshot: String? = nil, updatedAt: Date
    ) {
        self.notificationID = notificationID
        self.wanted = wanted
        self.achieved = achieved
        self.reference = reference
        self.attempts = attempts
        self.detail = detail
        self.refused = refused
        self.nextAttemptAt = nextAttemptAt
        self.watchAt = watchAt
        self.snapshot = snapshot
        self.updatedAt = updatedAt
    }

    /// In words, for the delivery report: done, pending, retrying, refused.
    public var state: String {
        if achieved == wanted { return "done" }
        if refused { return "refused" }
        return attempts == 0 ? "pending" : "retrying"
    }

    /// Whether the source must still be made to agree (else it is claimed
    /// for a watch).
    public func needsTry(at now: Date) -> Bool { achieved != wanted && !refused && nextAttemptAt <= now }
}

/// Where write-backs wait and are claimed. Rows are made and changed by the
/// acknowledgement store (in the acknowledgement's own transaction, so an
/// acknowledgement and its write-back are never apart) and by an alarm's
/// resolution (`AlertStateTransaction.republish`); the runner only claims
/// and records outcomes.
public protocol WriteBackStore: Sendable {
    /// Up to `limit` write-backs whose source does not agree yet and whose
    /// time has come, or whose watch is due, each claimed by `owner` until
    /// `until` (another replica's claim that lapsed is taken over).
    func claimWriteBacks(owner: String, limit: Int, until: Date, now: Date) async throws -> [WriteBackRecord]
    /// The source now agrees with `achieved` (holding `reference`, watched
    /// from `watchAt` with `snapshot`); the claim ends. If the goal changed
    /// meanwhile the row stays due.
    func finishWriteBack(
        _ id: NotificationID, owner: String, achieved: WriteBackGoal, reference: String?, detail: String?, watchAt: Date?, snapshot: String?, at: Date
    ) async throws
    /// A watch looked: the next look at `watchAt` (nil: no more); the claim ends.
    func watchedWriteBack(_ id: NotificationID, owner: String, watchAt: Date?, at: Date) async throws
    /// A try failed: retried at `retryAt`, or never again when nil (refused).
    func failWriteBack(_ id: NotificationID, owner: String, detail: String, retryAt: Date?, at: Date) async throws
    /// A notification's write-back, for its report; nil when none was asked.
    func writeBack(of id: NotificationID) async throws -> WriteBackRecord?
}
