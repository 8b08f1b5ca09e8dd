import Foundation
import HeraldCore
import Logging

/// Posts each notification of a service to its chat rooms and keeps the
/// posts true (issue 43): edited in place when the alarm is taken,
/// resolved or updated; a flood folded into a digest; never posted twice
/// (a post is marked handed, with its key, before the request goes, and
/// looked for by that key after a crash). Each sweep leases the due posts
/// (`ChatRoomStore`), so replicas share them; what to do is
/// `ChatPostDecision`'s. Rooms are worked side by side, each room's posts
/// in order.
public struct ChatRoomPosts: Sendable {
    public typealias Store = ChatRoomStore & NotificationStore & AcknowledgementStore
    let store: any Store
    let clients: [ChatRoomKind: any ChatRoomClient]
    let perMinute: Int
    let clock: WallClock
    /// Herald's words in rooms (`DEFAULT_LANGUAGE`).
    let language: Language
    /// Rooms whose service asked to wait (`Retry-After`), until when: kept
    /// across sweeps, so the next sweep's new posts wait too.
    let pauses = ChatRoomPauses()
    static let lease: TimeInterval = 60
    /// How long one room's work may take in a sweep: well inside the lease.
    static let workBudget: TimeInterval = 30

    public init(store: any Store, clients: [any ChatRoomClient], perMinute: Int, clock: WallClock, language: Language = .en) {
        self.language = language
        self.store = store
        self.clients = Dictionary(clients.map { ($0.kind, $0) }, uniquingKeysWith: { a, _ in a })
        self.perMinute = perMinute
        self.clock = clock
    }

