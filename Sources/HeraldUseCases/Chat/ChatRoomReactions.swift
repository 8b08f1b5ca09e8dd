import Foundation
import HeraldCore
import Logging

/// Acknowledgements by reaction in the services' Matrix rooms (issue 43):
/// each open alarm's post is read for reactions, and a ✅ (or 👍, "ack": the
/// same keys a direct chat takes, `ContactFollowUpDecision`) from someone
/// whose Matrix id is a verified contact method of exactly one Herald
/// person acknowledges as that person, through the one `Acknowledgements`
/// use case (the responder rule, write-back and escalation stop as
/// everywhere). Anyone may react in a room; only a Matrix id its owner
/// proved (by the code sent there) speaks for a person, and a reaction
/// older than the alarm's last withdrawal takes nothing. The post is then
/// edited by `ChatRoomPosts`, as after any acknowledgement.
public struct ChatRoomReactions: Sendable {
    public typealias Store = ChatRoomStore & ContactStore & AcknowledgementStore
    let store: any Store
    let acknowledgements: Acknowledgements
    let reader: any ChatReactionReader
    let clock: WallClock
    /// Posts older than this are not read any more.
    static let window: TimeInterval = 24 * 3600
    /// Posts read per sweep (the newest first).
    static let limit = 100

    public init(store: any Store, acknowledgements: Acknowledgements, reader: any ChatReactionReader, clock: WallClock) {
        self.store = store
        self.acknowledgements = acknowledgements
        self.reader = reader
        self.clock = clock
    }

    /// Reads the open posts' reactions once; how many alarms were taken.
    @discardableResult
    public func sweep(logger: Logger) async throws -> Int {
        let now = clock.now()
        // Only the open alarms' posts (neither taken nor resolved), newest first.
        let posts = try await store.answerableChatPosts(kind: .matrix, since: now.addingTimeInterval(-Self.window), limit: Self.limit)
        guard !posts.isEmpty else { return 0 }
        let bot = try await reader.botID()
        var acknowledged = 0
        for post in posts {
            let reactions: [ChatReaction]
            do {
                reactions = try await reader.reactions(room: post.room.target, event: post.ref)
            } catch {
                logger.notice("a Matrix room's reactions could not be read", metadata: ["room": "\(post.room.id)", "error": "\(error)"])
                continue
            }
            // Most open posts have no ✅: the withdrawal is read only for one that has.
            guard !ChatReactionDecision.takers(reactions, bot: bot).isEmpty else { continue }
            // A reaction from before the last withdrawal does not take the alarm back (nor one replayed since).
            let withdrawn = try await store.lastWithdrawal(notificationID: post.notification)?.at
            for reaction in ChatReactionDecision.takers(reactions, bot: bot, notBefore: withdrawn) {
                if try await take(post.notification, in: post.room, by: reaction, logger: logger) {
                    acknowledged += 1
                    break
                }
            }
        }
        return acknowledged
    }

    /// Acknowledges as the one person whose verified Matrix id the
    /// reaction's sender is, as a reply to what was sent to them at the
    /// reaction's time (`Acknowledgements.acknowledge(fromReplyOf:)`: the
    /// method still theirs, the alarm open, no one else's withdrawal
    /// since); false when nobody (or more than one account) verified that
    /// id, or the use case refuses (not a responder of the alarm, say).
    private func take(_ id: NotificationID, in room: ChatRoom, by reaction: ChatReaction, logger: Logger) async throws -> Bool {
        let methods = try await store.verifiedContacts(kind: .matrix, address: reaction.sender)
        guard Set(methods.map(\.userID)).count == 1, let method = methods.first else {
            logger.info("a reaction in a Matrix room from an id no one person verified changes nothing", metadata: ["room": "\(room.id)"])
            return false
        }
        do {
            _ = try await acknowledgements.acknowledge(fromReplyOf: method, notification: id, sentAt: reaction.at, comment: nil, logger: logger)
            logger.info("acknowledged by a reaction in a Matrix room", metadata: ["room": "\(room.id)", "notification": "\(id)"])
            // Taken now (by them, or by someone a moment before): the other reactions need not be tried.
            return true
        } catch let refusal as UseCaseError {
            logger.info("a reaction in a Matrix room was refused", metadata: ["room": "\(room.id)", "why": "\(refusal)"])
            return false
        }
    }
}
