import Foundation
import HeraldCore

// The JSON shapes of the API, named and formatted as the server Herald
// replaces wrote them: snake_case keys, lowercase UUIDs, zone-less timestamps.

struct ServiceBody: Encodable {
    var id: String
    var category: String
    var color: String
    var owner: String
    /// Present (true) only for a private service (issue 41): the old
    /// server's shape is unchanged for every other.
    var is_private: Bool?

    init(_ service: ServiceRecord) {
        id = service.id.wireString
        category = service.category
        color = service.color
        owner = service.owner
        is_private = service.isPrivate ? true : nil
    }
}

/// A body with one more boolean key: a service with `is_subscribed`, a
/// notification with `is_read`.
struct FlaggedBody<Base: Encodable>: Encodable {
    var base: Base
    var key: String
    var flag: Bool
    /// Keys written only when true (`is_starred`), so the old shape is unchanged otherwise.
    var trueOnly: [String] = []

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(flag, forKey: Key(stringValue: key))
        for name in trueOnly { try container.encode(true, forKey: Key(stringValue: name)) }
    }
}

typealias UserServiceBody = FlaggedBody<ServiceBody>
typealias InboxItemBody = FlaggedBody<NotificationBody>

extension FlaggedBody<ServiceBody> {
    init(_ item: UserService) {
        self.init(base: ServiceBody(item.service), key: "is_subscribed", flag: item.isSubscribed)
    }
}

extension FlaggedBody<NotificationBody> {
    init(_ item: InboxItem) {
        var base = NotificationBody(item.notification)
        base.state = item.state
        if let acknowledgement = item.acknowledgement {
            base.acknowledged_by = acknowledgement.username
            base.acknowledged_at = Timestamp.wireString(acknowledgement.at)
            base.acknowledgement_comment = acknowledgement.comment
        }
        self.init(base: base, key: "is_read", flag: item.isRead, trueOnly: item.isStarred ? ["is_starred"] : [])
    }
}

struct NotificationBody: Encodable {
    var id: Int64
    var timestamp: String
    var title: String
    var subtitle: String
    var url: String
    var service_id: String
    // Each of these is absent when not set, so the old clients' shape is unchanged.
    var severity: String?
    var attributes: NotificationAttributes?
    var expires_at: String?
    var key: String?
    /// An alarm's: `open` while it fires, `resolved` once over; in an inbox
    /// item also `acknowledged` once someone took it (`InboxItem.state`).
    var state: String?
    /// In an inbox item, once someone acknowledged it: who, when, and what
    /// they wrote.
    var acknowledged_by: String?
    var acknowledged_at: String?
    var acknowledgement_comment: String?
    /// In the live stream's items: whether the reader may acknowledge or
    /// withdraw (`AlarmResponders`), so the web inbox offers only that.
    var may_take: Bool?

    init(_ notification: NotificationRecord) {
        id = notification.id
        timestamp = Timestamp.wireString(notification.timestamp)
        title = notification.title
        subtitle = notification.subtitle
        url = notification.url
        service_id = notification.serviceID.wireString
        severity = notification.severity?.rawValue
        attributes = notification.attributes
        expires_at = notification.expiresAt.map(Timestamp.wireString)
        key = notification.key
        state = notification.alarm?.state
    }
}

/// A notification as a sender gave it, held for later or to repeat, with
/// the keys of what holds it (`head`) in the same object; each optional
/// key is absent when not set, as in `NotificationBody`.
struct DraftBody<Head: Encodable>: Encodable {
    struct Fields: Encodable {
        var title: String
        var subtitle: String
        var url: String
        var severity: String?
        var attributes: NotificationAttributes?
        var expires_at: String?
        var key: String?
    }

    var head: Head
    var fields: Fields

    init(_ head: Head, _ draft: NotificationDraft) {
        self.head = head
        fields = Fields(
            title: draft.title, subtitle: draft.subtitle, url: draft.url, severity: draft.severity?.rawValue, attributes: draft.attributes,
            expires_at: draft.expiresAt.map(Timestamp.wireString), key: draft.key
        )
    }

    func encode(to encoder: any Encoder) throws {
        try head.encode(to: encoder)
        try fields.encode(to: encoder)
    }
}

/// The v2 profile; v1 calls the token list `apn_tokens`.
struct UserBody: Encodable {
    enum Version { case v1, v2 }

    var profile: UserProfile
    var version: Version = .v2

    enum CodingKeys: String, CodingKey {
        case id, username, device_tokens, apn_tokens, is_active, is_admin
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(profile.user.id, forKey: .id)
        try container.encode(profile.user.username, forKey: .username)
        try container.encode(profile.deviceTokens, forKey: version == .v2 ? .device_tokens : .apn_tokens)
        try container.encode(profile.user.isActive, forKey: .is_active)
        try container.encode(profile.user.isAdmin, forKey: .is_admin)
    }
}

struct UnreadCountBody: Encodable {
    var unread_count: Int
}

struct AccessTokenBody: Encodable {
    var access_token: String
    var token_type = "bearer"
}
