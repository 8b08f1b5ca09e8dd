import Foundation
import HeraldCore

/// One FCM HTTP v1 send, transport-free: a data message as the old server
/// sent it (`title`, `body`, `url`), plus ids for the app, at high priority
/// so an alarm is not held back by Android's doze mode.
public struct FCMRequest: Sendable, Equatable {
    public static let maxPayloadBytes = 4096
    public static let maxBodyCharacters = 256

    public var projectID: String
    public var body: Data

    public var path: String { "/v1/projects/\(projectID)/messages:send" }

    init(delivery: ClaimedDelivery, projectID: String, now: Date = Date(), alerting: FCMAlerting.Settings = FCMAlerting.Settings()) {
        if delivery.purpose == .withdrawal {
            self.init(projectID: projectID, body: Self.withdrawal(delivery.notification, token: delivery.token ?? ""))
            return
        }
        self.init(projectID: projectID, body: Self.body(delivery.notification, urgency: delivery.urgency, token: delivery.token ?? "", now: now, alerting: alerting))
    }

    /// A withdrawal (sent only where the site says its app reads them,
    /// FCM_WITHDRAWALS): a data message `{"withdraw": "true",
    /// "notification_id", "service_id", "reason"}` at normal priority, for
    /// the app to cancel the notification it shows under the tag
    /// `herald-<id>`; iOS devices reached through FCM get a background push.
    static func withdrawal(_ notification: NotificationRecord, token: String) -> Data {
        let fields = [
            "withdraw": "true", "reason": "acknowledged", "notification_id": String(notification.id),
            "service_id": notification.serviceID.uuidString.lowercased(),
        ]
        let message = FCMEnvelope<APNSWithdrawal.APS>(
            message: .init(
                token: token, data: fields, android: .init(priority: "normal"),
                apns: .init(headers: ["apns-push-type": "background", "apns-priority": "5"], payload: .init(aps: .init(content_available: 1)))
            )
        )
        return (try? JSONPayloadEncoder.encoder.encode(message)) ?? Data()
    }

    init(projectID: String, body: Data) {
        self.projectID = projectID
        self.body = body
    }

    /// The requests for a batch. A message differs between devices only by
    /// the token, so each notification is encoded once with a marker where
    /// the token goes, and each device's token is put in its place.
    static func batch(
        _ deliveries: [ClaimedDelivery], projectID: String, now: Date = Date(), alerting: FCMAlerting.Settings = FCMAlerting.Settings()
    ) -> [FCMRequest] {
        // By id and urgency, checked by content (see `APNSRequest.batch`).
        struct Key: Hashable {
            var notification: Int64
            var urgency: Urgency
        }
        var templates: [Key: (notification: NotificationRecord, template: TokenTemplate?)] = [:]
        return deliveries.map { delivery in
            let notification = delivery.notification
            if delivery.purpose == .withdrawal {
                return FCMRequest(projectID: projectID, body: withdrawal(notification, token: delivery.token ?? ""))
            }
            let key = Key(notification: notification.id, urgency: delivery.urgency)
            let template: TokenTemplate?
            if let cached = templates[key], cached.notification == notification {
                template = cached.template
            } else {
                template = TokenTemplate(body(notification, urgency: delivery.urgency, token: TokenTemplate.marker, now: now, alerting: alerting))
                templates[key] = (notification, template)
            }
            let token = delivery.token ?? ""
            let body = template?.body(token: token, maxBytes: maxPayloadBytes)
                ?? body(notification, urgency: delivery.urgency, token: token, now: now, alerting: alerting)
            return FCMRequest(projectID: projectID, body: body)
        }
    }

