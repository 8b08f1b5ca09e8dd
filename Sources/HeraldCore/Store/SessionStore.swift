import Foundation

/// The web app's sessions: each browser sign-in is a row, and a session
/// token counts only while its row is here, so signing out ends it for
/// good (a copied cookie stops working with it).
public protocol SessionStore: Sendable {
    func openSession(id: String, userID: UserID, expiresAt: Date, at: Date) async throws
    /// Whether the session is open for this user at `now`.
    func isSessionOpen(id: String, userID: UserID, now: Date) async throws -> Bool
    /// Ends one session; false when it was not open.
    @discardableResult
    func closeSession(id: String) async throws -> Bool
    /// Ends every session of a user (signing out everywhere).
    func closeSessions(userID: UserID) async throws
    /// Deletes sessions that expired before `before`; how many went.
    func pruneSessions(expiredBefore before: Date) async throws -> Int
}
