import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore {

    static func user(from row: SQLiteRow) -> User {
        User(
            id: row.int64("id"), username: row.text("username"), isActive: row.bool("is_active"),
            isAdmin: row.bool("is_admin"), loginExpiresAt: row.optionalDate("login_expires_at")
        )
    }

    public func createUser(username: String, passwordHash: String?, isAdmin: Bool) async throws -> User {
        try await database.transaction { db in
            let row = try await db.first(
                "INSERT INTO users (username, password_hash, is_admin) VALUES (\(username), \(passwordHash), \(isAdmin)) ON CONFLICT (username) DO NOTHING RETURNING id, username, is_active, is_admin, login_expires_at"
            )
            guard let row else { throw StoreError.conflict("user \(username)") }
            return Self.user(from: row)
        }
    }

    public func user(id: UserID) async throws -> User? {
        try await database.read { db in
            try await db.first("SELECT id, username, is_active, is_admin, login_expires_at FROM users WHERE id = \(id)").map(Self.user(from:))
        }
    }

    public func user(named username: String) async throws -> User? {
        try await database.read { db in
            try await db.first("SELECT id, username, is_active, is_admin, login_expires_at FROM users WHERE username = \(username)").map(Self.user(from:))
        }
    }

    public func passwordHash(username: String) async throws -> String? {
        try await database.read { db in
            try await db.first("SELECT password_hash FROM users WHERE username = \(username)")?.optionalText("password_hash")
        }
    }

    public func setPasswordHash(username: String, hash: String) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("UPDATE users SET password_hash = \(hash) WHERE username = \(username)")
            return try await db.changes() > 0
        }
    }

    public func users() async throws -> [User] {
        try await database.read { db in
            try await db.rows("SELECT id, username, is_active, is_admin, login_expires_at FROM users ORDER BY username").map(Self.user(from:))
        }
    }

    public func updateUser(id: UserID, _ patch: UserPatch) async throws -> User? {
        try await database.transaction { db in
            try await db.first(
                """
                UPDATE users SET is_active = coalesce(\(patch.isActive), is_active), is_admin = coalesce(\(patch.isAdmin), is_admin)
                WHERE id = \(id) RETURNING id, username, is_active, is_admin, login_expires_at
                """
            ).map(Self.user(from:))
        }
    }

    public func deleteUser(id: UserID) async throws -> Bool {
        // Devices and subscriptions go by foreign key; the inbox has none (see
        // the migration). Pending deliveries of the user's devices are skipped.
        try await database.transaction { db in
            try await db.execute("DELETE FROM users WHERE id = \(id)")
            guard try await db.changes() > 0 else { return false }
            try await db.execute("DELETE FROM inbox WHERE user_id = \(id)")
            return true
        }
    }

    public func deleteUser(named username: String) async throws -> Bool {
        guard let user = try await user(named: username) else { return false }
        return try await deleteUser(id: user.id)
    }

    public func recordLogin(userID: UserID, expiresAt: Date) async throws {
        try await database.transaction { db in
            try await db.execute("UPDATE users SET login_expires_at = \(expiresAt) WHERE id = \(userID)")
        }
    }

    public func adminCount() async throws -> Int {
        try await database.read { db in
            Int(try await db.first("SELECT count(*) AS n FROM users WHERE is_admin = 1")?.int64("n") ?? 0)
        }
    }

    public func deviceTokens(userIDs: [UserID]) async throws -> [UserID: [String]] {
        try await database.read { db in
            let rows = try await db.rows(
                "SELECT user_id, token FROM devices WHERE user_id IN (SELECT value FROM json_each(\(jsonArray: userIDs))) ORDER BY id"
            )
            var tokens: [UserID: [String]] = [:]
            for row in rows { tokens[row.int64("user_id"), default: []].append(row.text("token")) }
            return tokens
        }
    }
}
