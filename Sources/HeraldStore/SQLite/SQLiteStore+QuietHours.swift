import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: QuietHoursStore {
    public func setQuietHours(userID: UserID, _ quietHours: QuietHours?, at now: Date) async throws {
        defer { quietChoicesChangedHere.bump() }
        try await database.transaction { db in
            if let quietHours {
                try await db.execute(
                    """
                    INSERT INTO quiet_hours (user_id, settings, updated_at) SELECT id, \(quietHours.json), \(now) FROM users WHERE id = \(userID)
                    ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at
                    """
                )
            } else {
                try await db.execute("DELETE FROM quiet_hours WHERE user_id = \(userID)")
            }
            try await Self.bumpQuietChoicesStamp(in: db)
        }
    }

    /// Counts a change of quiet hours or snoozes (in its transaction) in `settings`.
    private static func bumpQuietChoicesStamp(in db: SQLiteExecutor) async throws {
        try await db.execute(
            """
            INSERT INTO settings (name, value) VALUES (\(SettingNames.quietChoicesStamp), '1')
            ON CONFLICT (name) DO UPDATE SET value = CAST(CAST(settings.value AS INTEGER) + 1 AS TEXT)
            """
        )
    }

    public func quietChoicesStamp() async throws -> Int64 {
        try await database.read { db in
            try await db.first("SELECT value FROM settings WHERE name = \(SettingNames.quietChoicesStamp)").flatMap { Int64(try $0.text("value")) } ?? 0
        }
    }

    public func quietHours(userIDs: [UserID]) async throws -> [UserID: QuietHours] {
        guard !userIDs.isEmpty else { return [:] }
        let found = try await database.read { db in
            try await db.rows("SELECT user_id, settings FROM quiet_hours WHERE user_id IN (SELECT value FROM json_each(\(jsonArray: userIDs)))")
                .map { (try $0.int64("user_id"), try $0.text("settings")) }
        }
        return Dictionary(
            found.compactMap { row in StoredValue.quietHours(row.1, of: row.0, logger: logger).map { (row.0, $0) } }, uniquingKeysWith: { first, _ in first }
        )
    }

    public func snooze(userID: UserID, serviceID: UUID, until: Date?) async throws {
        defer { quietChoicesChangedHere.bump() }
        try await database.transaction { db in
            if let until {
                try await db.execute(
                    """
                    INSERT INTO snoozes (user_id, service_id, until) SELECT \(userID), id, \(until) FROM services WHERE id = \(serviceID)
                    ON CONFLICT (user_id, service_id) DO UPDATE SET until = excluded.until
                    """
                )
            } else {
                try await db.execute("DELETE FROM snoozes WHERE user_id = \(userID) AND service_id = \(serviceID)")
            }
            try await Self.bumpQuietChoicesStamp(in: db)
        }
    }

    public func snoozes(userID: UserID, now: Date) async throws -> [UUID: Date] {
        let found = try await database.read { db in
            try await db.rows("SELECT service_id, until FROM snoozes WHERE user_id = \(userID) AND until > \(now)").map { (try $0.uuid("service_id"), try $0.date("until")) }
        }
        return Dictionary(found, uniquingKeysWith: { first, _ in first })
    }

    public func quietChoices(now: Date) async throws -> [UserID: QuietChoices] {
        try await database.read { db in
            var found: [UserID: QuietChoices] = [:]
            for row in try await db.rows("SELECT user_id, settings FROM quiet_hours") {
                let userID = try row.int64("user_id")
                found[userID, default: QuietChoices()].quietHours = StoredValue.quietHours(try row.text("settings"), of: userID, logger: logger)
            }
            for row in try await db.rows("SELECT user_id, service_id, until FROM snoozes WHERE until > \(now)") {
                found[try row.int64("user_id"), default: QuietChoices()].snoozes[try row.uuid("service_id")] = try row.date("until")
            }
            return found
        }
    }
}
