import Foundation
import HeraldCore
import Logging
import SQLiteNIO

extension SQLiteStore: ScheduleStore {
    static let scheduledColumns: SQLiteQuery = "id, service_id, deliver_at, title, subtitle, url, severity, attributes, expires_at, key, created_at"

    static func scheduled(_ row: SQLiteRow, forWork logger: Logger? = nil) throws -> ScheduledNotification {
        ScheduledNotification(
            id: try row.int64("id"), serviceID: try row.uuid("service_id"), deliverAt: try row.date("deliver_at"),
            draft: NotificationDraft(
                title: try row.text("title"), subtitle: try row.text("subtitle"), url: try row.text("url"),
                severity: try StoredValue.severity(try row.optionalText("severity"), "scheduled_notifications", row: try row.int64("id"), forWork: logger),
                attributes: try StoredValue.attributes(try row.optionalText("attributes"), "scheduled_notifications", row: try row.int64("id"), forWork: logger),
                expiresAt: try row.optionalDate("expires_at"),
                key: try row.optionalText("key")
            ),
            createdAt: try row.date("created_at")
        )
    }

    public func schedule(_ draft: NotificationDraft, serviceID: UUID, deliverAt: Date, at now: Date) async throws -> ScheduledNotification? {
        try await database.transaction { db in
            try await db.first(
                """
                INSERT INTO scheduled_notifications (service_id, deliver_at, title, subtitle, url, severity, attributes, expires_at, key, created_at)
                SELECT id, \(deliverAt), \(draft.title), \(draft.subtitle), \(draft.url), \(draft.severity?.rawValue), \(draft.attributes?.json), \(draft.expiresAt),
                    \(draft.key), \(now)
                FROM services WHERE id = \(serviceID)
                RETURNING \(Self.scheduledColumns)
                """
            ).map { try Self.scheduled($0) }
        }
    }

    public func scheduled(serviceID: UUID, after: Int64, limit: Int) async throws -> [ScheduledNotification] {
        try await database.read { db in
            try await db.rows(
                "SELECT \(Self.scheduledColumns) FROM scheduled_notifications WHERE service_id = \(serviceID) AND id > \(after) ORDER BY id LIMIT \(limit)"
            ).map { try Self.scheduled($0) }
        }
    }

    public func scheduledCount(serviceID: UUID) async throws -> Int {
        try await database.read { db in
            Int(try await db.first("SELECT count(*) AS n FROM scheduled_notifications WHERE service_id = \(serviceID)")?.int64("n") ?? 0)
        }
    }

    public func cancelScheduled(id: Int64, serviceID: UUID) async throws -> Bool {
        try await database.transaction { db in
            try await db.first("DELETE FROM scheduled_notifications WHERE id = \(id) AND service_id = \(serviceID) RETURNING id") != nil
        }
    }

    public func claimDueScheduled(now: Date, leaseUntil: Date, limit: Int) async throws -> [ScheduledNotification] {
        try await database.transaction { db in
            try await db.rows(
                Self.claimDue("scheduled_notifications", due: "deliver_at", returning: Self.scheduledColumns, now: now, leaseUntil: leaseUntil, limit: limit)
            ).map { try Self.scheduled($0, forWork: logger) }.sorted { ($0.deliverAt, $0.id) < ($1.deliverAt, $1.id) }
        }
    }

    public func finishScheduled(ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await database.transaction { db in
            try await db.execute("DELETE FROM scheduled_notifications WHERE id IN (SELECT value FROM json_each(\(jsonArray: ids)))")
        }
    }

    public func nextScheduledTime() async throws -> Date? {
        try await database.read { db in
            try await db.first("SELECT min(deliver_at) AS next FROM scheduled_notifications")?.optionalDate("next")
        }
    }
}

extension SQLiteStore: RecurringStore {
    static let recurringColumns: SQLiteQuery = "id, service_id, cron, time_zone, title, subtitle, url, severity, attributes, next_run_at, last_run_at, created_at"

