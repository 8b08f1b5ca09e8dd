import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: AccountStore {
    typealias UserRow = (Int64, String, Bool, Bool, ExactTimestamp?, String, ExactTimestamp?, Int64, ExactTimestamp?, Bool)

    static func user(_ row: UserRow) throws -> User {
        User(
            id: row.0, username: row.1, isActive: row.2, isAdmin: row.3, loginExpiresAt: row.4?.date,
            origin: try StoreError.parse(row.5, as: AccountOrigin.self, column: "users.origin"), lastLoginAt: row.6?.date,
            tokenGeneration: row.7, tokensRevokedAt: row.8?.date, isConfined: row.9
        )
    }

    func users(_ statement: PostgresQuery) async throws -> [User] {
        try await rows(statement, as: UserRow.self).map(Self.user)
    }

    public func createUser(username: String, passwordHash: String?, isAdmin: Bool, origin: AccountOrigin, identity: AccountIdentity?, at: Date) async throws -> User {
        // One statement: the account and the identity it was made for stand or fall together.
        let created = try await users(
            """
            WITH made AS (
                INSERT INTO users (username, password_hash, is_admin, origin, token_generation, created_at)
                VALUES (\(username), \(passwordHash), \(isAdmin), \(origin.rawValue), 1, \(ExactTimestamp(at)))
                ON CONFLICT (username) DO NOTHING RETURNING id, username, is_active, is_admin, login_expires_at, origin, last_login_at, token_generation, tokens_revoked_at, confined
            ),
            bound AS (
                INSERT INTO account_identities (user_id, origin, issuer, subject, linked_at)
                SELECT id, \(identity?.origin.rawValue), \(identity?.issuer), \(identity?.subject), \(ExactTimestamp(at)) FROM made WHERE \(identity != nil)
            )
            SELECT * FROM made
            """
        )
        guard let user = created.first else { throw StoreError.conflict("user \(username)") }
        return user
    }

    public func user(issuer: String, subject: String) async throws -> User? {
        try await users(
            """
            SELECT u.id, u.username, u.is_active, u.is_admin, u.login_expires_at, u.origin, u.last_login_at, u.token_generation, u.tokens_revoked_at, u.confined
            FROM account_identities i JOIN users u ON u.id = i.user_id WHERE i.issuer = \(issuer) AND i.subject = \(subject)
            """
        ).first
    }

    public func identities(userID: UserID) async throws -> [AccountIdentity] {
        try await rows("SELECT origin, issuer, subject FROM account_identities WHERE user_id = \(userID) ORDER BY origin, issuer", as: (String, String, String?).self)
            .map { AccountIdentity(origin: try StoreError.parse($0.0, as: AccountOrigin.self, column: "account_identities.origin"), issuer: $0.1, subject: $0.2) }
    }

    public func link(userID: UserID, _ identity: AccountIdentity, at: Date) async throws -> Bool {
        try await count(
            """
            WITH linked AS (
                INSERT INTO account_identities (user_id, origin, issuer, subject, linked_at)
                SELECT id, \(identity.origin.rawValue), \(identity.issuer), \(identity.subject), \(ExactTimestamp(at)) FROM users WHERE id = \(userID)
                ON CONFLICT (user_id, origin, issuer) DO UPDATE SET subject = coalesce(EXCLUDED.subject, account_identities.subject)
                RETURNING 1
            )
            SELECT count(*) FROM linked
            """
        ) == 1
    }

    public func unlink(userID: UserID, origin: AccountOrigin, issuer: String) async throws -> Bool {
        try await count(
            """
            WITH gone AS (DELETE FROM account_identities WHERE user_id = \(userID) AND origin = \(origin.rawValue) AND issuer = \(issuer) RETURNING 1)
            SELECT count(*) FROM gone
            """
        ) == 1
    }

    public func user(id: UserID) async throws -> User? {
        try await users("SELECT id, username, is_active, is_admin, login_expires_at, origin, last_login_at, token_generation, tokens_revoked_at, confined FROM users WHERE id = \(id)").first
    }

    public func users(ids: [UserID]) async throws -> [User] {
        guard !ids.isEmpty else { return [] }
        return try await users(
            "SELECT id, username, is_active, is_admin, login_expires_at, origin, last_login_at, token_generation, tokens_revoked_at, confined FROM users WHERE id = ANY(\(ids)::int8[])"
        )
    }

    public func user(named username: String) async throws -> User? {
        try await users("SELECT id, username, is_active, is_admin, login_expires_at, origin, last_login_at, token_generation, tokens_revoked_at, confined FROM users WHERE username = \(username)").first
    }

    public func passwordHash(username: String) async throws -> String? {
        try await first("SELECT password_hash FROM users WHERE username = \(username)", as: String?.self) ?? nil
    }

    public func setPasswordHash(username: String, hash: String, at: Date) async throws -> Bool {
        try await !rows(
            """
            UPDATE users SET password_hash = \(hash), token_generation = token_generation + 1, tokens_revoked_at = \(ExactTimestamp(at))
            WHERE username = \(username) RETURNING id
            """,
            as: Int64.self
        ).isEmpty
    }

    public func users() async throws -> [User] {
        try await users("SELECT id, username, is_active, is_admin, login_expires_at, origin, last_login_at, token_generation, tokens_revoked_at, confined FROM users ORDER BY username")
    }

    public func users(after username: String?, limit: Int) async throws -> [User] {
        try await users(
            """
            SELECT id, username, is_active, is_admin, login_expires_at, origin, last_login_at, token_generation, tokens_revoked_at, confined FROM users
            WHERE \(username)::text IS NULL OR username > \(username) ORDER BY username LIMIT \(limit)
            """
        )
    }

    public func updateUser(id: UserID, _ patch: UserPatch) async throws -> User? {
        try await users(
            """
            UPDATE users SET is_active = coalesce(\(patch.isActive), is_active), is_admin = coalesce(\(patch.isAdmin), is_admin)
            WHERE id = \(id) RETURNING id, username, is_active, is_admin, login_expires_at, origin, last_login_at, token_generation, tokens_revoked_at, confined
            """
        ).first
    }

    public func deleteUser(id: UserID) async throws -> Bool {
        // Devices and subscriptions go by foreign key; the inbox has none (see
        // the migration). Pending deliveries of the user's devices are skipped.
        try await !rows(
            """
            WITH gone AS (DELETE FROM users WHERE id = \(id) RETURNING id),
            unlinked AS (DELETE FROM inbox WHERE user_id IN (SELECT id FROM gone))
            SELECT id FROM gone
            """,
            as: Int64.self
        ).isEmpty
    }

    public func deleteUser(named username: String) async throws -> Bool {
        guard let user = try await user(named: username) else { return false }
        return try await deleteUser(id: user.id)
    }

    public func recordLogin(userID: UserID, expiresAt: Date, at: Date) async throws {
        try await execute("UPDATE users SET login_expires_at = \(ExactTimestamp(expiresAt)), last_login_at = \(ExactTimestamp(at)) WHERE id = \(userID)")
    }

    public func revokeTokens(userID: UserID, at: Date) async throws -> Bool {
        try await !rows(
            """
            UPDATE users SET token_generation = token_generation + 1, tokens_revoked_at = \(ExactTimestamp(at))
            WHERE id = \(userID) RETURNING id
            """,
            as: Int64.self
        ).isEmpty
    }

    public func setConfined(userID: UserID, _ isConfined: Bool) async throws {
        try await execute("UPDATE users SET confined = \(isConfined) WHERE id = \(userID)")
    }

    public func confinedUserIDs() async throws -> Set<UserID> {
        Set(try await rows("SELECT id FROM users WHERE confined OR origin = \(AccountOrigin.demo.rawValue)", as: Int64.self))
    }

    public func setAdmin(userID: UserID, _ isAdmin: Bool) async throws {
        try await execute("UPDATE users SET is_admin = \(isAdmin) WHERE id = \(userID)")
    }

    public func adminCount() async throws -> Int {
        try await count("SELECT count(*) FROM users WHERE is_admin")
    }

    public func deviceOwner(token: String) async throws -> UserID? {
        try await first("SELECT user_id FROM devices WHERE token = \(token) AND \(unescaped: Self.pushDevices)", as: Int64.self)
    }

    public func deviceTokens(userIDs: [UserID]) async throws -> [UserID: [String]] {
        var tokens: [UserID: [String]] = [:]
        for (userID, token) in try await rows("SELECT user_id, token FROM devices WHERE user_id = ANY(\(userIDs)) AND \(unescaped: Self.pushDevices) ORDER BY id", as: (Int64, String).self) {
            tokens[userID, default: []].append(token)
        }
        return tokens
    }

    public func devices(userID: UserID) async throws -> [Device] {
        try await rows(
            "SELECT id, token, platform, created_at, last_seen_at FROM devices WHERE user_id = \(userID) AND \(unescaped: Self.pushDevices) ORDER BY last_seen_at DESC, id DESC",
            as: (Int64, String, String, ExactTimestamp, ExactTimestamp).self
        ).map {
            Device(id: $0.0, token: $0.1, platform: try StoreError.parse($0.2, as: Platform.self, column: "devices.platform"), createdAt: $0.3.date, lastSeenAt: $0.4.date)
        }
    }

    public func registerDevice(userID: UserID, token: String, platform: Platform, at date: Date) async throws -> DeviceRegistration {
        guard !platform.isContact else { throw StoreError.invalidInput("a contact method is verified, never registered as a device") }
        // `previous` is the owner before this statement: the CTE sees the old snapshot.
        let already = try await first(
            """
            WITH previous AS (SELECT user_id FROM devices WHERE token = \(token)),
            upsert AS (
                INSERT INTO devices (user_id, token, platform, created_at, last_seen_at)
                VALUES (\(userID), \(token), \(platform.rawValue), \(ExactTimestamp(date)), \(ExactTimestamp(date)))
                ON CONFLICT (token) DO UPDATE SET
                    user_id = excluded.user_id, platform = excluded.platform, last_seen_at = excluded.last_seen_at,
                    created_at = CASE WHEN devices.user_id = excluded.user_id THEN devices.created_at ELSE excluded.created_at END
                    WHERE devices.\(unescaped: Self.pushDevices)
            )
            SELECT coalesce((SELECT user_id FROM previous) = \(userID), false)
            """,
            as: Bool.self
        )
        return already == true ? .alreadyRegistered : .added
    }

    public func removeDevice(userID: UserID, token: String) async throws -> Bool {
        // PostgreSQL text cannot hold NUL, so no stored token has one: asking
        // would only fail (22021) where the answer is plainly "not there".
        guard !token.utf8.contains(0) else { return false }
        return try await !rows("DELETE FROM devices WHERE user_id = \(userID) AND token = \(token) AND \(unescaped: Self.pushDevices) RETURNING id", as: Int64.self).isEmpty
    }

    public func trimDevices(userID: UserID, keeping: Int) async throws -> Int {
        try await rows(
            """
            DELETE FROM devices WHERE id IN (
                SELECT id FROM devices WHERE user_id = \(userID) AND \(unescaped: Self.pushDevices) ORDER BY last_seen_at DESC, id DESC OFFSET \(keeping)
            ) RETURNING id
            """,
            as: Int64.self
        ).count
    }

    /// Apps and browsers only: a verified contact method's device row
    /// (issue 42) is never listed, registered over, trimmed or removed as one.
    static let pushDevices = "platform IN ('apns', 'fcm', 'webpush')"
}
