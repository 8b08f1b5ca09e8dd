import Crypto
import Foundation

/// The "Acknowledge" button of a Web Push notification: a URL that lets
/// the browser acknowledge one notification from the lock screen, without
/// a session. The token names the notification, the device, the account
/// it was issued to and when it was issued (issue 39: it acts as that
/// account only, while the device is still theirs, and not once
/// ACKNOWLEDGE_LINK_HOURS, as set now, have passed since), signed with a key derived from the VAPID key,
/// which every replica shares (the worker makes tokens, the API checks
/// them). It does nothing else: it cannot read, withdraw or reach another
/// notification, and the payload that carries it is encrypted to the
/// browser (RFC 8291), so the push service never sees it.
public struct AcknowledgeCapability: Sendable {
    let key: SymmetricKey

    /// What a token names.
    public struct Claim: Sendable, Equatable {
        public var notificationID: NotificationID
        public var deviceID: Int64
        public var userID: UserID
        /// When the link was made (whole seconds).
        public var issuedAt: Date

        public init(notificationID: NotificationID, deviceID: Int64, userID: UserID, issuedAt: Date) {
            self.notificationID = notificationID
            self.deviceID = deviceID
            self.userID = userID
            self.issuedAt = Date(timeIntervalSince1970: issuedAt.timeIntervalSince1970.rounded(.down))
        }

        /// When it stops working, for links that last `lifetime`.
        public func expiresAt(lifetime: TimeInterval) -> Date { issuedAt.addingTimeInterval(lifetime) }
    }

    public init(vapid: VAPID) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: vapid.key.rawRepresentation), info: Data("herald acknowledge capability v2".utf8), outputByteCount: 32
        )
    }

    /// `<notification>.<device>.<user>.<issued>.<128-bit signature>`, URL-safe.
    public func token(_ claim: Claim) -> String {
        let text = "\(claim.notificationID).\(claim.deviceID).\(claim.userID).\(Int64(claim.issuedAt.timeIntervalSince1970))"
        return text + "." + signature(text)
    }

    /// What a token names; nil for anything this server did not make (or
    /// made under another key). Expiry is the caller's to judge.
    public func verify(_ token: String) -> Claim? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 5, parts.prefix(4).allSatisfy({ $0.count <= 19 }),
            let notification = Int64(parts[0]), let device = Int64(parts[1]), let user = Int64(parts[2]), let issued = Int64(parts[3]),
            notification > 0, device > 0, user > 0, issued > 0
        else { return nil }
        let expected = signature("\(notification).\(device).\(user).\(issued)")
        // Compared in constant time: the difference must not tell where it starts.
        guard expected.utf8.count == parts[4].utf8.count,
            zip(expected.utf8, parts[4].utf8).reduce(UInt8(0), { $0 | ($1.0 ^ $1.1) }) == 0
        else { return nil }
        return Claim(notificationID: notification, deviceID: device, userID: user, issuedAt: Date(timeIntervalSince1970: Double(issued)))
    }

    /// The path a service worker posts to.
    public func path(_ claim: Claim) -> String {
        "/api/v2/acknowledge/" + token(claim)
    }

    private func signature(_ claim: String) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data(claim.utf8), using: key).prefix(16)).base64URL
    }
}
