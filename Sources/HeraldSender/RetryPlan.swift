/// When to try a post again: a pure decision from what happened so far.
/// Backoff doubles from `first` to `longest`, with jitter so that many
/// senders refused at once do not come back at once; a Retry-After is a
/// floor, never shortened; nothing is tried past the sender's budget.
public struct RetryPlan: Sendable, Equatable {
    /// How long the sender is willing to keep trying, from the first try.
    public var budget: Duration
    public var first: Duration
    public var longest: Duration

    public init(budget: Duration, first: Duration = .milliseconds(500), longest: Duration = .seconds(30)) {
        self.budget = budget
        self.first = first
        self.longest = longest
    }

    public enum Next: Sendable, Equatable {
        case wait(Duration)
        /// Give up; `reason` says why in a sentence.
        case stop(reason: String)
    }

    /// After try number `attempt` (1 for the first) was answered `notNow`
    /// with `retryAfter`, `elapsed` into the budget. `jitter` in 0...1 (a
    /// random number; tests pass their own).
    public func next(attempt: Int, retryAfter: Duration?, elapsed: Duration, jitter: Double) -> Next {
        let remaining = budget - elapsed
        let doubled = first * (1 << min(max(attempt - 1, 0), 20))
        let backoff = min(doubled, longest)
        // Half fixed, half random: never sooner than half the backoff.
        let jittered = backoff / 2 + backoff / 2 * min(max(jitter, 0), 1)
        let wait = max(jittered, retryAfter ?? .zero)
        if remaining <= .zero { return .stop(reason: "no time left to retry (--retry-for)") }
        if let retryAfter, retryAfter > remaining {
            return .stop(reason: "the server asked to wait \(Self.seconds(retryAfter)) s, more than the \(Self.seconds(remaining)) s left to retry (--retry-for)")
        }
        return .wait(min(wait, remaining))
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = (attoseconds / 100_000_000_000_000_000)
        return tenths == 0 ? "\(seconds)" : "\(seconds).\(tenths)"
    }
}
