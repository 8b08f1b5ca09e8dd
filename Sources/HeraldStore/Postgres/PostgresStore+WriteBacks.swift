import Foundation
import HeraldCore
import Logging
import PostgresNIO

extension PostgresStore: WriteBackStore {
    typealias WriteBackRow = (Int64, String, String?, String?, Int32, String?, Bool, ExactTimestamp, ExactTimestamp?, String?, ExactTimestamp)
    static let writeBackColumns = "notification_id, wanted, achieved, reference, attempts, detail, refused, next_attempt_at, watch_at, snapshot, updated_at"

    public func claimWriteBacks(owner: String, limit: Int, until: Date, now: Date) async throws -> [WriteBackRecord] {
        // SKIP LOCKED: replicas claiming at once take different rows.
        try await rows(
            """
            UPDATE write_backs SET claimed_by = \(owner), claimed_until = \(ExactTimestamp(until))
            WHERE notification_id IN (
                SELECT notification_id FROM write_backs
                WHERE ((achieved IS DISTINCT FROM wanted AND NOT refused AND next_attempt_at <= \(ExactTimestamp(now))) OR watch_at <= \(ExactTimestamp(now)))
                    AND (claimed_until IS NULL OR claimed_until < \(ExactTimestamp(now)))
                ORDER BY least(next_attempt_at, watch_at) LIMIT \(Int64(limit)) FOR UPDATE SKIP LOCKED
            )
            RETURNING \(unescaped: Self.writeBackColumns)
            """,
            as: WriteBackRow.self
        ).map { try Self.writeBack($0, forWork: logger) }
    }

    public func finishWriteBack(
        _ id: NotificationID, owner: String, achieved: WriteBackGoal, reference: String?, detail: String?, watchAt: Date?, snapshot: String?, at now: Date
    ) async throws {
        try await execute(
            """
            UPDATE write_backs SET achieved = \(achieved.rawValue), reference = \(reference), detail = \(detail), attempts = 0,
                watch_at = CASE WHEN wanted = \(achieved.rawValue) THEN \(watchAt.map(ExactTimestamp.init))::timestamptz END, snapshot = coalesce(\(snapshot)::text, snapshot),
                claimed_by = NULL, claimed_until = NULL, updated_at = \(ExactTimestamp(now))
            WHERE notification_id = \(id) AND claimed_by = \(owner)
            """
        )
    }

    public func watchedWriteBack(_ id: NotificationID, owner: String, watchAt: Date?, at now: Date) async throws {
        try await execute(
            """
            UPDATE write_backs SET watch_at = CASE WHEN wanted = \(WriteBackGoal.acknowledged.rawValue) THEN \(watchAt.map(ExactTimestamp.init))::timestamptz END,
                claimed_by = NULL, claimed_until = NULL
            WHERE notification_id = \(id) AND claimed_by = \(owner)
            """
        )
    }

    public func failWriteBack(_ id: NotificationID, owner: String, detail: String, retryAt: Date?, at now: Date) async throws {
        try await execute(
            """
            UPDATE write_backs SET attempts = attempts + 1, detail = \(detail), refused = \(retryAt == nil),
                next_attempt_at = \(ExactTimestamp(retryAt ?? now)), claimed_by = NULL, claimed_until = NULL, updated_at = \(ExactTimestamp(now))
            WHERE notification_id = \(id) AND claimed_by = \(owner)
            """
        )
    }

    public func writeBack(of id: NotificationID) async throws -> WriteBackRecord? {
        try await first("SELECT \(unescaped: Self.writeBackColumns) FROM write_backs WHERE notification_id = \(id)", as: WriteBackRow.self)
            .map { try Self.writeBack($0) }
    }

    /// `forWork`: read for a claim (`StoredValue`'s leniency; a goal it
    /// cannot read is asked as an acknowledgement, as before it was named).
    static func writeBack(_ row: WriteBackRow, forWork logger: Logger? = nil) throws -> WriteBackRecord {
        WriteBackRecord(
            notificationID: row.0,
            wanted: try StoredValue.parse(row.1, as: WriteBackGoal.init(rawValue:), "write_backs", "wanted", row: row.0, forWork: logger) ?? .acknowledged,
            achieved: try StoredValue.parse(row.2, as: WriteBackGoal.init(rawValue:), "write_backs", "achieved", row: row.0, forWork: logger),
            reference: row.3, attempts: Int(row.4), detail: row.5, refused: row.6, nextAttemptAt: row.7.date, watchAt: row.8?.date, snapshot: row.9,
            updatedAt: row.10.date
        )
    }
}

extension PostgresStore: ServiceWriteBackStore {
    public func serviceWriteBack(serviceID: UUID) async throws -> WriteBackTarget? {
        try StoredValue.parse(
            try await serviceSettings("service_write_backs", of: serviceID), as: WriteBackTarget.init(json:), "service_write_backs", "settings", row: serviceID
        )
    }

    public func setServiceWriteBack(serviceID: UUID, _ target: WriteBackTarget?, at now: Date) async throws -> Bool {
        try await setServiceSettings("service_write_backs", of: serviceID, target?.json, at: now)
    }
}
