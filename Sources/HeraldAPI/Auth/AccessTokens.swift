import Foundation
import HeraldCore
import JWTKit

/// The claims of a Herald access token: the old server's `{sub, exp}`, plus
/// `iat`, `uid` (so a re-created account with the same name does not accept
/// the old one's) and `gen`, the account's token generation when it was
/// issued (a revocation moves the account to the next one). A generation
/// rather than a time: exact within a second and across replicas' clocks.
struct AccessTokenPayload: JWTPayload {
    var sub: SubjectClaim?
    var exp: ExpirationClaim?
    var iat: IssuedAtClaim?
    var uid: Int64?
    var gen: Int64?
    /// A web sign-in's session: the token counts only while it is open.
    var sid: String?

    func verify(using algorithm: some JWTAlgorithm) throws {
        guard let exp else { throw JWTError.claimVerificationFailure(failedClaim: nil, reason: "missing exp") }
        try exp.verifyNotExpired()
    }
}

/// Why a bearer token was refused, in the old server's words.
enum TokenRejection: Error, Equatable {
    case expired
    case invalid
    case missingSubject

    var detail: String {
        switch self {
        case .expired: "Token has expired"
        case .invalid: "Could not validate credentials"
        case .missingSubject: "Missing subject claim in JWT"
        }
    }
}

/// Issues and checks access tokens. The signing key is installed at start-up
/// (`install`), once the secret is known: it may come from the database.
public struct AccessTokens: Sendable {
    let keys = JWTKeyCollection()
    let lifetime: TimeInterval

    init(lifetimeMinutes: Int) {
        self.lifetime = TimeInterval(lifetimeMinutes) * 60
    }

    /// Installs the signing key for the configured algorithm.
    func install(config: HeraldConfig, secret: String) async throws {
        switch config.jwtAlgorithm {
        case .hs256:
            await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
        case .es256:
            await keys.add(ecdsa: try ES256PrivateKey(pem: config.jwtPrivateKeyPEM ?? ""))
        case .rs256:
            await keys.add(rsa: try Insecure.RSA.PrivateKey(pem: config.jwtPrivateKeyPEM ?? ""), digestAlgorithm: .sha256)
        }
    }

    /// A token for `username` and when it expires. Both times are whole
    /// seconds: jwt-kit would otherwise write fractions, which some JWT
    /// libraries in the field refuse. With `session`, a web session's
    /// token: it lasts `lifetime` and counts while the session is open.
    func issue(for user: User, now: Date, session: (id: String, lifetime: TimeInterval)? = nil) async throws -> (token: String, expiresAt: Date) {
        let issuedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let expiresAt = issuedAt.addingTimeInterval((session?.lifetime ?? lifetime).rounded(.down))
        let payload = AccessTokenPayload(
            sub: SubjectClaim(value: user.username), exp: ExpirationClaim(value: expiresAt), iat: IssuedAtClaim(value: issuedAt), uid: user.id,
            gen: user.tokenGeneration, sid: session?.id
        )
        return (try await keys.sign(payload), expiresAt)
    }

    /// What a verified token says.
    struct Verified: Sendable {
        var username: String
        /// Nil in tokens of the server Herald replaces.
        var userID: UserID?
        /// Nil in tokens minted the old server's way (`{sub, exp}` signed
        /// with SECRET_KEY): the account's first generation.
        var generation: Int64?
        /// The web session the token belongs to, if it is a session's.
        var sessionID: String?

        /// Whether the token names this account: not an earlier one with
        /// the same name (a token minted the old way names none).
        func isIssued(to user: User) -> Bool {
            userID.map { $0 == user.id } ?? true
        }

        /// Whether the token still speaks for `user`: issued to this account
        /// and not revoked since. A token minted the old way counts until
        /// the account's first revocation, as the sites that mint them for
        /// scripts expect, whether the account was imported or made here.
        func isValid(for user: User) -> Bool {
            guard isIssued(to: user) else { return false }
            guard let generation else { return user.tokensRevokedAt == nil }
            return generation == user.tokenGeneration
        }
    }

    /// The claims of a token whose signature and expiry are good.
    func verify(_ token: String) async throws(TokenRejection) -> Verified {
        let payload: AccessTokenPayload
        do {
            payload = try await keys.verify(token, as: AccessTokenPayload.self)
        } catch let error as JWTError where error.errorType == .claimVerificationFailure && error.failedClaim is ExpirationClaim {
            throw .expired
        } catch {
            throw .invalid
        }
        guard let subject = payload.sub?.value, !subject.isEmpty else { throw .missingSubject }
        return Verified(username: subject, userID: payload.uid, generation: payload.gen, sessionID: payload.sid)
    }

    /// Signs another short-lived payload with the same key (the browser
    /// sign-in's state cookie), so every replica can read it.
    func sign<Payload: JWTPayload>(_ payload: Payload) async throws -> String {
        try await keys.sign(payload)
    }

    /// A payload `sign` made, if its signature and claims verify.
    func verified<Payload: JWTPayload>(_ token: String, as type: Payload.Type) async -> Payload? {
        try? await keys.verify(token, as: type)
    }
}