    static func recurring(_ row: SQLiteRow, forWork logger: Logger? = nil) throws -> RecurringNotification {
        RecurringNotification(
            id: try row.int64("id"), serviceID: try row.uuid("service_id"), cron: try row.text("cron"), timeZone: try row.text("time_zone"),
            draft: NotificationDraft(
                title: try row.text("title"), subtitle: try row.text("subtitle"), url: try row.text("url"),
                severity: try StoredValue.severity(try row.optionalText("severity"), "recurring_notifications", row: try row.int64("id"), forWork: logger),
                attributes: try StoredValue.attributes(try row.optionalText("attributes"), "recurring_notifications", row: try row.int64("id"), forWork: logger)
            ),
            nextRunAt: try row.optionalDate("next_run_at"), lastRunAt: try row.optionalDate("last_run_at"), createdAt: try row.date("created_at")
        )
    }

    public func createRecurring(
        _ draft: NotificationDraft, serviceID: UUID, cron: String, timeZone: String, nextRunAt: Date?, at now: Date
    ) async throws -> RecurringNotification? {
        try await database.transaction { db in
            try await db.first(
                """
                INSERT INTO recurring_notifications (service_id, cron, time_zone, title, subtitle, url, severity, attributes, next_run_at, created_at)
                SELECT id, \(cron), \(timeZone), \(draft.title), \(draft.subtitle), \(draft.url), \(draft.severity?.rawValue), \(draft.attributes?.json), \(nextRunAt), \(now)
                FROM services WHERE id = \(serviceID)
                RETURNING \(Self.recurringColumns)
                """
            ).map { try Self.recurring($0) }
        }
    }

    public func recurring(serviceID: UUID, after: Int64, limit: Int) async throws -> [RecurringNotification] {
        try await database.read { db in
            try await db.rows(
                "SELECT \(Self.recurringColumns) FROM recurring_notifications WHERE service_id = \(serviceID) AND id > \(after) ORDER BY id LIMIT \(limit)"
            ).map { try Self.recurring($0) }
        }
    }

    public func recurringCount(serviceID: UUID) async throws -> Int {
        try await database.read { db in
            Int(try await db.first("SELECT count(*) AS n FROM recurring_notifications WHERE service_id = \(serviceID)")?.int64("n") ?? 0)
        }
    }

    public func deleteRecurring(id: Int64, serviceID: UUID) async throws -> Bool {
        try await database.transaction { db in
            try await db.first("DELETE FROM recurring_notifications WHERE id = \(id) AND service_id = \(serviceID) RETURNING id") != nil
        }
    }

    public func claimDueRecurring(now: Date, leaseUntil: Date, limit: Int) async throws -> [RecurringNotification] {
        try await database.transaction { db in
            try await db.rows(
                Self.claimDue("recurring_notifications", due: "next_run_at", returning: Self.recurringColumns, now: now, leaseUntil: leaseUntil, limit: limit)
            ).map { try Self.recurring($0, forWork: logger) }
        }
    }

    public func recordRecurringRun(id: Int64, ranAt: Date, nextRunAt: Date?) async throws {
        try await database.transaction { db in
            try await db.execute(
                "UPDATE recurring_notifications SET last_run_at = \(ranAt), next_run_at = \(nextRunAt), lease_until = NULL WHERE id = \(id)"
            )
        }
    }
}

extension SQLiteStore {
    /// Leases up to `limit` rows of `table` that have come due (`due` at or
    /// before `now`) and that no live lease holds, until `leaseUntil` (one
    /// writer at a time, so no two claimers see the same row). Held and
    /// recurring notifications and feeds are claimed this way.
    static func claimDue(_ table: SQLiteQuery, due: SQLiteQuery, returning columns: SQLiteQuery, now: Date, leaseUntil: Date, limit: Int) -> SQLiteQuery {
        """
        UPDATE \(table) SET lease_until = \(leaseUntil)
        WHERE id IN (
            SELECT id FROM \(table) WHERE \(due) <= \(now) AND (lease_until IS NULL OR lease_until <= \(now)) ORDER BY \(due) LIMIT \(limit)
        )
        RETURNING \(columns)
        """
    }
}
