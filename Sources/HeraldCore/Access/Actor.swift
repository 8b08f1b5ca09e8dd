import Foundation

/// The account a request, a page or a command acts as, with everything the
/// `AccessPolicy` needs to judge it (issue 41): who, whether the site
/// confines it to the demo service, the teams it is in and the roles it
/// holds on each service (granted to it or to one of its teams, each with
/// the roles it includes). Read once per request by the edge and handed to
/// the use cases as a value.
public struct Actor: Sendable, Equatable {
    public var user: User
    /// Confined to the demo service (`Confinement`): no admin power, no roles.
    public var isConfined: Bool
    public var teams: Set<TeamID>
    /// The roles held per service, each widened by what it includes.
    public var roles: [UUID: Set<ServiceRole>]
    /// The rotas it owns, itself or through a team.
    public var ownedRotas: Set<Int64>
    /// Where the request came from (the client's address), for the audit log.
    public var address: String?

    public init(user: User, isConfined: Bool, grants: AccessGrants) {
        self.user = user
        self.isConfined = isConfined
        teams = isConfined ? [] : grants.teams
        ownedRotas = isConfined ? [] : grants.rotas
        var roles: [UUID: Set<ServiceRole>] = [:]
        if !isConfined {
            for (service, held) in grants.roles {
                roles[service] = held.reduce(into: Set<ServiceRole>()) { $0.formUnion($1.includes) }
            }
        }
        self.roles = roles
    }

    /// The account as `confinement` judges it, with the grants read for it.
    public init(user: User, confinement: Confinement, grants: AccessGrants) {
        self.init(user: user, isConfined: confinement.confines(user), grants: grants)
    }

    public var id: UserID { user.id }
    public var username: String { user.username }
    /// An admin, unless confined: a confined account never has an admin's power.
    public var isAdmin: Bool { user.isAdmin && !isConfined }

    /// Whether the actor holds `role` on the service (directly, through a
    /// team, or as a role that includes it). Admins hold none by role.
    public func holds(_ role: ServiceRole, of serviceID: UUID) -> Bool {
        roles[serviceID]?.contains(role) ?? false
    }

    /// The services the actor owns.
    public var ownedServices: Set<UUID> {
        Set(roles.filter { $0.value.contains(.owner) }.keys)
    }
}

/// The teams an account is in and the roles granted to it or to them, as
/// the store reads them (unwidened).
public struct AccessGrants: Sendable, Equatable {
    public var teams: Set<TeamID>
    public var roles: [UUID: Set<ServiceRole>]
    /// The rotas it owns (itself or through a team).
    public var rotas: Set<Int64>

    public init(teams: Set<TeamID> = [], roles: [UUID: Set<ServiceRole>] = [:], rotas: Set<Int64> = []) {
        self.teams = teams
        self.roles = roles
        self.rotas = rotas
    }

    public static let none = AccessGrants()
}
