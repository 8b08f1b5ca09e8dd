import NIOConcurrencyHelpers

/// What the long-running parts of a process (the delivery worker, the
/// Kafka bridge) say about themselves, for `/-/ready`: running, or not
/// and why. A part that never reported is not running.
public final class PartStates: Sendable {
    public enum State: Sendable, Equatable {
        case running
        case stopped(reason: String)
    }

    private let states = NIOLockedValueBox<[Part: State]>([:])

    public init() {}

    public func set(_ part: Part, _ state: State) {
        states.withLockedValue { $0[part] = state }
    }

    public func state(of part: Part) -> State {
        states.withLockedValue { $0[part] } ?? .stopped(reason: "not started")
    }
}
