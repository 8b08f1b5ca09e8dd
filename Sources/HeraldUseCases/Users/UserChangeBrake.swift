import Foundation
import HeraldCore

/// The brake on what one user changes for themselves (devices, Web Push
/// registrations, subscriptions, filters, bookmarks): USER_CHANGES_PER_MINUTE,
/// one bucket per user whatever the way in, so a script with a user's token
/// and the web pages draw from the same budget.
public struct UserChangeBrake: Sendable {
    let buckets: KeyedBuckets<UserID>
    let clock: WallClock
    /// Counts a refusal (the API's refusal metrics).
    let refused: @Sendable () -> Void

    public init(perMinute: Int, clock: WallClock, refused: @escaping @Sendable () -> Void = {}) {
        buckets = KeyedBuckets(perSecond: Double(perMinute) / 60, burst: max(1, perMinute))
        self.clock = clock
        self.refused = refused
    }

    /// Takes one change from the user's budget, or refuses with the wait.
    public func take(_ user: User) throws {
        guard let wait = buckets.take(user.id, now: clock.now()) else { return }
        refused()
        throw UseCaseError.braked(retryAfter: wait, "Too many changes (devices, subscriptions, filters, bookmarks): try again in \(wait) seconds")
    }
}
