import Foundation
import HeraldCore
import Logging
import PostgresNIO

extension PostgresStore: ScheduleStore {
    typealias ScheduledRow = (Int64, UUID, ExactTimestamp, String, String, String, String?, String?, ExactTimestamp?, String?, ExactTimestamp)
    static let scheduledColumns = "id, service_id, deliver_at, title, subtitle, url, severity, attributes, expires_at, key, created_at"

    static func scheduled(_ row: ScheduledRow, forWork logger: Logger? = nil) throws -> ScheduledNotification {
        ScheduledNotification(
            id: row.0, serviceID: row.1, deliverAt: row.2.date,
            draft: NotificationDraft(
                title: row.3, subtitle: row.4, url: row.5, severity: try StoredValue.severity(row.6, "scheduled_notifications", row: row.0, forWork: logger),
                attributes: try StoredValue.attributes(row.7, "scheduled_notifications", row: row.0, forWork: logger),
                expiresAt: row.8?.date, key: row.9
            ),
            createdAt: row.10.date
        )
    }

    public func schedule(_ draft: NotificationDraft, serviceID: UUID, deliverAt: Date, at now: Date) async throws -> ScheduledNotification? {
        try await first(
            """
            INSERT INTO scheduled_notifications (service_id, deliver_at, title, subtitle, url, severity, attributes, expires_at, key, created_at)
            SELECT id, \(ExactTimestamp(deliverAt)), \(draft.title), \(draft.subtitle), \(draft.url), \(draft.severity?.rawValue), \(draft.attributes?.json),
                \(draft.expiresAt.map(ExactTimestamp.init)), \(draft.key), \(ExactTimestamp(now))
            FROM services WHERE id = \(serviceID)
            RETURNING \(unescaped: Self.scheduledColumns)
            """,
            as: ScheduledRow.self
        ).map { try Self.scheduled($0) }
    }

    public func scheduled(serviceID: UUID, after: Int64, limit: Int) async throws -> [ScheduledNotification] {
        try await rows(
            """
            SELECT \(unescaped: Self.scheduledColumns) FROM scheduled_notifications WHERE service_id = \(serviceID) AND id > \(after)
            ORDER BY id LIMIT \(limit)
            """,
            as: ScheduledRow.self
        ).map { try Self.scheduled($0) }
    }

    public func scheduledCount(serviceID: UUID) async throws -> Int {
        try await count("SELECT count(*) FROM scheduled_notifications WHERE service_id = \(serviceID)")
    }

    public func cancelScheduled(id: Int64, serviceID: UUID) async throws -> Bool {
        try await !rows("DELETE FROM scheduled_notifications WHERE id = \(id) AND service_id = \(serviceID) RETURNING id", as: Int64.self).isEmpty
    }

    public func claimDueScheduled(now: Date, leaseUntil: Date, limit: Int) async throws -> [ScheduledNotification] {
        try await rows(
            Self.claimDue("scheduled_notifications", due: "deliver_at", returning: Self.scheduledColumns, now: now, leaseUntil: leaseUntil, limit: limit),
            as: ScheduledRow.self
        ).map { try Self.scheduled($0, forWork: logger) }.sorted { ($0.deliverAt, $0.id) < ($1.deliverAt, $1.id) }
    }

    public func finishScheduled(ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await execute("DELETE FROM scheduled_notifications WHERE id = ANY(\(ids))")
    }

    public func nextScheduledTime() async throws -> Date? {
        let next: ExactTimestamp?? = try await first("SELECT min(deliver_at) FROM scheduled_notifications", as: ExactTimestamp?.self)
        return (next ?? nil)?.date
    }
}

extension PostgresStore: RecurringStore {
    typealias RecurringRow = (Int64, UUID, String, String, String, String, String, String?, String?, ExactTimestamp?, ExactTimestamp?, ExactTimestamp)
    static let recurringColumns = "id, service_id, cron, time_zone, title, subtitle, url, severity, attributes, next_run_at, last_run_at, created_at"

