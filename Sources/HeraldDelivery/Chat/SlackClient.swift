import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Slack's Web API as the site's app (issue 43): `chat.postMessage` with
/// the post's key in its metadata (`herald_post`), `chat.update` to edit
/// it, `conversations.history` to find a post by its key after a crash.
/// The Acknowledge button's value is the room, the notification and
/// Herald's signature of both; Slack signs the call it makes when pressed
/// (`SlackRequestSignature`).
public struct SlackClient: ChatRoomClient {
    public let kind = ChatRoomKind.slack
    let settings: SlackSettings
    let http: OutboundHTTP
    let signer: @Sendable () async throws -> ChatSigner

    public init(settings: SlackSettings, http: OutboundHTTP, signer: @escaping @Sendable () async throws -> ChatSigner) {
        self.settings = settings
        self.http = http
        self.signer = signer
    }

    /// Slack's limit on a section's text.
    static let sectionLimit = 3_000

    func call(_ method: String, _ json: [String: Any]) async throws -> [String: Any] {
        var request = HTTPClientRequest(url: settings.baseURL + "/" + method)
        request.method = .POST
        request.headers.add(name: "authorization", value: "Bearer \(settings.token)")
        request.headers.add(name: "content-type", value: "application/json; charset=utf-8")
        request.body = .bytes(ByteBuffer(data: try JSONSerialization.data(withJSONObject: json)))
        let response = try await http.execute(request, timeout: .seconds(15))
        let body = try await response.body.collect(upTo: 4 << 20)
        let parsed = (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any]
        guard response.status == .ok else {
            let after = response.headers.first(name: "retry-after").flatMap(Double.init)
            throw ChatClientError.of(service: "Slack", status: Int(response.status.code), code: parsed?["error"] as? String ?? "", retryAfter: after)
        }
        guard let parsed else { throw ChatClientError.unreadable(service: "Slack", "an answer that is not JSON") }
        guard parsed["ok"] as? Bool == true else {
            let code = parsed["error"] as? String ?? "not ok"
            // Slack's own outages and limits come as 200 with these codes; everything else refuses the request itself.
            let passing = ["ratelimited", "internal_error", "fatal_error", "service_unavailable", "request_timeout"].contains(code)
            throw ChatClientError(service: "Slack", status: 200, code: String(code.prefix(80)), permanent: !passing, retryAfter: nil)
        }
        return parsed
    }

    public func post(_ message: ChatMessage, in room: ChatRoom, key: String, notification: NotificationID?) async throws -> String? {
        var json = try await body(message, room: room, notification: notification)
        json["channel"] = room.target
        json["metadata"] = ["event_type": "herald_post", "event_payload": ["key": key]]
        let answer = try await call("chat.postMessage", json)
        guard let ts = answer["ts"] as? String else { throw ChatClientError.unreadable(service: "Slack", "no ts") }
        return ts
    }

    public func edit(_ ref: String, _ message: ChatMessage, in room: ChatRoom, notification: NotificationID) async throws {
        var json = try await body(message, room: room, notification: notification)
        json["channel"] = room.target
        json["ts"] = ref
        _ = try await call("chat.update", json)
    }

    /// Looks in the minutes around the hand-over (newest first, up to five
    /// pages of 200), so a busy channel's later messages do not hide it.
    public func find(key: String, in room: ChatRoom, since: Date) async throws -> ChatFind {
        var cursor: String?
        for _ in 0..<5 {
            var arguments: [String: Any] = [
                "channel": room.target, "oldest": String(format: "%.6f", since.timeIntervalSince1970 - 60),
                "latest": String(format: "%.6f", since.timeIntervalSince1970 + 300), "inclusive": true, "limit": 200, "include_all_metadata": true,
            ]
            if let cursor { arguments["cursor"] = cursor }
            let answer = try await call("conversations.history", arguments)
            for message in answer["messages"] as? [[String: Any]] ?? [] {
                let metadata = message["metadata"] as? [String: Any]
                if metadata?["event_type"] as? String == "herald_post", (metadata?["event_payload"] as? [String: Any])?["key"] as? String == key {
                    return .found(ref: message["ts"] as? String)
                }
            }
            guard let next = (answer["response_metadata"] as? [String: Any])?["next_cursor"] as? String, !next.isEmpty else { return .absent }
            cursor = next
        }
        return .absent
    }

