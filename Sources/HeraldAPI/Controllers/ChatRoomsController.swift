import Foundation
import HTTPTypes
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging
import NIOCore
import NIOFoundationCompat

/// A service's chat rooms (its keepers), the Acknowledge buttons' calls
/// (Slack's signed with the app's signing secret, Mattermost's carrying
/// Herald's own signature in their context), and the chat accounts a
/// person linked (issue 43). The rules are `ChatRooms`'.
struct ChatRoomsController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let chatRooms: ChatRooms
    let slack: SlackSettings?
    let respondToSlack: (@Sendable (_ url: String, _ text: String) async throws -> Void)?
    /// The Mattermost bot's private message (nil: no Mattermost bot).
    let messageMattermostUser: (@Sendable (_ user: String, _ text: String) async throws -> Void)?
    let clock: WallClock
    /// A button's call is small; anything larger is not Slack's or Mattermost's.
    static let maxCallBytes = 64 * 1024

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("services/{service_id}/chat-rooms", use: list)
        group.post("services/{service_id}/chat-rooms", use: add)
        group.delete("services/{service_id}/chat-rooms/{room_id}", use: remove)
        group.post("chat/slack/actions", use: slackAction)
        group.post("chat/mattermost/actions", use: mattermostAction)
        group.get("users/user/chat-accounts", use: accounts)
        group.post("users/user/chat-accounts", use: link)
        group.delete("users/user/chat-accounts/{kind}/{chat_user}", use: unlink)
    }

    struct Input: Decodable {
        var kind: String
        var target: String
    }

    struct RoomBody: Encodable {
        var id: Int64
        var kind: String
        /// A webhook's host only: its path is a credential.
        var target: String
        var created_at: String

        init(_ room: ChatRoom) {
            id = room.id
            kind = room.kind.rawValue
            target = room.shownTarget
            created_at = Timestamp.wireString(room.createdAt)
        }
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        return JSONBody.response(try await chatRooms.rooms(of: try Identifiers.serviceID(context), for: actor).map(RoomBody.init))
    }

    @Sendable func add(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.chatRooms, of: serviceID))
        let input = try await decoding.json(Input.self, from: request)
        let room = try await chatRooms.add(kind: input.kind, target: input.target, to: serviceID, by: actor, logger: context.logger)
        return JSONBody.response(RoomBody(room), status: .created)
    }

    @Sendable func remove(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        try await chatRooms.remove(try Identifiers.integer(context, "room_id"), from: try Identifiers.serviceID(context), by: actor, logger: context.logger)
        return JSONBody.noContent()
    }

    /// Slack's call when a button is pressed: `payload=<JSON>`, signed. The
    /// answer to the person goes to the payload's `response_url`
    /// (Slack's own host only); the post itself is edited by the poster.
    @Sendable func slackAction(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        guard let slack else { throw UseCaseError.notFound("Slack buttons (no Slack app is configured)") }
        var buffer = try await request.body.collect(upTo: Self.maxCallBytes)
        let body = buffer.readString(length: buffer.readableBytes) ?? ""
        if let problem = SlackRequestSignature.problem(
            secret: slack.signingSecret, timestamp: request.headers[HTTPField.Name("X-Slack-Request-Timestamp")!],
            signature: request.headers[HTTPField.Name("X-Slack-Signature")!], body: body, now: clock.now()
        ) {
            context.logger.notice("a Slack call was refused", metadata: ["why": "\(problem)"])
            throw APIError(.unauthorized, "Not a call signed by this site's Slack app (\(problem))")
        }
        guard let json = FormBody.fields(body).first(where: { $0.name == "payload" })?.value,
            let payload = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        else { throw UseCaseError.invalid(field: "payload", "Slack's interaction payload (JSON)") }
        let user = payload["user"] as? [String: Any]
        let team = (payload["team"] as? [String: Any])?["id"] as? String ?? user?["team_id"] as? String ?? ""
        guard payload["type"] as? String == "block_actions", let userID = user?["id"] as? String, !userID.isEmpty,
            let action = (payload["actions"] as? [[String: Any]])?.first(where: { $0["action_id"] as? String == "herald_ack" })
        else {
            // Another button (Open) or another kind of interaction: nothing to do.
            return Response(status: .ok)
        }
        let value = action["value"] as? String ?? ""
        let call = request.headers[HTTPField.Name("X-Slack-Signature")!]
        let press: ChatRooms.Press
        if let (method, notification, sentAt, signature) = Self.directParts(value) {
            // A direct message's button (a person's Slack contact method).
            press = try await chatRooms.pressDirect(
                kind: .slack, chatUser: "\(team):\(userID)", method: method, notification: notification, sentAt: sentAt, signature: signature, call: call,
                logger: context.logger
            )
        } else if let (room, notification, signature) = Self.parts(value) {
            let channel = (payload["channel"] as? [String: Any])?["id"] as? String ?? (payload["container"] as? [String: Any])?["channel_id"] as? String
            press = try await chatRooms.press(
                kind: .slack, chatUser: "\(team):\(userID)", room: room, notification: notification, signature: signature, channel: channel,
                call: call, logger: context.logger
            )
        } else {
            return Response(status: .ok)
        }
        if let url = payload["response_url"] as? String, let respondToSlack {
            // After the answer: Slack waits 3 s for it, the reply may take longer.
            let (logger, text) = (context.logger, press.answer)
            Task {
                do {
                    try await respondToSlack(url, text)
                } catch {
                    logger.notice("cannot answer a Slack button's press", metadata: ["error": "\(String(describing: error).prefix(200))"])
                }
            }
        }
        return Response(status: .ok)
    }

    /// Mattermost's call when a button is pressed: JSON with the presser's
    /// `user_id` and the button's `context` (Herald's signature inside).
    /// The answer is an ephemeral message to that person.
    @Sendable func mattermostAction(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        guard let messageMattermostUser else { throw UseCaseError.notFound("Mattermost buttons (no Mattermost bot is configured)") }
        var buffer = try await request.body.collect(upTo: Self.maxCallBytes)
        guard let payload = try? JSONSerialization.jsonObject(with: buffer.readData(length: buffer.readableBytes) ?? Data()) as? [String: Any],
            let userID = payload["user_id"] as? String, !userID.isEmpty, userID.utf8.count <= 64,
            let fields = payload["context"] as? [String: Any], let notification = (fields["notification"] as? NSNumber)?.int64Value,
            let signature = fields["signature"] as? String
        else { throw UseCaseError.invalid(field: "context", "Mattermost's action call with the button's context") }
        let press: ChatRooms.Press
        if let method = (fields["method"] as? NSNumber)?.int64Value, let sentAt = (fields["sent"] as? NSNumber)?.int64Value {
            // A direct message's button (a person's Mattermost contact method).
            press = try await chatRooms.pressDirect(
                kind: .mattermost, chatUser: userID, method: method, notification: notification, sentAt: sentAt, signature: signature, logger: context.logger
            )
        } else if let room = (fields["room"] as? NSNumber)?.int64Value {
            press = try await chatRooms.press(
                kind: .mattermost, chatUser: userID, room: room, notification: notification, signature: signature,
                channel: payload["channel_id"] as? String, logger: context.logger
            )
        } else {
            throw UseCaseError.invalid(field: "context", "Mattermost's action call with the button's context")
        }
        if case .linkNeeded = press.outcome {
            // Mattermost signs nothing, so whoever called need not be that user: the link goes to
            // the user privately, from the bot, never into this answer.
            do {
                try await messageMattermostUser(userID, press.answer)
            } catch {
                context.logger.notice("cannot send a Mattermost user their link", metadata: ["error": "\(String(describing: error).prefix(200))"])
                return JSONBody.response(["ephemeral_text": Catalog.text("msg.chat.linkNotSent", press.language)])
            }
            return JSONBody.response(["ephemeral_text": Catalog.text("msg.chat.linkSent", press.language)])
        }
        return JSONBody.response(["ephemeral_text": press.answer])
    }

    /// `<room>.<notification>.<signature>`, a Slack button's value.
    static func parts(_ value: String) -> (Int64, NotificationID, String)? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard value.utf8.count <= 200, parts.count == 3, let room = Int64(parts[0]), let notification = Int64(parts[1]) else { return nil }
        return (room, notification, String(parts[2]))
    }

    /// `d<method>.<notification>.<sent>.<signature>`, a direct message's button's value.
    static func directParts(_ value: String) -> (Int64, NotificationID, Int64, String)? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard value.utf8.count <= 200, parts.count == 4, parts[0].hasPrefix("d"), let method = Int64(parts[0].dropFirst()), let notification = Int64(parts[1]),
            let sentAt = Int64(parts[2])
        else { return nil }
        return (method, notification, sentAt, String(parts[3]))
    }

    struct AccountBody: Encodable {
        var kind: String
        var chat_user: String
        var linked_at: String
    }

    struct LinkInput: Decodable {
        var token: String
    }

    @Sendable func accounts(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        return JSONBody.response(
            try await chatRooms.identities(of: user).map {
                AccountBody(kind: $0.kind.rawValue, chat_user: $0.chatUser, linked_at: Timestamp.wireString($0.createdAt))
            }
        )
    }

    @Sendable func link(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let input = try await decoding.json(LinkInput.self, from: request)
        let identity = try await chatRooms.link(token: input.token, to: user, logger: context.logger)
        return JSONBody.response(
            AccountBody(kind: identity.kind.rawValue, chat_user: identity.chatUser, linked_at: Timestamp.wireString(identity.createdAt)), status: .created
        )
    }

    @Sendable func unlink(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        try await chatRooms.unlink(
            kind: context.parameters.get("kind") ?? "", chatUser: context.parameters.get("chat_user") ?? "", from: user, logger: context.logger
        )
        return JSONBody.noContent()
    }
}
