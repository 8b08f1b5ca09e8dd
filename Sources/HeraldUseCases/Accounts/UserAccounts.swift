import Foundation
import HeraldCore
import Logging

/// Who changes an account: an admin signed in (the JSON API, the admin
/// pages), whoever runs `herald user` on the server's machine, or the
/// account's own user (signing out everywhere). The audit line names them;
/// only a signed-in admin can lock themselves out.
public enum AccountAdministrator: Sendable {
    /// Someone signed in, who must be an admin (`AccessPolicy`'s `manageUsers`).
    case admin(Actor)
    case commandLine
    case themselves(User)

    var name: String {
        switch self {
        case .admin(let actor): actor.username
        case .themselves(let user): user.username
        case .commandLine: "command line"
        }
    }

    func isAccount(_ id: UserID) -> Bool {
        if case .admin(let actor) = self { return actor.id == id }
        return false
    }

    /// Who the audit log names.
    var auditWho: AuditTrail.Who {
        switch self {
        case .admin(let actor): actor.auditWho
        case .commandLine: .commandLine
        case .themselves(let user): AuditTrail.Who(id: user.id, name: user.username)
        }
    }

    /// Goes on when this may change accounts: the command line on the
    /// server's machine, an account signing itself out, an admin.
    func mustManageUsers() throws(UseCaseError) {
        if case .admin(let actor) = self { try actor.must(.manageUsers) }
    }
}

/// Accounts as admins make, change and delete them: the JSON API's
/// `/users/{id}`, the admin pages and `herald user` apply the same checks
/// and write the same audit line.
public struct UserAccounts: Sendable {
    /// A local account's password, however it is set.
    public static let minimumPasswordLength = 8
    public static let maxUsernameLength = 256

    let store: any AccountStore & SessionStore
    /// What an account that stops being an admin may no longer receive.
    public var subscriptions: TeamSubscriptions?
    /// bcrypt at the configured cost (off the event loop in the server).
    let hash: @Sendable (String) async throws -> String
    let clock: WallClock
    /// Where each change is answered for (the audit log).
    let audit: AuditTrail

    public init(store: any AccountStore & SessionStore & AuditStore, clock: WallClock, hash: @escaping @Sendable (String) async throws -> String) {
        self.store = store
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
        self.hash = hash
    }

    /// The name as logins store it (trimmed, lower case), or why it cannot be one.
    public static func username(_ name: String) throws(UseCaseError) -> String {
        let username = name.trimmingCharacters(in: .whitespaces).lowercased()
        if let problem = TextRules.problem(username, maxLength: maxUsernameLength, allowEmpty: false) {
            throw .invalid(field: "username", "User name: \(problem.message)")
        }
        return username
    }

    public static func check(password: String) throws(UseCaseError) {
        guard password.count >= minimumPasswordLength else {
            throw .invalid(field: "password", "The password must have at least \(minimumPasswordLength) characters")
        }
    }

    /// A local account that signs in with `password`.
    @discardableResult
    /// A page of accounts by name, after `username` (admins: they list everyone).
    public func list(after username: String?, limit: Int, for actor: Actor) async throws -> [User] {
        try actor.must(.manageUsers)
        return try await store.users(after: username, limit: limit)
    }

    /// An account as the audit log keeps it.
    static func snapshot(_ user: User) -> String {
        AuditTrail.json(["is_active": user.isActive, "is_admin": user.isAdmin])
    }

    public func create(username name: String, password: String, isAdmin: Bool, by administrator: AccountAdministrator, logger: Logger) async throws -> User {
        try administrator.mustManageUsers()
        let username = try Self.username(name)
        try Self.check(password: password)
        guard try await store.user(named: username) == nil else { throw UseCaseError.conflict("There is already a user \(username)") }
        let user: User
        do {
            user = try await store.createUser(username: username, passwordHash: try await hash(password), isAdmin: isAdmin, origin: .local, at: clock.now())
        } catch StoreError.conflict {
            throw UseCaseError.conflict("There is already a user \(username)")
        }
        logger.info("user created", metadata: ["user": "\(user.username)", "is_admin": "\(user.isAdmin)", "by": "\(administrator.name)"])
        await audit.record(.userCreated, by: administrator.auditWho, target: "user \(user.username)", after: Self.snapshot(user), logger: logger)
        return user
    }

