import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: QuietHoursStore {
    public func setQuietHours(userID: UserID, _ quietHours: QuietHours?, at now: Date) async throws {
        defer { quietChoicesChangedHere.bump() }
        try await transaction { connection in
            if let quietHours {
                try await connection.execute(
                    """
                    INSERT INTO quiet_hours (user_id, settings, updated_at) SELECT id, \(quietHours.json), \(ExactTimestamp(now)) FROM users WHERE id = \(userID)
                    ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at
                    """,
                    logger: logger
                )
            } else {
                try await connection.execute("DELETE FROM quiet_hours WHERE user_id = \(userID)", logger: logger)
            }
            try await connection.execute(Self.bumpQuietChoicesStamp, logger: logger)
        }
    }

    /// Counts a change of quiet hours or snoozes (in its transaction) in `settings`.
    static var bumpQuietChoicesStamp: PostgresQuery {
        """
        INSERT INTO settings (name, value) VALUES (\(SettingNames.quietChoicesStamp), '1')
        ON CONFLICT (name) DO UPDATE SET value = CAST(CAST(settings.value AS BIGINT) + 1 AS TEXT)
        """
    }

    public func quietChoicesStamp() async throws -> Int64 {
        try await first("SELECT value FROM settings WHERE name = \(SettingNames.quietChoicesStamp)", as: String.self).flatMap { Int64($0) } ?? 0
    }

    public func quietHours(userIDs: [UserID]) async throws -> [UserID: QuietHours] {
        guard !userIDs.isEmpty else { return [:] }
        let found = try await rows("SELECT user_id, settings FROM quiet_hours WHERE user_id = ANY(\(userIDs))", as: (Int64, String).self)
        return Dictionary(
            found.compactMap { row in StoredValue.quietHours(row.1, of: row.0, logger: logger).map { (row.0, $0) } }, uniquingKeysWith: { first, _ in first }
        )
    }

    public func snooze(userID: UserID, serviceID: UUID, until: Date?) async throws {
        defer { quietChoicesChangedHere.bump() }
        try await transaction { connection in
            if let until {
                try await connection.execute(
                    """
                    INSERT INTO snoozes (user_id, service_id, until) SELECT \(userID), id, \(ExactTimestamp(until)) FROM services WHERE id = \(serviceID)
                    ON CONFLICT (user_id, service_id) DO UPDATE SET until = excluded.until
                    """,
                    logger: logger
                )
            } else {
                try await connection.execute("DELETE FROM snoozes WHERE user_id = \(userID) AND service_id = \(serviceID)", logger: logger)
            }
            try await connection.execute(Self.bumpQuietChoicesStamp, logger: logger)
        }
    }

    public func snoozes(userID: UserID, now: Date) async throws -> [UUID: Date] {
        let found = try await rows(
            "SELECT service_id, until FROM snoozes WHERE user_id = \(userID) AND until > \(ExactTimestamp(now))", as: (UUID, ExactTimestamp).self
        )
        return Dictionary(found.map { ($0.0, $0.1.date) }, uniquingKeysWith: { first, _ in first })
    }

    public func quietChoices(now: Date) async throws -> [UserID: QuietChoices] {
        var found: [UserID: QuietChoices] = [:]
        for row in try await rows("SELECT user_id, settings FROM quiet_hours", as: (Int64, String).self) {
            found[row.0, default: QuietChoices()].quietHours = StoredValue.quietHours(row.1, of: row.0, logger: logger)
        }
        for row in try await rows(
            "SELECT user_id, service_id, until FROM snoozes WHERE until > \(ExactTimestamp(now))", as: (Int64, UUID, ExactTimestamp).self
        ) {
            found[row.0, default: QuietChoices()].snoozes[row.1] = row.2.date
        }
        return found
    }
}
