import Foundation
import NIOConcurrencyHelpers

/// A token bucket: `burst` tokens at most, refilled at `perSecond`; each
/// admitted event takes one. Time comes in from the caller, so tests drive it.
public struct TokenBucket: Sendable {
    public let perSecond: Double
    public let burst: Double
    private(set) var tokens: Double
    private(set) var updated: Date

    public init(perSecond: Double, burst: Int, now: Date) {
        self.perSecond = perSecond
        self.burst = Double(max(1, burst))
        self.tokens = self.burst
        self.updated = now
    }

    /// Takes a token when there is one; else says how long until there is.
    /// One token back, never past `burst`.
    public mutating func giveBack(burst: Int) {
        tokens = min(Double(burst), tokens + 1)
    }

    public mutating func take(now: Date) -> TimeInterval? {
        refill(now: now)
        if tokens >= 1 {
            tokens -= 1
            return nil
        }
        return perSecond > 0 ? (1 - tokens) / perSecond : .infinity
    }

    /// A full bucket that has waited this long carries no information: it can be forgotten.
    public func isIdle(now: Date) -> Bool {
        tokens + now.timeIntervalSince(updated) * perSecond >= burst
    }

    private mutating func refill(now: Date) {
        let elapsed = max(0, now.timeIntervalSince(updated))
        tokens = min(burst, tokens + elapsed * perSecond)
        updated = now
    }
}

/// Token buckets by key (a user, an address), made on first use, each with
/// the same rate. Full buckets are forgotten when there are too many keys,
/// so memory stays bounded whoever knocks.
public final class KeyedBuckets<Key: Hashable & Sendable>: Sendable {
    public let perSecond: Double
    public let burst: Int
    let maxKeys: Int
    private let buckets: NIOLockedValueBox<[Key: TokenBucket]>

    public init(perSecond: Double, burst: Int, maxKeys: Int = 100_000) {
        self.perSecond = perSecond
        self.burst = burst
        self.maxKeys = maxKeys
        self.buckets = NIOLockedValueBox([:])
    }

    /// Gives `key` back a token it took (up to a full bucket).
    public func giveBack(_ key: Key) {
        buckets.withLockedValue { buckets in
            guard var bucket = buckets[key] else { return }
            bucket.giveBack(burst: burst)
            buckets[key] = bucket
        }
    }

    /// Nil when `key` may go ahead now (a token is taken), else whole
    /// seconds to wait. A rate of 0 never brakes.
    public func take(_ key: Key, now: Date) -> Int? {
        guard perSecond > 0 else { return nil }
        return buckets.withLockedValue { buckets in
            var bucket = buckets[key] ?? TokenBucket(perSecond: perSecond, burst: burst, now: now)
            let wait = bucket.take(now: now)
            buckets[key] = bucket
            if buckets.count > maxKeys { buckets = buckets.filter { !$0.value.isIdle(now: now) } }
            return wait.map(TokenBucket.seconds)
        }
    }
}

extension TokenBucket {
    /// A wait as a Retry-After value: whole seconds, at least 1.
    public static func seconds(_ wait: TimeInterval) -> Int {
        wait.isFinite ? max(1, Int(wait.rounded(.up))) : 60
    }
}
