import Foundation

/// What an admin sets for a feed: where, how often, which entries, and how
/// they become notifications.
public struct FeedDraft: Sendable, Equatable {
    public var url: String
    public var intervalSeconds: Int
    /// A filter expression over the entries' attributes (`mag >= 4.5`); nil: every entry.
    public var filter: String?
    /// Mustache over each entry (RSS/Atom: title, description, link...;
    /// GeoJSON: the feature's properties, id, longitude, latitude, depth).
    public var templates: NotificationTemplates
    /// The entry fields kept as the notification's attributes; empty: all
    /// that fit (see `FeedEntry.attributes`).
    public var attributeNames: [String]
    /// Each notification expires this long after its entry's own time (GeoJSON
    /// `time`, RSS `pubDate`, Atom `updated`); entries without one never do.
    public var lifetimeSeconds: Int?

    public init(
        url: String, intervalSeconds: Int, filter: String? = nil, templates: NotificationTemplates = FeedDraft.defaultTemplates,
        attributeNames: [String] = [], lifetimeSeconds: Int? = nil
    ) {
        self.url = url
        self.intervalSeconds = intervalSeconds
        self.filter = filter
        self.templates = templates
        self.attributeNames = attributeNames
        self.lifetimeSeconds = lifetimeSeconds
    }

    /// Fits RSS, Atom and USGS's GeoJSON (whose properties have title, place and url).
    public static let defaultTemplates = NotificationTemplates(
        title: "{{title}}", subtitle: "{{description}}{{^description}}{{summary}}{{/description}}{{^description}}{{^summary}}{{place}}{{/summary}}{{/description}}",
        url: "{{link}}{{^link}}{{url}}{{/link}}"
    )
}

/// A feed with what its polls found.
public struct FeedRecord: Sendable, Equatable {
    public var id: Int64
    public var serviceID: UUID
    public var draft: FeedDraft
    /// For conditional requests.
    public var etag: String?
    public var lastModified: String?
    public var lastPolledAt: Date?
    /// The last poll's failure; nil after a good one.
    public var lastError: String?
    /// Notifications this feed has made.
    public var publishedCount: Int
    /// Failed polls in a row (the backoff grows with them).
    public var failures: Int
    public var nextPollAt: Date
    public var createdAt: Date

    public init(
        id: Int64, serviceID: UUID, draft: FeedDraft, etag: String?, lastModified: String?, lastPolledAt: Date?, lastError: String?, publishedCount: Int,
        failures: Int, nextPollAt: Date, createdAt: Date
    ) {
        self.id = id
        self.serviceID = serviceID
        self.draft = draft
        self.etag = etag
        self.lastModified = lastModified
        self.lastPolledAt = lastPolledAt
        self.lastError = lastError
        self.publishedCount = publishedCount
        self.failures = failures
        self.nextPollAt = nextPollAt
        self.createdAt = createdAt
    }
}

/// What one poll came to.
public struct FeedPollResult: Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?
    /// Nil when the poll succeeded.
    public var error: String?
    public var published: Int

    public init(etag: String?, lastModified: String?, error: String?, published: Int) {
        self.etag = etag
        self.lastModified = lastModified
        self.error = error
        self.published = published
    }
}

/// Feeds attached to services, polled by any replica under a lease.
public protocol FeedStore: Sendable {
    /// Nil when the service does not exist.
    func createFeed(_ draft: FeedDraft, serviceID: UUID, at: Date) async throws -> FeedRecord?
    func feeds(serviceID: UUID) async throws -> [FeedRecord]
    func deleteFeed(id: Int64, serviceID: UUID) async throws -> Bool
    /// Up to `limit` feeds due at `now` that no poller holds, now held until `leaseUntil`.
    func claimDueFeeds(now: Date, leaseUntil: Date, limit: Int) async throws -> [FeedRecord]
    /// Records a poll (a failure counts towards the backoff, a success
    /// clears it) and when to poll next; releases the lease.
    func recordPoll(feedID: Int64, _ result: FeedPollResult, at: Date, nextPollAt: Date) async throws
}
