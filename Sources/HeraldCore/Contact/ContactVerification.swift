import Crypto
import Foundation

/// Proving a contact address is one's own before anything is sent to it
/// (issue 42): a 6-digit code sent to it, good for 10 minutes and 5 tries,
/// kept only as its SHA-256 (with the method's id, so equal codes of two
/// methods do not look alike). A new code replaces the old one.
public enum ContactVerification {
    public static let lifetime: TimeInterval = 600
    public static let maximumTries = 5
    public static let digits = 6

    /// A code sent and not yet typed.
    public struct Pending: Sendable, Equatable {
        public var codeHash: String
        public var expiresAt: Date
        /// Wrong codes typed so far.
        public var tries: Int

        public init(codeHash: String, expiresAt: Date, tries: Int) {
            self.codeHash = codeHash
            self.expiresAt = expiresAt
            self.tries = tries
        }
    }

    /// A fresh code, uniformly drawn from 000000…999999.
    public static func newCode<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        let value = UInt32.random(in: 0..<1_000_000, using: &generator)
        let text = String(value)
        return String(repeating: "0", count: digits - text.count) + text
    }

    public static func newCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return newCode(using: &generator)
    }

    public static func hash(_ code: String, methodID: Int64) -> String {
        SHA256.hash(data: Data("herald contact \(methodID) \(code)".utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// A code sent now.
    public static func pending(code: String, methodID: Int64, now: Date) -> Pending {
        Pending(codeHash: hash(code, methodID: methodID), expiresAt: now.addingTimeInterval(lifetime), tries: 0)
    }

    public enum Verdict: Sendable, Equatable {
        case verified
        /// Wrong; this many tries are left.
        case wrong(triesLeft: Int)
        /// No code is waiting (never sent, or already used).
        case noCode
        case expired
        /// Five wrong codes: a new one must be asked for.
        case exhausted
    }

    /// What typing `code` does. Digits only are compared (people type
    /// "123 456"); the comparison takes the same time wherever they differ.
    public static func judge(_ code: String, pending: Pending?, methodID: Int64, now: Date) -> Verdict {
        guard let pending else { return .noCode }
        guard pending.tries < maximumTries else { return .exhausted }
        guard now < pending.expiresAt else { return .expired }
        let typed = String(code.filter { $0.isASCII && $0.isNumber })
        let expected = Array(pending.codeHash.utf8)
        let given = Array(hash(typed, methodID: methodID).utf8)
        let same = expected.count == given.count && zip(expected, given).reduce(UInt8(0), { $0 | ($1.0 ^ $1.1) }) == 0
        if same, typed.count == digits { return .verified }
        let left = maximumTries - pending.tries - 1
        return left > 0 ? .wrong(triesLeft: left) : .exhausted
    }
}
