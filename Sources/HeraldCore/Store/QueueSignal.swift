/// Wakes the delivery worker: a publish in this process, a NOTIFY from
/// another replica, a finished batch or the poll timer. Wake-ups coalesce:
/// many signals before the worker looks count as one. Urgent pushes
/// (`DeliveryPriority.urgent`) also wake its express lane.
public final class QueueSignal: Sendable {
    public let wakes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    /// Woken when some of what was queued is urgent.
    public let urgentWakes: AsyncStream<Void>
    private let urgentContinuation: AsyncStream<Void>.Continuation

    public init() {
        (wakes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        (urgentWakes, urgentContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    public func notify() {
        continuation.yield()
    }

    /// Some of what was queued is urgent: both lanes are woken, and
    /// whichever has room first takes it.
    public func notifyUrgent() {
        urgentContinuation.yield()
        continuation.yield()
    }

    /// Ends `wakes` and `urgentWakes`, so the worker's loops return.
    public func finish() {
        continuation.finish()
        urgentContinuation.finish()
    }
}
