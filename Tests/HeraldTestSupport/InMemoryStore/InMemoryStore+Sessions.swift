import Foundation
import HeraldCore

extension InMemoryStore: SessionStore {
    public func openSession(id: String, userID: UserID, expiresAt: Date, at: Date) async throws {
        try withState { state in
            guard state.users[userID] != nil else { throw StoreError.invalidInput("no user \(userID)") }
            guard state.sessions[id] == nil else { throw StoreError.conflict("session") }
            state.sessions[id] = (userID, expiresAt)
        }
    }

    public func isSessionOpen(id: String, userID: UserID, now: Date) async throws -> Bool {
        try withState { state in state.sessions[id].map { $0.userID == userID && $0.expiresAt > now } ?? false }
    }

    @discardableResult
    public func closeSession(id: String) async throws -> Bool {
        try withState { $0.sessions.removeValue(forKey: id) != nil }
    }

    public func closeSessions(userID: UserID) async throws {
        try withState { state in state.sessions = state.sessions.filter { $0.value.userID != userID } }
    }

    public func pruneSessions(expiredBefore before: Date) async throws -> Int {
        try withState { state in
            let gone = state.sessions.filter { $0.value.expiresAt < before }
            for id in gone.keys { state.sessions[id] = nil }
            return gone.count
        }
    }
}
