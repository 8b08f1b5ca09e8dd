import Foundation
import HeraldCore
import NIOConcurrencyHelpers

/// A real store (SQLite or PostgreSQL) that fails the operations a test
/// names, for the tests of what the edges and workers make of a database
/// error. Every other call goes to the store as it is, so the rules under
/// test are the databases' own: there is no second implementation of them.
/// The forwarding is in `FaultyStore+Forwarding.swift`; a requirement added
/// to a store protocol fails to compile there until it is forwarded.
public final class FaultyStore: Sendable {
    public let base: any HeraldStore
    public let faults: StoreFaults

    public init(_ base: any HeraldStore, faults: StoreFaults = StoreFaults()) {
        self.base = base
        self.faults = faults
    }
}

/// Failures a `FaultyStore` raises on demand.
public final class StoreFaults: Sendable {
    public enum Operation: Sendable, Hashable {
        /// Publishing notifications (a post, a batch).
        case publish
        /// An alert source's unit of work (`withAlertStates`).
        case publishAlertChanges
        case appliedMigrations
        /// Looking an account up by name (every signed-in request does).
        case readAccount
        /// Making every waiting retry of a provider due (its return), not a canary's one.
        case hastenAllRetries
        /// Recording what a direct message shows after its edit (not the mark kept before it).
        case recordFollowUpShown
    }

    private let planned = NIOLockedValueBox<[Operation: (remaining: Int, error: any Error)]>([:])

    public init() {}

    /// The next `times` calls of `operation` throw `error`.
    public func fail(_ operation: Operation, times: Int = 1, with error: any Error = InjectedFault()) {
        planned.withLockedValue { $0[operation] = (times, error) }
    }

    /// Throws the planned error of `operation`, if one is left.
    func check(_ operation: Operation?) throws {
        guard let operation else { return }
        let error: (any Error)? = planned.withLockedValue { planned in
            guard let plan = planned[operation], plan.remaining > 0 else { return nil }
            planned[operation] = (plan.remaining - 1, plan.error)
            return plan.error
        }
        if let error { throw error }
    }
}

public struct InjectedFault: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "injected fault" }
}
