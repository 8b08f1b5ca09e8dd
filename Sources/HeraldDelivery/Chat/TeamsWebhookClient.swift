import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// A Microsoft Teams channel, one way (issue 43): a Workflows webhook
/// (the room's target URL, its path the credential) takes an Adaptive
/// Card. Teams offers no edit and no button without a bot of one's own,
/// and keeps nothing Herald could look in after a crash: a post handed
/// over before one is not sent again (at most once).
public struct TeamsWebhookClient: ChatRoomClient {
    public let kind = ChatRoomKind.teams
    let http: OutboundHTTP
    /// TEAMS_WEBHOOK_HOSTS as set now: a room added under an older setting is not posted to.
    let allows: @Sendable (String) -> Bool

    public init(http: OutboundHTTP, allows: @escaping @Sendable (String) -> Bool) {
        self.http = http
        self.allows = allows
    }

    /// Teams refuses a card over 28 KB.
    static let cardLimit = 27_000

    public func post(_ message: ChatMessage, in room: ChatRoom, key: String, notification: NotificationID?) async throws -> String? {
        guard allows(room.target) else { throw ChatClientError.of(service: "Teams", status: 403, code: "a webhook TEAMS_WEBHOOK_HOSTS does not allow") }
        var request = HTTPClientRequest(url: room.target)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        let data = try JSONSerialization.data(withJSONObject: Self.card(message))
        guard data.count <= Self.cardLimit else { throw ChatClientError.of(service: "Teams", status: 413, code: "a card over 28 KB") }
        request.body = .bytes(ByteBuffer(data: data))
        let response = try await http.execute(request, timeout: .seconds(15))
        _ = try? await response.body.collect(upTo: 64 * 1024)
        guard (200..<300).contains(response.status.code) else {
            let after = response.headers.first(name: "retry-after").flatMap(Double.init)
            throw ChatClientError.of(service: "Teams", status: Int(response.status.code), code: "", retryAfter: after)
        }
        return nil
    }

    public func edit(_ ref: String, _ message: ChatMessage, in room: ChatRoom, notification: NotificationID) async throws {}

    public func find(key: String, in room: ChatRoom, since: Date) async throws -> ChatFind { .unknowable }

    static func card(_ message: ChatMessage) -> [String: Any] {
        var body: [[String: Any]] = [
            ["type": "TextBlock", "text": ChatMessage.markdownEscaped(message.title), "weight": "Bolder", "size": "Medium", "wrap": true]
        ]
        if !message.text.isEmpty { body.append(["type": "TextBlock", "text": ChatMessage.markdownEscaped(message.text), "wrap": true]) }
        for line in message.lines { body.append(["type": "TextBlock", "text": "• " + ChatMessage.markdownEscaped(line), "wrap": true, "spacing": "None"]) }
        var content: [String: Any] = [
            "type": "AdaptiveCard", "version": "1.4", "$schema": "http://adaptivecards.io/schemas/adaptive-card.json", "body": body,
        ]
        if let link = message.link { content["actions"] = [["type": "Action.OpenUrl", "title": Catalog.text("msg.chat.open", message.language), "url": link]] }
        return ["type": "message", "attachments": [["contentType": "application/vnd.microsoft.card.adaptive", "contentUrl": NSNull(), "content": content]]]
    }
}
