import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: ChatRoomStore {
    static func chatRoom(_ row: SQLiteRow) throws -> ChatRoom? {
        try ChatRoomKind(rawValue: row.text("kind")).map {
            ChatRoom(id: try row.int64("id"), serviceID: try row.uuid("service_id"), kind: $0, target: try row.text("target"), createdAt: try row.date("created_at"))
        }
    }

    public func chatRooms(serviceID: UUID) async throws -> [ChatRoom] {
        try await database.read { db in
            try await db.rows("SELECT id, service_id, kind, target, created_at FROM chat_rooms WHERE service_id = \(serviceID) ORDER BY id").compactMap(Self.chatRoom)
        }
    }

    public func chatRooms(ids: [Int64]) async throws -> [ChatRoom] {
        guard !ids.isEmpty else { return [] }
        return try await database.read { db in
            try await db.rows("SELECT id, service_id, kind, target, created_at FROM chat_rooms WHERE id IN (SELECT value FROM json_each(\(jsonArray: ids)))")
                .compactMap(Self.chatRoom)
        }
    }

    public func addChatRoom(serviceID: UUID, kind: ChatRoomKind, target: String, at: Date) async throws -> ChatRoom? {
        try await database.transaction { db in
            try await db.first(
                """
                INSERT INTO chat_rooms (service_id, kind, target, created_at)
                SELECT id, \(kind.rawValue), \(target), \(at) FROM services WHERE id = \(serviceID)
                ON CONFLICT (service_id, kind, target) DO NOTHING
                RETURNING id, service_id, kind, target, created_at
                """
            ).flatMap(Self.chatRoom)
        }
    }

    public func removeChatRoom(id: Int64, serviceID: UUID) async throws -> Bool {
        try await database.transaction { db in
            try await db.rows("DELETE FROM chat_rooms WHERE id = \(id) AND service_id = \(serviceID) RETURNING id").count == 1
        }
    }

    public func answerableChatPosts(kind: ChatRoomKind, since: Date, limit: Int) async throws -> [(room: ChatRoom, notification: NotificationID, ref: String)] {
        try await database.read { db in
            try await db.rows(
                """
                SELECT r.id, r.service_id, r.kind, r.target, r.created_at, p.notification_id, p.post_ref
                FROM chat_posts p JOIN chat_rooms r ON r.id = p.room_id JOIN notifications n ON n.id = p.notification_id
                WHERE r.kind = \(kind.rawValue) AND p.state = 'posted' AND p.post_ref IS NOT NULL
                    AND (n.alarm IS NULL OR n.alarm <> 'resolved')
                    AND NOT EXISTS (SELECT 1 FROM acknowledgements a WHERE a.notification_id = p.notification_id) AND p.posted_at >= \(since)
                ORDER BY p.posted_at DESC LIMIT \(limit)
                """
            ).compactMap { row in try Self.chatRoom(row).map { ($0, try row.int64("notification_id"), try row.text("post_ref")) } }
        }
    }

    public func firstSighting(ofCall digest: String, at: Date, forgetBefore: Date) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("DELETE FROM chat_calls_seen WHERE seen_at < \(forgetBefore)")
            return try await db.rows(
                "INSERT INTO chat_calls_seen (digest, seen_at) VALUES (\(digest), \(at)) ON CONFLICT (digest) DO NOTHING RETURNING digest"
            ).count == 1
        }
    }

    public func claimChatPosts(now: Date, until: Date, limit: Int) async throws -> [ChatPost] {
        try await database.transaction { db in
            try await db.rows(
                """
                UPDATE chat_posts SET claimed_until = \(until), hastened = 0
                WHERE (room_id, notification_id) IN (
                    SELECT room_id, notification_id FROM chat_posts
                    WHERE due_at <= \(now) AND (claimed_until IS NULL OR claimed_until < \(now))
                    ORDER BY due_at LIMIT \(limit)
                )
                RETURNING room_id, notification_id, state, post_key, post_ref, shown, attempts, handed_at, created_at
                """
            ).compactMap { row in
                guard let state = ChatPostState(rawValue: try row.text("state")) else { return nil }
                return ChatPost(
                    key: ChatPostKey(roomID: try row.int64("room_id"), notificationID: try row.int64("notification_id")), state: state,
                    postKey: try row.optionalText("post_key"), ref: try row.optionalText("post_ref"), shown: try row.text("shown"),
                    attempts: Int(try row.int64("attempts")), handedAt: try row.optionalDate("handed_at"), createdAt: try row.date("created_at")
                )
            }
        }
    }

    public func chatPostsMade(roomIDs: [Int64], since: Date) async throws -> [Int64: Int] {
        guard !roomIDs.isEmpty else { return [:] }
        return try await database.read { db in
            var made: [Int64: Int] = [:]
            for row in try await db.rows(
                """
                SELECT room_id, count(DISTINCT coalesce(post_ref, post_key)) AS c FROM chat_posts
                WHERE room_id IN (SELECT value FROM json_each(\(jsonArray: roomIDs))) AND posted_at >= \(since) AND coalesce(post_ref, post_key) IS NOT NULL GROUP BY room_id
                """
            ) {
                made[try row.int64("room_id")] = Int(try row.int64("c"))
            }
            return made
        }
    }

    public func handChatPosts(_ keys: [ChatPostKey], postKey: String, at: Date) async throws {
        guard !keys.isEmpty else { return }
        try await database.transaction { db in
            for key in keys {
                try await db.execute(
                    """
                    UPDATE chat_posts SET state = 'handed', post_key = \(postKey), handed_at = \(at)
                    WHERE room_id = \(key.roomID) AND notification_id = \(key.notificationID)
                    """
                )
            }
        }
    }

    public func recordChatPosts(_ keys: [ChatPostKey], state: ChatPostState, ref: String?, shown: String, at: Date) async throws {
        guard !keys.isEmpty else { return }
        let posted = state == .posted || state == .digested
        try await database.transaction { db in
            for key in keys {
                try await db.execute(
                    """
                    UPDATE chat_posts SET state = \(state.rawValue), post_ref = coalesce(\(ref), post_ref), shown = \(shown),
                        posted_at = CASE WHEN \(posted) AND posted_at IS NULL THEN \(at) ELSE posted_at END,
                        due_at = CASE WHEN hastened = 1 OR \(state == .new) THEN \(at) ELSE NULL END, hastened = 0, claimed_until = NULL
                    WHERE room_id = \(key.roomID) AND notification_id = \(key.notificationID)
                    """
                )
            }
        }
    }

    public func deferChatPost(_ key: ChatPostKey, attempts: Int, next: Date, now: Date, backToNew: Bool) async throws {
        try await database.transaction { db in
            try await db.execute(
                """
                UPDATE chat_posts SET attempts = \(attempts), state = CASE WHEN \(backToNew) THEN 'new' ELSE state END, due_at = CASE WHEN hastened = 1 THEN \(now) ELSE \(next) END, hastened = 0, claimed_until = NULL
                WHERE room_id = \(key.roomID) AND notification_id = \(key.notificationID)
                """
            )
        }
    }

    public func chatIdentity(kind: ChatRoomKind, chatUser: String) async throws -> ChatIdentity? {
        try await database.read { db in
            try await db.first("SELECT user_id, created_at FROM chat_identities WHERE kind = \(kind.rawValue) AND chat_user = \(chatUser)").map {
                ChatIdentity(kind: kind, chatUser: chatUser, userID: try $0.int64("user_id"), createdAt: try $0.date("created_at"))
            }
        }
    }

    public func linkChatIdentity(_ identity: ChatIdentity) async throws {
        try await database.transaction { db in
            // A chat account is one person's: one linked already stays theirs until they unlink it.
            try await db.execute(
                """
                INSERT INTO chat_identities (kind, chat_user, user_id, created_at)
                SELECT \(identity.kind.rawValue), \(identity.chatUser), id, \(identity.createdAt) FROM users WHERE id = \(identity.userID)
                ON CONFLICT (kind, chat_user) DO NOTHING
                """
            )
        }
    }

    public func chatIdentities(userID: UserID) async throws -> [ChatIdentity] {
        try await database.read { db in
            try await db.rows("SELECT kind, chat_user, created_at FROM chat_identities WHERE user_id = \(userID) ORDER BY created_at").compactMap { row in
                try ChatRoomKind(rawValue: row.text("kind")).map {
                    ChatIdentity(kind: $0, chatUser: try row.text("chat_user"), userID: userID, createdAt: try row.date("created_at"))
                }
            }
        }
    }

    public func unlinkChatIdentity(kind: ChatRoomKind, chatUser: String, userID: UserID) async throws -> Bool {
        try await database.transaction { db in
            try await db.rows(
                "DELETE FROM chat_identities WHERE kind = \(kind.rawValue) AND chat_user = \(chatUser) AND user_id = \(userID) RETURNING user_id"
            ).count == 1
        }
    }
}
