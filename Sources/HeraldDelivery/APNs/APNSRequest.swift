import Foundation
import HeraldCore

/// One push to APNs, transport-free: the path, headers and JSON body that
/// the HTTP/2 transport sends.
public struct APNSRequest: Sendable, Equatable {
    /// APNs refuses payloads over 4096 bytes (413 PayloadTooLarge).
    public static let maxPayloadBytes = 4096
    /// The old server cut subtitles to 256 characters; so does Herald.
    public static let maxSubtitleCharacters = 256

    public var deviceToken: String
    public var topic: String
    public var priority: Int
    /// Epoch seconds; 0 = deliver now or never.
    public var expiration: Int
    /// Lets the phone show a notification once even when a crash made us
    /// send it twice; nil for a background push, which shows nothing.
    public var collapseID: String?
    /// `alert`, or `background` for a withdrawal.
    public var pushType = "alert"
    public var payload: Data

    public var path: String { "/3/device/\(deviceToken)" }

    public var headers: [(String, String)] {
        [
            ("apns-topic", topic),
            ("apns-push-type", pushType),
            ("apns-priority", String(priority)),
            ("apns-expiration", String(expiration)),
        ] + (collapseID.map { [("apns-collapse-id", $0)] } ?? [])
    }

    /// A withdrawal: a background push (priority 5, `content-available`,
    /// nothing shown) telling an app that handles it to take down the
    /// notification it shows under `herald-<id>`; an app that does not
    /// handle it is not woken for it and shows nothing.
    public init(withdrawalOf delivery: ClaimedDelivery, topic: String, expirationSeconds: Int, now: Date) {
        let body = APNSWithdrawal(
            aps: .init(content_available: 1), notification_id: delivery.notification.id,
            service_id: delivery.notification.serviceID.uuidString.lowercased(), withdraw: true, reason: "acknowledged"
        )
        self.init(delivery: delivery, topic: topic, expirationSeconds: expirationSeconds, now: now, priority: 5,
                  payload: (try? JSONPayloadEncoder.encoder.encode(body)) ?? Data())
        collapseID = nil
        pushType = "background"
    }

    /// `criticalAlerts`: the app holds Apple's critical-alert entitlement
    /// (APNS_CRITICAL_ALERTS).
    public init(delivery: ClaimedDelivery, topic: String, expirationSeconds: Int, now: Date, criticalAlerts: Bool = false) {
        if delivery.purpose == .withdrawal {
            self.init(withdrawalOf: delivery, topic: topic, expirationSeconds: expirationSeconds, now: now)
            return
        }
        let alerting = APNSAlerting(severity: delivery.notification.severity, urgency: delivery.urgency, criticalAlerts: criticalAlerts)
        self.init(delivery: delivery, topic: topic, expirationSeconds: expirationSeconds, now: now, priority: alerting.priority,
                  payload: Self.payload(notification: delivery.notification, badge: delivery.badge, alerting: alerting))
    }

    init(delivery: ClaimedDelivery, topic: String, expirationSeconds: Int, now: Date, priority: Int, payload: Data) {
        self.deviceToken = delivery.token ?? ""
        self.topic = topic
        self.priority = priority
        self.expiration = Self.expiration(configured: expirationSeconds, notificationExpiresAt: delivery.notification.expiresAt, now: now)
        self.collapseID = "herald-\(delivery.notification.id)"
        self.payload = payload
    }

    /// Epoch seconds after which APNs stops trying: the configured time from
    /// now, or the notification's own expiry if that comes first (a late
    /// alert is never shown). 0 (now or never) stays 0.
    static func expiration(configured: Int, notificationExpiresAt: Date?, now: Date) -> Int {
        guard configured != 0 else { return 0 }
        let configuredAt = Int(now.timeIntervalSince1970) + configured
        guard let expiresAt = notificationExpiresAt else { return configuredAt }
        // At least a second ahead: an epoch in the past would be read as "now or never".
        return max(Int(now.timeIntervalSince1970) + 1, min(configuredAt, Int(expiresAt.timeIntervalSince1970)))
    }

