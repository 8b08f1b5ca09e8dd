import Crypto
import Foundation

/// Voluntary Application Server Identification (RFC 8292): an ES256 JWT
/// for the push service's origin, signed with the server's key, sent with
/// the public key in `Authorization: vapid t=..., k=...`.
public struct VAPID: Sendable {
    public let key: P256.Signing.PrivateKey
    /// A contact for the push service's operators (`mailto:` or `https:`).
    public let subject: String

    public init(key: P256.Signing.PrivateKey, subject: String) {
        self.key = key
        self.subject = subject
    }

    /// The public key as browsers take it (`applicationServerKey`): 65 bytes, base64url.
    public var publicKey: String { key.publicKey.x963Representation.base64URL }

    /// The header value for a push to `endpoint`, valid 12 hours from `now`.
    public func authorization(endpoint: URL, now: Date) -> String? {
        guard let scheme = endpoint.scheme, let host = endpoint.host else { return nil }
        let audience = "\(scheme)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
        let header = Data(#"{"typ":"JWT","alg":"ES256"}"#.utf8).base64URL
        let claims = ["aud": audience, "exp": String(Int(now.timeIntervalSince1970) + 12 * 3600), "sub": subject]
        guard let claimsJSON = try? JSONSerialization.data(withJSONObject: claims.mapValues { value -> Any in Int(value) ?? value }, options: [.sortedKeys]) else { return nil }
        let signingInput = header + "." + claimsJSON.base64URL
        guard let signature = try? key.signature(for: Data(signingInput.utf8)) else { return nil }
        return "vapid t=\(signingInput).\(signature.rawRepresentation.base64URL), k=\(publicKey)"
    }
}
