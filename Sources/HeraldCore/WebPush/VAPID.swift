import Crypto
import Foundation

/// Voluntary Application Server Identification (RFC 8292): the server's key
/// and contact. Browsers subscribe with the public key; the delivery worker
/// signs each push service's JWT with the private one (`VAPIDToken`).
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
}
