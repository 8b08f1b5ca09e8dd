import Foundation
import HeraldCore

/// A user's subscriptions and filters, as the JSON API and the web pages
/// change them: only services the user may see, each change braked,
/// filters capped per service (FILTERS_PER_SERVICE).
public struct Subscriptions: Sendable {
    let store: any ServiceStore & FilterStore
    let visibility: ServiceVisibility
    let brake: UserChangeBrake
    let filtersPerService: Int

    public init(store: any ServiceStore & FilterStore, visibility: ServiceVisibility, brake: UserChangeBrake, filtersPerService: Int) {
        self.store = store
        self.visibility = visibility
        self.brake = brake
        self.filtersPerService = filtersPerService
    }

    /// The services the user may see, each with whether they subscribed.
    public func services(for user: User) async throws -> [UserService] {
        try await store.userServices(userID: user.id).filter { visibility.isVisible($0.service, to: user) }
    }

    /// Subscribes and unsubscribes (the last word for a service counts);
    /// services the user may not see, or that do not exist, are skipped as
    /// the old server skipped unknown ids. Returns how many were applied.
    @discardableResult
    public func change(_ changes: [UUID: Bool], for user: User) async throws -> Int {
        try brake.take(user)
        var applied = changes
        if visibility.isConfined(user) {
            let allowed = Set(try await services(for: user).map(\.service.id))
            applied = changes.filter { allowed.contains($0.key) }
        }
        try await store.setSubscriptions(userID: user.id, applied)
        return applied.count
    }

    /// One service's switch: a service that does not exist, or that the
    /// user may not see, is not found.
    public func set(_ subscribed: Bool, on serviceID: UUID, for user: User) async throws {
        try await visibleService(serviceID, to: user)
        try brake.take(user)
        try await store.setSubscriptions(userID: user.id, [serviceID: subscribed])
    }

    /// The user's filter on a service (empty: none).
    public func filter(on serviceID: UUID, for user: User) async throws -> SubscriptionFilter {
        try await visibleService(serviceID, to: user)
        return try await store.filter(userID: user.id, serviceID: serviceID) ?? SubscriptionFilter()
    }

    /// Replaces the user's filter on a service (an empty one removes it).
    /// (Only the demo account's service is looked up first: for everyone
    /// else the store's own transaction says whether the service exists.)
    public func setFilter(_ filter: SubscriptionFilter, on serviceID: UUID, for user: User) async throws {
        if visibility.isConfined(user) { try await visibleService(serviceID, to: user) }
        try brake.take(user)
        switch try await store.setFilter(userID: user.id, serviceID: serviceID, filter, maxDistinct: filtersPerService) {
        case .saved: return
        case .serviceNotFound: throw UseCaseError.notFound("Service")
        case .overLimit:
            throw UseCaseError.overLimit(
                field: "expression",
                "This service's subscribers hold \(filtersPerService) different filters, its limit (FILTERS_PER_SERVICE): choose one without a filter, or one another subscriber uses"
            )
        }
    }

    /// Refuses a service that does not exist or that the user may not see
    /// (the same answer for both: the demo account learns nothing).
    func visibleService(_ serviceID: UUID, to user: User) async throws {
        guard let service = try await store.service(id: serviceID), visibility.isVisible(service, to: user) else { throw UseCaseError.notFound("Service") }
    }
}
