import Foundation
import HeraldCore
import HeraldOutbound
import NIOConcurrencyHelpers
import NIOHTTP1

/// Slack and Mattermost as a person's contact method (issue 43): the site's
/// Slack app and Mattermost bot (the chat rooms' own) write to the person
/// in a direct message, with an Acknowledge button while the alarm is
/// theirs to take. The button carries Herald's signature of the method,
/// the notification and the message's time (`ChatSigner.direct`), so it
/// acknowledges only as that person (`ChatRooms.pressDirect`); once the
/// alarm is taken or resolved the message is edited to say so
/// (`ContactFollowUps`). The receipt kept for that edit is Slack's
/// `channel:ts`, Mattermost's post id.
extension ContactMessage {
    /// The notification as a chat message, in the person's language.
    var chatMessage: ChatMessage {
        var record = delivery.notification
        record.severity = delivery.purpose.treatedSeverity(record.severity)
        return ChatMessage.of(record, acknowledgement: nil, answersBack: delivery.acknowledgeable, language: language)
    }

    /// What its Acknowledge button stands for (the method, the
    /// notification, the millisecond it was handed over), or nil when the
    /// person may not take it from here.
    var directButton: DirectMessageButton? {
        guard delivery.acknowledgeable else { return nil }
        return DirectMessageButton(
            method: delivery.token.flatMap(Platform.contactMethodID(fromToken:)) ?? 0, notification: delivery.notification.id, sentAt: handedAt
        )
    }
}

extension DirectMessageButton {
    /// Slack's button value, signed: `d<method>.<notification>.<sent>.<signature>`.
    func slackValue(_ signer: ChatSigner) -> String {
        "d\(method).\(notification).\(sentAt).\(signer.direct(method: method, notification: notification, sentAt: sentAt))"
    }

    /// Mattermost's button context, signed (Mattermost sends it back as it is).
    func mattermostContext(_ signer: ChatSigner) -> [String: Any] {
        ["method": method, "notification": notification, "sent": sentAt, "signature": signer.direct(method: method, notification: notification, sentAt: sentAt)]
    }
}

/// What Slack's and Mattermost's errors mean for a direct message: a
/// refusal of the request (an unknown member, a bad token) is final; a rate
/// limit or an outage is tried again; an answer that cannot be read may
/// have posted, so it is not posted again where the service would not see
/// it as the same (Slack).
enum ChatDirectAnswer {
    static func of(_ error: any Error, service: String, idempotent: Bool) -> GatewayAnswer {
        if let failure = error as? ChatClientError {
            if !failure.notTaken { return idempotent ? .retry(reason: failure.description, after: 5) : .uncertain(reason: failure.description) }
            if failure.status == 401 || failure.code == "invalid_auth" || failure.code == "not_authed" {
                return .retry(reason: "the bot's token was refused (\(failure.description))", after: 60)
            }
            return failure.permanent ? .refused(reason: failure.description) : .retry(reason: failure.description, after: min(max(failure.retryAfter ?? 5, 1), 3_600))
        }
        if let refusal = error as? OutboundRefusal { return refusal.isRefusal ? .refused(reason: refusal.description) : .retry(reason: refusal.description, after: 10) }
        let reason = "no answer from \(service) (\(String(describing: error).prefix(120)))"
        return idempotent ? .retry(reason: reason, after: 5) : .uncertain(reason: reason)
    }
}

extension SlackClient {
    /// Posts to a member's direct message with the app (`chat.postMessage`
    /// to their member id); the receipt is the channel Slack answers with and the message's ts.
    public func directMessage(to member: String, _ message: ChatMessage, acknowledge: String?) async throws -> String {
        var json = Self.body(message, acknowledge: acknowledge)
        json["channel"] = member
        let answer = try await call("chat.postMessage", json)
        guard let channel = answer["channel"] as? String, let ts = answer["ts"] as? String, !channel.contains(":") else {
            throw ChatClientError.unreadable(service: "Slack", "no channel and ts")
        }
        return channel + ":" + ts
    }

    /// A plain message (a verification code, a test) to a member.
    public func directMessage(to member: String, text: String) async throws {
        _ = try await call("chat.postMessage", ["channel": member, "text": ChatMessage.slackEscaped(text), "unfurl_links": false, "link_names": false])
    }

    /// Edits a direct message its receipt names (with a button for
    /// `button`, signed, or none).
    public func edit(directMessage receipt: String, _ message: ChatMessage, button: DirectMessageButton? = nil) async throws {
        let parts = receipt.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw ChatClientError(service: "Slack", status: 0, code: "not a receipt of Herald's", permanent: true, retryAfter: nil) }
        var acknowledge: String?
        if let button { acknowledge = button.slackValue(try await signer()) }
        var json = Self.body(message, acknowledge: acknowledge)
        json["channel"] = parts[0]
        json["ts"] = parts[1]
        _ = try await call("chat.update", json)
    }
}

