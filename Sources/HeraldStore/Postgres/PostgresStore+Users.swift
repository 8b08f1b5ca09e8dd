import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore {

    typealias UserRow = (Int64, String, Bool, Bool, ExactTimestamp?)
    static func user(_ row: UserRow) -> User {
        User(id: row.0, username: row.1, isActive: row.2, isAdmin: row.3, loginExpiresAt: row.4?.date)
    }
    func users(_ statement: PostgresQuery) async throws -> [User] {
        try await query(statement).decode(UserRow.self).all().map(Self.user)
    }

    public func createUser(username: String, passwordHash: String?, isAdmin: Bool) async throws -> User {
        let created = try await users(
            """
            INSERT INTO users (username, password_hash, is_admin) VALUES (\(username), \(passwordHash), \(isAdmin))
            ON CONFLICT (username) DO NOTHING RETURNING id, username, is_active, is_admin, login_expires_at
            """
        )
        guard let user = created.first else { throw StoreError.conflict("user \(username)") }
        return user
    }

    public func user(id: UserID) async throws -> User? {
        try await users("SELECT id, username, is_active, is_admin, login_expires_at FROM users WHERE id = \(id)").first
    }

    public func user(named username: String) async throws -> User? {
        try await users("SELECT id, username, is_active, is_admin, login_expires_at FROM users WHERE username = \(username)").first
    }

    public func passwordHash(username: String) async throws -> String? {
        for try await hash in try await query("SELECT password_hash FROM users WHERE username = \(username)").decode(String?.self) {
            return hash
        }
        return nil
    }

    public func setPasswordHash(username: String, hash: String) async throws -> Bool {
        try await !query("UPDATE users SET password_hash = \(hash) WHERE username = \(username) RETURNING id").decode(Int64.self).all().isEmpty
    }

    public func users() async throws -> [User] {
        try await users("SELECT id, username, is_active, is_admin, login_expires_at FROM users ORDER BY username")
    }

    public func updateUser(id: UserID, _ patch: UserPatch) async throws -> User? {
        try await users(
            """
            UPDATE users SET is_active = coalesce(\(patch.isActive), is_active), is_admin = coalesce(\(patch.isAdmin), is_admin)
            WHERE id = \(id) RETURNING id, username, is_active, is_admin, login_expires_at
            """
        ).first
    }

    public func deleteUser(id: UserID) async throws -> Bool {
        // Devices and subscriptions go by foreign key; the inbox has none (see
        // the migration). Pending deliveries of the user's devices are skipped.
        let rows = try await query(
            """
            WITH gone AS (DELETE FROM users WHERE id = \(id) RETURNING id),
            unlinked AS (DELETE FROM inbox WHERE user_id IN (SELECT id FROM gone))
            SELECT id FROM gone
            """
        )
        return try await !rows.decode(Int64.self).all().isEmpty
    }

    public func deleteUser(named username: String) async throws -> Bool {
        guard let user = try await user(named: username) else { return false }
        return try await deleteUser(id: user.id)
    }

    public func recordLogin(userID: UserID, expiresAt: Date) async throws {
        try await query("UPDATE users SET login_expires_at = \(ExactTimestamp(expiresAt)) WHERE id = \(userID)").discard()
    }

    public func adminCount() async throws -> Int {
        for try await count in try await query("SELECT count(*) FROM users WHERE is_admin").decode(Int64.self) { return Int(count) }
        return 0
    }

    public func deviceTokens(userIDs: [UserID]) async throws -> [UserID: [String]] {
        var tokens: [UserID: [String]] = [:]
        let rows = try await query("SELECT user_id, token FROM devices WHERE user_id = ANY(\(userIDs)) ORDER BY id")
        for try await (userID, token) in rows.decode((Int64, String).self) { tokens[userID, default: []].append(token) }
        return tokens
    }
}
