import Foundation
import HeraldCore

/// Which services a user may see, by one rule for every list,
/// subscription, filter, inbox read, acknowledgement and rota: a confined
/// account (`Confinement`: the demo account, whose password app-store
/// reviewers get, and logins through an untrusted secondary OpenID Connect
/// realm) sees only the demo service; a private service (issue 41) only
/// its roles' holders and admins see. Everyone sees every other service.
public struct ServiceVisibility: Sendable {
    public let confinement: Confinement
    /// Reads who holds which role (private services); without it a private
    /// service is an admin's alone.
    let access: (any AccessStore)?

    public init(confinement: Confinement, access: (any AccessStore)? = nil) {
        self.confinement = confinement
        self.access = access
    }

    /// With the demo account on (`demo`) or off.
    public init(demo: DemoAccount?, access: (any AccessStore)? = nil) {
        self.init(confinement: Confinement(service: demo?.service ?? DemoAccount.defaultService, demoAccount: demo != nil), access: access)
    }

    /// Whether the user is confined to the demo service.
    public func isConfined(_ user: User) -> Bool {
        confinement.confines(user)
    }

    public func isVisible(_ service: ServiceRecord, to user: User) async throws -> Bool {
        try await !visible([service], to: user).isEmpty
    }

    public func visible(_ services: [ServiceRecord], to user: User) async throws -> [ServiceRecord] {
        if isConfined(user) { return services.filter { confinement.shows($0) } }
        guard !user.isAdmin, services.contains(where: \.isPrivate) else { return services }
        let held = try await access?.accessGrants(userID: user.id).roles ?? [:]
        return services.filter { PrivateServiceRule.sees(isPrivate: $0.isPrivate, holdsRole: held[$0.id] != nil, isAdmin: false) }
    }

    /// The private services among `services` the user may not see.
    public func hidden(_ services: [ServiceRecord], from user: User) async throws -> Set<UUID> {
        let shown = Set(try await visible(services, to: user).map(\.id))
        return Set(services.map(\.id)).subtracting(shown)
    }
}
