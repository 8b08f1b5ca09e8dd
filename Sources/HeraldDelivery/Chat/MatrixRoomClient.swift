import Foundation
import HeraldCore
import HeraldOutbound
import NIOHTTP1

/// A service's Matrix room (issue 43), written to by the site's bot (the
/// contact methods' `MATRIX_URL`, `MATRIX_BOT_TOKEN`; a room's admin
/// invites it, and it joins at its first post). A post is
/// `PUT …/send/m.room.message/{txnId}` with the post's key as the
/// transaction id: Matrix answers a second send of the same transaction
/// with the first event, so a post handed over before a crash is simply
/// sent again (`find` says absent) and arrives once. An edit replaces it
/// (`m.replace`). Reactions are read by `ChatRoomReactions`.
public struct MatrixRoomClient: ChatRoomClient, ChatReactionReader, MatrixRoomProbe {
    public let kind = ChatRoomKind.matrix
    let client: MatrixClient

    public init(client: MatrixClient) { self.client = client }

    public func post(_ message: ChatMessage, in room: ChatRoom, key: String, notification: NotificationID?) async throws -> String? {
        // A person's direct chat with the bot (their codes and alarms) is never a service's room.
        let direct: Bool
        do { direct = try await client.isDirectChat(room.target) } catch { throw Self.chatError(error) }
        guard !direct else {
            throw ChatClientError(service: "Matrix", status: 403, code: "a person's direct chat with the bot is no service's room", permanent: true, retryAfter: nil)
        }
        return try await send(Self.content(message), in: room.target, txnID: key)
    }

    public func edit(_ ref: String, _ message: ChatMessage, in room: ChatRoom, notification: NotificationID) async throws {
        let new = Self.content(message)
        var content = new
        content["body"] = "* " + (new["body"] as? String ?? "")
        content["m.new_content"] = new
        content["m.relates_to"] = ["rel_type": "m.replace", "event_id": ref]
        // One transaction per version of the post: the same edit sent twice is one event.
        _ = try await send(content, in: room.target, txnID: "herald-e-\(ref)-\(message.fingerprint.prefix(16))")
    }

    /// Sending again under the same transaction id is the lookup (see above).
    public func find(key: String, in room: ChatRoom, since: Date) async throws -> ChatFind { .absent }

    public func reactions(room: String, event: String) async throws -> [ChatReaction] {
        do {
            return try await client.timedReactions(receipt: MatrixClient.receipt(room: room, event: event))
        } catch {
            throw Self.chatError(error)
        }
    }

    public func botID() async throws -> String {
        do { return try await client.bot() } catch { throw Self.chatError(error) }
    }

    /// Sends into the room; a room the bot was invited to but never joined
    /// is joined once, then sent to. Only an invitation is accepted: a
    /// service's keeper cannot send the site's bot into any public room
    /// they name (a room's own people ask it in).
    func send(_ content: [String: Any], in room: String, txnID: String) async throws -> String {
        let path = "/rooms/\(MatrixClient.segment(room))/send/m.room.message/\(MatrixClient.segment(txnID))".withClientPrefix
        do {
            do {
                return try Self.eventID(try await client.call(.PUT, path, json: content))
            } catch let failure as MatrixClient.Failure where failure.status == 403 {
                guard try await invited(to: room) else {
                    throw ChatClientError(service: "Matrix", status: 403, code: "the bot is not in the room and was not invited", permanent: true, retryAfter: nil)
                }
                _ = try await client.call(.POST, "/join/\(MatrixClient.segment(room))".withClientPrefix, json: [String: Any]())
                return try Self.eventID(try await client.call(.PUT, path, json: content))
            }
        } catch {
            throw Self.chatError(error)
        }
    }

