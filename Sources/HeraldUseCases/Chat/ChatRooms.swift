import Foundation
import HeraldCore
import Logging

/// A service's chat rooms (issue 43), as its keepers set them, and what
/// a press of a room's Acknowledge button does. The rules live here, so
/// the API, the pages and the button cannot differ:
///
/// - A room is a Slack or Mattermost channel id, or a Teams webhook the
///   site allows (TEAMS_WEBHOOK_HOSTS); at most `maxRooms` per service.
/// - A press acts only when Herald signed the button (the room, the
///   notification) and the notification is that room's service's; it
///   acknowledges as the Herald person the chat account is linked to,
///   through the one `Acknowledgements` use case (so the responder rule,
///   write-back and escalation stop are the same as everywhere).
/// - A Matrix room is added by an admin, or by a keeper whose verified
///   Matrix id is in it with the bot, or invited the bot to it (asked of
///   the bot, which then joins): a keeper cannot send their service's posts
///   into a room of others that the bot happens to be in or invited to.
/// - An account not linked yet gets a link, valid 15 minutes, that binds
///   it to whoever opens it signed in to Herald: only the chat service's
///   signed call makes one, so nobody can link an account that is not theirs.
public struct ChatRooms: Sendable {
    public typealias Store = ChatRoomStore & ServiceStore & AccountStore & NotificationStore & AuditStore & ContactStore & LanguageStore
    let store: any Store
    let settings: ChatSettings
    let signer: @Sendable () async throws -> ChatSigner
    let acknowledgements: Acknowledgements
    let visibility: ServiceVisibility
    let publicURL: String?
    let clock: WallClock
    let audit: AuditTrail
    /// The site's Matrix bot, asked where it stands in a room (nil: no bot).
    let matrixRooms: (any MatrixRoomProbe)?
    /// Matrix rooms a keeper may try a minute: each asks the homeserver.
    let probesPerPerson = KeyedBuckets<UserID>(perSecond: 1.0 / 60, burst: 5)
    /// What a presser whose Herald person chose no language (or who has none yet) is answered in.
    let defaultLanguage: Language
    public static let maxRooms = 10

    public init(
        store: any Store, settings: ChatSettings, signer: @escaping @Sendable () async throws -> ChatSigner, acknowledgements: Acknowledgements,
        visibility: ServiceVisibility, publicURL: String?, clock: WallClock, matrixRooms: (any MatrixRoomProbe)? = nil,
        defaultLanguage: Language = .en
    ) {
        self.matrixRooms = matrixRooms
        self.defaultLanguage = defaultLanguage
        self.store = store
        self.settings = settings
        self.signer = signer
        self.acknowledgements = acknowledgements
        self.visibility = visibility
        self.publicURL = publicURL
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
    }

    public func rooms(of serviceID: UUID, for actor: Actor) async throws -> [ChatRoom] {
        try actor.must(.manage(.chatRooms, of: serviceID))
        guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
        return try await store.chatRooms(serviceID: serviceID)
    }

    public func add(kind: String, target: String, to serviceID: UUID, by actor: Actor, logger: Logger) async throws -> ChatRoom {
        try actor.must(.manage(.chatRooms, of: serviceID))
        guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
        let target = target.trimmingCharacters(in: .whitespaces)
        let offered = settings.kinds.map(\.rawValue).joined(separator: ", ")
        guard let kind = ChatRoomKind(rawValue: kind), settings.kinds.contains(kind) else {
            throw UseCaseError.invalid(field: "kind", offered.isEmpty ? "This site has no chat service configured" : "One of: \(offered)")
        }
        if let problem = Self.problem(target, kind: kind, settings: settings) { throw UseCaseError.invalid(field: "target", problem) }
        let rooms = try await store.chatRooms(serviceID: serviceID)
        guard rooms.count < Self.maxRooms else {
            throw UseCaseError.conflict("A service posts to at most \(Self.maxRooms) chat rooms")
        }
        guard !rooms.contains(where: { $0.kind == kind && $0.target == target }) else { throw UseCaseError.conflict("The service posts to that room already") }
        if kind == .matrix, !actor.isAdmin { try await proveMatrixRoom(target, by: actor, logger: logger) }
        guard let room = try await store.addChatRoom(serviceID: serviceID, kind: kind, target: target, at: clock.now()) else {
            throw UseCaseError.conflict("The service posts to that room already")
        }
        logger.info("chat room added", metadata: ["service": "\(serviceID.wireString)", "room": "\(room.id)", "kind": "\(kind.rawValue)", "by": "\(actor.username)"])
        await audit.record(
            .chatRoomAdded, by: actor.auditWho, service: serviceID, target: "chat room \(room.id)",
            after: AuditTrail.json(["kind": kind.rawValue, "target": room.shownTarget]), logger: logger
        )
        return room
    }

