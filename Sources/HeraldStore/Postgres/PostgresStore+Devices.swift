import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore {

    public func registerDevice(userID: UserID, token: String, platform: Platform, at date: Date) async throws -> DeviceRegistration {
        // `previous` is the owner before this statement: the CTE sees the old snapshot.
        let rows = try await query(
            """
            WITH previous AS (SELECT user_id FROM devices WHERE token = \(token)),
            upsert AS (
                INSERT INTO devices (user_id, token, platform, created_at, last_seen_at)
                VALUES (\(userID), \(token), \(platform.rawValue), \(ExactTimestamp(date)), \(ExactTimestamp(date)))
                ON CONFLICT (token) DO UPDATE SET
                    user_id = excluded.user_id, platform = excluded.platform, last_seen_at = excluded.last_seen_at,
                    created_at = CASE WHEN devices.user_id = excluded.user_id THEN devices.created_at ELSE excluded.created_at END
            )
            SELECT coalesce((SELECT user_id FROM previous) = \(userID), false)
            """
        )
        for try await already in rows.decode(Bool.self) { return already ? .alreadyRegistered : .added }
        return .added
    }

    public func removeDevice(userID: UserID, token: String) async throws -> Bool {
        try await !query("DELETE FROM devices WHERE user_id = \(userID) AND token = \(token) RETURNING id").decode(Int64.self).all().isEmpty
    }
}
