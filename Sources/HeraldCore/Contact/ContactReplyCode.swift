import Crypto
import Foundation

/// The code a text carries for its answer (issue 42): "Reply 482913 to
/// take it". Six digits derived from the notification and the person with
/// a key every replica shares (from the VAPID key, as the lock-screen link
/// is), so the worker that texts and the process that reads the reply
/// agree without storing it. A reply counts only from a number verified as
/// that person's and with the code of a text sent to them, so a forged
/// sender number alone takes nothing; and a wrong code is braked per number.
public struct ContactReplyCode: Sendable {
    let key: SymmetricKey

    public init(vapid: VAPID) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: vapid.key.rawRepresentation), info: Data("herald contact reply code v1".utf8), outputByteCount: 32
        )
    }

    public init(key: SymmetricKey) {
        self.key = key
    }

    public func code(notification: NotificationID, user: UserID) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(notification).\(user)".utf8), using: key)
        let value = mac.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } % 1_000_000
        let text = String(value)
        return String(repeating: "0", count: 6 - text.count) + text
    }

    /// The words a text ends with.
    public static func invitation(_ code: String, _ language: Language = .en) -> String { Catalog.text("msg.replyToTake", language, ["code": code]) }

    /// The six-digit codes a reply holds ("ack 482913", "482913",
    /// "OK 482 913"): runs of digits, spaces between them joined, that come
    /// to exactly six. At most a few, so a long reply cannot be a search.
    public static func codes(in reply: String) -> [String] {
        var found: [String] = []
        var run = ""
        func flush() {
            if run.count == 6 { found.append(run) }
            run = ""
        }
        for character in reply.prefix(160) {
            if character.isASCII, character.isNumber {
                run.append(character)
            } else if character == " ", !run.isEmpty, run.count < 6 {
                continue
            } else {
                flush()
            }
        }
        flush()
        return Array(found.prefix(3))
    }
}
