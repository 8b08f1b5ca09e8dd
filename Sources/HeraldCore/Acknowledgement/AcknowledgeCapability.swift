import Crypto
import Foundation

/// The "Acknowledge" button of a Web Push notification: a URL that lets
/// the browser acknowledge one notification as whoever owns the device it
/// was pushed to, from the lock screen, without a session. The token names
/// the notification and the device and is signed with a key derived from
/// the VAPID key, which every replica shares (the worker makes tokens, the
/// API checks them). It does nothing else: it cannot read, withdraw or
/// reach another notification, and the payload that carries it is
/// encrypted to the browser (RFC 8291), so the push service never sees it.
public struct AcknowledgeCapability: Sendable {
    let key: SymmetricKey

    public init(vapid: VAPID) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: vapid.key.rawRepresentation), info: Data("herald acknowledge capability".utf8), outputByteCount: 32
        )
    }

    /// `<notification>.<device>.<128-bit signature>`, URL-safe.
    public func token(notificationID: NotificationID, deviceID: Int64) -> String {
        let claim = "\(notificationID).\(deviceID)"
        return claim + "." + signature(claim)
    }

    /// The notification and device a token names; nil for anything this
    /// server did not make.
    public func verify(_ token: String) -> (notificationID: NotificationID, deviceID: Int64)? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count <= 19, parts[1].count <= 19,
            let notification = Int64(parts[0]), let device = Int64(parts[1]), notification > 0, device > 0
        else { return nil }
        let expected = signature("\(notification).\(device)")
        // Compared in constant time: the difference must not tell where it starts.
        guard expected.utf8.count == parts[2].utf8.count,
            zip(expected.utf8, parts[2].utf8).reduce(UInt8(0), { $0 | ($1.0 ^ $1.1) }) == 0
        else { return nil }
        return (notification, device)
    }

    /// The path a service worker posts to.
    public func path(notificationID: NotificationID, deviceID: Int64) -> String {
        "/api/v2/acknowledge/" + token(notificationID: notificationID, deviceID: deviceID)
    }

    private func signature(_ claim: String) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data(claim.utf8), using: key).prefix(16)).base64URL
    }
}
