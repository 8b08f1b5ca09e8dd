import Crypto
import Foundation

extension ServiceToken {
    /// A new token: a recognisable prefix and 32 random bytes. Shown once,
    /// to whoever made it; only its hash is stored.
    public static func newSecret() -> String {
        "hrld_" + RandomHex.bytes(32)
    }

    /// Tokens are stored as SHA-256: they are long random strings, so a fast
    /// hash is enough, and the database never holds a usable token.
    public static func hash(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).hexEncoded
    }
}
