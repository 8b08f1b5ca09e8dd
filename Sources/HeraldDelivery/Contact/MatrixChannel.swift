import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Matrix's client-server API as the site's bot (issue 43): each person is
/// written to in a direct chat (made once, with the person invited, and
/// kept in the bot's `m.direct` account data, where every replica finds
/// it); a message is `PUT …/send/m.room.message/{txnId}`, the transaction
/// id made from the delivery's, so a retry (after a lost answer, after a
/// restart) is the same event, not a second one; an edit is a new event
/// that replaces it (`m.replace`); reactions are read from the event's
/// relations (`m.annotation`).
public struct MatrixClient: Sendable {
    let settings: MatrixSettings
    let http: OutboundHTTP
    /// The bot's own id (`whoami`) and each person's direct chat, read once.
    private let known = NIOLockedValueBox<(bot: String?, rooms: [String: String])>((nil, [:]))

    public init(settings: MatrixSettings, http: OutboundHTTP) {
        self.settings = settings
        self.http = http
    }

    struct Failure: Error, CustomStringConvertible {
        var status: Int
        var code: String
        var retryAfter: TimeInterval?
        var description: String { "Matrix answered HTTP \(status)\(code.isEmpty ? "" : " \(code)")" }
    }

    /// A path segment as the API wants it: a room's `!id:server`, an
    /// event's `$id`, a user's `@name:server` percent-encoded whole.
    static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? ""
    }

    func call(_ method: HTTPMethod, _ path: String, json: Any? = nil) async throws -> [String: Any] {
        var request = HTTPClientRequest(url: settings.baseURL + path)
        request.method = method
        request.headers.add(name: "authorization", value: "Bearer \(settings.token)")
        if let json {
            request.headers.add(name: "content-type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: try JSONSerialization.data(withJSONObject: json)))
        }
        let response = try await http.execute(request, timeout: .seconds(15))
        let body = try await response.body.collect(upTo: 1 << 20)
        let object = (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
        guard response.status == .ok else {
            let after = (object["retry_after_ms"] as? NSNumber).map { $0.doubleValue / 1000 }
            throw Failure(status: Int(response.status.code), code: String((object["errcode"] as? String ?? "").prefix(60)), retryAfter: after)
        }
        return object
    }

    func bot() async throws -> String {
        if let bot = known.withLockedValue({ $0.bot }) { return bot }
        guard let bot = try await call(.GET, "/_matrix/client/v3/account/whoami")["user_id"] as? String else { throw Failure(status: 200, code: "no user_id") }
        known.withLockedValue { $0.bot = bot }
        return bot
    }

    /// The direct chat with `user`: the one `m.direct` names, else a new one
    /// (private, the person invited, history visible to them from the invite).
    func room(for user: String) async throws -> String {
        if let room = known.withLockedValue({ $0.rooms[user] }) { return room }
        let bot = try await bot()
        let path = "/_matrix/client/v3/user/\(Self.segment(bot))/account_data/m.direct"
        var direct: [String: Any] = [:]
        do {
            direct = try await call(.GET, path)
        } catch let failure as Failure where failure.status == 404 {
            direct = [:]
        }
        if let room = (direct[user] as? [String])?.last {
            known.withLockedValue { $0.rooms[user] = room }
            return room
        }
        let made = try await call(
            .POST, "/_matrix/client/v3/createRoom",
            json: [
                "preset": "trusted_private_chat", "is_direct": true, "invite": [user], "name": "Herald",
                "initial_state": [["type": "m.room.history_visibility", "state_key": "", "content": ["history_visibility": "invited"]]],
            ] as [String: Any]
        )
        guard let room = made["room_id"] as? String else { throw Failure(status: 200, code: "no room_id") }
        direct[user] = ((direct[user] as? [String]) ?? []) + [room]
        _ = try await call(.PUT, path, json: direct)
        known.withLockedValue { $0.rooms[user] = room }
        return room
    }

    /// Sends `content` to `user`'s direct chat under `txnID`; the event's id.
    func send(to user: String, txnID: String, content: [String: Any]) async throws -> String {
        let room = try await room(for: user)
        let answer = try await call(
            .PUT, "/_matrix/client/v3/rooms/\(Self.segment(room))/send/m.room.message/\(Self.segment(txnID))", json: content
        )
        guard let event = answer["event_id"] as? String else { throw Failure(status: 200, code: "no event_id") }
        return event
    }

    /// A notification's message: plain text and HTML, the notification's
    /// words escaped, ending with how to take it.
    static func content(_ message: PhoneAppMessage, acknowledgeable: Bool) -> [String: Any] {
        var plain = message.title + "\n" + message.message
        var html = "<p><strong>\(EmailMessage.escapeHTML(message.title))</strong></p><p>\(EmailMessage.escapeHTML(message.message))</p>"
        if let link = message.click {
            plain += "\n" + link
            html += "<p><a href=\"\(EmailMessage.escapeHTML(link))\">\(EmailMessage.escapeHTML(link))</a></p>"
        }
        if acknowledgeable {
            plain += "\nReact with ✅ to take it."
            html += "<p>React with ✅ to take it.</p>"
        }
        return ["msgtype": "m.text", "body": plain, "format": "org.matrix.custom.html", "formatted_body": html]
    }

    /// What a failure means for the message: throttled or down, tried
    /// again (a retry is the same event); the token refused, tried again
    /// later (an operator may fix it); anything else will not change.
    static func answer(to error: any Error) -> GatewayAnswer {
        if let failure = error as? Failure {
            switch failure.status {
            case 429, 500...599: return .retry(reason: failure.description, after: min(max(failure.retryAfter ?? 5, 1), 3_600))
            case 401: return .retry(reason: "the bot's access token was refused (\(failure.description))", after: 60)
            default: return .refused(reason: failure.description)
            }
        }
        if let refusal = error as? OutboundRefusal { return refusal.isRefusal ? .refused(reason: refusal.description) : .retry(reason: refusal.description, after: 10) }
        return .retry(reason: "no answer (\(String(describing: error).prefix(120)))", after: 5)
    }

    /// The reactions to `eventID` in `user`'s direct chat: who, and which.
    public func reactions(to user: String, eventID: String) async throws -> [(sender: String, key: String)] {
        let room = try await room(for: user)
        let answer = try await call(.GET, "/_matrix/client/v1/rooms/\(Self.segment(room))/relations/\(Self.segment(eventID))/m.annotation?limit=100")
        return (answer["chunk"] as? [[String: Any]] ?? []).compactMap { event in
            guard event["type"] as? String == "m.reaction", let sender = event["sender"] as? String,
                let key = ((event["content"] as? [String: Any])?["m.relates_to"] as? [String: Any])?["key"] as? String
            else { return nil }
            return (sender, key)
        }
    }

    /// Replaces `eventID`'s words with `message` (the alarm's outcome).
    public func edit(_ eventID: String, to user: String, with message: PhoneAppMessage) async throws {
        let new = Self.content(message, acknowledgeable: false)
        var content = new
        content["body"] = "* " + (new["body"] as? String ?? "")
        content["m.new_content"] = new
        content["m.relates_to"] = ["rel_type": "m.replace", "event_id": eventID]
        _ = try await send(to: user, txnID: "herald-end-\(eventID.utf8.count > 80 ? String(eventID.prefix(80)) : eventID)", content: content)
    }
}

/// A notification as a message in the person's direct chat with the bot.
public struct MatrixChannel: ContactChannel {
    public let platform = Platform.matrix
    public let name = "Matrix"
    let client: MatrixClient

    public init(client: MatrixClient) { self.client = client }

    public func warmUp() async throws { _ = try await client.bot() }

    public func send(_ messages: [ContactMessage]) async -> [GatewayAnswer] {
        await PhoneAppSending.each(messages) { message in
            let composed = PhoneAppSending.compose(message, link: nil)
            do {
                let event = try await client.send(
                    to: message.address, txnID: "herald-d\(message.delivery.id)",
                    content: MatrixClient.content(composed, acknowledgeable: message.delivery.acknowledgeable)
                )
                return .acceptedWithReceipt(event)
            } catch {
                return MatrixClient.answer(to: error)
            }
        }
    }
}
