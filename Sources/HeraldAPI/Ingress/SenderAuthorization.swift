import Crypto
import Foundation
import HeraldCore
import HeraldPublishing
import Hummingbird
import Logging
import NIOConcurrencyHelpers

/// Who may post to a service: a sender on an allowlisted network, or one
/// presenting one of the service's bearer tokens; and how often
/// (`FloodControl`), once it may.
struct SenderAuthorization: Sendable {
    let ingress: IngressPolicy
    let store: any ServiceStore
    let clock: WallClock
    let flood: FloodControl
    let refusals: RefusalMetrics
    let serviceRates: ServiceRateCache

    init(ingress: IngressPolicy, store: any ServiceStore, clock: WallClock, flood: FloodControl, refusals: RefusalMetrics) {
        self.ingress = ingress
        self.store = store
        self.clock = clock
        self.flood = flood
        self.refusals = refusals
        self.serviceRates = ServiceRateCache(store: store)
    }

    /// Throws 403 for a sender that may not post, 429 (with Retry-After) for
    /// one posting faster than its service or its address may. `publishing`
    /// false (a sender reading or cancelling its held notifications) checks
    /// who it is but takes nothing from the publish limits: those requests
    /// publish nothing, and a refusal would count in the service's digest.
    func check(_ request: Request, context: HeraldRequestContext, serviceID: UUID, publishing: Bool = true) async throws {
        if let bearer = Self.bearer(request), try await store.useServiceToken(serviceID: serviceID, tokenHash: Self.hash(bearer), at: clock.now()) {
            if publishing { try await brake(request, context: context, serviceID: serviceID) }
            return
        }
        let forwarded = request.headers[values: .init("X-Forwarded-For")!]
        guard ingress.allows(peer: context.remoteAddress, forwardedFor: forwarded) else {
            refusals.count(.addressNotAllowed)
            context.logger.warning("post refused: address not allowed and no valid service token", metadata: ["peer": "\(context.remoteAddress?.ipAddress ?? "unknown")"])
            throw APIError(.forbidden, "IP address not allowed")
        }
        if publishing { try await brake(request, context: context, serviceID: serviceID) }
    }

    private func brake(_ request: Request, context: HeraldRequestContext, serviceID: UUID) async throws {
        let now = clock.now()
        let rate = try await serviceRates.rate(of: serviceID, now: now)
        guard let refusal = flood.admit(serviceID: serviceID, serviceRate: rate, client: client(of: request, context: context), now: now) else { return }
        switch refusal.scope {
        case .service:
            refusals.count(.serviceRate)
            throw APIError(
                .tooManyRequests, "This service is over its rate limit: try again in \(refusal.retryAfter) seconds; its subscribers will be told how many posts were refused",
                headers: [.retryAfter: "\(refusal.retryAfter)"]
            )
        case .sender:
            refusals.count(.senderRate)
            throw APIError(.tooManyRequests, "Too many posts from this address: try again in \(refusal.retryAfter) seconds", headers: [.retryAfter: "\(refusal.retryAfter)"])
        }
    }

    /// The client's address: the peer, or what trusted proxies say it is.
    func client(of request: Request, context: HeraldRequestContext) -> IPAddress? {
        let forwarded = request.headers[values: .init("X-Forwarded-For")!]
        return ingress.clientAddress(peer: context.remoteAddress?.ipAddress.flatMap { IPAddress($0) }, forwardedFor: forwarded)
    }

    static func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }

    /// Tokens are stored as SHA-256: they are long random strings, so a fast
    /// hash is enough, and the database never holds a usable token.
    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).hexEncoded
    }

    /// A new token: a recognisable prefix and 32 random bytes.
    static func newToken() -> String {
        "hrld_" + RandomHex.bytes(32)
    }
}

/// Services' own rate limits, read from the store at most every `ttl`
/// per service, so a flood costs no extra query per post. A change made
/// on this replica applies at once; one made on another within `ttl`.
final class ServiceRateCache: Sendable {
    let store: any ServiceStore
    let ttl: TimeInterval
    private let entries = NIOLockedValueBox<[UUID: (rate: RateLimit?, read: Date)]>([:])

    init(store: any ServiceStore, ttl: TimeInterval = 10) {
        self.store = store
        self.ttl = ttl
    }

    func rate(of serviceID: UUID, now: Date) async throws -> RateLimit? {
        if let entry = entries.withLockedValue({ $0[serviceID] }), now.timeIntervalSince(entry.read) < ttl { return entry.rate }
        let rate = try await store.serviceRateLimit(serviceID: serviceID)
        entries.withLockedValue { entries in
            if entries.count > 100_000 { entries.removeAll() }
            entries[serviceID] = (rate, now)
        }
        return rate
    }

    func forget(_ serviceID: UUID) {
        _ = entries.withLockedValue { $0.removeValue(forKey: serviceID) }
    }
}