    static func recurring(_ row: RecurringRow, forWork logger: Logger? = nil) throws -> RecurringNotification {
        RecurringNotification(
            id: row.0, serviceID: row.1, cron: row.2, timeZone: row.3,
            draft: NotificationDraft(
                title: row.4, subtitle: row.5, url: row.6, severity: try StoredValue.severity(row.7, "recurring_notifications", row: row.0, forWork: logger),
                attributes: try StoredValue.attributes(row.8, "recurring_notifications", row: row.0, forWork: logger)
            ),
            nextRunAt: row.9?.date, lastRunAt: row.10?.date, createdAt: row.11.date
        )
    }

    public func createRecurring(
        _ draft: NotificationDraft, serviceID: UUID, cron: String, timeZone: String, nextRunAt: Date?, at now: Date
    ) async throws -> RecurringNotification? {
        try await first(
            """
            INSERT INTO recurring_notifications (service_id, cron, time_zone, title, subtitle, url, severity, attributes, next_run_at, created_at)
            SELECT id, \(cron), \(timeZone), \(draft.title), \(draft.subtitle), \(draft.url), \(draft.severity?.rawValue), \(draft.attributes?.json),
                \(nextRunAt.map(ExactTimestamp.init)), \(ExactTimestamp(now))
            FROM services WHERE id = \(serviceID)
            RETURNING \(unescaped: Self.recurringColumns)
            """,
            as: RecurringRow.self
        ).map { try Self.recurring($0) }
    }

    public func recurring(serviceID: UUID, after: Int64, limit: Int) async throws -> [RecurringNotification] {
        try await rows(
            """
            SELECT \(unescaped: Self.recurringColumns) FROM recurring_notifications WHERE service_id = \(serviceID) AND id > \(after)
            ORDER BY id LIMIT \(limit)
            """,
            as: RecurringRow.self
        ).map { try Self.recurring($0) }
    }

    public func recurringCount(serviceID: UUID) async throws -> Int {
        try await count("SELECT count(*) FROM recurring_notifications WHERE service_id = \(serviceID)")
    }

    public func deleteRecurring(id: Int64, serviceID: UUID) async throws -> Bool {
        try await !rows("DELETE FROM recurring_notifications WHERE id = \(id) AND service_id = \(serviceID) RETURNING id", as: Int64.self).isEmpty
    }

    public func claimDueRecurring(now: Date, leaseUntil: Date, limit: Int) async throws -> [RecurringNotification] {
        try await rows(
            Self.claimDue("recurring_notifications", due: "next_run_at", returning: Self.recurringColumns, now: now, leaseUntil: leaseUntil, limit: limit),
            as: RecurringRow.self
        ).map { try Self.recurring($0, forWork: logger) }
    }

    public func recordRecurringRun(id: Int64, ranAt: Date, nextRunAt: Date?) async throws {
        try await execute(
            """
            UPDATE recurring_notifications SET last_run_at = \(ExactTimestamp(ranAt)), next_run_at = \(nextRunAt.map(ExactTimestamp.init)), lease_until = NULL
            WHERE id = \(id)
            """
        )
    }
}

extension PostgresStore {
    /// Leases up to `limit` rows of `table` that have come due (`due` at or
    /// before `now`) and that no live lease holds, until `leaseUntil`; rows
    /// another replica is claiming at this moment are skipped. Held and
    /// recurring notifications and feeds are claimed this way. The names
    /// come from the code, never from input.
    static func claimDue(_ table: String, due: String, returning columns: String, now: Date, leaseUntil: Date, limit: Int) -> PostgresQuery {
        """
        UPDATE \(unescaped: table) SET lease_until = \(ExactTimestamp(leaseUntil))
        WHERE id = ANY(ARRAY(
            SELECT id FROM \(unescaped: table)
            WHERE \(unescaped: due) <= \(ExactTimestamp(now)) AND (lease_until IS NULL OR lease_until <= \(ExactTimestamp(now)))
            ORDER BY \(unescaped: due) LIMIT \(limit) FOR UPDATE SKIP LOCKED
        ))
        RETURNING \(unescaped: columns)
        """
    }
}
