import Foundation
import HeraldCore

// The JSON shapes of the API, named and formatted as the server Herald
// replaces wrote them: snake_case keys, lowercase UUIDs, zone-less timestamps.

struct ServiceBody: Encodable {
    var id: String
    var category: String
    var color: String
    var owner: String

    init(_ service: Service) {
        id = service.id.wireString
        category = service.category
        color = service.color
        owner = service.owner
    }
}

struct UserServiceBody: Encodable {
    var id: String
    var category: String
    var color: String
    var owner: String
    var is_subscribed: Bool

    init(_ item: UserService) {
        let service = ServiceBody(item.service)
        id = service.id
        category = service.category
        color = service.color
        owner = service.owner
        is_subscribed = item.isSubscribed
    }
}

struct NotificationBody: Encodable {
    var id: Int64
    var timestamp: String
    var title: String
    var subtitle: String
    var url: String
    var service_id: String

    init(_ notification: HeraldCore.Notification) {
        id = notification.id
        timestamp = Timestamp.wireString(notification.timestamp)
        title = notification.title
        subtitle = notification.subtitle
        url = notification.url
        service_id = notification.serviceID.wireString
    }
}

struct InboxItemBody: Encodable {
    var id: Int64
    var timestamp: String
    var title: String
    var subtitle: String
    var url: String
    var service_id: String
    var is_read: Bool

    init(_ item: InboxItem) {
        let notification = NotificationBody(item.notification)
        id = notification.id
        timestamp = notification.timestamp
        title = notification.title
        subtitle = notification.subtitle
        url = notification.url
        service_id = notification.service_id
        is_read = item.isRead
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

extension UUID {
    /// Python's `str(uuid)`: lowercase with hyphens.
    var wireString: String { uuidString.lowercased() }
}
