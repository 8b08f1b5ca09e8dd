import Foundation
import HeraldCore

/// Turns a claimed delivery and its provider reply into the outcome to
/// record: pure, so every rule is tested without a server.
public struct OutcomePolicy: Sendable {
    /// First retry delay; doubles per attempt.
    public var baseDelay: TimeInterval = 2
    /// Largest delay between attempts.
    public var maxDelay: TimeInterval = 300
    /// Retries stop once a delivery is this old.
    public var maxRetryAge: TimeInterval
    /// How soon to retry after our credentials were refused and renewed.
    public var credentialsRetryDelay: TimeInterval = 5

    public init(maxRetryAge: TimeInterval) {
        self.maxRetryAge = maxRetryAge
    }

    /// Why a delivery should not be sent at all, checked before sending. A
    /// lapsed app login stops what a subscription sends (as the server
    /// Herald replaces did), but not an escalation's call (issue 39): the
    /// person was called by name or as on call, not as a subscriber, and a
    /// call nobody can hear must not hold the next step back while the
    /// timeline says it rang. Nor a verified contact method's (issue 42): a
    /// number or an address is no app session, and the person who rarely
    /// opens the app is the one a text must reach.
    public static func skipReason(_ delivery: ClaimedDelivery, now: Date) -> String? {
        guard delivery.token != nil else { return "device removed" }
        guard delivery.userIsActive else { return "user inactive" }
        if delivery.purpose != .call, !delivery.platform.isContact {
            guard let expiry = delivery.loginExpiresAt, expiry > now else { return "login expired" }
        }
        if let expiresAt = delivery.notification.expiresAt, expiresAt <= now { return "notification expired" }
        return delivery.heldBack
    }

    /// `random` is in 0..<1 (injected so tests are exact), drawn only for a
    /// retry: a draw from the system's generator is a system call, once per
    /// push when every push drew one.
    public func outcome(for reply: ReplyClass, delivery: ClaimedDelivery, now: Date, random: @autoclosure () -> Double) -> DeliveryOutcome {
        switch reply {
        case .sent:
            return .sent
        case .dropToken(let reason, _):
            return .dropped(reason: reason)
        case .fail(let reason):
            return .failed(reason: reason, cause: .refused)
        case .withheld(let reason):
            return .skipped(reason: reason)
        case .retry(let reason, let minimumDelay):
            let delay = max(backoff(attempt: delivery.attempts, random: random()), minimumDelay)
            return retry(at: now.addingTimeInterval(delay), reason: reason, delivery: delivery, cause: .retriesExhausted)
        case .credentials(let reason):
            let delay = max(credentialsRetryDelay, backoff(attempt: delivery.attempts, random: random()))
            return retry(at: now.addingTimeInterval(delay), reason: reason, delivery: delivery, cause: .credentials)
        }
    }

    /// Exponential backoff with jitter: between half and all of
    /// `baseDelay * 2^(attempt-1)`, capped at `maxDelay`, so a fleet of
    /// retries spreads out instead of arriving together.
    public func backoff(attempt: Int, random: Double) -> TimeInterval {
        let exponent = Double(max(0, min(attempt - 1, 30)))
        let ceiling = min(maxDelay, baseDelay * pow(2, exponent))
        return ceiling * (0.5 + 0.5 * random)
    }

    /// `cause` is what a give-up is recorded as.
    private func retry(at date: Date, reason: String, delivery: ClaimedDelivery, cause: FailureCause) -> DeliveryOutcome {
        guard date.timeIntervalSince(delivery.queuedAt) <= maxRetryAge else {
            return .failed(reason: "gave up after \(delivery.attempts) attempt(s): \(reason)", cause: cause)
        }
        return .retry(at: date, reason: reason)
    }
}
