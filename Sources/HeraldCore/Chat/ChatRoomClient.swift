import Foundation

/// One chat service's side of a room (issue 43): posting, editing in
/// place, and finding a post by the key it was handed with (after a crash
/// between handing it over and recording the answer).
public protocol ChatRoomClient: Sendable {
    var kind: ChatRoomKind { get }
    /// The post's reference (nil for a one-way room).
    func post(_ message: ChatMessage, in room: ChatRoom, key: String, notification: NotificationID?) async throws -> String?
    func edit(_ ref: String, _ message: ChatMessage, in room: ChatRoom, notification: NotificationID) async throws
    func find(key: String, in room: ChatRoom, since: Date) async throws -> ChatFind
}

/// Where the site's Matrix bot stands in a room a keeper asks to add
/// (issue 43): in it (with who else is joined), invited to it (by whom), or
/// outside it.
public enum MatrixRoomStanding: Sendable, Equatable {
    case joined(members: Set<String>)
    case invited(by: String?)
    case outside
}

/// What `ChatRooms.add` asks of the bot to let a keeper add a Matrix room
/// only where they are: where it stands, whether a room is a person's
/// direct chat with it, and joining one its keeper invited it to.
public protocol MatrixRoomProbe: Sendable {
    func standing(in room: String) async throws -> MatrixRoomStanding
    func isDirectChat(_ room: String) async throws -> Bool
    func join(_ room: String) async throws
    func botID() async throws -> String
}

/// One reaction to a room's post: who, with what, when the homeserver took it.
public struct ChatReaction: Sendable, Equatable {
    public var sender: String
    public var key: String
    public var at: Date

    public init(sender: String, key: String, at: Date) {
        self.sender = sender
        self.key = key
        self.at = at
    }
}

/// Where a room's answers are reactions to its posts (Matrix): who
/// reacted to a post, with what and when, and the bot's own id (its own
/// are not answers). A room no longer the bot's direct chat with anyone
/// is `isDirectChat` false.
public protocol ChatReactionReader: Sendable {
    func reactions(room: String, event: String) async throws -> [ChatReaction]
    func botID() async throws -> String
}

/// Which reactions to a room's post take its alarm. Pure.
public enum ChatReactionDecision {
    /// Who reacted to take it, in the order they did, each once (their
    /// first such reaction); never the bot; only the keys a direct chat
    /// takes (`ContactFollowUpDecision`); none made before `notBefore` (the
    /// last withdrawal: a reaction from before it does not take the alarm
    /// back).
    public static func takers(_ reactions: [ChatReaction], bot: String, notBefore: Date? = nil) -> [ChatReaction] {
        var seen = Set<String>()
        return reactions.filter { reaction in
            reaction.sender != bot && ContactFollowUpDecision.acknowledgingReactions.contains(ContactFollowUpDecision.plainReaction(reaction.key))
                && notBefore.map { reaction.at > $0 } ?? true && seen.insert(reaction.sender).inserted
        }
    }
}

public enum ChatFind: Sendable, Equatable {
    case found(ref: String?)
    case absent
    /// The service keeps nothing to look in (a Teams webhook).
    case unknowable
}

/// A chat service's refusal or failure. `permanent`: trying again cannot
/// help (an unknown channel, a refused message); else it is tried again,
/// after `retryAfter` when the service said how long to wait.
public struct ChatClientError: Error, CustomStringConvertible {
    public init(service: String, status: Int, code: String, permanent: Bool, retryAfter: TimeInterval?) {
        self.service = service
        self.status = status
        self.code = code
        self.permanent = permanent
        self.retryAfter = retryAfter
    }

    public var service: String
    public var status: Int
    public var code: String
    public var permanent: Bool
    public var retryAfter: TimeInterval?
    /// The service answered, refusing: the post surely did not arrive (so
    /// it may be sent again); false when the answer was unreadable.
    public var notTaken = true

    public var description: String { "\(service) answered \(status == 200 ? "" : "HTTP \(status) ")\(code)".trimmingCharacters(in: .whitespaces) }

    /// Permanent for a refusal of the request itself; a rate limit, an
    /// outage, a bad gateway are not.
    public static func of(service: String, status: Int, code: String, retryAfter: TimeInterval? = nil) -> ChatClientError {
        let permanent = (400..<500).contains(status) && status != 408 && status != 429
        return ChatClientError(service: service, status: status, code: String(code.prefix(80)), permanent: permanent, retryAfter: retryAfter)
    }

    /// An answer that cannot be read: the post may have arrived.
    public static func unreadable(service: String, _ what: String) -> ChatClientError {
        var error = ChatClientError(service: service, status: 502, code: what, permanent: false, retryAfter: nil)
        error.notTaken = false
        return error
    }
}
