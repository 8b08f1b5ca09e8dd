import Foundation

/// What to do with a followed message now (issue 43), decided from what
/// became of its notification; the follow-up service only carries it out.
public enum ContactFollowUpDecision {
    public enum Plan: Sendable, Equatable {
        /// The alarm was taken or is resolved: the ntfy message is replaced
        /// by this outcome and cleared; Pushover's emergency is cancelled.
        case end(outcome: String)
        /// A Pushover emergency still repeating: read its receipt.
        case readReceipt
        /// Nothing changed: look again then.
        case wait(until: Date)
        /// Nothing left to follow (the notification is gone, the emergency
        /// expired, a day has passed).
        case forget(reason: String)
    }

    /// ntfy messages are followed for a day; an alarm open longer keeps its message.
    public static let ntfyHorizon: TimeInterval = 86_400

    public static func decide(
        _ followUp: ContactFollowUp, notification: NotificationRecord?, acknowledgement: Acknowledgement?, now: Date, pushover: PushoverSettings?
    ) -> Plan {
        guard let notification else { return .forget(reason: "the notification is gone") }
        if let acknowledgement { return .end(outcome: "Acknowledged by \(acknowledgement.username).") }
        if notification.alarm == .resolved { return .end(outcome: "Resolved.") }
        switch followUp.platform {
        case .pushover:
            guard followUp.receipt != nil else { return .forget(reason: "no receipt to read") }
            let expire = TimeInterval(pushover?.expireSeconds ?? 10_800)
            guard now.timeIntervalSince(followUp.sentAt) <= expire + 60 else { return .forget(reason: "Pushover's emergency expired") }
            return .readReceipt
        default:
            guard now.timeIntervalSince(followUp.sentAt) <= ntfyHorizon else { return .forget(reason: "followed for a day") }
            return .wait(until: nextCheck(followUp, now: now, pushover: pushover))
        }
    }

    /// When to look again: a Pushover receipt every `pollSeconds` (Pushover
    /// asks for no more than one read every 5 s); an ntfy message after 2 s,
    /// doubling to a minute (an acknowledgement in Herald makes it due at
    /// once; a resolution is seen at the next look).
    public static func nextCheck(_ followUp: ContactFollowUp, now: Date, pushover: PushoverSettings?) -> Date {
        if followUp.platform == .pushover { return now.addingTimeInterval(pushover?.pollSeconds ?? 5) }
        return now.addingTimeInterval(min(60, 2 * pow(2, Double(min(followUp.checks, 10)))))
    }
}

/// A Pushover receipt as its API answers it.
public struct PushoverReceipt: Sendable, Equatable {
    public var acknowledged: Bool
    /// The user key that acknowledged it.
    public var acknowledgedBy: String?
    public var expired: Bool

    public init(acknowledged: Bool, acknowledgedBy: String?, expired: Bool) {
        self.acknowledged = acknowledged
        self.acknowledgedBy = acknowledgedBy
        self.expired = expired
    }
}

/// The provider calls a follow-up makes.
public protocol PhoneAppFollowUpClient: Sendable {
    /// Replaces the ntfy message (its sequence id) with `message`, then clears it.
    func end(ntfyTopic: String, with message: PhoneAppMessage) async throws
    func readReceipt(_ receipt: String) async throws -> PushoverReceipt
    func cancel(receipt: String) async throws
}
