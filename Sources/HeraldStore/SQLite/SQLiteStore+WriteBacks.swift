import Foundation
import HeraldCore
import Logging
import SQLiteNIO

extension SQLiteStore: WriteBackStore {
    public func claimWriteBacks(owner: String, limit: Int, until: Date, now: Date) async throws -> [WriteBackRecord] {
        try await database.transaction { db in
            try await db.rows(
                """
                UPDATE write_backs SET claimed_by = \(owner), claimed_until = \(until)
                WHERE notification_id IN (
                    SELECT notification_id FROM write_backs
                    WHERE ((achieved IS NOT wanted AND refused = 0 AND next_attempt_at <= \(now)) OR watch_at <= \(now))
                        AND (claimed_until IS NULL OR claimed_until < \(now))
                    ORDER BY min(next_attempt_at, coalesce(watch_at, next_attempt_at)) LIMIT \(limit)
                )
                RETURNING \(Self.writeBackColumns)
                """
            ).map { try Self.writeBack($0, forWork: logger) }
        }
    }

    public func finishWriteBack(
        _ id: NotificationID, owner: String, achieved: WriteBackGoal, reference: String?, detail: String?, watchAt: Date?, snapshot: String?, at now: Date
    ) async throws {
        try await database.transaction { db in
            try await db.execute(
                """
                UPDATE write_backs SET achieved = \(achieved.rawValue), reference = \(reference), detail = \(detail), attempts = 0,
                    watch_at = CASE WHEN wanted = \(achieved.rawValue) THEN \(watchAt) END, snapshot = coalesce(\(snapshot), snapshot),
                    claimed_by = NULL, claimed_until = NULL, updated_at = \(now)
                WHERE notification_id = \(id) AND claimed_by = \(owner)
                """
            )
        }
    }

    public func watchedWriteBack(_ id: NotificationID, owner: String, watchAt: Date?, at now: Date) async throws {
        try await database.transaction { db in
            try await db.execute(
                """
                UPDATE write_backs SET watch_at = CASE WHEN wanted = \(WriteBackGoal.acknowledged.rawValue) THEN \(watchAt) END,
                    claimed_by = NULL, claimed_until = NULL
                WHERE notification_id = \(id) AND claimed_by = \(owner)
                """
            )
        }
    }

    public func failWriteBack(_ id: NotificationID, owner: String, detail: String, retryAt: Date?, at now: Date) async throws {
        try await database.transaction { db in
            try await db.execute(
                """
                UPDATE write_backs SET attempts = attempts + 1, detail = \(detail), refused = \(retryAt == nil),
                    next_attempt_at = \(retryAt ?? now), claimed_by = NULL, claimed_until = NULL, updated_at = \(now)
                WHERE notification_id = \(id) AND claimed_by = \(owner)
                """
            )
        }
    }

    public func writeBack(of id: NotificationID) async throws -> WriteBackRecord? {
        try await database.read { db in
            try await db.first(
                "SELECT \(Self.writeBackColumns) FROM write_backs WHERE notification_id = \(id)"
            ).map { try Self.writeBack($0) }
        }
    }

    static let writeBackColumns: SQLiteQuery = "notification_id, wanted, achieved, reference, attempts, detail, refused, next_attempt_at, watch_at, snapshot, updated_at"

    /// `forWork`: read for a claim (`StoredValue`'s leniency; a goal it
    /// cannot read is asked as an acknowledgement, as before it was named).
    static func writeBack(_ row: SQLiteRow, forWork logger: Logger? = nil) throws -> WriteBackRecord {
        let id = try row.int64("notification_id")
        return WriteBackRecord(
            notificationID: id,
            wanted: try StoredValue.parse(try row.text("wanted"), as: WriteBackGoal.init(rawValue:), "write_backs", "wanted", row: id, forWork: logger) ?? .acknowledged,
            achieved: try StoredValue.parse(try row.optionalText("achieved"), as: WriteBackGoal.init(rawValue:), "write_backs", "achieved", row: id, forWork: logger),
            reference: try row.optionalText("reference"),
            attempts: Int(try row.int64("attempts")), detail: try row.optionalText("detail"), refused: try row.bool("refused"),
            nextAttemptAt: try row.date("next_attempt_at"), watchAt: try row.optionalDate("watch_at"), snapshot: try row.optionalText("snapshot"),
            updatedAt: try row.date("updated_at")
        )
    }
}

extension SQLiteStore: ServiceWriteBackStore {
    public func serviceWriteBack(serviceID: UUID) async throws -> WriteBackTarget? {
        try StoredValue.parse(
            try await serviceSettings("service_write_backs", of: serviceID), as: WriteBackTarget.init(json:), "service_write_backs", "settings", row: serviceID
        )
    }

    public func setServiceWriteBack(serviceID: UUID, _ target: WriteBackTarget?, at now: Date) async throws -> Bool {
        try await setServiceSettings("service_write_backs", of: serviceID, target?.json, at: now)
    }
}
