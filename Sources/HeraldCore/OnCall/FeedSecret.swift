import Crypto
import Foundation

/// The unguessable part of an iCalendar feed's address (a rota's, or a
/// person's own): 32 random bytes as 64 hex digits, given to its owner once
/// and kept only as its SHA-256 (issue 39), so the database never holds a
/// usable address and a lookup is an index probe, not a scan. A new one
/// replaces the old, which then stops working.
public enum FeedSecret {
    public static func make() -> String { RandomHex.bytes(32) }

    public static func hash(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).hexEncoded
    }

    /// Whether `text` has a secret's shape (anything else is not looked up).
    public static func isWellFormed(_ text: String) -> Bool {
        text.count == 64 && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}
