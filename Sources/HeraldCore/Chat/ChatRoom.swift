import Foundation

/// Where a service's notifications are posted besides people's phones
/// (issue 43): a control room's channel. Slack and Mattermost rooms answer
/// back (an Acknowledge button, the post edited in place as the alarm is
/// taken and resolved); a Teams channel is reached one way, through a
/// Workflows webhook.
public enum ChatRoomKind: String, Sendable, CaseIterable, Codable {
    case slack
    case mattermost
    case teams
    /// A Matrix room the site's bot (`MATRIX_URL`, `MATRIX_BOT_TOKEN`) is in:
    /// taken by a ✅ reaction from someone whose Matrix id is their
    /// verified contact method.
    case matrix

    /// Whether its posts are edited and can be answered (a button, a reaction).
    public var answersBack: Bool { self != .teams }

    public var name: String {
        switch self {
        case .slack: "Slack"
        case .mattermost: "Mattermost"
        case .teams: "Microsoft Teams"
        case .matrix: "Matrix"
        }
    }
}

/// One room a service posts to. `target` is a Slack channel id, a
/// Mattermost channel id, or a Teams Workflows webhook URL (a credential:
/// shown back only as its host).
public struct ChatRoom: Sendable, Equatable {
    public var id: Int64
    public var serviceID: UUID
    public var kind: ChatRoomKind
    public var target: String
    public var createdAt: Date

    public init(id: Int64, serviceID: UUID, kind: ChatRoomKind, target: String, createdAt: Date) {
        self.id = id
        self.serviceID = serviceID
        self.kind = kind
        self.target = target
        self.createdAt = createdAt
    }

    /// What the API and the pages show of the target: a webhook URL's host
    /// only (its path is the credential).
    public var shownTarget: String {
        guard kind == .teams else { return target }
        return URL(string: target)?.host.map { "\($0)/…" } ?? "…"
    }
}

/// Where one notification stands in one room.
public enum ChatPostState: String, Sendable, CaseIterable {
    /// Not posted yet.
    case new
    /// Handed to the chat service, its answer not recorded (a crash may
    /// have come between): looked for before it is posted again.
    case handed
    /// Posted; `ref` names the post (Slack's ts, Mattermost's post id).
    case posted
    /// Folded into a digest post with others (a flood): not edited.
    case digested
    /// Given up on (refused, or a one-way post whose fate a crash hid).
    case failed
}

public struct ChatPostKey: Sendable, Hashable {
    public var roomID: Int64
    public var notificationID: NotificationID

    public init(roomID: Int64, notificationID: NotificationID) {
        self.roomID = roomID
        self.notificationID = notificationID
    }
}

/// One notification's post in one room, as a sweep claimed it.
public struct ChatPost: Sendable, Equatable {
    public var key: ChatPostKey
    public var state: ChatPostState
    /// The idempotency key it was handed with (`herald-<room>-<notification>`,
    /// or a digest's): found again by it in the room's history.
    public var postKey: String?
    public var ref: String?
    /// What the post shows (`ChatMessage.fingerprint`): edited only when that changes.
    public var shown: String
    public var attempts: Int
    public var handedAt: Date?
    public var createdAt: Date

    public init(
        key: ChatPostKey, state: ChatPostState, postKey: String? = nil, ref: String? = nil, shown: String = "", attempts: Int = 0, handedAt: Date? = nil,
        createdAt: Date
    ) {
        self.key = key
        self.state = state
        self.postKey = postKey
        self.ref = ref
        self.shown = shown
        self.attempts = attempts
        self.handedAt = handedAt
        self.createdAt = createdAt
    }
}

/// A chat account linked to a Herald person: whoever presses Acknowledge
/// as `chatUser` (Slack's `team:user`, Mattermost's user id) acknowledges
/// as `userID`. Made only by that person, signed in, from a link the chat
/// service's signed callback produced.
public struct ChatIdentity: Sendable, Equatable {
    public var kind: ChatRoomKind
    public var chatUser: String
    public var userID: UserID
    public var createdAt: Date

