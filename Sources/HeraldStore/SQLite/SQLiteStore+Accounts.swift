import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: AccountStore {
    static func user(from row: SQLiteRow) throws -> User {
        User(
            id: try row.int64("id"), username: try row.text("username"), isActive: try row.bool("is_active"),
            isAdmin: try row.bool("is_admin"), loginExpiresAt: try row.optionalDate("login_expires_at"),
            origin: try row.value("origin", as: AccountOrigin.self), lastLoginAt: try row.optionalDate("last_login_at"),
            tokenGeneration: try row.int64("token_generation"), tokensRevokedAt: try row.optionalDate("tokens_revoked_at"),
            isConfined: try row.bool("confined")
        )
    }

    public func createUser(username: String, passwordHash: String?, isAdmin: Bool, origin: AccountOrigin, identity: AccountIdentity?, at: Date) async throws -> User {
        try await database.transaction { db in
            let row = try await db.first(
                "INSERT INTO users (username, password_hash, is_admin, origin, token_generation) VALUES (\(username), \(passwordHash), \(isAdmin), \(origin.rawValue), 1) ON CONFLICT (username) DO NOTHING RETURNING id, username, is_active, is_admin, login_expires_at, origin, last_login_at, token_generation, tokens_revoked_at, confined"
            )
            guard let row else { throw StoreError.conflict("user \(username)") }
            let user = try Self.user(from: row)
            if let identity {
                // The same transaction: a subject taken meanwhile undoes the account too.
                try await db.execute(
                    """
                    INSERT INTO account_identities (user_id, origin, issuer, subject, linked_at)
                    VALUES (\(user.id), \(identity.origin.rawValue), \(identity.issuer), \(identity.subject), \(at))
                    """
                )
            }
            return user
        }
    }

    public func user(issuer: String, subject: String) async throws -> User? {
        try await database.read { db in
            try await db.first(
                """
                SELECT u.id, u.username, u.is_active, u.is_admin, u.login_expires_at, u.origin, u.last_login_at, u.token_generation, u.tokens_revoked_at, u.confined
                FROM account_identities i JOIN users u ON u.id = i.user_id WHERE i.issuer = \(issuer) AND i.subject = \(subject)
                """
            ).map(Self.user(from:))
        }
    }

    public func identities(userID: UserID) async throws -> [AccountIdentity] {
        try await database.read { db in
            try await db.rows("SELECT origin, issuer, subject FROM account_identities WHERE user_id = \(userID) ORDER BY origin, issuer").map {
                AccountIdentity(origin: try $0.value("origin", as: AccountOrigin.self), issuer: try $0.text("issuer"), subject: try $0.optionalText("subject"))
            }
        }
    }

    public func link(userID: UserID, _ identity: AccountIdentity, at: Date) async throws -> Bool {
        try await database.transaction { db in
            guard try await db.first("SELECT 1 AS found FROM users WHERE id = \(userID)") != nil else { return false }
            try await db.execute(
                """
                INSERT INTO account_identities (user_id, origin, issuer, subject, linked_at)
                VALUES (\(userID), \(identity.origin.rawValue), \(identity.issuer), \(identity.subject), \(at))
                ON CONFLICT (user_id, origin, issuer) DO UPDATE SET subject = coalesce(excluded.subject, account_identities.subject)
                """
            )
            return true
        }
    }

    public func unlink(userID: UserID, origin: AccountOrigin, issuer: String) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("DELETE FROM account_identities WHERE user_id = \(userID) AND origin = \(origin.rawValue) AND issuer = \(issuer)")
            return try await db.changes() > 0
        }
    }

    public func user(id: UserID) async throws -> User? {
        try await database.read { db in
            try await db.first("SELECT id, username, is_active, is_admin, login_expires_at, origin, last_login_at, token_generation, tokens_revoked_at, confined FROM users WHERE id = \(id)").map(Self.user(from:))
        }
    }

    public func users(ids: [UserID]) async throws -> [User] {
        guard !ids.isEmpty else { return [] }
        return try await database.read { db in
            try await db.rows(
                """
                SELECT id, username, is_active, is_admin, login_expires_at, origin, last_login_at, token_generation, tokens_revoked_at, confined FROM users
                WHERE id IN (SELECT value FROM json_each(\(jsonArray: ids)))
                """
            ).map(Self.user(from:))
        }
    }

    public func user(named username: String) async throws -> User? {
        try await database.read { db in
            try await db.first("SELECT id, username, is_active, is_admin, login_expires_at, origin, last_login_at, token_generation, tokens_revoked_at, confined FROM users WHERE username = \(username)").map(Self.user(from:))
        }
    }

    public func passwordHash(username: String) async throws -> String? {
        try await database.read { db in
            try await db.first("SELECT password_hash FROM users WHERE username = \(username)")?.optionalText("password_hash")
        }
    }

    public func setPasswordHash(username: String, hash: String, at: Date) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute(
                "UPDATE users SET password_hash = \(hash), token_generation = token_generation + 1, tokens_revoked_at = \(at) WHERE username = \(username)"
            )
            return try await db.changes() > 0
        }
    }

    public func users() async throws -> [User] {
        try await database.read { db in
            try await db.rows("SELECT id, username, is_active, is_admin, login_expires_at, origin, last_login_at, token_generation, tokens_revoked_at, confined FROM users ORDER BY username").map(Self.user(from:))
        }
    }

    public func users(after username: String?, limit: Int) async throws -> [User] {
        try await database.read { db in
            try await db.rows(
                """
                SELECT id, username, is_active, is_admin, login_expires_at, origin, last_login_at, token_generation, tokens_revoked_at, confined FROM users
                WHERE \(username) IS NULL OR username > \(username) ORDER BY username LIMIT \(limit)
                """
            ).map(Self.user(from:))
        }
    }

    public func updateUser(id: UserID, _ patch: UserPatch) async throws -> User? {
        try await database.transaction { db in
            try await db.first(
                """
                UPDATE users SET is_active = coalesce(\(patch.isActive), is_active), is_admin = coalesce(\(patch.isAdmin), is_admin)
                WHERE id = \(id) RETURNING id, username, is_active, is_admin, login_expires_at, origin, last_login_at, token_generation, tokens_revoked_at, confined
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

    public func recordLogin(userID: UserID, expiresAt: Date, at: Date) async throws {
        try await database.transaction { db in
            try await db.execute("UPDATE users SET login_expires_at = \(expiresAt), last_login_at = \(at) WHERE id = \(userID)")
        }
    }

    public func revokeTokens(userID: UserID, at: Date) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("UPDATE users SET token_generation = token_generation + 1, tokens_revoked_at = \(at) WHERE id = \(userID)")
            return try await db.changes() > 0
        }
    }

    public func setConfined(userID: UserID, _ isConfined: Bool) async throws {
        try await database.transaction { db in try await db.execute("UPDATE users SET confined = \(isConfined) WHERE id = \(userID)") }
    }

    public func confinedUserIDs() async throws -> Set<UserID> {
        try await database.read { db in
            Set(try await db.rows("SELECT id FROM users WHERE confined <> 0 OR origin = \(AccountOrigin.demo.rawValue)").map { try $0.int64("id") })
        }
    }

    public func setAdmin(userID: UserID, _ isAdmin: Bool) async throws {
        try await database.transaction { db in
            try await db.execute("UPDATE users SET is_admin = \(isAdmin) WHERE id = \(userID)")
        }
    }

    public func adminCount() async throws -> Int {
        try await database.read { db in
            Int(try await db.first("SELECT count(*) AS n FROM users WHERE is_admin = 1")?.int64("n") ?? 0)
        }
    }

    public func deviceOwner(token: String) async throws -> UserID? {
        try await database.read { db in try await db.first("SELECT user_id FROM devices WHERE token = \(token) AND \(Self.pushDevices)")?.int64("user_id") }
    }

    public func deviceTokens(userIDs: [UserID]) async throws -> [UserID: [String]] {
        try await database.read { db in
            let rows = try await db.rows(
                "SELECT user_id, token FROM devices WHERE user_id IN (SELECT value FROM json_each(\(jsonArray: userIDs))) AND \(Self.pushDevices) ORDER BY id"
            )
            var tokens: [UserID: [String]] = [:]
            for row in rows { tokens[try row.int64("user_id"), default: []].append(try row.text("token")) }
            return tokens
        }
    }

    public func devices(userID: UserID) async throws -> [Device] {
        try await database.read { db in
            try await db.rows("SELECT id, token, platform, created_at, last_seen_at FROM devices WHERE user_id = \(userID) AND \(Self.pushDevices) ORDER BY last_seen_at DESC, id DESC").map {
                Device(
                    id: try $0.int64("id"), token: try $0.text("token"), platform: try $0.value("platform", as: Platform.self),
                    createdAt: try $0.date("created_at"), lastSeenAt: try $0.date("last_seen_at")
                )
            }
        }
    }

    public func registerDevice(userID: UserID, token: String, platform: Platform, at date: Date) async throws -> DeviceRegistration {
        guard !platform.isContact else { throw StoreError.invalidInput("a contact method is verified, never registered as a device") }
        return try await database.transaction { db in
            let existing = try await db.first("SELECT user_id FROM devices WHERE token = \(token) AND \(Self.pushDevices)")
            try await db.execute(
                """
                INSERT INTO devices (user_id, token, platform, created_at, last_seen_at)
                VALUES (\(userID), \(token), \(platform.rawValue), \(date), \(date))
                ON CONFLICT (token) DO UPDATE SET
                    user_id = excluded.user_id, platform = excluded.platform, last_seen_at = excluded.last_seen_at,
                    created_at = CASE WHEN devices.user_id = excluded.user_id THEN devices.created_at ELSE excluded.created_at END
                    WHERE devices.\(Self.pushDevices)
                """
            )
            return try existing?.int64("user_id") == userID ? .alreadyRegistered : .added
        }
    }

    public func removeDevice(userID: UserID, token: String) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("DELETE FROM devices WHERE user_id = \(userID) AND token = \(token) AND \(Self.pushDevices)")
            return try await db.changes() > 0
        }
    }

    public func trimDevices(userID: UserID, keeping: Int) async throws -> Int {
        try await database.transaction { db in
            try await db.execute(
                """
                DELETE FROM devices WHERE id IN (
                    SELECT id FROM devices WHERE user_id = \(userID) AND \(Self.pushDevices) ORDER BY last_seen_at DESC, id DESC LIMIT -1 OFFSET \(keeping)
                )
                """
            )
            return try await db.changes()
        }
    }

    /// Apps and browsers only: a verified contact method's device row
    /// (issue 42) is never listed, registered over, trimmed or removed as one.
    static let pushDevices: SQLiteQuery = "platform IN ('apns', 'fcm', 'webpush')"
}
