/// Wakes the delivery worker: a publish in this process, a NOTIFY from
/// another replica, a finished batch or the poll timer. Wake-ups coalesce:
/// many signals before the worker looks count as one.
public final class QueueSignal: Sendable {
    public let wakes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    public init() {
        (wakes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    public func notify() {
        continuation.yield()
    }

    /// Ends `wakes`, so the worker's loop returns.
    public func finish() {
        continuation.finish()
    }
}
