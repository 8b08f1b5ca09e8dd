import Foundation
import HeraldCore

/// What a user does to their inbox: read, unread, delete, star, unstar. A
/// bookmark outlives retention (it is kept until unstarred), so starring
/// and unstarring draw on the user's change budget, from the apps and the
/// web alike; reading and deleting do not (the apps mark each notification
/// read as it is opened).
public struct InboxChanges: Sendable {
    let store: any NotificationStore
    let brake: UserChangeBrake
    let clock: WallClock

    public init(store: any NotificationStore, brake: UserChangeBrake, clock: WallClock) {
        self.store = store
        self.brake = brake
        self.clock = clock
    }

    public func apply(_ changes: [NotificationID: InboxStatus], for user: User) async throws {
        if changes.values.contains(where: { $0 == .starred || $0 == .unstarred }) { try brake.take(user) }
        try await store.updateInbox(userID: user.id, changes, at: clock.now())
    }
}
