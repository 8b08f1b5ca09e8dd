import Crypto
import Foundation

/// Slack's signature on the requests it sends an app (a button pressed):
/// `X-Slack-Signature: v0=<hex HMAC-SHA256 of "v0:<timestamp>:<body>">`
/// under the app's signing secret, `X-Slack-Request-Timestamp` the Unix
/// time it was sent. One older (or newer) than five minutes is refused,
/// so a request captured once cannot be replayed later.
public enum SlackRequestSignature {
    public static let window: TimeInterval = 5 * 60

    public static func signature(secret: String, timestamp: String, body: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("v0:\(timestamp):\(body)".utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return "v0=" + mac.map { String(format: "%02x", $0) }.joined()
    }

    /// What a call is remembered by (its signature, hashed): one acted on
    /// is refused when it comes again within the window.
    public static func digest(_ signature: String) -> String {
        SHA256.hash(data: Data(signature.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Nil when the request is Slack's; else why not.
    public static func problem(secret: String, timestamp: String?, signature: String?, body: String, now: Date) -> String? {
        guard let timestamp, let sent = Int64(timestamp) else { return "no X-Slack-Request-Timestamp" }
        guard abs(now.timeIntervalSince1970 - Double(sent)) <= window else { return "a timestamp more than five minutes away" }
        guard let signature else { return "no X-Slack-Signature" }
        guard ChatSigner.same(Self.signature(secret: secret, timestamp: timestamp, body: body), signature) else { return "a signature that does not match" }
        return nil
    }
}
