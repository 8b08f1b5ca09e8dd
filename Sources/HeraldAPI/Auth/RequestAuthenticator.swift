import Foundation
import HTTPTypes
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// Finds the user behind a request's bearer token, refusing with exactly
/// the statuses and texts the shipped apps expect.
struct RequestAuthenticator: Sendable {
    let tokens: AccessTokens
    let store: any AccountStore & SessionStore
    let clock: WallClock
    /// The `Actor` a signed-in account acts as (its teams and roles read).
    let actors: Actors
    /// Tells the client's address (behind trusted proxies), which the audit log keeps.
    var ingress: IngressPolicy?

    private static let challenge: HTTPFields = [.wwwAuthenticate: "Bearer"]
    /// The web app's session: a web session's token (`WebSessions`), in an HttpOnly cookie.
    static let sessionCookie = "herald_token"

    /// The user of a bearer token; with `allowingSessionCookie`, also of the
    /// web app's session cookie (for reads only: a cookie rides along on
    /// requests other sites make, so nothing that changes state takes it).
    func user(_ request: Request, context: some RequestContext, allowingSessionCookie: Bool = false) async throws -> User {
        let bearer: String
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                throw APIError(.unauthorized, "Not authenticated", headers: Self.challenge)
            }
            bearer = String(parts[1]).trimmingCharacters(in: .whitespaces)
        } else if allowingSessionCookie, let cookie = request.cookies[Self.sessionCookie]?.value, !cookie.isEmpty {
            bearer = cookie
        } else {
            throw APIError(.unauthorized, "Not authenticated", headers: Self.challenge)
        }
        let token: AccessTokens.Verified
        do {
            token = try await tokens.verify(bearer)
        } catch {
            context.logger.info("bearer token refused", metadata: ["reason": "\(error.detail)"])
            throw APIError(.unauthorized, error.detail, headers: Self.challenge)
        }
        guard let user = try await store.user(named: token.username) else {
            throw APIError(.unauthorized, "Unknown user \(token.username)", headers: Self.challenge)
        }
        // A deactivated account is told so, as the old server tells it (the
        // apps show their own message for it); deactivating also revoked
        // its tokens, so they stay refused after it is active again.
        guard !token.isIssued(to: user) || user.isActive else {
            throw APIError(.forbidden, "Inactive user")
        }
        guard token.isValid(for: user) else {
            // Revoked, or issued to an earlier account of that name: the
            // apps know this answer as "log in again".
            context.logger.info("bearer token refused", metadata: ["reason": "revoked", "user": "\(user.username)"])
            throw APIError(.unauthorized, TokenRejection.invalid.detail, headers: Self.challenge)
        }
        if let session = token.sessionID, try await !store.isSessionOpen(id: session, userID: user.id, now: clock.now()) {
            context.logger.info("bearer token refused", metadata: ["reason": "session ended", "user": "\(user.username)"])
            throw APIError(.unauthorized, TokenRejection.invalid.detail, headers: Self.challenge)
        }
        return user
    }

    /// The session a request's cookie (or bearer token) belongs to, if it
    /// is a web session's and its signature is good.
    func sessionID(_ request: Request) async -> String? {
        guard let token = request.cookies[Self.sessionCookie]?.value, !token.isEmpty else { return nil }
        return try? await tokens.verify(token).sessionID
    }

    /// The account behind the bearer token as an `Actor`: who, and what
    /// the `AccessPolicy` judges (confinement, teams, roles). Routes that
    /// change or read what not everyone may take this and hand it to
    /// their use case, which asks the policy.
    func actor(_ request: Request, context: some RequestContext) async throws -> Actor {
        var actor = try await actors.actor(try await user(request, context: context))
        actor.address = address(request, context: context)
        return actor
    }

    /// The client's address as the ingress policy tells it (the peer, or
    /// what trusted proxies say); nil when unknown.
    func address(_ request: Request, context: some RequestContext) -> String? {
        let peer = (context as? HeraldRequestContext)?.remoteAddress?.ipAddress.flatMap { IPAddress($0) }
        let forwarded = request.headers[values: .init("X-Forwarded-For")!]
        return (ingress?.clientAddress(peer: peer, forwardedFor: forwarded) ?? peer).map { "\($0)" }
    }

    /// The actor, refused at once (403, the policy's reason) unless the
    /// policy lets it do `action`: asked before the request's body is read,
    /// so a caller who may not learns nothing from the body's checks. The
    /// use case asks again; this only answers sooner.
    func actor(_ request: Request, context: some RequestContext, toDo action: AccessAction) async throws -> Actor {
        let actor = try await actor(request, context: context)
        if case .refused(let why) = AccessPolicy.decide(actor, action) {
            context.logger.info("request refused by the access policy", metadata: ["user": "\(actor.username)"])
            throw APIError(.forbidden, why)
        }
        return actor
    }
}