    /// Works the due posts, up to `limit`; how many it took.
    @discardableResult
    public func sweep(limit: Int = 200, logger: Logger) async throws -> Int {
        let now = clock.now()
        let due = try await store.claimChatPosts(now: now, until: now.addingTimeInterval(Self.lease), limit: limit)
        guard !due.isEmpty else { return 0 }
        let rooms = Dictionary(try await store.chatRooms(ids: Array(Set(due.map(\.key.roomID)))).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let ids = Array(Set(due.map(\.key.notificationID)))
        let taken = try await store.acknowledgements(of: ids)
        var notifications: [NotificationID: NotificationRecord] = [:]
        for id in ids { notifications[id] = try await store.notification(id: id) }
        let made = try await store.chatPostsMade(roomIDs: Array(rooms.keys), since: now.addingTimeInterval(-60))
        let byRoom = Dictionary(grouping: due, by: \.key.roomID)
        await withTaskGroup(of: Void.self) { group in
            for (roomID, posts) in byRoom {
                guard let room = rooms[roomID] else { continue }  // removed meanwhile: its posts went with it
                let plan = ChatPostDecision.plan(
                    room: room, due: posts, notifications: notifications, acknowledgements: taken, madeLastMinute: made[roomID] ?? 0, perMinute: perMinute,
                    now: now, language: language
                )
                group.addTask { await work(plan, in: room, logger: logger) }
            }
        }
        return due.count
    }

    private func work(_ plan: [ChatPostDecision.Action], in room: ChatRoom, logger: Logger) async {
        var metadata: Logger.Metadata = ["room": "\(room.id)", "kind": "\(room.kind.rawValue)"]
        guard let client = clients[room.kind] else {
            // The site stopped configuring this service: looked at again in an hour.
            logger.warning("chat room of a service not configured here: its posts wait", metadata: metadata)
            for post in plan.flatMap(Self.posts) {
                try? await store.deferChatPost(post.key, attempts: post.attempts, next: clock.now().addingTimeInterval(3600), now: clock.now(), backToNew: false)
            }
            return
        }
        let started = clock.now()
        for action in plan {
            let posts = Self.posts(action)
            // A room the service asked to wait (in this sweep or an earlier one), or one whose
            // requests are slow: the rest of its work waits, within the lease (another replica
            // would otherwise take these rows over while this one still works them).
            let now = clock.now()
            let waitUntil = await pauses.until(room.id, now: now) ?? (now.timeIntervalSince(started) > Self.workBudget ? now : nil)
            if let waitUntil {
                for post in posts { try? await store.deferChatPost(post.key, attempts: post.attempts, next: waitUntil, now: now, backToNew: false) }
                continue
            }
            do {
                try await run(action, client: client, room: room, logger: logger)
            } catch {
                let now = clock.now()
                let failure = error as? ChatClientError
                metadata["error"] = "\(failure.map(\.description) ?? String(describing: type(of: error)))"
                if let after = failure?.retryAfter { await pauses.pause(room.id, until: now.addingTimeInterval(min(600, max(1, after)))) }
                for post in posts {
                    let attempts = post.attempts + 1
                    if failure?.permanent == true || attempts >= ChatPostDecision.maxAttempts {
                        // An edit refused (the post deleted in the room) keeps the post; anything else is given up.
                        let state: ChatPostState = post.state == .posted ? .posted : .failed
                        let shown = if case .edit(_, let message) = action { message.fingerprint } else { post.shown }
                        try? await store.recordChatPosts([post.key], state: state, ref: nil, shown: shown, at: now)
                        logger.warning("chat post given up", metadata: metadata.merging(["notification": "\(post.key.notificationID)"]) { $1 })
                    } else {
                        let next = await pauses.until(room.id, now: now) ?? ChatPostDecision.retry(after: attempts, now: now)
                        // Refused with an answer (a rate limit, an outage): surely not posted, so not looked for first.
                        let backToNew = failure?.notTaken == true && post.state != .posted
                        try? await store.deferChatPost(post.key, attempts: attempts, next: next, now: now, backToNew: backToNew)
                        logger.notice("chat post tried again later", metadata: metadata.merging(["notification": "\(post.key.notificationID)"]) { $1 })
                    }
                }
            }
        }
    }

    private func run(_ action: ChatPostDecision.Action, client: any ChatRoomClient, room: ChatRoom, logger: Logger) async throws {
        let now = clock.now()
        switch action {
        case .post(let post, let message):
            let key = ChatPostDecision.postKey(room: room.id, notification: post.key.notificationID)
            try await store.handChatPosts([post.key], postKey: key, at: now)
            let ref = try await client.post(message, in: room, key: key, notification: post.key.notificationID)
            // A one-way post's key stands for its reference: it counts against the room's budget too.
            try await store.recordChatPosts([post.key], state: .posted, ref: ref ?? key, shown: message.fingerprint, at: clock.now())
            logger.info("posted to a chat room", metadata: ["room": "\(room.id)", "notification": "\(post.key.notificationID)"])
        case .digest(let posts, let message):
            let key = ChatPostDecision.postKey(room: room.id, notification: posts[0].key.notificationID, digest: true)
            try await store.handChatPosts(posts.map(\.key), postKey: key, at: now)
            let ref = try await client.post(message, in: room, key: key, notification: nil)
            try await store.recordChatPosts(posts.map(\.key), state: .digested, ref: ref ?? key, shown: message.fingerprint, at: clock.now())
            logger.notice("a flood folded into one chat post", metadata: ["room": "\(room.id)", "notifications": "\(posts.count)"])
        case .recover(let post, let message):
            guard let key = post.postKey else {
                return try await store.recordChatPosts([post.key], state: .new, ref: nil, shown: "", at: now)
            }
            switch try await client.find(key: key, in: room, since: post.handedAt ?? post.createdAt) {
            case .found(let ref):
                let digest = key.hasPrefix("herald-\(room.id)-d")
                if !digest, let ref, room.kind.answersBack { try await client.edit(ref, message, in: room, notification: post.key.notificationID) }
                try await store.recordChatPosts(
                    [post.key], state: digest ? .digested : .posted, ref: ref ?? key, shown: digest ? "" : message.fingerprint, at: clock.now()
                )
                logger.notice("a chat post handed over before a restart was found, not posted again", metadata: ["room": "\(room.id)"])
            case .absent:
                // Never arrived: queued again as new (a digest's notifications too, so they may be folded again).
                try await store.recordChatPosts([post.key], state: .new, ref: nil, shown: "", at: now)
            case .unknowable:
                try await store.recordChatPosts([post.key], state: .failed, ref: nil, shown: "", at: now)
                logger.warning(
                    "a one-way chat post handed over before a restart is not sent again (it may have arrived)",
                    metadata: ["room": "\(room.id)", "notification": "\(post.key.notificationID)"]
                )
            }
        case .edit(let post, let message):
            guard let ref = post.ref else { return }
            try await client.edit(ref, message, in: room, notification: post.key.notificationID)
            try await store.recordChatPosts([post.key], state: .posted, ref: nil, shown: message.fingerprint, at: clock.now())
        case .settle(let post):
            try await store.recordChatPosts([post.key], state: post.state, ref: nil, shown: post.shown, at: now)
        case .forget(let post):
            try await store.recordChatPosts([post.key], state: .failed, ref: nil, shown: post.shown, at: now)
        case .wait(let post, let until):
            try await store.deferChatPost(post.key, attempts: post.attempts, next: until, now: now, backToNew: false)
        }
    }

    static func posts(_ action: ChatPostDecision.Action) -> [ChatPost] {
        switch action {
        case .post(let post, _), .recover(let post, _), .edit(let post, _), .settle(let post), .forget(let post), .wait(let post, _): [post]
        case .digest(let posts, _): posts
        }
    }
}

/// Rooms told to wait, until when (in this process).
actor ChatRoomPauses {
    private var until: [Int64: Date] = [:]

    func pause(_ room: Int64, until date: Date) {
        until[room] = max(until[room] ?? date, date)
    }

    func until(_ room: Int64, now: Date) -> Date? {
        guard let date = until[room] else { return nil }
        if date <= now {
            until[room] = nil
            return nil
        }
        return date
    }
}
