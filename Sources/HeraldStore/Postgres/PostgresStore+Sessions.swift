import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: SessionStore {
    public func openSession(id: String, userID: UserID, expiresAt: Date, at: Date) async throws {
        try await execute(
            """
            INSERT INTO web_sessions (id, user_id, created_at, expires_at) VALUES (\(id), \(userID), \(ExactTimestamp(at)), \(ExactTimestamp(expiresAt)))
            """
        )
    }

    public func isSessionOpen(id: String, userID: UserID, now: Date) async throws -> Bool {
        try await count("SELECT count(*) FROM web_sessions WHERE id = \(id) AND user_id = \(userID) AND expires_at > \(ExactTimestamp(now))") == 1
    }

    @discardableResult
    public func closeSession(id: String) async throws -> Bool {
        try await count("WITH gone AS (DELETE FROM web_sessions WHERE id = \(id) RETURNING 1) SELECT count(*) FROM gone") == 1
    }

    public func closeSessions(userID: UserID) async throws {
        try await execute("DELETE FROM web_sessions WHERE user_id = \(userID)")
    }

    public func pruneSessions(expiredBefore before: Date) async throws -> Int {
        try await count("WITH gone AS (DELETE FROM web_sessions WHERE expires_at < \(ExactTimestamp(before)) RETURNING 1) SELECT count(*) FROM gone")
    }
}