    public init(kind: ChatRoomKind, chatUser: String, userID: UserID, createdAt: Date) {
        self.kind = kind
        self.chatUser = chatUser
        self.userID = userID
        self.createdAt = createdAt
    }
}

/// The rooms, their posts' queue and the linked chat accounts. Posts are
/// queued by the publishing statement (one per room of the service) and
/// made due again by every change to their notification; each replica's
/// sweep leases the due ones.
public protocol ChatRoomStore: Sendable {
    func chatRooms(serviceID: UUID) async throws -> [ChatRoom]
    func chatRooms(ids: [Int64]) async throws -> [ChatRoom]
    /// Nil when the service has that room already.
    func addChatRoom(serviceID: UUID, kind: ChatRoomKind, target: String, at: Date) async throws -> ChatRoom?
    func removeChatRoom(id: Int64, serviceID: UUID) async throws -> Bool
    /// Up to `limit` due by `now` and not leased, leased until `until`.
    func claimChatPosts(now: Date, until: Date, limit: Int) async throws -> [ChatPost]
    /// Posts made in each room since `since` (a digest counts once).
    func chatPostsMade(roomIDs: [Int64], since: Date) async throws -> [Int64: Int]
    /// About to be sent under `postKey`: kept so before the request goes.
    func handChatPosts(_ keys: [ChatPostKey], postKey: String, at: Date) async throws
    /// What became of them; their lease ends, nothing is due unless they
    /// were made due while leased (or are `new` again: due now).
    func recordChatPosts(_ keys: [ChatPostKey], state: ChatPostState, ref: String?, shown: String, at: Date) async throws
    /// Tried again at `next` (attempts counted), or now when made due while
    /// leased; `new` again when the service surely did not take it.
    func deferChatPost(_ key: ChatPostKey, attempts: Int, next: Date, now: Date, backToNew: Bool) async throws
    /// Posts in rooms of `kind` posted since `since` whose notification is
    /// neither taken nor resolved (newest first, at most `limit`), each
    /// with its room: where answers (reactions) are read. (A flood of other
    /// posts cannot push an open alarm's out of the window.)
    func answerableChatPosts(kind: ChatRoomKind, since: Date, limit: Int) async throws -> [(room: ChatRoom, notification: NotificationID, ref: String)]
    /// Records a signed call by its digest; false when it was recorded
    /// already (a replay). Calls seen before `forgetBefore` are forgotten.
    func firstSighting(ofCall digest: String, at: Date, forgetBefore: Date) async throws -> Bool
    func chatIdentity(kind: ChatRoomKind, chatUser: String) async throws -> ChatIdentity?
    /// Linked unless the chat account is someone's already (it is not moved).
    func linkChatIdentity(_ identity: ChatIdentity) async throws
    func chatIdentities(userID: UserID) async throws -> [ChatIdentity]
    func unlinkChatIdentity(kind: ChatRoomKind, chatUser: String, userID: UserID) async throws -> Bool
}

/// Matrix's identifiers as Herald accepts them in a room's target.
public enum MatrixIdentifiers {
    /// A room id: `!`, an opaque part of letters, digits and `. _ = - / + ~`,
    /// then `:` and the server's name (a host and an optional port) for
    /// room versions before 12 (from 12 the id is the create event's hash
    /// alone), at most 255 bytes. Not an alias (`#room:server`): one can be
    /// pointed elsewhere.
    public static func isRoomID(_ text: String) -> Bool {
        let parts = text.dropFirst().split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard text.hasPrefix("!"), text.utf8.count <= 255, !parts[0].isEmpty, parts[0].utf8.allSatisfy({ $0.isASCIIAlphanumeric || "._=-/+~".utf8.contains($0) })
        else { return false }
        return parts.count == 1 || (!parts[1].isEmpty && parts[1].utf8.allSatisfy { $0.isASCIIAlphanumeric || ".-:[]".utf8.contains($0) })
    }
}
