import HTTPTypes
import HeraldCore
import HeraldIdentity
import Hummingbird
import Logging

/// Turns a vouched-for login (password, directory, OpenID Connect) into an
/// access token: the account is made at its first login (answered 201, as
/// the old server does), ADMIN_USERS become admins then, and a directory's
/// say on admin rights is applied at every login.
struct AccountSessions {
    let api: APIContext

    /// The token and when it expires, and whether the account is new.
    func issue(for login: VerifiedLogin, context: HeraldRequestContext) async throws -> (token: String, user: User, created: Bool) {
        let now = api.clock.now()
        var created = false
        var user: User
        if let existing = try await api.store.user(named: login.username) {
            user = existing
        } else {
            do {
                user = try await api.store.createUser(
                    username: login.username, passwordHash: nil, isAdmin: api.config.adminUsers.contains(login.username) || login.isAdmin == true,
                    origin: login.origin, at: now
                )
                created = true
                context.logger.notice("account created at first login", metadata: ["user": "\(login.username)", "origin": "\(login.origin.rawValue)"])
            } catch StoreError.conflict {
                // Another replica made it a moment ago.
                guard let made = try await api.store.user(named: login.username) else { throw StoreError.conflict("user \(login.username)") }
                user = made
            }
        }
        if let isAdmin = login.isAdmin, isAdmin != user.isAdmin, !api.config.adminUsers.contains(user.username) {
            try await api.store.setAdmin(userID: user.id, isAdmin)
            user.isAdmin = isAdmin
        }
        let issued = try await api.tokens.issue(for: user, now: now)
        try await api.store.recordLogin(userID: user.id, expiresAt: issued.expiresAt, at: now)
        context.logger.info("login", metadata: ["user": "\(user.username)", "origin": "\(login.origin.rawValue)"])
        return (issued.token, user, created)
    }

    /// The old server's answer: `{access_token, token_type}`, 201 for a new account.
    func open(for login: VerifiedLogin, context: HeraldRequestContext) async throws -> Response {
        let session = try await issue(for: login, context: context)
        return JSONBody.response(AccessTokenBody(access_token: session.token), status: session.created ? .created : .ok)
    }
}
