import Foundation
import HeraldBridges
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// Feeds attached to a service (admins): `/services/{id}/feeds`.
struct FeedsController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let feeds: Feeds


    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("services/{service_id}/feeds", use: list)
        group.post("services/{service_id}/feeds", use: create)
        group.delete("services/{service_id}/feeds/{feed_id}", use: delete)
    }

    struct FeedInput: Decodable {
        var url: String
        var interval_seconds: Int?
        var filter: String?
        var title_template: String?
        var subtitle_template: String?
        var url_template: String?
        var severity_template: String?
        var attributes: [String]?
        var lifetime_seconds: Int?

        var request: FeedRequest {
            FeedRequest(
                url: url, intervalSeconds: interval_seconds, filter: filter, titleTemplate: title_template, subtitleTemplate: subtitle_template,
                urlTemplate: url_template, severityTemplate: severity_template, attributes: attributes, lifetimeSeconds: lifetime_seconds
            )
        }
    }

    struct FeedBody: Encodable {
        var id: Int64
        var service_id: String
        var url: String
        var interval_seconds: Int
        var filter: String?
        var title_template: String
        var subtitle_template: String
        var url_template: String
        var severity_template: String
        var attributes: [String]
        var lifetime_seconds: Int?
        var last_polled_at: String?
        var last_error: String?
        var published_count: Int
        var failures: Int
        var next_poll_at: String

        init(_ feed: FeedRecord) {
            id = feed.id
            service_id = feed.serviceID.wireString
            url = feed.draft.url
            interval_seconds = feed.draft.intervalSeconds
            filter = feed.draft.filter
            title_template = feed.draft.templates.title
            subtitle_template = feed.draft.templates.subtitle
            url_template = feed.draft.templates.url
            severity_template = feed.draft.templates.severity
            attributes = feed.draft.attributeNames
            lifetime_seconds = feed.draft.lifetimeSeconds
            last_polled_at = feed.lastPolledAt.map(Timestamp.wireString)
            last_error = feed.lastError
            published_count = feed.publishedCount
            failures = feed.failures
            next_poll_at = Timestamp.wireString(feed.nextPollAt)
        }
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        return JSONBody.response(try await feeds.list(of: serviceID, for: actor).map(FeedBody.init))
    }

    @Sendable func create(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.feeds, of: serviceID))
        let input = try await decoding.json(FeedInput.self, from: request)
        let feed = try await feeds.add(input.request, to: serviceID, by: actor, logger: context.logger)
        return JSONBody.response(FeedBody(feed), status: .created)
    }

    @Sendable func delete(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.feeds, of: serviceID))
        try await feeds.remove(try Identifiers.integer(context, "feed_id"), from: serviceID, by: actor, logger: context.logger)
        return JSONBody.noContent()
    }
}
