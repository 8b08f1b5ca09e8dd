import Foundation

/// The push service a device token belongs to.
public enum Platform: String, Sendable, CaseIterable, Codable {
    case apns
    case fcm
    /// A browser's push subscription (Web Push, RFC 8030/8291/8292).
    case webpush
    /// A verified contact method (issue 42): a text, a phone call, an email.
    /// Its device row is made when the method is verified, never registered.
    case sms
    case voice
    case email
    /// A person's ntfy topic, and their Pushover user key (issue 43):
    /// phones reached through an app of someone else's.
    case ntfy
    case pushover
    /// A person's Matrix account, written to in a direct chat (issue 43).
    case matrix
    /// A person's Slack or Mattermost account, written to in a direct
    /// message from the site's bot (issue 43).
    case slack
    case mattermost

    /// The platform of a token registered without an explicit `platform`,
    /// guessed as the server Herald replaces did: an APNs token is 32 bytes
    /// written as 64 hex digits; anything else is an FCM registration token.
    public static func guess(fromToken token: String) -> Platform {
        let utf8 = token.utf8
        if utf8.count == 64, utf8.allSatisfy({ $0.isHexDigit }) {
            return .apns
        }
        return .fcm
    }
}

extension UInt8 {
    /// 0-9, a-f or A-F as an ASCII byte.
    public var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}

/// A phone (or browser) registered to a user.
public struct Device: Sendable, Equatable {
    public var id: Int64
    public var token: String
    public var platform: Platform
    public var createdAt: Date
    public var lastSeenAt: Date

    public init(id: Int64, token: String, platform: Platform, createdAt: Date, lastSeenAt: Date) {
        self.id = id
        self.token = token
        self.platform = platform
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}

/// The outcome of registering a token for a user.
public enum DeviceRegistration: Sendable, Equatable {
    /// The user already had this token.
    case alreadyRegistered
    /// The token is new for this user (it may have moved from another user:
    /// a phone belongs to whoever logged in on it last).
    case added
}

/// Device tokens are credentials for pushing to someone's phone: logs and
/// reports show only their last characters.
public enum TokenHint {
    public static func hint(_ token: String) -> String {
        "…" + token.suffix(6)
    }
}

/// A device a provider called dead, kept for a grace period so an operator
/// can restore it (`herald devices restore`).
public struct RemovedDevice: Sendable, Equatable {
    public var id: Int64
    public var userID: UserID
    public var token: String
    public var platform: Platform
    public var removedAt: Date
    public var reason: String

    public init(id: Int64, userID: UserID, token: String, platform: Platform, removedAt: Date, reason: String) {
        self.id = id
        self.userID = userID
        self.token = token
        self.platform = platform
        self.removedAt = removedAt
        self.reason = reason
    }
}
