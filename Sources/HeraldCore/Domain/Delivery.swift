import Foundation

/// Where one push of one notification to one device stands.
public enum DeliveryState: String, Sendable, CaseIterable, Codable {
    /// Queued, not tried yet.
    case pending
    /// Accepted by APNs or FCM.
    case sent
    /// Tried, failed for a passing reason, waiting for its next attempt.
    case retrying
    /// Given up: a permanent error, or retries ran out.
    case failed
    /// The provider said the token is dead; the device was removed.
    case dropped
    /// Not sent on purpose (inactive user, expired login, provider not configured).
    case skipped

    /// Still in the queue (to be sent); every other state is final.
    public var isQueued: Bool { self == .pending || self == .retrying }
}

public typealias DeliveryID = Int64

/// What a push is for: showing the notification, or telling an app to take
/// down the one it shows because someone acknowledged it (a background push
/// for APNs, a data message for FCM where the site's app reads it, a quiet
/// replacement in browsers; docs/urgency.md, "Withdrawal"), or an
/// escalation's call.
public enum DeliveryPurpose: String, Sendable, Equatable, CaseIterable {
    case alert
    case withdrawal
    /// An escalation step calling someone about an alarm nobody took yet
    /// (pushed like an alert; its person is treated as awake).
    case call
    /// An escalation step calling the service's subscribers (issue 39): a
    /// fan-out's push, treated as a critical notification's (its urgency,
    /// its place in the queue, each person's snoozes and quiet hours as a
    /// critical breaks through them).
    case subscribersCall = "subscribers_call"

    /// The severity the push is treated as: a call to the subscribers is
    /// a critical alarm, whatever the notification's own level.
    public func treatedSeverity(_ severity: Severity?) -> Severity? {
        self == .subscribersCall ? .critical : severity
    }
}

/// A delivery a worker has leased: everything needed to push it without
/// another query.
public struct ClaimedDelivery: Sendable, Equatable {
    public var id: DeliveryID
    public var notification: NotificationRecord
    public var platform: Platform
    public var deviceID: Int64?
    /// Nil when the device was removed after the delivery was queued.
    public var token: String?
    public var userIsActive: Bool
    public var loginExpiresAt: Date?
    /// The user's unread count now, up to `maxBadge`: the app icon badge.
    /// Counted for APNs pushes only; 0 for the others, which show no badge.
    public var badge: Int
    /// Badges stop counting here: "999" says what 12,000 would, and counting
    /// a neglected inbox's every unread row for each push made claims slow
    /// in proportion to it (300 ms for 50 pushes at 12,000 unread each).
    public static let maxBadge = 999
    /// Attempts so far, including the one this claim starts.
    public var attempts: Int
    public var queuedAt: Date
    /// How insistently this push alerts: decided by the worker from the
    /// notification's severity, the site's table and the service's own
    /// levels, just before it is sent (stores leave it `active`).
    public var urgency: Urgency = .active
    public var purpose: DeliveryPurpose = .alert
    /// Whose device it is (nil where a store does not say).
    public var userID: UserID?
    /// Queued by a fan-out: paced per provider (`*_FANOUT_RATE`, Retry-After).
    public var bulk = false
    /// Why it is not pushed though it could be (the person's quiet hours or
    /// snooze keep it for the inbox): decided by the worker, like urgency.
    public var heldBack: String?
    /// Whether a Web Push push carries the lock-screen "Acknowledge" action:
    /// its person may take the alarm (`AlarmResponders`), decided by the worker.
    public var acknowledgeable = true

    /// Whether it goes over the providers' express connection: an
    /// escalation's call, or an urgent notification's push (the express
    /// lane's, `DeliveryPriority.isUrgent`) that is not part of a fan-out. A
    /// critical notification to a large audience keeps to the other
    /// connections, so that it cannot stand in front of the next alarm.
    public var isExpress: Bool {
        purpose == .call || (!bulk && DeliveryPriority.isUrgent(notification.draft.severity))
    }

    public init(
        id: DeliveryID, notification: NotificationRecord, platform: Platform, deviceID: Int64?, token: String?, userIsActive: Bool,
        loginExpiresAt: Date?, badge: Int, attempts: Int, queuedAt: Date
    ) {
        self.id = id
        self.notification = notification
        self.platform = platform
        self.deviceID = deviceID
        self.token = token
        self.userIsActive = userIsActive
        self.loginExpiresAt = loginExpiresAt
        self.badge = badge
        self.attempts = attempts
        self.queuedAt = queuedAt
    }
}

/// What became of one attempt, as the worker records it.
public enum DeliveryOutcome: Sendable, Equatable {
    /// In the reason of an attempt that never reached the provider
    /// ("APNs transport: connection refused"): such retries are brought
    /// forward when the provider answers again (`hastenRetries`).
    public static let transportFailure = " transport: "

    case sent
    /// Try again at the given time.
    case retry(at: Date, reason: String)
    case failed(reason: String, cause: FailureCause)
    /// The token is dead: the delivery ends and the device is removed.
    case dropped(reason: String)
    case skipped(reason: String)

    public var state: DeliveryState {
        switch self {
        case .sent: .sent
        case .retry: .retrying
        case .failed: .failed
        case .dropped: .dropped
        case .skipped: .skipped
        }
    }

    public var reason: String? {
        switch self {
        case .sent: nil
        case .retry(_, let reason), .failed(let reason, _), .dropped(let reason), .skipped(let reason): reason
        }
    }
}

/// Why a delivery failed for good: what an operator must look at differs.
public enum FailureCause: Sendable, Equatable {
    /// The provider will never accept this push as it is (payload, topic).
    case refused
    /// Passing problems went on until the delivery was too old to retry.
    case retriesExhausted
    /// Our provider credentials kept being refused: a configuration problem
    /// that fails every push, not just this one.
    case credentials
}

public struct DeliveryResult: Sendable, Equatable {
    public var delivery: ClaimedDelivery
    public var outcome: DeliveryOutcome
    /// For a dropped token, when the provider says it stopped being valid
    /// (APNs' 410 timestamp): a device registered again since is kept.
    public var invalidSince: Date?

    public init(delivery: ClaimedDelivery, outcome: DeliveryOutcome, invalidSince: Date? = nil) {
        self.delivery = delivery
        self.outcome = outcome
        self.invalidSince = invalidSince
    }
}

/// One row of a notification's delivery report; the token is shown only
/// by its last characters.
public struct DeliveryReportRow: Sendable, Equatable {
    public var id: DeliveryID
    public var userID: Int64
    public var platform: Platform
    public var tokenHint: String?
    public var state: DeliveryState
    public var attempts: Int
    public var lastError: String?
    public var updatedAt: Date
    public var purpose: DeliveryPurpose = .alert

    public init(id: DeliveryID, userID: Int64, platform: Platform, tokenHint: String?, state: DeliveryState, attempts: Int, lastError: String?, updatedAt: Date) {
        self.id = id
        self.userID = userID
        self.platform = platform
        self.tokenHint = tokenHint
        self.state = state
        self.attempts = attempts
        self.lastError = lastError
        self.updatedAt = updatedAt
    }
}
