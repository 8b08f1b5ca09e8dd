import Foundation

/// A browser's PushSubscription as the web app registers it (its JSON:
/// `{"endpoint": ..., "keys": {"p256dh": ..., "auth": ...}}`), kept whole
/// as the device's token.
public struct WebPushSubscription: Sendable, Equatable {
    public var endpoint: URL
    public var userAgentPublicKey: Data
    public var authSecret: Data

    struct Wire: Codable {
        struct Keys: Codable {
            var p256dh: String
            var auth: String
        }
        var endpoint: String
        var keys: Keys
    }

    /// Nil unless an https endpoint, a 65-byte P-256 key and a 16-byte auth
    /// secret. `allowLoopback` also takes http to 127.0.0.1 (a test's push
    /// service); never from users, or the server would post to itself.
    public init?(token: String, allowLoopback: Bool = false) {
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(token.utf8)), let url = URL(string: wire.endpoint), let host = url.host,
              url.scheme == "https" || (allowLoopback && url.scheme == "http" && host == "127.0.0.1"),
              let key = Data(base64URL: wire.keys.p256dh), key.count == 65, key.first == 0x04,
              let auth = Data(base64URL: wire.keys.auth), auth.count == 16
        else { return nil }
        endpoint = url
        userAgentPublicKey = key
        authSecret = auth
    }

    /// The token to store: the subscription's JSON, keys in a fixed order.
    public static func token(endpoint: String, p256dh: String, auth: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(Wire(endpoint: endpoint, keys: .init(p256dh: p256dh, auth: auth)))) ?? Data(), as: UTF8.self)
    }
}