    /// Where the bot stands in `room`: joined (who else is), invited (by
    /// whom: the invitation's sender, from its stripped state), or outside.
    /// Nothing is joined here: `join` only when the keeper's proof holds.
    public func standing(in room: String) async throws -> MatrixRoomStanding {
        do {
            do {
                let answer = try await client.call(.GET, "/rooms/\(MatrixClient.segment(room))/joined_members".withClientPrefix)
                return .joined(members: Set((answer["joined"] as? [String: Any] ?? [:]).keys))
            } catch let failure as MatrixClient.Failure where failure.status == 403 {
                guard let invitation = try await invitation(to: room) else { return .outside }
                let bot = try await client.bot()
                let events = invitation["invite_state"].flatMap { ($0 as? [String: Any])?["events"] as? [[String: Any]] } ?? []
                let invite = events.first { $0["type"] as? String == "m.room.member" && $0["state_key"] as? String == bot }
                return .invited(by: invite?["sender"] as? String)
            }
        } catch {
            throw Self.chatError(error)
        }
    }

    public func isDirectChat(_ room: String) async throws -> Bool {
        do { return try await client.isDirectChat(room) } catch { throw Self.chatError(error) }
    }

    public func join(_ room: String) async throws {
        do { _ = try await client.call(.POST, "/join/\(MatrixClient.segment(room))".withClientPrefix, json: [String: Any]()) } catch { throw Self.chatError(error) }
    }

    /// Whether the bot has a pending invitation to `room`.
    func invited(to room: String) async throws -> Bool { try await invitation(to: room) != nil }

    /// The bot's pending invitation to `room` (its stripped state): a sync
    /// filtered to that room alone, nothing of its history.
    func invitation(to room: String) async throws -> [String: Any]? {
        let filter: [String: Any] = [
            "room": ["rooms": [room], "timeline": ["limit": 0], "state": ["types": [String]()], "ephemeral": ["types": [String]()],
                     "account_data": ["types": [String]()]] as [String: Any],
            "presence": ["types": [String]()], "account_data": ["types": [String]()],
        ]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: filter), as: UTF8.self)
        let sync = try await client.call(.GET, "/sync?timeout=0&filter=\(MatrixClient.segment(json))".withClientPrefix)
        return ((sync["rooms"] as? [String: Any])?["invite"] as? [String: Any])?[room] as? [String: Any]
    }

    static func eventID(_ answer: [String: Any]) throws -> String {
        guard let event = answer["event_id"] as? String else { throw ChatClientError.unreadable(service: "Matrix", "no event_id") }
        return event
    }

    /// Matrix's failures in the rooms' terms: a refusal (403, 404, a bad
    /// request) is permanent; a rate limit or an outage is tried again.
    static func chatError(_ error: any Error) -> any Error {
        switch error {
        case let failure as MatrixClient.Failure:
            if failure.status == 200 || failure.status == 0 { return ChatClientError.unreadable(service: "Matrix", failure.code) }
            return ChatClientError.of(service: "Matrix", status: failure.status, code: failure.code, retryAfter: failure.retryAfter)
        case let refusal as OutboundRefusal:
            return ChatClientError(service: "Matrix", status: 0, code: refusal.description, permanent: refusal.isRefusal, retryAfter: nil)
        case is ChatClientError:
            return error
        default:
            // No answer: the event may have been made (a second send under its transaction id is the same one).
            return ChatClientError.unreadable(service: "Matrix", String(describing: error).prefix(120).description)
        }
    }

    /// The post: plain text and HTML, every word of the notification's
    /// escaped, and how to take it while it is open.
    static func content(_ message: ChatMessage) -> [String: Any] {
        let escape = EmailMessage.escapeHTML
        var plain = message.title
        var html = "<p><strong>\(escape(message.title))</strong></p>"
        if !message.text.isEmpty {
            plain += "\n" + message.text
            html += "<p>\(escape(message.text))</p>"
        }
        if !message.lines.isEmpty {
            plain += "\n" + message.lines.map { "- " + $0 }.joined(separator: "\n")
            html += "<ul>" + message.lines.map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
        }
        if let status = message.status {
            plain += "\n" + status
            html += "<p><em>\(escape(status))</em></p>"
        }
        if let link = message.link {
            plain += "\n" + link
            html += "<p><a href=\"\(escape(link))\">\(escape(link))</a></p>"
        }
        if message.acknowledgeable {
            let how = Catalog.text("msg.chat.reactToTake", message.language)
            plain += "\n" + how
            html += "<p>\(escape(how))</p>"
        }
        return ["msgtype": "m.text", "body": plain, "format": "org.matrix.custom.html", "formatted_body": html]
    }
}
