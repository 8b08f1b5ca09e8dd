import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// A user's filter on one service: `/users/user/services/{service_id}/filters`.
/// The keyword lists are the old server's newest per-subscription filters;
/// the expression is Herald's (see `FilterExpression`).
struct SubscriptionFiltersController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let subscriptions: Subscriptions

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("users/user/services/{service_id}/filters", use: show)
        group.put("users/user/services/{service_id}/filters", use: replace)
        group.delete("users/user/services/{service_id}/filters", use: remove)
    }

    private struct FilterInput: Decodable {
        var expression: String?
        var include_keywords: [String]?
        var exclude_keywords: [String]?
    }

    struct FilterBody: Encodable {
        var service_id: String
        var expression: String?
        var include_keywords: [String]
        var exclude_keywords: [String]

        init(serviceID: UUID, _ filter: SubscriptionFilter) {
            service_id = serviceID.wireString
            expression = filter.expression
            include_keywords = filter.includeKeywords
            exclude_keywords = filter.excludeKeywords
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(service_id, forKey: .service_id)
            // null, not absent: a client reads "no expression" the same way every time.
            try container.encode(expression, forKey: .expression)
            try container.encode(include_keywords, forKey: .include_keywords)
            try container.encode(exclude_keywords, forKey: .exclude_keywords)
        }

        enum CodingKeys: String, CodingKey { case service_id, expression, include_keywords, exclude_keywords }
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let filter = try await subscriptions.filter(on: serviceID, for: user)
        return JSONBody.response(FilterBody(serviceID: serviceID, filter))
    }

    @Sendable func replace(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let input = try await decoding.json(FilterInput.self, from: request)
        let filter = try SubscriptionFilter.requested(expression: input.expression, include: input.include_keywords ?? [], exclude: input.exclude_keywords ?? [])
        try await subscriptions.setFilter(filter, on: serviceID, for: user)
        context.logger.info("filter set", metadata: ["user": "\(user.username)", "service": "\(serviceID.wireString)"])
        return JSONBody.response(FilterBody(serviceID: serviceID, filter))
    }

    @Sendable func remove(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        try await subscriptions.setFilter(SubscriptionFilter(), on: serviceID, for: user)
        return JSONBody.noContent()
    }
}
