import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird

/// How a service's notifications alert (admins): the urgency each severity
/// gets on phones, where the service differs from the site. A separate
/// resource, as the rate limit is, so the service's own JSON keeps the
/// old server's shape.
struct ServiceAlertingController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let alerting: ServiceAlertingChoices

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("services/{service_id}/alerting", use: show)
        group.put("services/{service_id}/alerting", use: replace)
        group.delete("services/{service_id}/alerting", use: remove)
    }

    struct Input: Decodable {
        /// Severity → urgency; absent or empty: the site's table.
        var urgency: [String: String]?
        /// `quiet` (absent) or `alert`: how an alarm's resolution alerts.
        var resolutions: String?
    }

    struct Body: Encodable {
        /// The service's own levels.
        var urgency: [String: String]
        /// Every severity's urgency as its pushes get it.
        var effective: [String: String]
        /// How an alarm's resolution alerts: `quiet` or `alert`.
        var resolutions: String
        /// True when the service has no choices of its own.
        var is_default: Bool

        init(_ choices: ServiceAlertingChoices.Choices) {
            urgency = Dictionary(uniqueKeysWithValues: choices.own.urgency.map { ($0.key.rawValue, $0.value.rawValue) })
            effective = Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0.rawValue, choices.effective.urgency(for: $0).rawValue) })
            resolutions = choices.own.resolutions.rawValue
            is_default = choices.own.isEmpty
        }
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        return JSONBody.response(Body(try await alerting.choices(of: try Identifiers.serviceID(context), for: actor)))
    }

    @Sendable func replace(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.alerting, of: serviceID))
        let input = try await decoding.json(Input.self, from: request)
        let choices = try await alerting.set(
            urgency: input.urgency ?? [:], resolutions: input.resolutions, on: serviceID, by: actor, logger: context.logger
        )
        return JSONBody.response(Body(choices))
    }

    @Sendable func remove(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        try await alerting.reset(try Identifiers.serviceID(context), by: actor, logger: context.logger)
        return JSONBody.noContent()
    }
}