    /// Sets a local account's password; the tokens issued before now are refused.
    public func setPassword(username name: String, password: String, by administrator: AccountAdministrator, logger: Logger) async throws {
        try administrator.mustManageUsers()
        let username = try Self.username(name)
        try Self.check(password: password)
        guard try await store.setPasswordHash(username: username, hash: try await hash(password), at: clock.now()) else {
            throw UseCaseError.notFound("User")
        }
        logger.notice("password changed; earlier tokens revoked", metadata: ["user": "\(username)", "by": "\(administrator.name)"])
        await audit.record(.userPasswordSet, by: administrator.auditWho, target: "user \(username)", logger: logger)
    }

    /// Switches an account on or off, or makes it an admin or not. A
    /// deactivated account's tokens are revoked, so they stay dead if it is
    /// activated again. An admin cannot deactivate or demote themselves:
    /// another admin must (nobody locks the last door from inside).
    @discardableResult
    public func update(_ id: UserID, _ patch: UserPatch, by administrator: AccountAdministrator, logger: Logger) async throws -> User {
        try administrator.mustManageUsers()
        if administrator.isAccount(id), patch.isActive == false || patch.isAdmin == false {
            throw UseCaseError.conflict("You cannot deactivate or demote your own account: ask another administrator")
        }
        let before = try await store.user(id: id)
        guard let user = try await store.updateUser(id: id, patch) else { throw UseCaseError.notFound("User") }
        if patch.isActive == false {
            _ = try await store.revokeTokens(userID: id, at: clock.now())
        }
        logger.info(
            "user updated",
            metadata: ["user": "\(user.username)", "is_active": "\(user.isActive)", "is_admin": "\(user.isAdmin)", "by": "\(administrator.name)"]
        )
        // No longer an admin: a private service they hold no role of is left.
        if before?.isAdmin == true, !user.isAdmin { try await subscriptions?.settle([user.id]) }
        await audit.record(
            .userChanged, by: administrator.auditWho, target: "user \(user.username)", before: before.map(Self.snapshot), after: Self.snapshot(user), logger: logger
        )
        return user
    }

    /// Deletes the account with its devices, subscriptions and inbox (the
    /// stores cascade). Not one's own: another admin must.
    @discardableResult
    public func delete(_ id: UserID, by administrator: AccountAdministrator, logger: Logger) async throws -> User {
        try administrator.mustManageUsers()
        guard !administrator.isAccount(id) else {
            throw UseCaseError.conflict("You cannot delete your own account: ask another administrator")
        }
        guard let user = try await store.user(id: id), try await store.deleteUser(id: user.id) else { throw UseCaseError.notFound("User") }
        logger.info("user deleted", metadata: ["user": "\(user.username)", "by": "\(administrator.name)"])
        await audit.record(.userDeleted, by: administrator.auditWho, target: "user \(user.username)", before: Self.snapshot(user), logger: logger)
        return user
    }

    /// `delete` by name (the command line's way to say which).
    @discardableResult
    public func delete(named name: String, by administrator: AccountAdministrator, logger: Logger) async throws -> User {
        try administrator.mustManageUsers()
        guard let user = try await store.user(named: try Self.username(name)) else { throw UseCaseError.notFound("User") }
        return try await delete(user.id, by: administrator, logger: logger)
    }

    /// Refuses every token the account holds and ends its web sessions (a
    /// lost phone, a leaver, or the user's own "sign out everywhere").
    @discardableResult
    public func signOutEverywhere(_ id: UserID, by administrator: AccountAdministrator, logger: Logger) async throws -> User {
        try administrator.mustManageUsers()
        guard let user = try await store.user(id: id), try await store.revokeTokens(userID: user.id, at: clock.now()) else {
            throw UseCaseError.notFound("User")
        }
        try await store.closeSessions(userID: user.id)
        logger.notice("user's tokens revoked", metadata: ["user": "\(user.username)", "by": "\(administrator.name)"])
        await audit.record(.userSignedOut, by: administrator.auditWho, target: "user \(user.username)", logger: logger)
        return user
    }

    /// Removes one of the account's device tokens (a phone handed on): it
    /// gets no more pushes. Removing a token the account does not hold
    /// changes nothing.
    public func removeDevice(token: String, of id: UserID, by administrator: AccountAdministrator, logger: Logger) async throws {
        try administrator.mustManageUsers()
        guard let user = try await store.user(id: id) else { throw UseCaseError.notFound("User") }
        if try await store.removeDevice(userID: user.id, token: token) {
            logger.notice("device removed", metadata: ["user": "\(user.username)", "by": "\(administrator.name)", "token": "\(TokenHint.hint(token))"])
            // The token's end only: a full device token never reaches the log.
            await audit.record(
                .userDeviceRemoved, by: administrator.auditWho, target: "user \(user.username)", before: AuditTrail.json(["device": TokenHint.hint(token)]),
                logger: logger
            )
        }
    }
}