    public func remove(_ id: Int64, from serviceID: UUID, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manage(.chatRooms, of: serviceID))
        guard try await store.removeChatRoom(id: id, serviceID: serviceID) else { throw UseCaseError.notFound("Chat room") }
        logger.info("chat room removed", metadata: ["service": "\(serviceID.wireString)", "room": "\(id)", "by": "\(actor.username)"])
        await audit.record(.chatRoomRemoved, by: actor.auditWho, service: serviceID, target: "chat room \(id)", logger: logger)
    }

    /// A keeper (not an admin) adds a Matrix room only where one of their
    /// verified Matrix ids is joined with the bot, or invited the bot (which
    /// then joins): the bot may be in, or invited to, rooms of other
    /// services' people, whose ids anyone might learn. Checked when the room
    /// is added (docs/security.md: a member who adds a room and leaves it).
    private func proveMatrixRoom(_ room: String, by actor: Actor, logger: Logger) async throws {
        let mine = Set(try await store.contactMethods(userID: actor.user.id).filter { $0.kind == .matrix && $0.isVerified }.map(\.address))
        guard !mine.isEmpty else {
            throw UseCaseError.forbidden("Verify your Matrix id under Reaching you first: a keeper adds a Matrix room they are in")
        }
        guard let matrixRooms else { throw UseCaseError.invalid(field: "kind", "This site has no Matrix bot") }
        if let wait = probesPerPerson.take(actor.user.id, now: clock.now()) {
            throw UseCaseError.braked(retryAfter: wait, "Too many Matrix rooms tried: try again in \(wait) seconds")
        }
        do {
            guard try await !matrixRooms.isDirectChat(room) else {
                throw UseCaseError.forbidden("A person's direct chat with the bot is no service's room")
            }
            let bot = try await matrixRooms.botID()
            switch try await matrixRooms.standing(in: room) {
            case .outside:
                throw UseCaseError.invalid(field: "target", "Invite the site's bot to the room first")
            case .invited(let inviter):
                guard let inviter, mine.contains(inviter) else {
                    throw UseCaseError.forbidden("Someone else invited the site's bot to that room: a keeper adds a Matrix room they are in or invited it to")
                }
                try await matrixRooms.join(room)
            case .joined(let members):
                guard !mine.isDisjoint(with: members.subtracting([bot])) else {
                    throw UseCaseError.forbidden("Your verified Matrix id is not in that room: a keeper adds a Matrix room they are in")
                }
            }
        } catch let error as UseCaseError {
            throw error
        } catch let failure as ChatClientError where failure.permanent && ![0, 401].contains(failure.status) {
            throw UseCaseError.invalid(field: "target", "Matrix refused the room (\(failure))")
        } catch {
            logger.warning("a Matrix room's members could not be read", metadata: ["error": "\(String(describing: error).prefix(200))"])
            throw UseCaseError.conflict("Matrix could not be asked who is in the room: try again later")
        }
    }

    /// Why `target` cannot be a room of `kind`; nil when it can.
    static func problem(_ target: String, kind: ChatRoomKind, settings: ChatSettings) -> String? {
        switch kind {
        case .slack:
            let ok = (9...24).contains(target.utf8.count) && "CG".utf8.contains(target.utf8.first ?? 0)
                && target.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            return ok ? nil : "A Slack channel's id (C or G and 8 to 23 capital letters and digits, as in its link)"
        case .mattermost:
            let ok = target.utf8.count == 26 && target.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            return ok ? nil : "A Mattermost channel's id (26 lowercase letters and digits)"
        case .teams:
            return settings.allowsTeamsWebhook(target) ? nil : "A Teams Workflows webhook URL on a host this site allows (TEAMS_WEBHOOK_HOSTS)"
        case .matrix:
            return MatrixIdentifiers.isRoomID(target) ? nil : "A Matrix room's id (it starts with !, in the room's settings; invite the site's bot to it)"
        }
    }

    /// The chat account a link names (for the page that asks), if the link is good.
    public func account(inLink token: String) async throws -> (kind: ChatRoomKind, chatUser: String)? {
        try await signer().verifyLink(token, now: clock.now())
    }

    /// Links the chat account a link names to `user`, signed in. An account
    /// linked to someone else stays theirs (409): they unlink it first.
    public func link(token: String, to user: User, logger: Logger) async throws -> ChatIdentity {
        guard !visibility.isConfined(user) else { throw UseCaseError.forbidden("The demo account cannot link chat accounts") }
        guard let (kind, chatUser) = try await account(inLink: token) else {
            throw UseCaseError.notFound("Chat link (not this server's, or older than 15 minutes: press the button again)")
        }
        if let existing = try await store.chatIdentity(kind: kind, chatUser: chatUser) {
            guard existing.userID == user.id else { throw UseCaseError.conflict("That \(kind.name) account is linked to another person in Herald: they unlink it first") }
            return existing
        }
        let identity = ChatIdentity(kind: kind, chatUser: chatUser, userID: user.id, createdAt: clock.now())
        try await store.linkChatIdentity(identity)
        guard let linked = try await store.chatIdentity(kind: kind, chatUser: chatUser), linked.userID == user.id else {
            throw UseCaseError.conflict("That \(kind.name) account was just linked to another person in Herald")
        }
        logger.info("chat account linked", metadata: ["kind": "\(kind.rawValue)", "user": "\(user.username)"])
        await audit.record(
            .chatAccountLinked, by: AuditTrail.Who(id: user.id, name: user.username, address: nil), service: nil,
            target: "\(kind.rawValue) account \(String(reflecting: String(chatUser.prefix(80))))", logger: logger
        )
        return linked
    }

    public func identities(of user: User) async throws -> [ChatIdentity] {
        try await store.chatIdentities(userID: user.id)
    }

    public func unlink(kind: String, chatUser: String, from user: User, logger: Logger) async throws {
        guard let kind = ChatRoomKind(rawValue: kind), try await store.unlinkChatIdentity(kind: kind, chatUser: chatUser, userID: user.id) else {
            throw UseCaseError.notFound("Linked chat account")
        }
        await audit.record(
            .chatAccountUnlinked, by: AuditTrail.Who(id: user.id, name: user.username, address: nil), service: nil,
            target: "\(kind.rawValue) account \(String(reflecting: String(chatUser.prefix(80))))", logger: logger
        )
    }
}
