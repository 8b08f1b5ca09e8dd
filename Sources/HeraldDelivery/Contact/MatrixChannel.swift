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
    /// The bot's own id (`whoami`) and each person's direct chat, checked
    /// once per process (and again after a send there fails).
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
        let parsed = (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any]
        guard response.status == .ok else {
            let after = (parsed?["retry_after_ms"] as? NSNumber).map { $0.doubleValue / 1000 }
            throw Failure(status: Int(response.status.code), code: String((parsed?["errcode"] as? String ?? "").prefix(60)), retryAfter: after)
        }
        // An answer that is not a JSON object is not taken for an empty one (an m.direct read as {} would be written back so).
        guard let parsed else { throw Failure(status: 200, code: "an answer that is not JSON") }
        return parsed
    }

    func bot() async throws -> String {
        if let bot = known.withLockedValue({ $0.bot }) { return bot }
        guard let bot = try await call(.GET, "/account/whoami".withClientPrefix)["user_id"] as? String else { throw Failure(status: 200, code: "no user_id") }
        known.withLockedValue { $0.bot = bot }
        return bot
    }

    /// The direct chat with `user`: the one the bot's `m.direct` names, if
    /// the person is still in it (joined or invited) and nobody else but the
    /// bot is (a code sent there is theirs alone); else a new one, private,
    /// the person invited, history visible to them from the invite.
    func room(for user: String) async throws -> String {
        if let room = known.withLockedValue({ $0.rooms[user] }) { return room }
        let bot = try await bot()
        if let room = try await directRooms(bot)[user]?.last, try await isDirect(room, between: bot, and: user) {
            known.withLockedValue { $0.rooms[user] = room }
            return room
        }
        let made = try await call(
            .POST, "/createRoom".withClientPrefix,
            json: [
                "preset": "trusted_private_chat", "is_direct": true, "invite": [user], "name": "Herald",
                "initial_state": [["type": "m.room.history_visibility", "state_key": "", "content": ["history_visibility": "invited"]]],
            ] as [String: Any]
        )
        guard let room = made["room_id"] as? String else { throw Failure(status: 200, code: "no room_id") }
        known.withLockedValue { $0.rooms[user] = room }
        // Kept where every replica finds it: read again just before (another replica may have written since) and merged.
        var direct = try await directRooms(bot)
        direct[user] = (direct[user] ?? []).filter { $0 != room } + [room]
        _ = try? await call(.PUT, "/user/\(Self.segment(bot))/account_data/m.direct".withClientPrefix, json: direct)
        return room
    }

    /// Whether `room` is one of the bot's direct chats with a person (where codes go).
    func isDirectChat(_ room: String) async throws -> Bool {
        try await directRooms(try await bot()).values.contains { $0.contains(room) }
    }

    private func directRooms(_ bot: String) async throws -> [String: [String]] {
        do {
            let object = try await call(.GET, "/user/\(Self.segment(bot))/account_data/m.direct".withClientPrefix)
            return object.compactMapValues { $0 as? [String] }
        } catch let failure as Failure where failure.status == 404 {
            return [:]
        }
    }

    /// Whether `user` is joined or invited in `room` and nobody but the bot besides.
    private func isDirect(_ room: String, between bot: String, and user: String) async throws -> Bool {
        let members: [[String: Any]]
        do {
            members = try await call(.GET, "/rooms/\(Self.segment(room))/members".withClientPrefix)["chunk"] as? [[String: Any]] ?? []
        } catch let failure as Failure where [403, 404].contains(failure.status) {
            return false
        }
        var personThere = false
        for event in members {
            guard let who = event["state_key"] as? String, let membership = (event["content"] as? [String: Any])?["membership"] as? String,
                membership == "join" || membership == "invite"
            else { continue }
            if who == user { personThere = true } else if who != bot { return false }
        }
        return personThere
    }

    /// Forgets `user`'s chat in this process: the next send checks it again.
    func forgetRoom(of user: String) { known.withLockedValue { _ = $0.rooms.removeValue(forKey: user) } }

    /// Sends `content` to `user`'s direct chat under `txnID`: the room and
    /// the event's id. A chat the bot can no longer write to (left, gone)
    /// is checked again at the next send.
    func send(to user: String, txnID: String, content: [String: Any]) async throws -> (room: String, event: String) {
        let room = try await room(for: user)
        do {
            let answer = try await call(.PUT, "/rooms/\(Self.segment(room))/send/m.room.message/\(Self.segment(txnID))".withClientPrefix, json: content)
            guard let event = answer["event_id"] as? String else { throw Failure(status: 200, code: "no event_id") }
            return (room, event)
        } catch let failure as Failure where [403, 404].contains(failure.status) {
            forgetRoom(of: user)
            throw Failure(status: 503, code: "the direct chat could not be written to (\(failure.description)); checked again", retryAfter: 5)
        }
    }

    /// A notification's message: plain text and HTML, the notification's
    /// words escaped, ending with how to take it.
    static func content(_ message: PhoneAppMessage, acknowledgeable: Bool) -> [String: Any] {
        // Well inside Matrix's 64 KiB event, escaping and all.
        let text = PhoneAppMessage.cut(message.message, 16_000, measure: PhoneAppMessage.bytes)
        var plain = message.title + "\n" + text
        var html = "<p><strong>\(EmailMessage.escapeHTML(message.title))</strong></p><p>\(EmailMessage.escapeHTML(text))</p>"
        if let link = message.click {
            plain += "\n" + link
            html += "<p><a href=\"\(EmailMessage.escapeHTML(link))\">\(EmailMessage.escapeHTML(link))</a></p>"
        }
        if acknowledgeable {
            plain += "\nReact with ✅ (or reply \"ack\") to take it."
            html += "<p>React with ✅ (or reply “ack”) to take it.</p>"
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

    /// A sent message's receipt: its room and event, where its follow-up finds it.
    static func receipt(room: String, event: String) -> String { room + " " + event }

    static func parse(receipt: String) -> (room: String, event: String)? {
        let parts = receipt.split(separator: " ", maxSplits: 1).map(String.init)
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// The answers to a sent message (`receipt`): its reactions (who, and
    /// which; up to five pages of them, so a flood of others cannot hide the
    /// person's) and the replies to it among the next 100 messages (who, and
    /// their words without the quoted fallback).
    public func answers(receipt: String) async throws -> [ChatReaction] {
        var found = try await timedReactions(receipt: receipt)
        guard let (room, event) = Self.parse(receipt: receipt) else { return found }
        let context = try await call(.GET, "/rooms/\(Self.segment(room))/context/\(Self.segment(event))?limit=100".withClientPrefix)
        for item in context["events_after"] as? [[String: Any]] ?? [] {
            guard item["type"] as? String == "m.room.message", let sender = item["sender"] as? String,
                let content = item["content"] as? [String: Any],
                ((content["m.relates_to"] as? [String: Any])?["m.in_reply_to"] as? [String: Any])?["event_id"] as? String == event,
                let body = content["body"] as? String
            else { continue }
            found.append(ChatReaction(sender: sender, key: Self.replyText(body), at: Self.serverTime(of: item)))
        }
        return found
    }

    /// A reply's own words: without the quoted lines (`> …`) clients put first.
    static func replyText(_ body: String) -> String {
        body.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix(">") || $0.trimmingCharacters(in: .whitespaces).isEmpty }
            .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ".!")))
    }

    /// When the homeserver took an event (`origin_server_ts`, milliseconds);
    /// one without it counts as long ago.
    static func serverTime(of event: [String: Any]) -> Date {
        (event["origin_server_ts"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue / 1000) } ?? .distantPast
    }

    /// The reactions with when the homeserver took each (`origin_server_ts`).
    func timedReactions(receipt: String) async throws -> [ChatReaction] {
        guard let (room, event) = Self.parse(receipt: receipt) else { throw Failure(status: 0, code: "not a receipt of Herald's") }
        var found: [ChatReaction] = []
        var from: String?
        for _ in 0..<5 {
            let page = from.map { "&from=" + Self.segment($0) } ?? ""
            let answer = try await call(
                .GET, "/_matrix/client/v1/rooms/\(Self.segment(room))/relations/\(Self.segment(event))/m.annotation?limit=100\(page)"
            )
            for item in answer["chunk"] as? [[String: Any]] ?? [] {
                guard item["type"] as? String == "m.reaction", let sender = item["sender"] as? String,
                    let key = ((item["content"] as? [String: Any])?["m.relates_to"] as? [String: Any])?["key"] as? String
                else { continue }
                let at = Self.serverTime(of: item)
                found.append(ChatReaction(sender: sender, key: key, at: at))
            }
            guard let next = answer["next_batch"] as? String else { break }
            from = next
        }
        return found
    }

    /// Replaces a sent message's words (`receipt`) with `message` (the
    /// alarm's outcome, or the alarm again when `acknowledgeable`), in its
    /// own room; `edit` names this edit among the message's others.
    public func edit(receipt: String, with message: PhoneAppMessage, acknowledgeable: Bool, edit: String) async throws {
        guard let (room, event) = Self.parse(receipt: receipt) else { throw Failure(status: 0, code: "not a receipt of Herald's") }
        let new = Self.content(message, acknowledgeable: acknowledgeable)
        var content = new
        content["body"] = "* " + (new["body"] as? String ?? "")
        content["m.new_content"] = new
        content["m.relates_to"] = ["rel_type": "m.replace", "event_id": event]
        _ = try await call(.PUT, "/rooms/\(Self.segment(room))/send/m.room.message/\(Self.segment("herald-\(edit)-" + event))".withClientPrefix, json: content)
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
                let sent = try await client.send(
                    to: message.address, txnID: "herald-d\(message.delivery.id)",
                    content: MatrixClient.content(composed, acknowledgeable: message.delivery.acknowledgeable)
                )
                return .acceptedWithReceipt(MatrixClient.receipt(room: sent.room, event: sent.event))
            } catch {
                return MatrixClient.answer(to: error)
            }
        }
    }
}

extension String {
    /// A path of the client-server API's v3.
    var withClientPrefix: String { "/_matrix/client/v3" + self }
}
