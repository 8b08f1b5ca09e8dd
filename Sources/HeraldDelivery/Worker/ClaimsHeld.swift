import HeraldCore
import NIOConcurrencyHelpers

/// The deliveries this worker has claimed and not yet recorded: what its
/// heartbeat renews. A batch is held from its claim until its outcomes are
/// written (or writing them failed, when its lease is left to run out).
final class ClaimsHeld: Sendable {
    private let batches = NIOLockedValueBox((next: 0, held: [Int: [DeliveryID]]()))

    /// Holds a batch's deliveries; returns the key that lets them go.
    func hold(_ ids: [DeliveryID]) -> Int {
        batches.withLockedValue { state in
            state.next += 1
            state.held[state.next] = ids
            return state.next
        }
    }

    func release(_ key: Int) {
        _ = batches.withLockedValue { $0.held.removeValue(forKey: key) }
    }

    var ids: [DeliveryID] {
        batches.withLockedValue { $0.held.values.flatMap { $0 } }
    }
}
