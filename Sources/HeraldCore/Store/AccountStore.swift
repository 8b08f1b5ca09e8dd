import Foundation

/// Users and the devices registered to them.
public protocol AccountStore: Sendable {
    /// Creates a user (token generation 1) at `at`, with the identity it
    /// was made for (an OpenID subject) in the same transaction; throws
    /// `StoreError.conflict` when the name or the identity is taken.
    func createUser(username: String, passwordHash: String?, isAdmin: Bool, origin: AccountOrigin, identity: AccountIdentity?, at: Date) async throws -> User
    func user(id: UserID) async throws -> User?
    /// These accounts, in no order (ids with no account are left out).
    func users(ids: [UserID]) async throws -> [User]
    func user(named username: String) async throws -> User?
    /// The account an OpenID provider's subject is bound to.
    func user(issuer: String, subject: String) async throws -> User?
    /// The identities linked to an account, by origin and issuer.
    func identities(userID: UserID) async throws -> [AccountIdentity]
    /// Links an identity to an account, or binds the subject of a link
    /// that waited for one; false when there is no such user. Throws
    /// `StoreError.conflict` when the subject is another account's.
    func link(userID: UserID, _ identity: AccountIdentity, at: Date) async throws -> Bool
    /// Removes the link of that origin (and issuer); false when there was none.
    func unlink(userID: UserID, origin: AccountOrigin, issuer: String) async throws -> Bool
    /// The stored bcrypt hash of a local account, nil for unknown or external users.
    func passwordHash(username: String) async throws -> String?
    /// Sets a local account's password and revokes its tokens (at `at`).
    func setPasswordHash(username: String, hash: String, at: Date) async throws -> Bool
    /// All users sorted by username.
    func users() async throws -> [User]
    /// Up to `limit` users sorted by username, after `username` when given.
    func users(after username: String?, limit: Int) async throws -> [User]
    func updateUser(id: UserID, _ patch: UserPatch) async throws -> User?
    /// Deletes a user with their devices, subscriptions and inbox.
    func deleteUser(id: UserID) async throws -> Bool
    func deleteUser(named username: String) async throws -> Bool
    /// Notes a login at `at` whose token expires at `expiresAt`.
    func recordLogin(userID: UserID, expiresAt: Date, at: Date) async throws
    /// Refuses every token the user holds: moves the account to its next
    /// token generation; false when there is no such user.
    func revokeTokens(userID: UserID, at: Date) async throws -> Bool
    /// Sets whether the user is an admin (a directory group says so at each login).
    func setAdmin(userID: UserID, _ isAdmin: Bool) async throws
    /// Sets whether the account is confined to the demo service (each login says so).
    func setConfined(userID: UserID, _ isConfined: Bool) async throws
    /// The accounts confined by their flag or made by the demo login (few:
    /// read whole by the worker every few seconds, and at start).
    func confinedUserIDs() async throws -> Set<UserID>
    func adminCount() async throws -> Int
    /// Device tokens per user, oldest registration first.
    func deviceTokens(userIDs: [UserID]) async throws -> [UserID: [String]]
    /// A user's devices, most recently seen first.
    func devices(userID: UserID) async throws -> [Device]
    /// Who the token is registered to, if anyone.
    func deviceOwner(token: String) async throws -> UserID?
    /// Gives the token to the user (a phone belongs to whoever logged in on it last).
    func registerDevice(userID: UserID, token: String, platform: Platform, at: Date) async throws -> DeviceRegistration
    /// Removes a token from a user; false when the user did not have it.
    func removeDevice(userID: UserID, token: String) async throws -> Bool
    /// Keeps a user's `keeping` most recently seen devices and removes the
    /// rest; returns how many went.
    func trimDevices(userID: UserID, keeping: Int) async throws -> Int
}

extension AccountStore {
    /// A local account made now (tests, tools).
    public func createUser(username: String, passwordHash: String?, isAdmin: Bool) async throws -> User {
        try await createUser(username: username, passwordHash: passwordHash, isAdmin: isAdmin, origin: .local, identity: nil, at: Timestamp.now())
    }

    /// An account with no identity of its own (local, directory, URL, imported).
    public func createUser(username: String, passwordHash: String?, isAdmin: Bool, origin: AccountOrigin, at: Date) async throws -> User {
        try await createUser(username: username, passwordHash: passwordHash, isAdmin: isAdmin, origin: origin, identity: nil, at: at)
    }

    /// A login noted now (tests, tools).
    public func recordLogin(userID: UserID, expiresAt: Date) async throws {
        try await recordLogin(userID: userID, expiresAt: expiresAt, at: Timestamp.now())
    }
}
