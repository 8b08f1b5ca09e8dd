import Foundation
import HeraldCore
import Logging

/// Keeps confined accounts (`Confinement`: the demo account, logins through
/// an untrusted secondary OpenID Connect realm) to the demo service where
/// their subscriptions are kept (issue 39): at each login the account is
/// confined or freed as that login says, and a confined account's
/// subscriptions to services it may not see are dropped, then and at every
/// start (an import, a service renamed or a realm newly untrusted may have
/// left some). What they read and receive is held to the same rule where
/// it is read (`ServiceVisibility`, the worker's confinement check).
public struct AccountConfinement: Sendable {
    let store: any AccountStore & ServiceStore
    let visibility: ServiceVisibility

    public init(store: any AccountStore & ServiceStore, visibility: ServiceVisibility) {
        self.store = store
        self.visibility = visibility
    }

    /// The account as this login leaves it.
    public func signedIn(_ user: User, confined: Bool, logger: Logger) async throws -> User {
        var user = user
        // The name `demo` is the demo account's while it is on, whoever signs in with it:
        // kept in the flag too, which the worker and the escalation runner read.
        let confined = confined || (visibility.confinement.demoAccount && user.username == DemoAccount.username)
        if user.isConfined != confined {
            try await store.setConfined(userID: user.id, confined)
            user.isConfined = confined
            logger.notice(
                confined ? "account confined to the demo service: it signed in through an untrusted realm" : "account no longer confined",
                metadata: ["user": "\(user.username)"]
            )
        }
        if visibility.isConfined(user) { _ = try await dropHiddenSubscriptions(of: user, logger: logger) }
        return user
    }

    /// Every confined account's subscriptions to services it may not see,
    /// dropped; how many.
    public func dropHiddenSubscriptions(logger: Logger) async throws -> Int {
        var dropped = 0
        for id in try await store.confinedUserIDs().sorted() {
            guard let user = try await store.user(id: id) else { continue }
            dropped += try await dropHiddenSubscriptions(of: user, logger: logger)
        }
        return dropped
    }

    private func dropHiddenSubscriptions(of user: User, logger: Logger) async throws -> Int {
        let subscribed = try await store.userServices(userID: user.id).filter(\.isSubscribed)
        let shown = Set(try await visibility.visible(subscribed.map(\.service), to: user).map(\.id))
        let hidden = subscribed.filter { !shown.contains($0.service.id) }
        guard !hidden.isEmpty else { return 0 }
        try await store.setSubscriptions(userID: user.id, Dictionary(uniqueKeysWithValues: hidden.map { ($0.service.id, false) }))
        logger.notice(
            "a confined account's subscriptions to services it may not see were dropped",
            metadata: ["user": "\(user.username)", "services": "\(hidden.count)"]
        )
        return hidden.count
    }
}
