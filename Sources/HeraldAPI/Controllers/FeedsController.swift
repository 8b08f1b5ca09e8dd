import Foundation
import HeraldBridges
import HeraldCore
import Hummingbird
import Logging

/// Feeds attached to a service (admins): `/services/{id}/feeds`.
struct FeedsController {
    let api: APIContext

    static let intervals = 5...604_800
    static let lifetimes = 60...31_536_000

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("services/:service_id/feeds", use: list)
        group.post("services/:service_id/feeds", use: create)
        group.delete("services/:service_id/feeds/:feed_id", use: delete)
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
        _ = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        guard try await api.store.service(id: serviceID) != nil else { throw APIError.notFound("Service") }
        return JSONBody.response(try await api.store.feeds(serviceID: serviceID).map(FeedBody.init))
    }

    @Sendable func create(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let input = try await api.decoding.json(FeedInput.self, from: request)
        let draft = try Self.validated(input, outbound: api.config.outbound.policy)
        guard let feed = try await api.store.createFeed(draft, serviceID: serviceID, at: api.clock.now()) else { throw APIError.notFound("Service") }
        context.logger.info("feed added", metadata: ["service": "\(serviceID.wireString)", "feed": "\(feed.id)", "by": "\(admin.username)"])
        return JSONBody.response(FeedBody(feed), status: .created)
    }

    @Sendable func delete(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        _ = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let id = try Identifiers.integer(context, "feed_id")
        guard try await api.store.deleteFeed(id: id, serviceID: serviceID) else { throw APIError.notFound("Feed") }
        return JSONBody.noContent()
    }

    static func validated(_ input: FeedInput, outbound: OutboundPolicy) throws -> FeedDraft {
        var validator = Validator()
        let url = URL(string: input.url)
        let scheme = url?.scheme?.lowercased()
        if input.url.count > 2_048 || !(scheme == "http" || scheme == "https") || url?.host == nil {
            validator.fail(["body", "url"], "The feed's URL should be an http or https URL of at most 2048 characters", type: "url_parsing")
        } else if let host = url?.host, let refusal = outbound.refusal(forHost: host) {
            // A name that resolves inside is refused at each poll (the feed's error says so).
            validator.fail(["body", "url"], "Herald does not ask this address: \(refusal)", type: "value_error")
        }
        let interval = input.interval_seconds ?? 300
        if !intervals.contains(interval) {
            validator.fail(["body", "interval_seconds"], "Should be from \(intervals.lowerBound) to \(intervals.upperBound) seconds", type: "less_than_equal")
        }
        if let lifetime = input.lifetime_seconds, !lifetimes.contains(lifetime) {
            validator.fail(["body", "lifetime_seconds"], "Should be from \(lifetimes.lowerBound) to \(lifetimes.upperBound) seconds", type: "less_than_equal")
        }
        var filter: String?
        if let text = input.filter, !TextRules.isBlank(text) {
            do { filter = try FilterParser.parse(text).description } catch {
                validator.fail(["body", "filter"], "\(error.message) at position \(error.position)", type: "filter_syntax")
            }
        }
        let names = input.attributes ?? []
        if names.count > NotificationRules.maxAttributes || !names.allSatisfy(NotificationRules.isAttributeName) {
            validator.fail(["body", "attributes"], "At most \(NotificationRules.maxAttributes) attribute names, each a plain identifier")
        }
        let defaults = FeedDraft.defaultTemplates
        let templates = NotificationTemplates(
            title: input.title_template ?? defaults.title, subtitle: input.subtitle_template ?? defaults.subtitle,
            url: input.url_template ?? defaults.url, severity: input.severity_template ?? defaults.severity
        )
        for (field, text) in [("title_template", templates.title), ("subtitle_template", templates.subtitle), ("url_template", templates.url), ("severity_template", templates.severity)] {
            validator.text(text, at: ["body", .key(field)], maxLength: 4_096, allowEmpty: field != "title_template")
        }
        do { _ = try TemplateRenderer(templates) } catch {
            validator.fail(["body", .key("\(error.field)_template")], "The template does not parse: \(error.reason)", type: "value_error")
        }
        try validator.check()
        return FeedDraft(
            url: input.url, intervalSeconds: interval, filter: filter, templates: templates, attributeNames: names, lifetimeSeconds: input.lifetime_seconds
        )
    }
}
