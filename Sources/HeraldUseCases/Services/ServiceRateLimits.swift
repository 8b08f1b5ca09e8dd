import Foundation
import HeraldCore
import Logging

/// A service's own publish rate limit, which its owners and admins set in place of the
/// site's default (PUBLISH_RATE, PUBLISH_BURST): the bounds, the store call,
/// forgetting the senders' cached rate, and the audit line, whichever way in.
public struct ServiceRateLimits: Sendable {
    public static let maxPerSecond = 1_000_000.0
    public static let maxBurst = 1_000_000

    let store: any ServiceStore
    let clock: WallClock
    /// Where each change is answered for (the audit log).
    let audit: AuditTrail
    /// Drops the publish brake's cached rate of the service: the next post reads the new one.
    let forget: @Sendable (UUID) -> Void
    /// The site's limit (PUBLISH_RATE, PUBLISH_BURST): an owner who is no
    /// admin may lower it for their service, never lift it.
    public var ownerCeiling: RateLimit?

    public init(store: any ServiceStore & AuditStore, clock: WallClock, forget: @escaping @Sendable (UUID) -> Void) {
        self.store = store
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
        self.forget = forget
    }

    /// The service's own limit, nil when it has none (the default applies).
    public func limit(of serviceID: UUID, for actor: Actor) async throws -> RateLimit? {
        try actor.must(.manage(.rateLimit, of: serviceID))
        guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
        return try await store.serviceRateLimit(serviceID: serviceID)
    }

    /// Sets the service's own limit; nil returns it to the default.
    public func set(_ limit: RateLimit?, on serviceID: UUID, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manage(.rateLimit, of: serviceID))
        if let limit { try Self.check(limit) }
        if !actor.isAdmin, let ceiling = ownerCeiling, let limit, ceiling.perSecond > 0,
            limit.perSecond == 0 || limit.perSecond > ceiling.perSecond || limit.burst > ceiling.burst
        {
            throw UseCaseError.rejected([
                FieldProblem(field: "per_second", message: "An owner may lower the site's limit (\(ceiling.perSecond) a second, bursts of \(ceiling.burst)), not lift it: ask an admin")
            ])
        }
        let before = try await store.serviceRateLimit(serviceID: serviceID)
        guard try await store.setServiceRateLimit(serviceID: serviceID, limit, at: clock.now()) else { throw UseCaseError.notFound("Service") }
        forget(serviceID)
        if let limit {
            logger.info(
                "service rate limit set",
                metadata: ["service": "\(serviceID.wireString)", "per_second": "\(limit.perSecond)", "burst": "\(limit.burst)", "by": "\(actor.username)"]
            )
        } else {
            logger.info("service rate limit removed", metadata: ["service": "\(serviceID.wireString)", "by": "\(actor.username)"])
        }
        await audit.record(
            .rateLimitChanged, by: actor.auditWho, service: serviceID, target: "rate limit", before: before.map(AuditTrail.json), after: limit.map(AuditTrail.json),
            logger: logger
        )
    }

    /// Posts per second from 0 (no limit) to a million; a burst from 1 to a million.
    static func check(_ limit: RateLimit) throws(UseCaseError) {
        var problems: [FieldProblem] = []
        if !limit.perSecond.isFinite || limit.perSecond < 0 || limit.perSecond > maxPerSecond {
            problems.append(FieldProblem(field: "per_second", message: "Input should be a number from 0 (no limit) to \(Int(maxPerSecond))"))
        }
        if !(1...maxBurst).contains(limit.burst) {
            problems.append(FieldProblem(field: "burst", message: "Input should be a whole number from 1 to \(maxBurst)"))
        }
        if !problems.isEmpty { throw .rejected(problems) }
    }
}
