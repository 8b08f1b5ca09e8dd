import Foundation
import HeraldCore
import Logging

/// A press of an Acknowledge button (issue 43): a room's post's, acting as
/// the linked chat account's person, or a direct message's, acting as the
/// person whose contact method it went to; and what the presser is told.
extension ChatRooms {
    /// What a press of an Acknowledge button came to, and what the presser
    /// is told, in their Herald person's language (else the site's).
    public struct Press: Sendable, Equatable {
        public enum Outcome: Sendable, Equatable {
            case acknowledged(by: String, isNew: Bool)
            /// Not done, and why (told to the person who pressed it only), in English: translated by `answer`.
            case refused(String)
            /// Their chat account is not linked: this link links it.
            case linkNeeded(String)
        }

        public var outcome: Outcome
        public var language: Language

        /// What the presser is told.
        public var answer: String {
            switch outcome {
            case .acknowledged(let by, let isNew):
                isNew ? Catalog.text("msg.chat.pressTaken", language) : Catalog.text("msg.chat.pressTakenBy", language, ["name": by])
            case .refused(let why): Catalog.message(why, in: language)
            case .linkNeeded(let url): Catalog.text("msg.chat.pressLink", language, ["url": url])
            }
        }
    }

    /// The language a Herald person is answered in.
    func language(of user: UserID?) async -> Language {
        guard let user else { return defaultLanguage }
        return ((try? await store.language(of: user)) ?? nil) ?? defaultLanguage
    }

    /// A press of the Acknowledge button of `room`'s post of `notification`,
    /// by `chatUser`. The caller has checked the chat service's own
    /// signature where it signs (Slack); Herald's is checked here.
    /// `call`: the chat service's own signature of the call, where it signs
    /// one (Slack): a call acted on once is refused when it comes again (a
    /// replay within its five minutes).
    public func press(
        kind: ChatRoomKind, chatUser: String, room roomID: Int64, notification id: NotificationID, signature: String, channel: String?,
        call: String? = nil, logger: Logger
    ) async throws -> Press {
        guard try await signer().verifyAction(room: roomID, notification: id, signature: signature) else {
            logger.notice("a chat button Herald did not sign was refused", metadata: ["kind": "\(kind.rawValue)"])
            throw UseCaseError.forbidden("Not a button of this server")
        }
        try await refuseReplay(of: call, kind: kind.rawValue, logger: logger)
        // The button of that room's post, pressed in that room (the call names the channel).
        guard let room = try await store.chatRooms(ids: [roomID]).first, room.kind == kind, channel.map({ $0 == room.target }) ?? true,
            let notification = try await store.notification(id: id), notification.serviceID == room.serviceID
        else { return Press(outcome: .refused("This alarm's room is no longer posted to."), language: defaultLanguage) }
        guard let identity = try await store.chatIdentity(kind: kind, chatUser: chatUser) else {
            guard let publicURL else { return Press(outcome: .refused("Link your \(kind.name) account in Herald to acknowledge from here."), language: defaultLanguage) }
            let token = try await signer().link(kind: kind, chatUser: chatUser, issuedAt: clock.now())
            return Press(outcome: .linkNeeded((publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL) + "/chat/link?token=" + token), language: defaultLanguage)
        }
        let language = await language(of: identity.userID)
        guard let user = try await store.user(id: identity.userID), user.isActive else {
            return Press(outcome: .refused("Your linked Herald account is disabled."), language: language)
        }
        // Signing out everywhere (or a new password) ends what the account allowed before, a link too.
        if let revoked = user.tokensRevokedAt, revoked >= identity.createdAt {
            return Press(outcome: .refused("Your Herald account signed out everywhere since this chat account was linked: link it again."), language: language)
        }
        do {
            let outcome = try await acknowledgements.acknowledge(id, comment: nil, by: user, from: "\(kind.name) \(chatUser)", logger: logger)
            return Press(outcome: .acknowledged(by: outcome.acknowledgement.username, isNew: outcome.isNew), language: language)
        } catch let error as UseCaseError {
            return Press(outcome: .refused(Self.refusal(error)), language: language)
        }
    }

    /// A press of the Acknowledge button in a direct message Herald sent to
    /// a person's Slack or Mattermost contact method (`method`), by
    /// `chatUser`: it acts only when Herald signed the button for that
    /// method, notification and time (`ChatSigner.direct`) and the presser
    /// is the account the method names, still verified; it acknowledges as
    /// that method's person, as a reply to a text does
    /// (`Acknowledgements.acknowledge(fromReplyOf:)`: their device still
    /// theirs, a withdrawal by someone else since the message not undone).
    public func pressDirect(
        kind: ContactKind, chatUser: String, method methodID: Int64, notification id: NotificationID, sentAt: Int64, signature: String,
        call: String? = nil, logger: Logger
    ) async throws -> Press {
        guard try await signer().verifyDirect(method: methodID, notification: id, sentAt: sentAt, signature: signature) else {
            logger.notice("a direct message's button Herald did not sign was refused", metadata: ["kind": "\(kind.rawValue)"])
            throw UseCaseError.forbidden("Not a button of this server")
        }
        try await refuseReplay(of: call, kind: kind.rawValue, logger: logger)
        // Slack names a presser `team:member`; the method keeps the member.
        let account = kind == .slack ? String(chatUser.split(separator: ":").last ?? "") : chatUser
        let name = kind == .slack ? "Slack" : "Mattermost"
        guard !account.isEmpty, let method = try await store.verifiedContacts(kind: kind, address: account).first(where: { $0.id == methodID }) else {
            return Press(outcome: .refused("This message was sent to another \(name) account, or its contact method was removed."), language: defaultLanguage)
        }
        let language = await language(of: method.userID)
        do {
            let outcome = try await acknowledgements.acknowledge(
                fromReplyOf: method, notification: id, sentAt: Date(timeIntervalSince1970: TimeInterval(sentAt) / 1_000), comment: "by a button in \(name)",
                logger: logger
            )
            return Press(outcome: .acknowledged(by: outcome.acknowledgement.username, isNew: outcome.isNew), language: language)
        } catch let error as UseCaseError {
            return Press(outcome: .refused(Self.refusal(error)), language: language)
        }
    }

    /// A chat service's signed call (`call`, its signature; Slack's) acted
    /// on once: the same call again within its window is refused.
    private func refuseReplay(of call: String?, kind: String, logger: Logger) async throws {
        guard let call else { return }
        let now = clock.now()
        guard try await store.firstSighting(ofCall: SlackRequestSignature.digest(call), at: now, forgetBefore: now.addingTimeInterval(-2 * SlackRequestSignature.window)) else {
            logger.notice("a chat call made before was refused (a replay)", metadata: ["kind": "\(kind)"])
            throw UseCaseError.conflict("This call was made already")
        }
    }

    static func refusal(_ error: UseCaseError) -> String {
        switch error {
        case .notFound: "You do not receive this service's notifications in Herald, so you cannot acknowledge them."
        default: "\(error)"
        }
    }
}
