import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Mattermost's REST API v4 as the site's bot (issue 43): `POST /posts`
/// with the post's key as `pending_post_id` (Mattermost's own
/// de-duplication) and in its props (`herald_key`, found again in the
/// channel after a crash), `PUT /posts/{id}/patch` to edit it. The
/// Acknowledge button is an interactive message action that Mattermost
/// calls at `PUBLIC_URL/api/v2/chat/mattermost/actions` with the button's
/// context, which carries Herald's signature (Mattermost signs nothing).
public struct MattermostClient: ChatRoomClient {
    public let kind = ChatRoomKind.mattermost
    let settings: MattermostSettings
    let http: OutboundHTTP
    let publicURL: String?
    let signer: @Sendable () async throws -> ChatSigner
    /// The bot's own id and its direct channel with each person, asked once per process.
    let known = NIOLockedValueBox<(bot: String?, channels: [String: String])>((nil, [:]))

    public init(settings: MattermostSettings, http: OutboundHTTP, publicURL: String?, signer: @escaping @Sendable () async throws -> ChatSigner) {
        self.settings = settings
        self.http = http
        self.publicURL = publicURL
        self.signer = signer
    }

    public static let actionPath = "/api/v2/chat/mattermost/actions"

    func call(_ method: HTTPMethod, _ path: String, json: [String: Any]? = nil, jsonArray: [String]? = nil) async throws -> Any {
        var request = HTTPClientRequest(url: settings.baseURL + "/api/v4" + path)
        request.method = method
        request.headers.add(name: "authorization", value: "Bearer \(settings.token)")
        if let json = json ?? jsonArray.map({ $0 as Any }) {
            request.headers.add(name: "content-type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: try JSONSerialization.data(withJSONObject: json)))
        }
        let response = try await http.execute(request, timeout: .seconds(15))
        let body = try await response.body.collect(upTo: 8 << 20)
        let parsed = try? JSONSerialization.jsonObject(with: Data(buffer: body))
        guard (200..<300).contains(response.status.code) else {
            let after = response.headers.first(name: "retry-after").flatMap(Double.init)
            let code = (parsed as? [String: Any])?["id"] as? String ?? ""
            throw ChatClientError.of(service: "Mattermost", status: Int(response.status.code), code: code, retryAfter: after)
        }
        guard let parsed else { throw ChatClientError.unreadable(service: "Mattermost", "an answer that is not JSON") }
        return parsed
    }

    public func post(_ message: ChatMessage, in room: ChatRoom, key: String, notification: NotificationID?) async throws -> String? {
        var json = try await body(message, room: room, notification: notification, key: key)
        json["channel_id"] = room.target
        json["pending_post_id"] = key
        guard let id = (try await call(.POST, "/posts", json: json) as? [String: Any])?["id"] as? String else {
            throw ChatClientError.unreadable(service: "Mattermost", "no post id")
        }
        return id
    }

    public func edit(_ ref: String, _ message: ChatMessage, in room: ChatRoom, notification: NotificationID) async throws {
        let json = try await body(message, room: room, notification: notification, key: nil)
        _ = try await call(.PUT, "/posts/\(Self.segment(ref))/patch", json: json)
    }

    public func find(key: String, in room: ChatRoom, since: Date) async throws -> ChatFind {
        let ms = Int64((since.timeIntervalSince1970 - 60) * 1000)
        let answer = try await call(.GET, "/channels/\(Self.segment(room.target))/posts?since=\(ms)") as? [String: Any]
        for case let post as [String: Any] in (answer?["posts"] as? [String: Any] ?? [:]).values {
            if (post["props"] as? [String: Any])?["herald_key"] as? String == key { return .found(ref: post["id"] as? String) }
        }
        return .absent
    }

    /// A private message from the bot to one Mattermost user (the link
    /// that binds their account goes there, not into the call's answer:
    /// whoever made the call need not be that user).
    public func directMessage(to user: String, _ text: String) async throws {
        _ = try await call(.POST, "/posts", json: ["channel_id": try await directChannel(with: user), "message": text])
    }

    /// A path segment: letters, digits and `-._~` as they are (a username's
    /// `.` encoded would not match Mattermost's route), anything else encoded.
    static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? ""
    }

    func body(_ message: ChatMessage, room: ChatRoom, notification: NotificationID?, key: String?) async throws -> [String: Any] {
        guard message.acknowledgeable, let notification, publicURL != nil else { return render(message, key: key, acknowledge: nil) }
        let signature = try await signer().action(room: room.id, notification: notification)
        return render(message, key: key, acknowledge: ["room": room.id, "notification": notification, "signature": signature])
    }

    /// A post's message and props; `acknowledge`: the Acknowledge button's
    /// context (what Mattermost hands back when it is pressed), nil for none.
    func render(_ message: ChatMessage, key: String?, acknowledge: [String: Any]?) -> [String: Any] {
        var text = "**\(ChatMessage.markdownEscaped(message.title))**"
        if !message.text.isEmpty { text += "\n" + ChatMessage.markdownEscaped(message.text) }
        for line in message.lines { text += "\n- " + ChatMessage.markdownEscaped(line) }
        if let status = message.status { text += "\n_\(ChatMessage.markdownEscaped(status))_" }
        if let link = message.link { text += "\n<\(link.replacingOccurrences(of: ">", with: "%3E").replacingOccurrences(of: " ", with: "%20"))>" }
        var props: [String: Any] = [:]
        if let key { props["herald_key"] = key }
        var attachments: [[String: Any]] = []
        if message.acknowledgeable, let acknowledge, let publicURL {
            attachments.append([
                "fallback": Catalog.text("msg.chat.acknowledgeInHerald", message.language),
                "actions": [[
                    "id": "heraldack", "name": Catalog.text("msg.chat.acknowledge", message.language), "type": "button", "style": "primary",
                    "integration": [
                        "url": (publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL) + Self.actionPath,
                        "context": acknowledge,
                    ] as [String: Any],
                ] as [String: Any]],
            ])
        }
        // An edit that drops the button says so: an empty list removes it.
        props["attachments"] = attachments
        return ["message": String(text.prefix(16_000)), "props": props]
    }
}
