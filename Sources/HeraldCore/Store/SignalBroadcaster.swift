import NIOConcurrencyHelpers

/// Hands each signal to every listener in this process: the inbox signals
/// of a store that has no other process to hear from (SQLite, in memory).
public final class SignalBroadcaster<Signal: Sendable>: Sendable {
    private let listeners = NIOLockedValueBox<[Int: AsyncStream<Signal>.Continuation]>([:])
    private let nextID = NIOLockedValueBox(0)

    public init() {}

    public func send(_ signal: Signal) {
        for listener in listeners.withLockedValue({ Array($0.values) }) { listener.yield(signal) }
    }

    /// Calls `handle` for every signal sent until the task is cancelled.
    public func listen(_ handle: @escaping @Sendable (Signal) -> Void) async {
        let id = nextID.withLockedValue { $0 += 1; return $0 }
        let (signals, continuation) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .bufferingNewest(10_000))
        listeners.withLockedValue { $0[id] = continuation }
        await withTaskCancellationHandler {
            for await signal in signals { handle(signal) }
        } onCancel: {
            continuation.finish()
        }
        listeners.withLockedValue { _ = $0.removeValue(forKey: id) }
    }
}