extension MattermostClient {
    /// The bot's direct channel with `user` (made by Mattermost the first
    /// time, the same one after), remembered for the process.
    func directChannel(with user: String) async throws -> String {
        if let channel = known.withLockedValue({ $0.channels[user] }) { return channel }
        var bot = known.withLockedValue { $0.bot }
        if bot == nil {
            guard let id = (try await call(.GET, "/users/me") as? [String: Any])?["id"] as? String else {
                throw ChatClientError.unreadable(service: "Mattermost", "no bot id")
            }
            known.withLockedValue { $0.bot = id }
            bot = id
        }
        guard let bot, let channel = (try await call(.POST, "/channels/direct", jsonArray: [bot, user]) as? [String: Any])?["id"] as? String else {
            throw ChatClientError.unreadable(service: "Mattermost", "no direct channel")
        }
        known.withLockedValue { $0.channels[user] = channel }
        return channel
    }

    func forgetDirectChannel(with user: String) {
        _ = known.withLockedValue { $0.channels.removeValue(forKey: user) }
    }

    /// Posts to the person's direct channel with the bot; the post's key
    /// (`pending_post_id`) is the delivery's, so Mattermost takes a retry
    /// soon after a lost answer as the same post. The receipt is its id.
    public func directMessage(to user: String, _ message: ChatMessage, key: String, acknowledge: [String: Any]?) async throws -> String {
        var json = render(message, key: key, acknowledge: acknowledge)
        json["channel_id"] = try await directChannel(with: user)
        json["pending_post_id"] = key
        guard let id = (try await call(.POST, "/posts", json: json) as? [String: Any])?["id"] as? String else {
            throw ChatClientError.unreadable(service: "Mattermost", "no post id")
        }
        return id
    }

    /// Edits a direct message its receipt (the post's id) names (with a
    /// button for `button`, signed, or none).
    public func edit(directMessage receipt: String, _ message: ChatMessage, button: DirectMessageButton? = nil) async throws {
        var context: [String: Any]?
        if let button { context = button.mattermostContext(try await signer()) }
        _ = try await call(.PUT, "/posts/\(Self.segment(receipt))/patch", json: render(message, key: nil, acknowledge: context))
    }

    /// A @username's user id; a name nobody has is a `ContactAddressError`.
    public func userID(of username: String) async throws -> String {
        let name = username.hasPrefix("@") ? String(username.dropFirst()) : username
        do {
            guard let id = (try await call(.GET, "/users/username/\(Self.segment(name))") as? [String: Any])?["id"] as? String,
                ContactAddress.isMattermostUserID(id)
            else { throw ChatClientError.unreadable(service: "Mattermost", "no user id") }
            return id
        } catch let error as ChatClientError where error.status == 404 {
            throw ContactAddressError("No Mattermost user is called @\(name)")
        }
    }
}

/// Alarms as Slack direct messages from the site's app.
public struct SlackDirectChannel: ContactChannel {
    public let platform = Platform.slack
    public let name = "Slack"
    let client: SlackClient

    public init(client: SlackClient) { self.client = client }

    public func warmUp() async throws {}

    public func send(_ messages: [ContactMessage]) async -> [GatewayAnswer] {
        await PhoneAppSending.each(messages) { message in
            do {
                var button: String?
                if let direct = message.directButton { button = direct.slackValue(try await client.signer()) }
                return .acceptedWithReceipt(try await client.directMessage(to: message.address, message.chatMessage, acknowledge: button))
            } catch {
                return ChatDirectAnswer.of(error, service: "Slack", idempotent: false)
            }
        }
    }
}

/// Alarms as Mattermost direct messages from the site's bot (the button
/// needs PUBLIC_URL, where Mattermost calls it).
public struct MattermostDirectChannel: ContactChannel {
    public let platform = Platform.mattermost
    public let name = "Mattermost"
    let client: MattermostClient

    public init(client: MattermostClient) { self.client = client }

    public func warmUp() async throws {}

    public func send(_ messages: [ContactMessage]) async -> [GatewayAnswer] {
        await PhoneAppSending.each(messages) { message in
            do {
                var context: [String: Any]?
                if let direct = message.directButton { context = direct.mattermostContext(try await client.signer()) }
                return .acceptedWithReceipt(
                    try await client.directMessage(to: message.address, message.chatMessage, key: "herald-d\(message.delivery.id)", acknowledge: context)
                )
            } catch {
                // A direct channel refused (the person deactivated, the channel gone) is asked for afresh next time.
                if let failure = error as? ChatClientError, failure.permanent { client.forgetDirectChannel(with: message.address) }
                return ChatDirectAnswer.of(error, service: "Mattermost", idempotent: true)
            }
        }
    }
}
