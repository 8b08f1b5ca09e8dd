import Foundation
import HeraldCore
import NIOConcurrencyHelpers

/// Brakes on publishing: a token bucket per service (the service's own rate
/// when an admin set one, else PUBLISH_RATE) and one per sending address
/// (SENDER_RATE). A post over either limit is refused and counted for its
/// service, so `DigestService` can tell the service's subscribers how many
/// they missed instead of dropping them silently. In memory, per process:
/// each replica brakes on its own.
public final class FloodControl: Sendable {
    public enum Scope: String, Sendable {
        case service
        case sender
    }

    /// A refused post: which limit, and whole seconds until one would pass.
    public struct Refusal: Error, Equatable {
        public let scope: Scope
        public let retryAfter: Int
    }

    /// What a service's subscribers did not get in one window.
    public struct Missed: Sendable, Equatable {
        public let serviceID: UUID
        public let count: Int
        public let since: Date
    }

    struct State {
        var services: [UUID: TokenBucket] = [:]
        var missed: [UUID: (count: Int, since: Date)] = [:]
    }

    public let limits: LimitSettings
    let senders: KeyedBuckets<String>
    /// Service buckets kept at most; idle (full) ones are forgotten first.
    let maxServices: Int
    private let state = NIOLockedValueBox(State())

    public init(limits: LimitSettings, maxServices: Int = 100_000) {
        self.limits = limits
        self.senders = KeyedBuckets(perSecond: limits.senderPerSecond, burst: limits.senderBurst)
        self.maxServices = maxServices
    }

    /// The default rate of a service that has none of its own.
    public var defaultRate: RateLimit { RateLimit(perSecond: limits.publishPerSecond, burst: limits.publishBurst) }

    /// Admits one post to `serviceID` from `client`, or says why not.
    /// `serviceRate` is the service's own limit, nil for the default.
    public func admit(serviceID: UUID, serviceRate: RateLimit?, client: IPAddress?, now: Date) -> Refusal? {
        if let client, let wait = senders.take(Self.senderKey(client), now: now) {
            // Still a post the service's subscribers did not get: it goes in the digest too.
            state.withLockedValue { Self.countMissed(serviceID, in: &$0, now: now) }
            return Refusal(scope: .sender, retryAfter: wait)
        }
        let rate = serviceRate ?? defaultRate
        guard rate.perSecond > 0 else { return nil }
        return state.withLockedValue { state in
            var bucket = state.services[serviceID] ?? TokenBucket(perSecond: rate.perSecond, burst: rate.burst, now: now)
            if bucket.perSecond != rate.perSecond || Int(bucket.burst) != rate.burst {
                // An admin changed the service's limit: start afresh with it.
                bucket = TokenBucket(perSecond: rate.perSecond, burst: rate.burst, now: now)
            }
            let wait = bucket.take(now: now)
            state.services[serviceID] = bucket
            if state.services.count > maxServices { state.services = state.services.filter { !$0.value.isIdle(now: now) } }
            guard let wait else { return nil }
            Self.countMissed(serviceID, in: &state, now: now)
            return Refusal(scope: .service, retryAfter: TokenBucket.seconds(wait))
        }
    }

    private static func countMissed(_ serviceID: UUID, in state: inout State, now: Date) {
        let missed = state.missed[serviceID] ?? (0, now)
        state.missed[serviceID] = (missed.count + 1, missed.since)
    }

    /// The services whose refused posts have been counted for at least
    /// `window` (all of them with `window` 0), with their counts; those
    /// counts start again from zero.
    public func takeMissed(olderThan window: TimeInterval, now: Date) -> [Missed] {
        state.withLockedValue { state in
            let due = state.missed.filter { now.timeIntervalSince($0.value.since) >= window }
            for id in due.keys { state.missed[id] = nil }
            return due.map { Missed(serviceID: $0.key, count: $0.value.count, since: $0.value.since) }.sorted { $0.since < $1.since }
        }
    }

    /// Puts a digest that could not be published back, to be tried again.
    func countAgain(_ missed: Missed) {
        state.withLockedValue { state in
            let current = state.missed[missed.serviceID] ?? (0, missed.since)
            state.missed[missed.serviceID] = (current.count + missed.count, min(current.since, missed.since))
        }
    }

    /// An IPv6 sender counts by its /64, which one host usually holds whole.
    static func senderKey(_ client: IPAddress) -> String {
        guard client.bytes.count == 16 else { return client.description }
        return (IPAddress(bytes: Array(client.bytes.prefix(8)) + Array(repeating: 0, count: 8)) ?? client).description
    }
}
