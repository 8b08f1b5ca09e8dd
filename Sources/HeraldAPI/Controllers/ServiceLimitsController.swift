import Foundation
import HeraldCore
import HeraldPublishing
import Hummingbird
import Logging

/// A service's own publish rate limit (admins): the default (PUBLISH_RATE,
/// PUBLISH_BURST) unless set here. A separate resource so the service's
/// own JSON keeps the shape the old server's clients know.
struct ServiceLimitsController {
    let api: APIContext

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("services/{service_id}/rate-limit", use: show)
        group.put("services/{service_id}/rate-limit", use: replace)
        group.delete("services/{service_id}/rate-limit", use: remove)
    }

    static let maxPerSecond = 1_000_000.0
    static let maxBurst = 1_000_000

    struct LimitBody: Codable {
        /// Posts per second; 0: no limit.
        var per_second: Double
        var burst: Int
        /// Answers only: true when no limit of its own is set.
        var is_default: Bool?
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        _ = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        guard try await api.store.service(id: serviceID) != nil else { throw APIError.notFound("Service") }
        let own = try await api.store.serviceRateLimit(serviceID: serviceID)
        let limit = own ?? api.senders.brake.flood.defaultRate
        return JSONBody.response(LimitBody(per_second: limit.perSecond, burst: limit.burst, is_default: own == nil))
    }

    @Sendable func replace(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let body = try await api.decoding.json(LimitBody.self, from: request)
        var validator = Validator()
        if !body.per_second.isFinite || body.per_second < 0 || body.per_second > Self.maxPerSecond {
            validator.fail(["body", "per_second"], "Input should be a number from 0 (no limit) to \(Int(Self.maxPerSecond))")
        }
        if !(1...Self.maxBurst).contains(body.burst) {
            validator.fail(["body", "burst"], "Input should be a whole number from 1 to \(Self.maxBurst)")
        }
        try validator.check()
        let limit = RateLimit(perSecond: body.per_second, burst: body.burst)
        guard try await api.store.setServiceRateLimit(serviceID: serviceID, limit, at: api.clock.now()) else { throw APIError.notFound("Service") }
        api.senders.brake.serviceRates.forget(serviceID)
        context.logger.info(
            "service rate limit set", metadata: ["service": "\(serviceID.wireString)", "per_second": "\(limit.perSecond)", "burst": "\(limit.burst)", "by": "\(admin.username)"]
        )
        return JSONBody.response(LimitBody(per_second: limit.perSecond, burst: limit.burst, is_default: false))
    }

    @Sendable func remove(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        _ = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        guard try await api.store.setServiceRateLimit(serviceID: serviceID, nil, at: api.clock.now()) else { throw APIError.notFound("Service") }
        api.senders.brake.serviceRates.forget(serviceID)
        return JSONBody.noContent()
    }
}
