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

    public init(delivery: ClaimedDelivery, projectID: String) {
        self.projectID = projectID
        self.body = Self.body(delivery: delivery)
    }

    static func body(delivery: ClaimedDelivery) -> Data {
        let notification = delivery.notification
        return PayloadFitting.fit(title: notification.title, text: String(notification.subtitle.prefix(maxBodyCharacters)), maxBytes: maxPayloadBytes) {
            title, text in
            var fields = [
                "title": title, "body": text, "url": notification.url,
                "notification_id": String(notification.id), "service_id": notification.serviceID.uuidString.lowercased(),
            ]
            fields["severity"] = notification.severity
            let message = FCMEnvelope(message: .init(token: delivery.token ?? "", data: fields, android: .init(priority: "high")))
            return (try? JSONPayloadEncoder.encoder.encode(message)) ?? Data()
        }
    }
}

struct FCMEnvelope: Encodable {
    struct Message: Encodable {
        struct Android: Encodable {
            var priority: String
        }
        var token: String
        var data: [String: String]
        var android: Android
    }
    var message: Message
}
