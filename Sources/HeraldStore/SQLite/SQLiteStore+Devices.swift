import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore {

    public func registerDevice(userID: UserID, token: String, platform: Platform, at date: Date) async throws -> DeviceRegistration {
        try await database.transaction { db in
            let existing = try await db.first("SELECT user_id FROM devices WHERE token = \(token)")
            try await db.execute(
                """
                INSERT INTO devices (user_id, token, platform, created_at, last_seen_at)
                VALUES (\(userID), \(token), \(platform.rawValue), \(date), \(date))
                ON CONFLICT (token) DO UPDATE SET
                    user_id = excluded.user_id, platform = excluded.platform, last_seen_at = excluded.last_seen_at,
                    created_at = CASE WHEN devices.user_id = excluded.user_id THEN devices.created_at ELSE excluded.created_at END
                """
            )
            return existing?.int64("user_id") == userID ? .alreadyRegistered : .added
        }
    }

    public func removeDevice(userID: UserID, token: String) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("DELETE FROM devices WHERE user_id = \(userID) AND token = \(token)")
            return try await db.changes() > 0
        }
    }
}
