import Foundation
import HeraldCore
import Logging

/// Who must and who may receive a service (issue 41): a team's
/// subscription, set by the service's owners or an admin, made for every
/// member who joins the team (at once for those already in it); a
/// mandatory one cannot be left nor filtered; and no one keeps a private service they
/// may no longer see. `settle` applies it to people after any change of
/// their teams, roles or the service, through `SubscriptionPlan`.
public struct TeamSubscriptions: Sendable {
    let store: any AccessStore & AccountStore & ServiceStore & FilterStore & AuditStore
    let clock: WallClock
    let audit: AuditTrail

    public init(store: any AccessStore & AccountStore & ServiceStore & FilterStore & AuditStore, clock: WallClock) {
        self.store = store
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
    }

    public func rules(of serviceID: UUID, for actor: Actor) async throws -> [TeamSubscription] {
        try actor.must(.manage(.subscriptions, of: serviceID))
        guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
        return try await store.teamSubscriptions(serviceID: serviceID)
    }

    /// Subscribes the team to the service (`mandatory`: members cannot
    /// leave it); nil removes the rule (who is subscribed stays so).
    public func set(_ mandatory: Bool?, team teamID: TeamID, on serviceID: UUID, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manage(.subscriptions, of: serviceID))
        guard let team = try await store.team(id: teamID) else { throw UseCaseError.notFound("Team") }
        // An owner reaches the teams that answer for the service; any other team is an admin's to subscribe.
        if !actor.isAdmin, mandatory != nil, !(try await store.roleGrants(serviceID: serviceID).contains { $0.grantee == .team(teamID) }) {
            throw UseCaseError.forbidden("Only an admin may subscribe a team that holds no role of this service")
        }
        let before = try await store.teamSubscriptions(serviceID: serviceID).first { $0.teamID == teamID }
        guard try await store.setTeamSubscription(serviceID: serviceID, teamID: teamID, mandatory: mandatory, at: clock.now()) else {
            throw UseCaseError.notFound("Service")
        }
        logger.info("team subscription set", metadata: ["service": "\(serviceID.wireString)", "team": "\(team.name)", "mandatory": "\(mandatory.map { "\($0)" } ?? "removed")", "by": "\(actor.username)"])
        await audit.record(
            .teamSubscriptionChanged, by: actor.auditWho, service: serviceID, target: "team \(team.name)",
            before: before.map { AuditTrail.json(["mandatory": $0.mandatory]) }, after: mandatory.map { AuditTrail.json(["mandatory": $0]) }, logger: logger
        )
        if mandatory != nil {
            // Those already in the team receive it now, as those who join later will.
            let members = try await store.teamMembers(teamID: teamID).map(\.userID)
            try await settle(members, joined: [teamID])
        }
    }

    /// Applies the rules to each of `userIDs`: the subscriptions of the
    /// teams in `joined` they are in (people who just joined them), their
    /// teams' mandatory ones, and no private service they may not see.
    public func settle(_ userIDs: [UserID], joined: Set<TeamID> = []) async throws {
        guard !userIDs.isEmpty else { return }
        let privateServices = Set(try await store.services().filter(\.isPrivate).map(\.id))
        for userID in userIDs {
            guard let user = try await store.user(id: userID) else { continue }
            let rules = try await store.teamSubscriptions(userID: userID)
            let subscribed = Set(try await store.userServices(userID: userID).filter(\.isSubscribed).map(\.service.id))
            let roles = privateServices.isEmpty || user.isAdmin ? [] : Set(try await store.accessGrants(userID: userID).roles.keys)
            let changes = SubscriptionPlan.changes(
                subscribed: subscribed, joined: rules.filter { joined.contains($0.teamID) }, mandatory: rules.filter(\.mandatory),
                privateServices: privateServices, roles: roles, isAdmin: user.isAdmin
            )
            if !changes.isEmpty { try await store.setSubscriptions(userID: userID, changes) }
            // What one's team must receive, no filter of one's own hides.
            let mandatory = rules.filter(\.mandatory)
            guard !mandatory.isEmpty else { continue }
            for serviceID in SubscriptionPlan.filtersToDrop(filtered: Set(try await store.filters(userID: userID).keys), mandatory: mandatory) {
                _ = try await store.setFilter(userID: userID, serviceID: serviceID, SubscriptionFilter())
            }
        }
    }

    /// Every subscriber of the service, settled (it became private, or a role of it was revoked).
    public func settleSubscribers(of serviceID: UUID) async throws {
        try await settle(try await store.subscriberIDs(serviceID: serviceID))
    }

    /// Why the user may not leave `serviceID`; nil when they may.
    public func refusal(leaving serviceID: UUID, for user: User) async throws -> String? {
        SubscriptionPlan.refusal(leaving: serviceID, rules: try await store.teamSubscriptions(userID: user.id))
    }
}
