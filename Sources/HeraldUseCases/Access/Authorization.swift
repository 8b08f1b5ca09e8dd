import HeraldCore

extension Actor {
    /// Goes on when `AccessPolicy` lets this actor do `action`; refuses
    /// with its reason (a 403 at the API, a page's message) when not.
    /// Every use case that changes or reads what not everyone may calls
    /// this first, so the JSON routes, the pages and the CLI judge alike.
    public func must(_ action: AccessAction) throws(UseCaseError) {
        if case .refused(let why) = AccessPolicy.decide(self, action) { throw .forbidden(why) }
    }

    /// Whether `AccessPolicy` lets this actor do `action` (what a page offers).
    public func may(_ action: AccessAction) -> Bool {
        AccessPolicy.decide(self, action).isAllowed
    }
}

/// Reads the `Actor` an account acts as: its grants from the store, judged
/// by the site's confinement. The edges call it once per request.
public struct Actors: Sendable {
    let store: any AccessStore
    let visibility: ServiceVisibility

    public init(store: any AccessStore, visibility: ServiceVisibility) {
        self.store = store
        self.visibility = visibility
    }

    public func actor(_ user: User) async throws -> Actor {
        // A confined account holds no role: nothing to read.
        let confined = visibility.isConfined(user)
        return Actor(user: user, isConfined: confined, grants: confined ? .none : try await store.accessGrants(userID: user.id))
    }
}
