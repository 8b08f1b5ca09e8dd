import Foundation
import NIOConcurrencyHelpers

/// A value read per key, usually a service (its rate limit, its alerting), and kept for
/// `ttl`, so a hot path reads the store once per service per `ttl` instead
/// of once per post or push, and an admin's change takes effect within it.
/// Two callers missing at once may both read; the later read wins, which is
/// harmless for values that only change by an admin's hand.
public final class KeyedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let ttl: TimeInterval
    /// Past this many services the entries older than `ttl` are dropped
    /// (all of them if none is), so the cache stays as small as the set of
    /// services in use.
    let capacity: Int
    private let entries = NIOLockedValueBox<[Key: (value: Value, readAt: Date)]>([:])

    public init(ttl: TimeInterval, capacity: Int = 10_000) {
        self.ttl = ttl
        self.capacity = capacity
    }

    /// The service's value, read with `read` when not kept or older than `ttl`.
    public func value(of serviceID: Key, now: Date, read: (Key) async throws -> Value) async throws -> Value {
        if let entry = entries.withLockedValue({ $0[serviceID] }), now.timeIntervalSince(entry.readAt) < ttl { return entry.value }
        let value = try await read(serviceID)
        entries.withLockedValue { entries in
            if entries.count >= capacity {
                entries = entries.filter { now.timeIntervalSince($0.value.readAt) < ttl }
                if entries.count >= capacity { entries.removeAll() }
            }
            entries[serviceID] = (value, now)
        }
        return value
    }

    /// Reads the service's value again next time (it was changed here).
    public func forget(_ serviceID: Key) {
        _ = entries.withLockedValue { $0.removeValue(forKey: serviceID) }
    }
}

/// The cache most callers want: one value per service.
public typealias PerServiceCache<Value: Sendable> = KeyedCache<UUID, Value>