    /// A data message: FCM's `data` holds strings only, so the attributes
    /// travel as one JSON text (`attributes`). A notification that expires
    /// gets an Android `ttl` of the time left, so FCM drops it when late.
    /// The urgency sets the Android priority, and with a severity the app
    /// gets `urgency` and `channel_id`; a site that sends notification
    /// messages also gets the Android notification and the APNs block.
    static func body(_ notification: NotificationRecord, urgency: Urgency, token: String, now: Date, alerting settings: FCMAlerting.Settings) -> Data {
        let ttl = notification.expiresAt.map { "\(max(1, Int($0.timeIntervalSince(now).rounded(.up))))s" }
        let alerting = FCMAlerting(severity: notification.severity, urgency: urgency, settings: settings)
        let tag = "herald-\(notification.id)"
        return PayloadFitting.fit(
            title: notification.title, text: String(notification.subtitle.prefix(maxBodyCharacters)), url: notification.url, maxBytes: maxPayloadBytes
        ) { title, text, url in
            var fields = [
                "title": title, "body": text, "url": url,
                "notification_id": String(notification.id), "service_id": notification.serviceID.uuidString.lowercased(),
            ]
            fields["severity"] = notification.severity?.rawValue
            fields["attributes"] = notification.attributes?.json
            fields["urgency"] = alerting.urgency?.rawValue
            fields["channel_id"] = alerting.urgency.map { _ in alerting.channelID }
            // The collapse key, like APNs' collapse id, lets a keyed update
            // replace the earlier message instead of adding a second.
            var android = FCMEnvelope<APNSPayload.APS>.Message.Android(priority: alerting.androidPriority, ttl: ttl, collapse_key: tag)
            var apns: FCMEnvelope<APNSPayload.APS>.Message.APNs?
            if settings.notificationMessages {
                android.notification = .init(
                    title: title, body: text, channel_id: alerting.channelID, notification_priority: alerting.notificationPriority,
                    visibility: alerting.visibility, tag: tag
                )
                let aps = alerting.apns.aps(title: title, subtitle: text, badge: nil, serviceID: notification.serviceID)
                apns = .init(headers: ["apns-priority": String(alerting.apns.priority), "apns-collapse-id": tag], payload: .init(aps: aps))
            }
            let message = FCMEnvelope(message: .init(token: token, data: fields, android: android, apns: apns))
            return (try? JSONPayloadEncoder.encoder.encode(message)) ?? Data()
        }
    }
}

/// An encoded message with the token's place marked.
struct TokenTemplate {
    static let marker = "HERALD_DEVICE_TOKEN_MARKER"
    private let head: Data
    private let tail: Data

    /// Nil unless the marker occurs once, as the token's value: a title or
    /// URL that happened to contain it falls back to encoding each message.
    init?(_ encoded: Data) {
        let marker = Data(Self.marker.utf8)
        guard let range = encoded.firstRange(of: Data("\"token\":\"\(Self.marker)\"".utf8)),
              let only = encoded.firstRange(of: marker), encoded[only.upperBound...].firstRange(of: marker) == nil
        else { return nil }
        head = encoded[..<(range.upperBound - marker.count - 1)]
        tail = encoded[(range.upperBound - 1)...]
    }

    /// The message for `token`; nil when the token would need JSON escaping
    /// (no real token does) or the message would grow past `maxBytes`.
    func body(token: String, maxBytes: Int) -> Data? {
        let bytes = token.utf8
        guard head.count + bytes.count + tail.count <= maxBytes,
              bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return nil }
        var body = Data(capacity: head.count + bytes.count + tail.count)
        body.append(head)
        body.append(contentsOf: bytes)
        body.append(tail)
        return body
    }
}

/// An HTTP v1 message; `APS` is what its APNs block carries (an alert's
/// `aps`, or a withdrawal's `content-available`).
struct FCMEnvelope<APS: Encodable>: Encodable {
    struct Message: Encodable {
        struct Android: Encodable {
            var priority: String
            /// "3600s"; absent: FCM's default (4 weeks).
            var ttl: String?
            var collapse_key: String?
            var notification: Notification?
        }
        /// What Android shows by itself for a notification message.
        struct Notification: Encodable {
            var title: String
            var body: String
            var channel_id: String
            var notification_priority: String
            var visibility: String
            /// Replaces a shown notification with the same tag.
            var tag: String
        }
        /// `ApnsConfig`: headers and payload as a direct APNs push has them.
        struct APNs: Encodable {
            struct Payload: Encodable {
                var aps: APS
            }
            var headers: [String: String]
            var payload: Payload
        }
        var token: String
        var data: [String: String]
        var android: Android
        var apns: APNs?
    }
    var message: Message
}

