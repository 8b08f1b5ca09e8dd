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
/// proved (by the code sent there) speaks for a person. The post is then
/// edited by `ChatRoomPosts`, as after any acknowledgement.
public struct ChatRoomReactions: Sendable {
    public typealias Store = ChatRoomStore & ContactStore & NotificationStore & AcknowledgementStore & AccountStore
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
        let posts = try await store.answerableChatPosts(kind: .matrix, since: now.addingTimeInterval(-Self.window), limit: Self.limit)
        guard !posts.isEmpty else { return 0 }
        let ids = Array(Set(posts.map(\.notification)))
        let taken = try await store.acknowledgements(of: ids)
        let bot = try await reader.botID()
        var acknowledged = 0
        var resolved: [NotificationID: Bool] = [:]
        for post in posts where taken[post.notification] == nil {
            if resolved[post.notification] == nil { resolved[post.notification] = try await store.notification(id: post.notification).map { $0.alarm == .resolved } ?? true }
            guard resolved[post.notification] == false else { continue }
            let reactions: [(sender: String, key: String)]
            do {
                reactions = try await reader.reactions(room: post.room.target, event: post.ref)
            } catch {
                logger.notice("a Matrix room's reactions could not be read", metadata: ["room": "\(post.room.id)", "error": "\(error)"])
                continue
            }
            for sender in ChatReactionDecision.takers(reactions, bot: bot) {
                if try await take(post.notification, in: post.room, by: sender, logger: logger) {
                    acknowledged += 1
                    break
                }
            }
        }
        return acknowledged
    }

    /// Acknowledges as the one person whose verified Matrix id `sender` is;
    /// false when nobody (or more than one account) is, or the use case
    /// refuses (not a responder of the alarm, say).
    private func take(_ id: NotificationID, in room: ChatRoom, by sender: String, logger: Logger) async throws -> Bool {
        let holders = Set(try await store.verifiedContacts(kind: .matrix, address: sender).map(\.userID))
        guard holders.count == 1, let userID = holders.first, let user = try await store.user(id: userID), user.isActive else {
            logger.info("a reaction in a Matrix room from an id no one person verified changes nothing", metadata: ["room": "\(room.id)"])
            return false
        }
        do {
            let outcome = try await acknowledgements.acknowledge(id, comment: nil, by: user, from: "Matrix room \(sender)", logger: logger)
            logger.info("acknowledged by a reaction in a Matrix room", metadata: ["room": "\(room.id)", "notification": "\(id)", "user": "\(user.username)"])
            // Taken now (by them, or by someone a moment before): the other reactions need not be tried.
            _ = outcome
            return true
        } catch let refusal as UseCaseError {
            logger.info("a reaction in a Matrix room was refused", metadata: ["room": "\(room.id)", "user": "\(user.username)", "why": "\(refusal)"])
            return false
        }
    }
}
