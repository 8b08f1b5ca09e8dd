import Foundation
import HeraldCore
import HeraldUseCases

/// The web app's sessions: a browser sign-in gets a token of its own, which
/// lasts WEB_SESSION_HOURS (less than the apps' tokens) and counts only
/// while its session row is open, so signing out ends it for good: a
/// cookie copied before is refused after.
struct WebSessions {
    let tokens: AccessTokens
    let signIns: SignIns
    /// WEB_SESSION_HOURS.
    let hours: Int

    var lifetime: TimeInterval { TimeInterval(hours) * 3600 }

    /// A new session for the user, and its token.
    func open(for user: User, now: Date) async throws -> (token: String, expiresAt: Date) {
        let id = RandomHex.bytes(32)
        let issued = try await tokens.issue(for: user, now: now, session: (id, lifetime))
        try await signIns.openSession(id: id, for: user, expiresAt: issued.expiresAt, at: now)
        return issued
    }
}
