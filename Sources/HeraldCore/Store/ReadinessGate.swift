import NIOConcurrencyHelpers

/// A one-shot latch: tasks that `wait()` resume once `open()` is called.
/// The composition root opens it once the schema is migrated; every part
/// that reads or writes tables (the worker, the bridges, the schedulers)
/// waits on it first. A waiter whose task is cancelled (a shutdown before
/// the gate opened, a failed migration) resumes at once.
public final class ReadinessGate: Sendable {
    private struct State {
        var isOpen = false
        var nextID = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }
    private let state = NIOLockedValueBox(State())

    public init(open: Bool = false) {
        state.withLockedValue { $0.isOpen = open }
    }

    public var isOpen: Bool { state.withLockedValue { $0.isOpen } }

    /// How many wait now (the tests' signal that a waiter is parked).
    public var waiterCount: Int { state.withLockedValue { $0.waiters.count } }

    public func open() {
        let waiters = state.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the gate is open or the calling task is cancelled
    /// (check `isOpen`, or `Task.isCancelled`, after it).
    public func wait() async {
        let id = state.withLockedValue { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLockedValue { state -> Bool in
                    if state.isOpen || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLockedValue { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
