import Foundation
import HeraldCore
import Logging
import SQLiteNIO

extension SQLiteStore: FeedStore {
    static let feedColumns: SQLiteQuery = """
        id, service_id, url, interval_seconds, filter, title_template, subtitle_template, url_template, severity_template, attribute_names,
        lifetime_seconds, etag, last_modified, last_polled_at, last_error, published_count, failures, next_poll_at, created_at
        """

    /// `forWork`: read for a claim (`StoredValue`'s leniency).
    static func feed(_ row: SQLiteRow, forWork logger: Logger? = nil) throws -> FeedRecord {
        let id = try row.int64("id")
        return FeedRecord(
            id: id, serviceID: try row.uuid("service_id"),
            draft: FeedDraft(
                url: try row.text("url"), intervalSeconds: Int(try row.int64("interval_seconds")), filter: try row.optionalText("filter"),
                templates: NotificationTemplates(
                    title: try row.text("title_template"), subtitle: try row.text("subtitle_template"), url: try row.text("url_template"),
                    severity: try row.text("severity_template")
                ),
                attributeNames: try FilterColumns.list(try row.text("attribute_names"), "feeds", "attribute_names", row: id, forWork: logger), lifetimeSeconds: try row.optionalInt64("lifetime_seconds").map(Int.init)
            ),
            etag: try row.optionalText("etag"), lastModified: try row.optionalText("last_modified"), lastPolledAt: try row.optionalDate("last_polled_at"),
            lastError: try row.optionalText("last_error"), publishedCount: Int(try row.int64("published_count")), failures: Int(try row.int64("failures")),
            nextPollAt: try row.date("next_poll_at"), createdAt: try row.date("created_at")
        )
    }

    public func createFeed(_ draft: FeedDraft, serviceID: UUID, at now: Date) async throws -> FeedRecord? {
        try await database.transaction { db in
            try await db.first(
                """
                INSERT INTO feeds (service_id, url, interval_seconds, filter, title_template, subtitle_template, url_template, severity_template,
                    attribute_names, lifetime_seconds, next_poll_at, created_at)
                SELECT id, \(draft.url), \(draft.intervalSeconds), \(draft.filter), \(draft.templates.title), \(draft.templates.subtitle),
                    \(draft.templates.url), \(draft.templates.severity), \(FilterColumns.json(draft.attributeNames)), \(draft.lifetimeSeconds.map(Int64.init)),
                    \(now), \(now)
                FROM services WHERE id = \(serviceID)
                RETURNING \(Self.feedColumns)
                """
            ).map { try Self.feed($0) }
        }
    }

    public func feeds(serviceID: UUID) async throws -> [FeedRecord] {
        try await database.read { db in
            try await db.rows("SELECT \(Self.feedColumns) FROM feeds WHERE service_id = \(serviceID) ORDER BY id").map { try Self.feed($0) }
        }
    }

    public func deleteFeed(id: Int64, serviceID: UUID) async throws -> Bool {
        try await database.transaction { db in
            try await db.first("DELETE FROM feeds WHERE id = \(id) AND service_id = \(serviceID) RETURNING id") != nil
        }
    }

    public func claimDueFeeds(now: Date, leaseUntil: Date, limit: Int) async throws -> [FeedRecord] {
        try await database.transaction { db in
            try await db.rows(Self.claimDue("feeds", due: "next_poll_at", returning: Self.feedColumns, now: now, leaseUntil: leaseUntil, limit: limit))
                .map { [logger] in try Self.feed($0, forWork: logger) }
        }
    }

    public func recordPoll(feedID: Int64, _ result: FeedPollResult, at now: Date, nextPollAt: Date) async throws {
        try await database.transaction { db in
            try await db.execute(
                """
                UPDATE feeds SET etag = coalesce(\(result.etag), etag), last_modified = coalesce(\(result.lastModified), last_modified),
                    last_polled_at = \(now), last_error = \(result.error), published_count = published_count + \(result.published),
                    failures = CASE WHEN \(result.error) IS NULL THEN 0 ELSE failures + 1 END, next_poll_at = \(nextPollAt), lease_until = NULL
                WHERE id = \(feedID)
                """
            )
        }
    }
}
