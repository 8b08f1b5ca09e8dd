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

    public init(delivery: ClaimedDelivery, projectID: String, now: Date = Date()) {
        self.init(projectID: projectID, body: Self.body(notification: delivery.notification, token: delivery.token ?? "", now: now))
    }

    init(projectID: String, body: Data) {
        self.projectID = projectID
        self.body = body
    }

    /// The requests for a batch. A message differs between devices only by
    /// the token, so each notification is encoded once with a marker where
    /// the token goes, and each device's token is put in its place.
    public static func batch(_ deliveries: [ClaimedDelivery], projectID: String, now: Date = Date()) -> [FCMRequest] {
        // By id, checked by content (see `APNSRequest.batch`).
        var templates: [Int64: (notification: NotificationRecord, template: TokenTemplate?)] = [:]
        return deliveries.map { delivery in
            let notification = delivery.notification
            let template: TokenTemplate?
            if let cached = templates[notification.id], cached.notification == notification {
                template = cached.template
            } else {
                template = TokenTemplate(body(notification: notification, token: TokenTemplate.marker, now: now))
                templates[notification.id] = (notification, template)
            }
            let token = delivery.token ?? ""
            let body = template?.body(token: token, maxBytes: maxPayloadBytes) ?? body(notification: notification, token: token, now: now)
            return FCMRequest(projectID: projectID, body: body)
        }
    }

    /// A data message: FCM's `data` holds strings only, so the attributes
    /// travel as one JSON text (`attributes`). A notification that expires
    /// gets an Android `ttl` of the time left, so FCM drops it when late.
    static func body(notification: NotificationRecord, token: String, now: Date) -> Data {
        let ttl = notification.expiresAt.map { "\(max(1, Int($0.timeIntervalSince(now).rounded(.up))))s" }
        return PayloadFitting.fit(
            title: notification.title, text: String(notification.subtitle.prefix(maxBodyCharacters)), url: notification.url, maxBytes: maxPayloadBytes
        ) { title, text, url in
            var fields = [
                "title": title, "body": text, "url": url,
                "notification_id": String(notification.id), "service_id": notification.serviceID.uuidString.lowercased(),
            ]
            fields["severity"] = notification.severity?.rawValue
            fields["attributes"] = notification.attributes?.json
            // The collapse key, like APNs' collapse id, lets a keyed update
            // replace the earlier message instead of adding a second.
            let android = FCMEnvelope.Message.Android(priority: "high", ttl: ttl, collapse_key: "herald-\(notification.id)")
            let message = FCMEnvelope(message: .init(token: token, data: fields, android: android))
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

struct FCMEnvelope: Encodable {
    struct Message: Encodable {
        struct Android: Encodable {
            var priority: String
            /// "3600s"; absent: FCM's default (4 weeks).
            var ttl: String?
            var collapse_key: String?
        }
        var token: String
        var data: [String: String]
        var android: Android
    }
    var message: Message
}
