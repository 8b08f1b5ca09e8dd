import Foundation
import HeraldCore
import JWTKit

/// VAPID's JWT (RFC 8292), made with jwt-kit as the APNs provider token is:
/// ES256 with the server's key, `aud` the push service's origin, `exp`
/// 12 hours on, `sub` the operators' contact.
struct VAPIDClaims: JWTPayload {
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var sub: SubjectClaim

    func verify(using algorithm: some JWTAlgorithm) throws {}
}

extension VAPID {
    /// The origin of a subscription's endpoint, the JWT's audience.
    static func audience(of endpoint: URL) -> String? {
        guard let scheme = endpoint.scheme, let host = endpoint.host else { return nil }
        return "\(scheme)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
    }

    /// `Authorization: vapid t=<JWT>, k=<public key>` for pushes to the
    /// push services at `audiences`, each signed once.
    func authorizations(for audiences: Set<String>, now: Date) async throws -> [String: String] {
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: try ES256PrivateKey(backing: key))
        // Whole seconds: jwt-kit writes fractions otherwise.
        let expiry = ExpirationClaim(value: Date(timeIntervalSince1970: (now.timeIntervalSince1970 + 12 * 3600).rounded(.down)))
        var headers: [String: String] = [:]
        for audience in audiences {
            let token = try await keys.sign(VAPIDClaims(aud: AudienceClaim(value: audience), exp: expiry, sub: SubjectClaim(value: subject)))
            headers[audience] = "vapid t=\(token), k=\(publicKey)"
        }
        return headers
    }
}
