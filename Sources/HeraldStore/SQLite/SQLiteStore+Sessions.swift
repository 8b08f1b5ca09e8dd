import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: SessionStore {
    public func openSession(id: String, userID: UserID, expiresAt: Date, at: Date) async throws {
        try await database.transaction { db in
            try await db.execute("INSERT INTO web_sessions (id, user_id, created_at, expires_at) VALUES (\(id), \(userID), \(at), \(expiresAt))")
        }
    }

    public func isSessionOpen(id: String, userID: UserID, now: Date) async throws -> Bool {
        try await database.read { db in
            try await db.first("SELECT 1 AS open FROM web_sessions WHERE id = \(id) AND user_id = \(userID) AND expires_at > \(now)") != nil
        }
    }

    @discardableResult
    public func closeSession(id: String) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("DELETE FROM web_sessions WHERE id = \(id)")
            return try await db.changes() > 0
        }
    }

    public func closeSessions(userID: UserID) async throws {
        try await database.transaction { db in
            try await db.execute("DELETE FROM web_sessions WHERE user_id = \(userID)")
        }
    }

    public func pruneSessions(expiredBefore before: Date) async throws -> Int {
        try await database.transaction { db in
            try await db.execute("DELETE FROM web_sessions WHERE expires_at < \(before)")
            return try await db.changes()
        }
    }
}
