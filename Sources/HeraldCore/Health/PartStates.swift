import NIOConcurrencyHelpers

/// What the long-running parts of a process (the delivery worker, the
/// Kafka bridge) say about themselves, for `/-/ready`: running, or not
/// and why. A part that never reported is not running.
public final class PartStates: Sendable {
    public enum State: Sendable, Equatable {
        case running
        case stopped(reason: String)
    }

    private let states = NIOLockedValueBox<[String: State]>([:])

    public init() {}

    public func set(_ part: String, _ state: State) {
        states.withLockedValue { $0[part] = state }
    }

    public func state(of part: String) -> State {
        states.withLockedValue { $0[part] } ?? .stopped(reason: "not started")
    }
}
