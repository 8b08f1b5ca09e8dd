import Foundation
import HeraldCore
import JWTKit

/// The claims of a Herald access token: the old server's `{sub, exp}` plus `iat`.
struct AccessTokenPayload: JWTPayload {
    var sub: SubjectClaim?
    var exp: ExpirationClaim?
    var iat: IssuedAtClaim?

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
    /// libraries in the field refuse.
    func issue(username: String, now: Date = Date()) async throws -> (token: String, expiresAt: Date) {
        let issuedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let expiresAt = issuedAt.addingTimeInterval(lifetime.rounded(.down))
        let payload = AccessTokenPayload(sub: SubjectClaim(value: username), exp: ExpirationClaim(value: expiresAt), iat: IssuedAtClaim(value: issuedAt))
        return (try await keys.sign(payload), expiresAt)
    }

    /// The username a token was issued to.
    func subject(of token: String) async throws(TokenRejection) -> String {
        let payload: AccessTokenPayload
        do {
            payload = try await keys.verify(token, as: AccessTokenPayload.self)
        } catch let error as JWTError where error.errorType == .claimVerificationFailure && error.failedClaim is ExpirationClaim {
            throw .expired
        } catch {
            throw .invalid
        }
        guard let subject = payload.sub?.value, !subject.isEmpty else { throw .missingSubject }
        return subject
    }
}
