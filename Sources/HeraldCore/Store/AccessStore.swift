import Foundation

/// Teams, their members, and the roles granted on services to people and
/// teams (issue 41). The store keeps what it is given; who may do what is
/// `AccessPolicy`'s to decide.
public protocol AccessStore: Sendable {
    /// A new team; nil when the name is taken.
    func createTeam(name: String, source: TeamSource, at: Date) async throws -> Team?
    /// Every team, by name.
    func teams() async throws -> [Team]
    func team(id: TeamID) async throws -> Team?
    /// Deletes a team with its memberships and the roles granted to it.
    func deleteTeam(id: TeamID) async throws -> Bool
    /// The team's members, by username.
    func teamMembers(teamID: TeamID) async throws -> [TeamMember]
    /// Adds a member; false when the team or the account does not exist
    /// (adding a member twice is no change, and true).
    func addTeamMember(teamID: TeamID, userID: UserID, at: Date) async throws -> Bool
    func removeTeamMember(teamID: TeamID, userID: UserID) async throws -> Bool
    /// Makes the team's members exactly `userIDs` (a directory sync);
    /// accounts that do not exist are left out.
    func setTeamMembers(teamID: TeamID, userIDs: Set<UserID>, at: Date) async throws
    /// Makes the account's memberships of the teams whose source is `kind`
    /// exactly `teamIDs` (a login that names its groups); other kinds stay.
    func setMemberships(userID: UserID, kind: String, teamIDs: Set<TeamID>, at: Date) async throws

    /// Sets a team's subscription to a service (made for each member who
    /// joins; `mandatory`: it cannot be left); nil removes it. False when
    /// the service or the team does not exist.
    func setTeamSubscription(serviceID: UUID, teamID: TeamID, mandatory: Bool?, at: Date) async throws -> Bool
    /// The teams' subscriptions to a service, by team name.
    func teamSubscriptions(serviceID: UUID) async throws -> [TeamSubscription]
    /// The subscriptions of the teams an account is in.
    func teamSubscriptions(userID: UserID) async throws -> [TeamSubscription]

    /// Makes a person or a team an owner of a rota; false when the rota or
    /// the grantee does not exist (twice is no change, and true).
    func grantRotaOwner(rotaID: Int64, to grantee: Grantee, at: Date) async throws -> Bool
    func revokeRotaOwner(rotaID: Int64, from grantee: Grantee) async throws -> Bool
    /// A rota's owners, with their names .
    func rotaOwners(rotaID: Int64) async throws -> [RotaOwner]

    /// Grants a role; false when the service or the grantee does not exist
    /// (granting it twice is no change, and true).
    func grantRole(_ role: ServiceRole, of serviceID: UUID, to grantee: Grantee, at: Date) async throws -> Bool
    func revokeRole(_ role: ServiceRole, of serviceID: UUID, from grantee: Grantee) async throws -> Bool
    /// The roles granted on a service, owners first, each with its grantee's name.
    func roleGrants(serviceID: UUID) async throws -> [RoleGrant]
    /// The teams an account is in and the roles granted to it or to those
    /// teams, by service (as granted: `Actor` widens them).
    func accessGrants(userID: UserID) async throws -> AccessGrants
    /// The people granted any of `roles` on the service, themselves or
    /// through a team, with their usernames (active accounts only).
    func roleHolders(serviceID: UUID, roles: Set<ServiceRole>) async throws -> [UserID: String]

    /// The service a team's or a rota's pages are posted to; nil until it is first paged.
    func pageService(of target: PageTarget) async throws -> UUID?
    /// Makes `serviceID` the target's page service unless it has one;
    /// answers the one it has then (another replica's, made at the same
    /// time, wins over this one), nil when the team or rota does not exist.
    func linkPageService(_ serviceID: UUID, to target: PageTarget) async throws -> UUID?
    /// Every team's and rota's page service.
    func pageServices() async throws -> [PageTarget: UUID]
    /// Whether the service is a team's or a rota's page service (which
    /// takes pages only), or Herald's own notice service (`ShiftNotice`,
    /// which takes what Herald tells): neither takes a sender's post.
    func isPageService(_ serviceID: UUID) async throws -> Bool
}

/// A member of a team, as listed.
public struct TeamMember: Sendable, Equatable {
    public var userID: UserID
    public var username: String

    public init(userID: UserID, username: String) {
        self.userID = userID
        self.username = username
    }
}

/// A team's subscription to a service (issue 41): who must or should receive it.
public struct TeamSubscription: Sendable, Equatable {
    public var serviceID: UUID
    public var teamID: TeamID
    public var teamName: String
    /// Members cannot leave it (else they may).
    public var mandatory: Bool

    public init(serviceID: UUID, teamID: TeamID, teamName: String, mandatory: Bool) {
        self.serviceID = serviceID
        self.teamID = teamID
        self.teamName = teamName
        self.mandatory = mandatory
    }
}

/// An owner of a rota (issue 41): a person or a team that runs it.
public struct RotaOwner: Sendable, Equatable {
    public var rotaID: Int64
    public var grantee: Grantee
    /// The person's username or the team's name.
    public var granteeName: String

    public init(rotaID: Int64, grantee: Grantee, granteeName: String) {
        self.rotaID = rotaID
        self.grantee = grantee
        self.granteeName = granteeName
    }
}
