import Foundation
import HeraldCore
import HeraldPublishing
import HeraldUseCases
import Hummingbird
import Logging

/// A service's own publish rate limit (admins): the default (PUBLISH_RATE,
/// PUBLISH_BURST) unless set here. A separate resource so the service's
/// own JSON keeps the shape the old server's clients know.
struct ServiceLimitsController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let rateLimits: ServiceRateLimits
    /// The limit a service without its own has (PUBLISH_RATE, PUBLISH_BURST).
    let defaultRate: RateLimit

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("services/{service_id}/rate-limit", use: show)
        group.put("services/{service_id}/rate-limit", use: replace)
        group.delete("services/{service_id}/rate-limit", use: remove)
    }

    struct LimitBody: Codable {
        /// Posts per second; 0: no limit.
        var per_second: Double
        var burst: Int
        /// Answers only: true when no limit of its own is set.
        var is_default: Bool?
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let own = try await UseCaseAnswers.run { try await rateLimits.limit(of: serviceID, for: actor) }
        let limit = own ?? defaultRate
        return JSONBody.response(LimitBody(per_second: limit.perSecond, burst: limit.burst, is_default: own == nil))
    }

    @Sendable func replace(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.rateLimit, of: serviceID))
        let body = try await decoding.json(LimitBody.self, from: request)
        let limit = RateLimit(perSecond: body.per_second, burst: body.burst)
        try await UseCaseAnswers.run { try await rateLimits.set(limit, on: serviceID, by: actor, logger: context.logger) }
        return JSONBody.response(LimitBody(per_second: limit.perSecond, burst: limit.burst, is_default: false))
    }

    @Sendable func remove(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.rateLimit, of: serviceID))
        try await UseCaseAnswers.run { try await rateLimits.set(nil, on: serviceID, by: actor, logger: context.logger) }
        return JSONBody.noContent()
    }
}