    /// A message to the person who pressed a button (`response_url`, an
    /// ephemeral reply): only to Slack's own hosts or the configured API's
    /// origin, never a URL a payload could name elsewhere.
    public func respond(to url: String, text: String) async throws {
        guard Self.mayRespond(to: url, apiURL: settings.baseURL) else { throw ChatClientError.of(service: "Slack", status: 400, code: "a response_url not Slack's") }
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json; charset=utf-8")
        request.body = .bytes(
            ByteBuffer(data: try JSONSerialization.data(withJSONObject: ["response_type": "ephemeral", "replace_original": false, "text": text]))
        )
        let response = try await http.execute(request, timeout: .seconds(10))
        _ = try? await response.body.collect(upTo: 64 * 1024)
    }

    static func mayRespond(to url: String, apiURL: String) -> Bool {
        guard let target = URL(string: url), let host = target.host?.lowercased() else { return false }
        if target.scheme == "https", host == "hooks.slack.com" { return true }
        guard let api = URL(string: apiURL) else { return false }
        return target.scheme == api.scheme && host == api.host?.lowercased() && target.port == api.port
    }

    func body(_ message: ChatMessage, room: ChatRoom, notification: NotificationID?) async throws -> [String: Any] {
        guard message.acknowledgeable, let notification else { return Self.body(message, acknowledge: nil) }
        return Self.body(message, acknowledge: "\(room.id).\(notification).\(try await signer().action(room: room.id, notification: notification))")
    }

    /// A message's text and blocks; `acknowledge`: the Acknowledge button's
    /// value (what Slack hands back when it is pressed), nil for none.
    static func body(_ message: ChatMessage, acknowledge: String?) -> [String: Any] {
        var head = "*\(ChatMessage.slackEscaped(message.title))*"
        if !message.text.isEmpty { head += "\n" + ChatMessage.slackEscaped(message.text) }
        var blocks: [[String: Any]] = [["type": "section", "text": ["type": "mrkdwn", "text": Self.cut(head), "verbatim": true]]]
        if !message.lines.isEmpty {
            let lines = message.lines.map { "• " + ChatMessage.slackEscaped($0) }.joined(separator: "\n")
            blocks.append(["type": "section", "text": ["type": "mrkdwn", "text": Self.cut(lines), "verbatim": true]])
        }
        if let status = message.status {
            blocks.append(["type": "context", "elements": [["type": "mrkdwn", "text": ChatMessage.slackEscaped(status), "verbatim": true]]])
        }
        var buttons: [[String: Any]] = []
        if message.acknowledgeable, let acknowledge {
            buttons.append([
                "type": "button", "action_id": "herald_ack", "style": "primary", "text": ["type": "plain_text", "text": Catalog.text("msg.chat.acknowledge", message.language)],
                "value": acknowledge,
            ])
        }
        if let link = message.link, link.utf8.count <= 3_000 {
            buttons.append(["type": "button", "action_id": "herald_open", "text": ["type": "plain_text", "text": Catalog.text("msg.chat.open", message.language)], "url": link])
        }
        if !buttons.isEmpty { blocks.append(["type": "actions", "block_id": "herald", "elements": buttons]) }
        // The notification's words as plain text too: what notifications and screen readers read.
        let fallback = ([message.title, message.text, message.status ?? ""] + message.lines).filter { !$0.isEmpty }.joined(separator: "\n")
        // verbatim and no link_names: Slack links and mentions nothing of the sender's on its own.
        return ["text": Self.cut(ChatMessage.slackEscaped(fallback)), "blocks": blocks, "unfurl_links": false, "unfurl_media": false, "link_names": false]
    }

    /// Cut to a section's limit without leaving half an `&amp;`.
    static func cut(_ text: String) -> String {
        guard text.count > sectionLimit - 10 else { return text }
        var kept = String(text.prefix(sectionLimit - 10))
        if let amp = kept.lastIndex(of: "&"), !kept[amp...].contains(";") { kept = String(kept[..<amp]) }
        return kept + "…"
    }
}
