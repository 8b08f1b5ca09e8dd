import Foundation
import HeraldCore
import Logging
import PostgresNIO

extension PostgresStore: FeedStore {
    typealias FeedRow = (
        Int64, UUID, String, Int32, String?, String, String, String, String, String, Int32?, String?, String?, ExactTimestamp?, String?, Int64, Int32,
        ExactTimestamp, ExactTimestamp
    )
    static let feedColumns = """
        id, service_id, url, interval_seconds, filter, title_template, subtitle_template, url_template, severity_template, attribute_names,
        lifetime_seconds, etag, last_modified, last_polled_at, last_error, published_count, failures, next_poll_at, created_at
        """

    /// `forWork`: read for a claim (`StoredValue`'s leniency).
    static func feed(_ row: FeedRow, forWork logger: Logger? = nil) throws -> FeedRecord {
        FeedRecord(
            id: row.0, serviceID: row.1,
            draft: FeedDraft(
                url: row.2, intervalSeconds: Int(row.3), filter: row.4,
                templates: NotificationTemplates(title: row.5, subtitle: row.6, url: row.7, severity: row.8),
                attributeNames: try FilterColumns.list(row.9, "feeds", "attribute_names", row: row.0, forWork: logger), lifetimeSeconds: row.10.map(Int.init)
            ),
            etag: row.11, lastModified: row.12, lastPolledAt: row.13?.date, lastError: row.14, publishedCount: Int(row.15), failures: Int(row.16),
            nextPollAt: row.17.date, createdAt: row.18.date
        )
    }

    public func createFeed(_ draft: FeedDraft, serviceID: UUID, at now: Date) async throws -> FeedRecord? {
        try await first(
            """
            INSERT INTO feeds (service_id, url, interval_seconds, filter, title_template, subtitle_template, url_template, severity_template,
                attribute_names, lifetime_seconds, next_poll_at, created_at)
            SELECT id, \(draft.url), \(Int32(draft.intervalSeconds)), \(draft.filter), \(draft.templates.title), \(draft.templates.subtitle),
                \(draft.templates.url), \(draft.templates.severity), \(FilterColumns.json(draft.attributeNames)), \(draft.lifetimeSeconds.map(Int32.init)),
                \(ExactTimestamp(now)), \(ExactTimestamp(now))
            FROM services WHERE id = \(serviceID)
            RETURNING \(unescaped: Self.feedColumns)
            """,
            as: FeedRow.self
        ).map { try Self.feed($0) }
    }

    public func feeds(serviceID: UUID) async throws -> [FeedRecord] {
        try await rows("SELECT \(unescaped: Self.feedColumns) FROM feeds WHERE service_id = \(serviceID) ORDER BY id", as: FeedRow.self).map { try Self.feed($0) }
    }

    public func deleteFeed(id: Int64, serviceID: UUID) async throws -> Bool {
        try await !rows("DELETE FROM feeds WHERE id = \(id) AND service_id = \(serviceID) RETURNING id", as: Int64.self).isEmpty
    }

    public func claimDueFeeds(now: Date, leaseUntil: Date, limit: Int) async throws -> [FeedRecord] {
        try await rows(
            Self.claimDue("feeds", due: "next_poll_at", returning: Self.feedColumns, now: now, leaseUntil: leaseUntil, limit: limit), as: FeedRow.self
        ).map { [logger] in try Self.feed($0, forWork: logger) }
    }

    public func recordPoll(feedID: Int64, _ result: FeedPollResult, at now: Date, nextPollAt: Date) async throws {
        try await execute(
            """
            UPDATE feeds SET etag = coalesce(\(result.etag), etag), last_modified = coalesce(\(result.lastModified), last_modified),
                last_polled_at = \(ExactTimestamp(now)), last_error = \(result.error), published_count = published_count + \(Int64(result.published)),
                failures = CASE WHEN \(result.error)::text IS NULL THEN 0 ELSE failures + 1 END, next_poll_at = \(ExactTimestamp(nextPollAt)), lease_until = NULL
            WHERE id = \(feedID)
            """
        )
    }
}