    /// The requests for a batch. A payload differs between devices only by
    /// the badge (the user's unread count) and the urgency, so each
    /// notification, badge and urgency is encoded once, not once per device. (Looked up by id and checked
    /// by content, which costs less per push than hashing the text.)
    public static func batch(
        _ deliveries: [ClaimedDelivery], topic: String, expirationSeconds: Int, now: Date, criticalAlerts: Bool = false
    ) -> [APNSRequest] {
        struct Key: Hashable {
            var notification: Int64
            var badge: Int
            var urgency: Urgency
        }
        var payloads: [Key: (notification: NotificationRecord, priority: Int, payload: Data)] = [:]
        return deliveries.map { delivery in
            if delivery.purpose == .withdrawal {
                return APNSRequest(withdrawalOf: delivery, topic: topic, expirationSeconds: expirationSeconds, now: now)
            }
            let key = Key(notification: delivery.notification.id, badge: delivery.badge, urgency: delivery.urgency)
            let encoded: (priority: Int, payload: Data)
            if let cached = payloads[key], cached.notification == delivery.notification {
                encoded = (cached.priority, cached.payload)
            } else {
                let alerting = APNSAlerting(severity: delivery.notification.severity, urgency: delivery.urgency, criticalAlerts: criticalAlerts)
                encoded = (alerting.priority, payload(notification: delivery.notification, badge: delivery.badge, alerting: alerting))
                payloads[key] = (delivery.notification, encoded.priority, encoded.payload)
            }
            return APNSRequest(delivery: delivery, topic: topic, expirationSeconds: expirationSeconds, now: now, priority: encoded.priority, payload: encoded.payload)
        }
    }

    /// `{"aps": {"alert": {"title", "subtitle"}, "badge", "sound": "default"}, ...}`
    /// plus the notification's id, service, url, severity and attributes for
    /// the app; `aps` gains the service's `thread-id` (a stack per service)
    /// and, for a notification with a severity, its `interruption-level` and
    /// `relevance-score`. The subtitle is cut to 256 characters, then the
    /// whole is fitted into 4096 bytes (`PayloadFitting`).
    static func payload(notification: NotificationRecord, badge: Int, alerting: APNSAlerting) -> Data {
        PayloadFitting.fit(
            title: notification.title, text: String(notification.subtitle.prefix(maxSubtitleCharacters)), url: notification.url, maxBytes: maxPayloadBytes
        ) { title, subtitle, url in
            let body = APNSPayload(
                aps: alerting.aps(title: title, subtitle: subtitle, badge: badge, serviceID: notification.serviceID),
                notification_id: notification.id, service_id: notification.serviceID.uuidString.lowercased(), url: url,
                severity: notification.severity?.rawValue, attributes: notification.attributes
            )
            return (try? JSONPayloadEncoder.encoder.encode(body)) ?? Data()
        }
    }
}

/// `{"aps": {"content-available": 1}, "notification_id", "service_id",
/// "withdraw": true, "reason": "acknowledged"}`.
struct APNSWithdrawal: Encodable {
    struct APS: Encodable {
        var content_available: Int

        enum CodingKeys: String, CodingKey {
            case content_available = "content-available"
        }
    }
    var aps: APS
    var notification_id: Int64
    var service_id: String
    var withdraw: Bool
    var reason: String
}

struct APNSPayload: Encodable {
    struct APS: Encodable {
        struct Alert: Encodable {
            var title: String
            var subtitle: String
        }
        /// `"default"`, or the dictionary of a critical alert.
        enum Sound: Encodable {
            case standard
            case critical

            func encode(to encoder: any Encoder) throws {
                switch self {
                case .standard:
                    var container = encoder.singleValueContainer()
                    try container.encode("default")
                case .critical:
                    var container = encoder.container(keyedBy: CriticalKeys.self)
                    try container.encode(1, forKey: .critical)
                    try container.encode("default", forKey: .name)
                    try container.encode(1.0, forKey: .volume)
                }
            }

            enum CriticalKeys: String, CodingKey {
                case critical, name, volume
            }
        }
        var alert: Alert
        var badge: Int?
        var sound: Sound
        var threadID: String
        var interruptionLevel: String?
        var relevanceScore: Double?

        enum CodingKeys: String, CodingKey {
            case alert, badge, sound
            case threadID = "thread-id"
            case interruptionLevel = "interruption-level"
            case relevanceScore = "relevance-score"
        }
    }
    var aps: APS
    var notification_id: Int64
    var service_id: String
    var url: String
    var severity: String?
    /// The sender's attributes as a JSON object; absent when none.
    var attributes: NotificationAttributes?
}

enum JSONPayloadEncoder {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        // Sorted keys: the same value always gives the same bytes (Foundation
        // otherwise varies the order), which keeps shared encodings comparable.
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }()
}
