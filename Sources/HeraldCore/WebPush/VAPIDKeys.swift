import Crypto
import Foundation
import NIOConcurrencyHelpers

/// The server's VAPID key: made once, kept in the database as a shared
/// setting (so every replica signs with the same key the browsers
/// subscribed with), read once per process.
public final class VAPIDKeys: Sendable {
    static let settingName = "webpush_vapid_key"
    let settings: any SharedSettings
    let subject: String
    private let cached = NIOLockedValueBox<VAPID?>(nil)

    public init(settings: any SharedSettings, subject: String) {
        self.settings = settings
        self.subject = subject
    }

    public func vapid() async throws -> VAPID {
        if let known = cached.withLockedValue({ $0 }) { return known }
        let stored = try await settings.sharedSetting(Self.settingName, ifAbsent: P256.Signing.PrivateKey().rawRepresentation.base64URL)
        guard let raw = Data(base64URL: stored), let key = try? P256.Signing.PrivateKey(rawRepresentation: raw) else {
            throw StoreError.unreadableRow("the stored VAPID key is not a P-256 private key")
        }
        let vapid = VAPID(key: key, subject: subject)
        cached.withLockedValue { $0 = vapid }
        return vapid
    }
}
