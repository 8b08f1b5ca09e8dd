import Foundation
import HeraldBridges
import HeraldCore
import Logging

/// A feed as an admin asks for it, from the JSON API or the page's form.
public struct FeedRequest: Sendable {
    public var url: String
    public var intervalSeconds: Int?
    public var filter: String?
    public var titleTemplate: String?
    public var subtitleTemplate: String?
    public var urlTemplate: String?
    public var severityTemplate: String?
    public var attributes: [String]?
    public var lifetimeSeconds: Int?

    public init(
        url: String, intervalSeconds: Int? = nil, filter: String? = nil, titleTemplate: String? = nil, subtitleTemplate: String? = nil,
        urlTemplate: String? = nil, severityTemplate: String? = nil, attributes: [String]? = nil, lifetimeSeconds: Int? = nil
    ) {
        self.url = url
        self.intervalSeconds = intervalSeconds
        self.filter = filter
        self.titleTemplate = titleTemplate
        self.subtitleTemplate = subtitleTemplate
        self.urlTemplate = urlTemplate
        self.severityTemplate = severityTemplate
        self.attributes = attributes
        self.lifetimeSeconds = lifetimeSeconds
    }
}

/// Feeds a service polls (admins only; the callers check that): what a feed
/// may be (an http(s) URL outside the network, an interval, a filter that
/// reads, templates that parse), decided once for the API and the pages.
public struct Feeds: Sendable {
    public static let intervals = 5...604_800
    public static let lifetimes = 60...31_536_000
    public static let defaultInterval = 300

    let store: any FeedStore & ServiceStore & AccessStore
    let outbound: OutboundPolicy
    let clock: WallClock
    /// Where each change is answered for (the audit log).
    let audit: AuditTrail

    public init(store: any FeedStore & ServiceStore & AccessStore & AuditStore, outbound: OutboundPolicy, clock: WallClock) {
        self.store = store
        self.outbound = outbound
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
    }

    /// The service's feeds.
    public func list(of serviceID: UUID, for actor: Actor) async throws -> [FeedRecord] {
        try actor.must(.manage(.feeds, of: serviceID))
        guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
        return try await store.feeds(serviceID: serviceID)
    }

    /// Stops polling the feed and forgets it (what it published stays).
    public func remove(_ id: Int64, from serviceID: UUID, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manage(.feeds, of: serviceID))
        let url = try await store.feeds(serviceID: serviceID).first { $0.id == id }?.draft.url
        guard try await store.deleteFeed(id: id, serviceID: serviceID) else { throw UseCaseError.notFound("Feed") }
        logger.info("feed removed", metadata: ["service": "\(serviceID.wireString)", "feed": "\(id)", "by": "\(actor.username)"])
        await audit.record(.feedRemoved, by: actor.auditWho, service: serviceID, target: "feed \(id)", before: AuditTrail.json(["url": AuditTrail.redacted(url: url ?? "")]), logger: logger)
    }

    /// Checks the request (every problem at once) and stores the feed.
    public func add(_ request: FeedRequest, to serviceID: UUID, by actor: Actor, logger: Logger) async throws -> FeedRecord {
        try actor.must(.manage(.feeds, of: serviceID))
        if try await store.isPageService(serviceID) { throw UseCaseError.forbidden(PagePlan.pagesOnly) }
        let draft = try Self.validated(request, outbound: outbound)
        guard let feed = try await store.createFeed(draft, serviceID: serviceID, at: clock.now()) else { throw UseCaseError.notFound("Service") }
        logger.info("feed added", metadata: ["service": "\(serviceID.wireString)", "feed": "\(feed.id)", "by": "\(actor.username)"])
        await audit.record(
            .feedAdded, by: actor.auditWho, service: serviceID, target: "feed \(feed.id)",
            after: AuditTrail.json(["url": AuditTrail.redacted(url: draft.url), "interval_seconds": "\(draft.intervalSeconds)", "filter": draft.filter ?? ""]), logger: logger
        )
        return feed
    }

    static func validated(_ request: FeedRequest, outbound: OutboundPolicy) throws(UseCaseError) -> FeedDraft {
        var problems: [FieldProblem] = []
        let url = URL(string: request.url)
        let scheme = url?.scheme?.lowercased()
        if request.url.count > 2_048 || !(scheme == "http" || scheme == "https") || url?.host == nil {
            problems.append(FieldProblem(field: "url", message: "The feed's URL should be an http or https URL of at most 2048 characters", type: "url_parsing"))
        } else if let host = url?.host, let refusal = outbound.refusal(forHost: host) {
            // A name that resolves inside is refused at each poll (the feed's error says so).
            problems.append(FieldProblem(field: "url", message: "Herald does not ask this address: \(refusal)"))
        }
        let interval = request.intervalSeconds ?? Self.defaultInterval
        if !intervals.contains(interval) {
            problems.append(
                FieldProblem(field: "interval_seconds", message: "Should be from \(intervals.lowerBound) to \(intervals.upperBound) seconds", type: "less_than_equal")
            )
        }
        if let lifetime = request.lifetimeSeconds, !lifetimes.contains(lifetime) {
            problems.append(
                FieldProblem(field: "lifetime_seconds", message: "Should be from \(lifetimes.lowerBound) to \(lifetimes.upperBound) seconds", type: "less_than_equal")
            )
        }
        var filter: String?
        if let text = request.filter, !TextRules.isBlank(text) {
            do { filter = try FilterParser.parse(text).description } catch {
                problems.append(FieldProblem(field: "filter", message: "\(error.message) at position \(error.position)", type: "filter_syntax"))
            }
        }
        let names = request.attributes ?? []
        if names.count > NotificationRules.maxAttributes || !names.allSatisfy(NotificationRules.isAttributeName) {
            problems.append(FieldProblem(field: "attributes", message: "At most \(NotificationRules.maxAttributes) attribute names, each a plain identifier"))
        }
        let defaults = FeedDraft.defaultTemplates
        let templates = NotificationTemplates(
            title: request.titleTemplate ?? defaults.title, subtitle: request.subtitleTemplate ?? defaults.subtitle,
            url: request.urlTemplate ?? defaults.url, severity: request.severityTemplate ?? defaults.severity
        )
        problems += ServiceTemplates.problems(templates, fieldSuffix: "_template", parseMessage: "The template does not parse")
        guard problems.isEmpty else { throw .rejected(problems) }
        return FeedDraft(
            url: request.url, intervalSeconds: interval, filter: filter, templates: templates, attributeNames: names, lifetimeSeconds: request.lifetimeSeconds
        )
    }
}
