import Foundation
import HeraldCore

// Chat rooms per service (issue 43), forwarded as the other concerns are.

extension FaultyStore: ChatRoomStore {
    public func chatRooms(serviceID: UUID) async throws -> [ChatRoom] { try await base.chatRooms(serviceID: serviceID) }
    public func chatRooms(ids: [Int64]) async throws -> [ChatRoom] { try await base.chatRooms(ids: ids) }
    public func addChatRoom(serviceID: UUID, kind: ChatRoomKind, target: String, at: Date) async throws -> ChatRoom? {
        try await base.addChatRoom(serviceID: serviceID, kind: kind, target: target, at: at)
    }
    public func removeChatRoom(id: Int64, serviceID: UUID) async throws -> Bool { try await base.removeChatRoom(id: id, serviceID: serviceID) }
    public func claimChatPosts(now: Date, until: Date, limit: Int) async throws -> [ChatPost] {
        try await base.claimChatPosts(now: now, until: until, limit: limit)
    }
    public func chatPostsMade(roomIDs: [Int64], since: Date) async throws -> [Int64: Int] { try await base.chatPostsMade(roomIDs: roomIDs, since: since) }
    public func handChatPosts(_ keys: [ChatPostKey], postKey: String, at: Date) async throws { try await base.handChatPosts(keys, postKey: postKey, at: at) }
    public func recordChatPosts(_ keys: [ChatPostKey], state: ChatPostState, ref: String?, shown: String, at: Date) async throws {
        try await base.recordChatPosts(keys, state: state, ref: ref, shown: shown, at: at)
    }
    public func deferChatPost(_ key: ChatPostKey, attempts: Int, next: Date, now: Date, backToNew: Bool) async throws {
        try await base.deferChatPost(key, attempts: attempts, next: next, now: now, backToNew: backToNew)
    }
    public func answerableChatPosts(kind: ChatRoomKind, since: Date, limit: Int) async throws -> [(room: ChatRoom, notification: NotificationID, ref: String)] {
        try await base.answerableChatPosts(kind: kind, since: since, limit: limit)
    }

    public func firstSighting(ofCall digest: String, at: Date, forgetBefore: Date) async throws -> Bool {
        try await base.firstSighting(ofCall: digest, at: at, forgetBefore: forgetBefore)
    }

    public func chatIdentity(kind: ChatRoomKind, chatUser: String) async throws -> ChatIdentity? {
        try await base.chatIdentity(kind: kind, chatUser: chatUser)
    }
    public func linkChatIdentity(_ identity: ChatIdentity) async throws { try await base.linkChatIdentity(identity) }
    public func chatIdentities(userID: UserID) async throws -> [ChatIdentity] { try await base.chatIdentities(userID: userID) }
    public func unlinkChatIdentity(kind: ChatRoomKind, chatUser: String, userID: UserID) async throws -> Bool {
        try await base.unlinkChatIdentity(kind: kind, chatUser: chatUser, userID: userID)
    }
}

extension FaultyStore: LanguageStore {
    public func language(of userID: UserID) async throws -> Language? { try await base.language(of: userID) }
    public func languages(of userIDs: [UserID]) async throws -> [UserID: Language] { try await base.languages(of: userIDs) }
    public func setLanguage(_ language: Language?, of userID: UserID, at: Date) async throws { try await base.setLanguage(language, of: userID, at: at) }
}
