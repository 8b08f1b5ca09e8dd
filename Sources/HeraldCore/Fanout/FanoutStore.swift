import Foundation

/// A post to a large audience, stored with its notification and expanded
/// after the answer (`FanoutStore`): the subscribers at the post, in user
/// order, those up to `afterUser` already done.
public struct FanoutJob: Sendable, Equatable {
    /// What the audience gets.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The post itself: its pushes at the notification's own priority.
        case post
        /// An escalation step calling the service's subscribers (issue 39):
        /// every subscriber (holders too) linked and pushed again, at the
        /// priority of a critical notification (not an escalation's call:
        /// a thousand subscribers must not go ahead of every other service's
        /// alarms), as `DeliveryPurpose.subscribersCall`.
        case call
        /// An acknowledgement's withdrawals to a large audience (issue 39):
        /// every holder's devices on the job's platforms, each device at most
        /// once per notification, as bulk work behind everything else.
        case withdrawal
    }

    public var notificationID: NotificationID
    public var serviceID: UUID
    /// Users up to this id have been linked and their pushes queued.
    public var afterUser: UserID
    public var kind: Kind
    /// The notification's severity, read with the job.
    public var severity: Severity?
    /// A withdrawal's platforms (`AcknowledgementEffects.withdrawOn`); none for the others.
    public var platforms: [Platform]

    public init(
        notificationID: NotificationID, serviceID: UUID, afterUser: UserID, kind: Kind = .post, severity: Severity? = nil, platforms: [Platform] = []
    ) {
        self.notificationID = notificationID
        self.serviceID = serviceID
        self.afterUser = afterUser
        self.kind = kind
        self.severity = severity
        self.platforms = platforms
    }

    /// How a chunk's pushes are queued, at `now`: all in the bulk lane.
    public func order(at now: Date) -> DeliveryOrder {
        switch kind {
        case .post: .alert(at: now, bulk: true)
        case .call: .subscribersCall(at: now)
        case .withdrawal: .withdrawal(on: platforms, at: now, bulk: true)
        }
    }

    /// The priority of the pushes it queues: a post's are the notification's
    /// own, a call's a critical notification's (see `Kind.call`);
    /// withdrawals are bulk work at none.
    public var priority: Int {
        switch kind {
        case .post: DeliveryPriority.of(severity)
        case .call: DeliveryPriority.of(.critical)
        case .withdrawal: DeliveryPriority.withdrawal
        }
    }
}

/// What expanding one chunk of a fan-out did.
public enum FanoutStep: Sendable, Equatable {
    /// The next subscribers (up to the chunk) were linked, their pushes
    /// queued; `job.afterUser` is where the next chunk starts.
    case expanded(job: FanoutJob, linked: Int, queued: Int)
    /// Every subscriber at the post has it: the job is gone.
    case finished
    /// The fan-out's pushes queued earlier still wait for the workers (at
    /// least `ahead`): nothing was added, so the queue stays short and
    /// other notifications are never behind a million of this one's.
    case waiting(ahead: Int)
    /// Another owner holds it now (this one's claim lapsed), or it is gone
    /// with its notification: nothing was done.
    case lost
}

/// Fan-outs waiting to be expanded, claimed by the process expanding them.
/// Each chunk is one transaction that links the next subscribers' inboxes,
/// queues their devices' pushes and moves the job on, so a fan-out stopped
/// at any point goes on where it stopped, with nothing twice.
public protocol FanoutStore: Sendable {
    /// Up to `limit` fan-outs not held by another owner (or whose holder's
    /// claim lapsed), claimed by `owner` until `until`.
    func claimFanouts(owner: String, limit: Int, until: Date, now: Date) async throws -> [FanoutJob]
    /// The next chunk of `job` (at most `chunk` subscribers), when `owner`
    /// still holds it at the same point, renewing its claim until `until`;
    /// nothing while `chunk` or more of its pushes still wait in the queue.
    func expandFanout(_ job: FanoutJob, owner: String, chunk: Int, until: Date, now: Date) async throws -> FanoutStep
    /// Fan-outs not yet finished (metrics, tests).
    func pendingFanouts() async throws -> Int
}
