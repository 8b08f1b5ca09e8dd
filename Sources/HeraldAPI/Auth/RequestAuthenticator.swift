import Foundation
import HTTPTypes
import HeraldCore
import Hummingbird
import Logging

/// Finds the user behind a request's bearer token, refusing with exactly
/// the statuses and texts the shipped apps expect.
struct RequestAuthenticator: Sendable {
    let tokens: AccessTokens
    let store: any AccountStore & SessionStore
    let clock: WallClock

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

    func admin(_ request: Request, context: some RequestContext) async throws -> User {
        let user = try await user(request, context: context)
        guard user.isAdmin else {
            context.logger.info("admin route refused", metadata: ["user": "\(user.username)"])
            throw APIError(.forbidden, "The user doesn't have enough privileges")
        }
        return user
    }
}
