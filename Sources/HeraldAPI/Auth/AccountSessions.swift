import Foundation
import HTTPTypes
import HeraldCore
import HeraldIdentity
import HeraldUseCases
import Hummingbird
import Logging

/// Turns a vouched-for login (password, directory, OpenID Connect) into an
/// access token. Which account it reaches is `AccountBinding`'s rule (an
/// OpenID login by its issuer and subject; a name of another origin's
/// account refused with 409). The account is made at its first login
/// (answered 201, as the old server does); ADMIN_USERS become admins then,
/// through the primary method only; a directory's say on admin rights is
/// applied at every login.
struct AccountSessions {
    let api: APIContext

    /// The token and when it expires, and whether the account is new.
    /// `session`: a web sign-in, whose token is a session of its own
    /// (shorter-lived, ended by signing out).
    func issue(for login: VerifiedLogin, context: HeraldRequestContext, session: Bool = false) async throws -> (token: String, user: User, created: Bool) {
        let now = api.clock.now()
        var (user, created) = try await account(for: login, context: context, now: now)
        user = try await api.users.confinement.signedIn(
            user, confined: login.confines(trustedRealms: api.config.auth.oidc?.trustedRealms ?? []), logger: context.logger
        )
        if let isAdmin = login.isAdmin, isAdmin != user.isAdmin, !api.config.adminUsers.contains(user.username) {
            try await api.store.setAdmin(userID: user.id, isAdmin)
            user.isAdmin = isAdmin
        }
        let issued: (token: String, expiresAt: Date)
        if session {
            issued = try await WebSessions(api: api).open(for: user, now: now)
        } else {
            issued = try await api.tokens.issue(for: user, now: now)
            try await api.store.recordLogin(userID: user.id, expiresAt: issued.expiresAt, at: now)
        }
        context.logger.info("login", metadata: ["user": "\(user.username)", "origin": "\(login.origin.rawValue)"])
        return (issued.token, user, created)
    }

    /// The account the login reaches, made when there is none.
    private func account(for login: VerifiedLogin, context: HeraldRequestContext, now: Date) async throws -> (User, created: Bool) {
        for attempt in 0..<2 {
            var byIdentity: User?
            if let identity = login.identity, let subject = identity.subject {
                byIdentity = try await api.store.user(issuer: identity.issuer, subject: subject)
            }
            var byName: User?
            var identities: [AccountIdentity] = []
            if byIdentity == nil, let named = try await api.store.user(named: login.username) {
                byName = named
                identities = try await api.store.identities(userID: named.id)
            }
            var policy = AccountBinding.Policy(linkedMethods: api.config.auth.linkedMethods)
            if byName?.origin == .oidc, !policy.linkedMethods.isEmpty { policy.primaryIssuer = await api.signIn.oidc?.primaryIssuer() }
            switch AccountBinding.decide(login: login.binding, byIdentity: byIdentity, byName: byName, identities: identities, policy: policy) {
            case .use(let user):
                return (user, false)
            case .bind(let user, let identity):
                do {
                    _ = try await api.store.link(userID: user.id, identity, at: now)
                } catch StoreError.conflict where attempt == 0 {
                    continue  // another replica bound the subject a moment ago: decide again
                }
                context.logger.notice(
                    "sign-in identity bound to the account", metadata: ["user": "\(user.username)", "identity": "\(identity.description)"]
                )
                return (user, false)
            case .refuse(let refusal):
                api.signIn.metrics.count(login.origin == .oidc ? .oidc : .password, .conflict)
                context.logger.warning(
                    "sign-in refused: the name belongs to an account of another origin",
                    metadata: [
                        "user": "\(refusal.username)", "account_origin": "\(refusal.accountOrigin.rawValue)", "login_origin": "\(refusal.loginOrigin.rawValue)",
                        "issuer": "\(login.identity?.issuer ?? "")", "why": "\(refusal.why)",
                    ]
                )
                throw APIError(.conflict, "This user name belongs to \(refusal.accountOrigin.spokenName), not to \(refusal.loginOrigin.spokenName): an administrator may link the two")
            case .create:
                let isAdmin = (login.isPrimary && api.config.adminUsers.contains(login.username)) || login.isAdmin == true
                do {
                    let user = try await api.store.createUser(
                        username: login.username, passwordHash: nil, isAdmin: isAdmin, origin: login.origin, identity: login.identity, at: now
                    )
                    context.logger.notice("account created at first login", metadata: ["user": "\(login.username)", "origin": "\(login.origin.rawValue)"])
                    return (user, true)
                } catch StoreError.conflict where attempt == 0 {
                    continue  // another replica made it a moment ago: decide again with it
                }
            }
        }
        throw StoreError.conflict("user \(login.username)")
    }

    /// The old server's answer: `{access_token, token_type}`, 201 for a new account.
    func open(for login: VerifiedLogin, context: HeraldRequestContext) async throws -> Response {
        let session = try await issue(for: login, context: context)
        return JSONBody.response(AccessTokenBody(access_token: session.token), status: session.created ? .created : .ok)
    }
}
