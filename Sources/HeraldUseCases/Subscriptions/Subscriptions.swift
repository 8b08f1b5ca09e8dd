import Foundation
import HeraldCore

/// A user's subscriptions and filters, as the JSON API and the web pages
/// change them: only services the user may see, each change braked,
/// filters capped per service (FILTERS_PER_SERVICE), and no leaving or
/// filtering a service one's team must receive (issue 41: a mandatory team
/// subscription, 409 with the reason).
public struct Subscriptions: Sendable {
    let store: any ServiceStore & FilterStore & AccessStore
    let visibility: ServiceVisibility
    let brake: UserChangeBrake
    let filtersPerService: Int

    public init(store: any ServiceStore & FilterStore & AccessStore, visibility: ServiceVisibility, brake: UserChangeBrake, filtersPerService: Int) {
        self.store = store
        self.visibility = visibility
        self.brake = brake
        self.filtersPerService = filtersPerService
    }

    /// The services the user may see, each with whether they subscribed.
    public func services(for user: User) async throws -> [UserService] {
        let all = try await store.userServices(userID: user.id)
        let shown = Set(try await visibility.visible(all.map(\.service), to: user).map(\.id))
        return all.filter { shown.contains($0.service.id) }
    }

    /// The services the user's teams make them receive, with why (shown as such on the pages).
    public func mandatory(for user: User) async throws -> [UUID: String] {
        var reasons: [UUID: String] = [:]
        for rule in try await store.teamSubscriptions(userID: user.id) where rule.mandatory {
            reasons[rule.serviceID] = SubscriptionPlan.refusal(leaving: rule.serviceID, rules: [rule])
        }
        return reasons
    }

    /// Subscribes and unsubscribes (the last word for a service counts);
    /// services the user may not see, or that do not exist, are skipped as
    /// the old server skipped unknown ids. Returns how many were applied.
    @discardableResult
    public func change(_ changes: [UUID: Bool], for user: User) async throws -> Int {
        try brake.take(user)
        let allowed = Set(try await services(for: user).map(\.service.id))
        // Leaving what one's team must receive is refused, and nothing of the request is applied.
        let rules = try await store.teamSubscriptions(userID: user.id)
        for (service, subscribed) in changes where !subscribed && allowed.contains(service) {
            if let refusal = SubscriptionPlan.refusal(leaving: service, rules: rules) { throw UseCaseError.conflict(refusal) }
        }
        let applied = changes.filter { allowed.contains($0.key) || !$0.value }
        try await store.setSubscriptions(userID: user.id, applied)
        return applied.count
    }

    /// One service's switch: a service that does not exist, or that the
    /// user may not see, is not found.
    public func set(_ subscribed: Bool, on serviceID: UUID, for user: User) async throws {
        try await visibleService(serviceID, to: user)
        if !subscribed, let refusal = SubscriptionPlan.refusal(leaving: serviceID, rules: try await store.teamSubscriptions(userID: user.id)) {
            throw UseCaseError.conflict(refusal)
        }
        try brake.take(user)
        try await store.setSubscriptions(userID: user.id, [serviceID: subscribed])
    }

    /// The user's filter on a service (empty: none).
    public func filter(on serviceID: UUID, for user: User) async throws -> SubscriptionFilter {
        try await visibleService(serviceID, to: user)
        return try await store.filter(userID: user.id, serviceID: serviceID) ?? SubscriptionFilter()
    }

    /// Replaces the user's filter on a service (an empty one removes it)
    /// of a service they may see.
    public func setFilter(_ filter: SubscriptionFilter, on serviceID: UUID, for user: User) async throws {
        try await visibleService(serviceID, to: user)
        if !filter.isEmpty, let refusal = SubscriptionPlan.refusal(filtering: serviceID, rules: try await store.teamSubscriptions(userID: user.id)) {
            throw UseCaseError.conflict(refusal)
        }
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
        guard let service = try await store.service(id: serviceID), try await visibility.isVisible(service, to: user) else { throw UseCaseError.notFound("Service") }
    }
}
