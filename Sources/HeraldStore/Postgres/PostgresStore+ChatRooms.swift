import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: ChatRoomStore {
    typealias ChatRoomRow = (Int64, UUID, String, String, ExactTimestamp)

    static func chatRoom(_ row: ChatRoomRow) -> ChatRoom? {
        ChatRoomKind(rawValue: row.2).map { ChatRoom(id: row.0, serviceID: row.1, kind: $0, target: row.3, createdAt: row.4.date) }
    }

    public func chatRooms(serviceID: UUID) async throws -> [ChatRoom] {
        try await rows(
            "SELECT id, service_id, kind, target, created_at FROM chat_rooms WHERE service_id = \(serviceID) ORDER BY id", as: ChatRoomRow.self
        ).compactMap(Self.chatRoom)
    }

    public func chatRooms(ids: [Int64]) async throws -> [ChatRoom] {
        guard !ids.isEmpty else { return [] }
        return try await rows("SELECT id, service_id, kind, target, created_at FROM chat_rooms WHERE id = ANY(\(ids))", as: ChatRoomRow.self)
            .compactMap(Self.chatRoom)
    }

    public func addChatRoom(serviceID: UUID, kind: ChatRoomKind, target: String, at: Date) async throws -> ChatRoom? {
        try await first(
            """
            INSERT INTO chat_rooms (service_id, kind, target, created_at)
            SELECT \(serviceID), \(kind.rawValue), \(target), \(ExactTimestamp(at)) WHERE EXISTS (SELECT 1 FROM services WHERE id = \(serviceID))
            ON CONFLICT (service_id, kind, target) DO NOTHING
            RETURNING id, service_id, kind, target, created_at
            """,
            as: ChatRoomRow.self
        ).flatMap(Self.chatRoom)
    }

    public func removeChatRoom(id: Int64, serviceID: UUID) async throws -> Bool {
        try await rows("DELETE FROM chat_rooms WHERE id = \(id) AND service_id = \(serviceID) RETURNING id", as: Int64.self).count == 1
    }

    public func answerableChatPosts(kind: ChatRoomKind, since: Date, limit: Int) async throws -> [(room: ChatRoom, notification: NotificationID, ref: String)] {
        try await rows(
            """
            SELECT r.id, r.service_id, r.kind, r.target, r.created_at, p.notification_id, p.post_ref
            FROM chat_posts p JOIN chat_rooms r ON r.id = p.room_id JOIN notifications n ON n.id = p.notification_id
            WHERE r.kind = \(kind.rawValue) AND p.state = 'posted' AND p.post_ref IS NOT NULL
                AND (n.alarm IS NULL OR n.alarm <> 'resolved')
                AND NOT EXISTS (SELECT 1 FROM acknowledgements a WHERE a.notification_id = p.notification_id) AND p.posted_at >= \(ExactTimestamp(since))
            ORDER BY p.posted_at DESC LIMIT \(Int32(limit))
            """,
            as: (Int64, UUID, String, String, ExactTimestamp, Int64, String).self
        ).compactMap { row in Self.chatRoom((row.0, row.1, row.2, row.3, row.4)).map { ($0, row.5, row.6) } }
    }

    public func firstSighting(ofCall digest: String, at: Date, forgetBefore: Date) async throws -> Bool {
        try await execute("DELETE FROM chat_calls_seen WHERE seen_at < \(ExactTimestamp(forgetBefore))")
        return try await rows(
            "INSERT INTO chat_calls_seen (digest, seen_at) VALUES (\(digest), \(ExactTimestamp(at))) ON CONFLICT (digest) DO NOTHING RETURNING digest",
            as: String.self
        ).count == 1
    }

    public func claimChatPosts(now: Date, until: Date, limit: Int) async throws -> [ChatPost] {
        try await rows(
            """
            UPDATE chat_posts SET claimed_until = \(ExactTimestamp(until)), hastened = false
            WHERE (room_id, notification_id) IN (
                SELECT room_id, notification_id FROM chat_posts
                WHERE due_at <= \(ExactTimestamp(now)) AND (claimed_until IS NULL OR claimed_until < \(ExactTimestamp(now)))
                ORDER BY due_at LIMIT \(Int32(limit)) FOR UPDATE SKIP LOCKED
            )
            RETURNING room_id, notification_id, state, post_key, post_ref, shown, attempts, handed_at, created_at
            """,
            as: (Int64, Int64, String, String?, String?, String, Int32, ExactTimestamp?, ExactTimestamp).self
        ).compactMap { row in
            ChatPostState(rawValue: row.2).map {
                ChatPost(
                    key: ChatPostKey(roomID: row.0, notificationID: row.1), state: $0, postKey: row.3, ref: row.4, shown: row.5, attempts: Int(row.6),
                    handedAt: row.7?.date, createdAt: row.8.date
                )
            }
        }
    }

    public func chatPostsMade(roomIDs: [Int64], since: Date) async throws -> [Int64: Int] {
        guard !roomIDs.isEmpty else { return [:] }
        let counted = try await rows(
            """
            SELECT room_id, count(DISTINCT coalesce(post_ref, post_key)) FROM chat_posts
            WHERE room_id = ANY(\(roomIDs)) AND posted_at >= \(ExactTimestamp(since)) AND coalesce(post_ref, post_key) IS NOT NULL GROUP BY room_id
            """,
            as: (Int64, Int64).self
        )
        return Dictionary(counted.map { ($0.0, Int($0.1)) }, uniquingKeysWith: +)
    }

    public func handChatPosts(_ keys: [ChatPostKey], postKey: String, at: Date) async throws {
        guard !keys.isEmpty else { return }
        try await execute(
            """
            UPDATE chat_posts p SET state = 'handed', post_key = \(postKey), handed_at = \(ExactTimestamp(at))
            FROM unnest(\(keys.map(\.roomID))::int8[], \(keys.map(\.notificationID))::int8[]) AS k(room_id, notification_id)
            WHERE p.room_id = k.room_id AND p.notification_id = k.notification_id
            """
        )
    }

    public func recordChatPosts(_ keys: [ChatPostKey], state: ChatPostState, ref: String?, shown: String, at: Date) async throws {
        guard !keys.isEmpty else { return }
        let posted = state == .posted || state == .digested
        try await execute(
            """
            UPDATE chat_posts p SET state = \(state.rawValue), post_ref = coalesce(\(ref), p.post_ref), shown = \(shown),
                posted_at = CASE WHEN \(posted) AND p.posted_at IS NULL THEN \(ExactTimestamp(at)) ELSE p.posted_at END,
                due_at = CASE WHEN p.hastened OR \(state == .new) THEN \(ExactTimestamp(at)) ELSE NULL END, hastened = false, claimed_until = NULL
            FROM unnest(\(keys.map(\.roomID))::int8[], \(keys.map(\.notificationID))::int8[]) AS k(room_id, notification_id)
            WHERE p.room_id = k.room_id AND p.notification_id = k.notification_id
            """
        )
    }

    public func deferChatPost(_ key: ChatPostKey, attempts: Int, next: Date, now: Date, backToNew: Bool) async throws {
        try await execute(
            """
            UPDATE chat_posts SET attempts = \(Int32(clamping: attempts)), state = CASE WHEN \(backToNew) THEN 'new' ELSE state END,
                due_at = CASE WHEN hastened THEN \(ExactTimestamp(now)) ELSE \(ExactTimestamp(next)) END, hastened = false, claimed_until = NULL
            WHERE room_id = \(key.roomID) AND notification_id = \(key.notificationID)
            """
        )
    }

    public func chatIdentity(kind: ChatRoomKind, chatUser: String) async throws -> ChatIdentity? {
        try await first(
            "SELECT user_id, created_at FROM chat_identities WHERE kind = \(kind.rawValue) AND chat_user = \(chatUser)", as: (Int64, ExactTimestamp).self
        ).map { ChatIdentity(kind: kind, chatUser: chatUser, userID: $0.0, createdAt: $0.1.date) }
    }

    public func linkChatIdentity(_ identity: ChatIdentity) async throws {
        // A chat account is one person's: one linked already stays theirs until they unlink it.
        try await execute(
            """
            INSERT INTO chat_identities (kind, chat_user, user_id, created_at)
            SELECT \(identity.kind.rawValue), \(identity.chatUser), \(identity.userID), \(ExactTimestamp(identity.createdAt))
            WHERE EXISTS (SELECT 1 FROM users WHERE id = \(identity.userID))
            ON CONFLICT (kind, chat_user) DO NOTHING
            """
        )
    }

    public func chatIdentities(userID: UserID) async throws -> [ChatIdentity] {
        try await rows(
            "SELECT kind, chat_user, created_at FROM chat_identities WHERE user_id = \(userID) ORDER BY created_at", as: (String, String, ExactTimestamp).self
        ).compactMap { row in ChatRoomKind(rawValue: row.0).map { ChatIdentity(kind: $0, chatUser: row.1, userID: userID, createdAt: row.2.date) } }
    }

    public func unlinkChatIdentity(kind: ChatRoomKind, chatUser: String, userID: UserID) async throws -> Bool {
        try await rows(
            "DELETE FROM chat_identities WHERE kind = \(kind.rawValue) AND chat_user = \(chatUser) AND user_id = \(userID) RETURNING user_id", as: Int64.self
        ).count == 1
    }
}
