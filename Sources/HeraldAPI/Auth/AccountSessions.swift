import Foundation
import HTTPTypes
import HeraldCore
import HeraldIdentity
import HeraldUseCases
import Hummingbird
import Logging

/// Turns a vouched-for login (password, directory, OpenID Connect) into an
/// access token: the account it reaches is `SignIns`' (the use case every
/// way in shares); this edge issues the token and answers. A name of
/// another origin's account is a 409; an OpenID provider the decision
/// needs but cannot reach is a 503 with Retry-After.
struct AccountSessions {
    let tokens: AccessTokens
    let signIns: SignIns
    let metrics: LoginMetrics
    let webSessions: WebSessions
    /// Secondary OpenID realms whose logins are not confined.
    let trustedRealms: Set<String>
    let clock: WallClock

    /// The token and when it expires, and whether the account is new.
    /// `session`: a web sign-in, whose token is a session of its own
    /// (shorter-lived, ended by signing out).
    func issue(for login: VerifiedLogin, context: HeraldRequestContext, session: Bool = false) async throws -> (token: String, user: User, created: Bool) {
        let now = clock.now()
        let metric: LoginMetrics.Method = login.origin == .oidc ? .oidc : .password
        let reached: (user: User, created: Bool)
        do {
            reached = try await signIns.account(
                for: SignIns.Login(
                    binding: login.binding, isAdmin: login.isAdmin, confined: login.confines(trustedRealms: trustedRealms), groups: login.groups,
                    email: login.email, saysEmail: login.saysEmail
                ),
                at: now, logger: context.logger
            )
        } catch let refused as SignIns.Refused {
            metrics.count(metric, .conflict)
            throw APIError(.conflict, refused.description)
        } catch let error as AuthenticationUnavailable {
            metrics.count(metric, .unavailable)
            context.logger.error("login could not be completed", metadata: ["user": "\(PasswordLogins.loggable(login.username))", "reason": "\(error.description)"])
            throw APIError(.serviceUnavailable, "Sign-in is unavailable, try again later", headers: [.retryAfter: "\(error.retryAfter)"])
        }
        let issued: (token: String, expiresAt: Date)
        if session {
            issued = try await webSessions.open(for: reached.user, now: now)
        } else {
            issued = try await tokens.issue(for: reached.user, now: now)
            try await signIns.recordLogin(of: reached.user, expiresAt: issued.expiresAt, at: now)
        }
        return (issued.token, reached.user, reached.created)
    }

    /// The old server's answer: `{access_token, token_type}`, 201 for a new account.
    func open(for login: VerifiedLogin, context: HeraldRequestContext) async throws -> Response {
        let session = try await issue(for: login, context: context)
        return JSONBody.response(AccessTokenBody(access_token: session.token), status: session.created ? .created : .ok)
    }
}
