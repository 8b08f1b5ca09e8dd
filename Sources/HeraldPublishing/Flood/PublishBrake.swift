import Foundation
import HeraldCore

/// The publish limits as every publisher meets them: `FloodControl`'s
/// buckets with each service's own rate (`ServiceRateCache`). A sender's
/// post, a webhook and each run of a recurring notification all go through
/// it, so a service's limit (and its digest of what was refused) counts
/// them all.
public struct PublishBrake: Sendable {
    public let flood: FloodControl
    public let serviceRates: ServiceRateCache
    let clock: WallClock

    public init(flood: FloodControl, store: any ServiceStore, clock: WallClock) {
        self.flood = flood
        self.serviceRates = ServiceRateCache(store: store)
        self.clock = clock
    }

    /// Admits one post to the service (from `client`, when a sender's),
    /// or says which limit refused it; a refusal is counted for the digest.
    public func admit(serviceID: UUID, client: IPAddress?) async throws -> FloodControl.Refusal? {
        let now = clock.now()
        let rate = try await serviceRates.rate(of: serviceID, now: now)
        return flood.admit(serviceID: serviceID, serviceRate: rate, client: client, now: now)
    }
}

/// Services' own rate limits, read from the store at most every `ttl`
/// per service, so a flood costs no extra query per post. A change made
/// on this replica applies at once; one made on another within `ttl`.
public final class ServiceRateCache: Sendable {
    let store: any ServiceStore
    private let cache: PerServiceCache<RateLimit?>

    public init(store: any ServiceStore, ttl: TimeInterval = 10) {
        self.store = store
        self.cache = PerServiceCache(ttl: ttl, capacity: 100_000)
    }

    public func rate(of serviceID: UUID, now: Date) async throws -> RateLimit? {
        try await cache.value(of: serviceID, now: now) { try await store.serviceRateLimit(serviceID: $0) }
    }

    /// Reads the service's rate again at its next post (an admin changed it here).
    public func forget(_ serviceID: UUID) {
        cache.forget(serviceID)
    }
}
