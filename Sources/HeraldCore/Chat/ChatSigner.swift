import Crypto
import Foundation

/// Signs what Herald hands to a chat service and takes back (issue 43):
/// a Mattermost button's context (Mattermost does not sign its calls, so
/// the context carries Herald's own signature of the room and
/// notification it names), and the link that binds a chat account to a
/// Herald person, which only a signed callback from that account makes.
/// The key is derived from the VAPID key every replica shares.
public struct ChatSigner: Sendable {
    let key: SymmetricKey

    public init(vapid: VAPID) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: vapid.key.rawRepresentation), info: Data("herald chat v1".utf8), outputByteCount: 32
        )
    }

    /// A button's signature: it acknowledges `notification` from `room` only.
    public func action(room: Int64, notification: NotificationID) -> String {
        sign("action.\(room).\(notification)")
    }

    public func verifyAction(room: Int64, notification: NotificationID, signature: String) -> Bool {
        Self.same(action(room: room, notification: notification), signature)
    }

    /// A direct message's button: it acknowledges `notification` as the
    /// person whose contact method `method` is, from a message sent at
    /// `sentAt` (milliseconds since 1970; a withdrawal after it is not undone
    /// by it).
    /// Each person's button differs, so one who saw theirs cannot make
    /// another's (Mattermost signs nothing of its own).
    public func direct(method: Int64, notification: NotificationID, sentAt: Int64) -> String {
        sign("direct.\(method).\(notification).\(sentAt)")
    }

    public func verifyDirect(method: Int64, notification: NotificationID, sentAt: Int64, signature: String) -> Bool {
        Self.same(direct(method: method, notification: notification, sentAt: sentAt), signature)
    }

    /// How long a link to bind a chat account lasts.
    public static let linkLifetime: TimeInterval = 15 * 60

    /// `<kind>.<chat user, base64url>.<issued>.<signature>`.
    public func link(kind: ChatRoomKind, chatUser: String, issuedAt: Date) -> String {
        let text = "\(kind.rawValue).\(Data(chatUser.utf8).base64URL).\(Int64(issuedAt.timeIntervalSince1970))"
        return text + "." + sign("link." + text)
    }

    /// The account a link binds, if this server made it and it is not older than `linkLifetime`.
    public func verifyLink(_ token: String, now: Date) -> (kind: ChatRoomKind, chatUser: String)? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard token.utf8.count <= 400, parts.count == 4, let kind = ChatRoomKind(rawValue: String(parts[0])),
            let userData = Data(base64URL: String(parts[1])), let chatUser = String(data: userData, encoding: .utf8), !chatUser.isEmpty,
            let issued = Int64(parts[2])
        else { return nil }
        let text = "\(parts[0]).\(parts[1]).\(parts[2])"
        guard Self.same(sign("link." + text), String(parts[3])) else { return nil }
        let age = now.timeIntervalSince1970 - Double(issued)
        guard age >= -60, age <= Self.linkLifetime else { return nil }
        return (kind, chatUser)
    }

    private func sign(_ text: String) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key).prefix(16)).base64URL
    }

    /// Compared in constant time.
    public static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).reduce(UInt8(0), { $0 | ($1.0 ^ $1.1) }) == 0
    }
}
