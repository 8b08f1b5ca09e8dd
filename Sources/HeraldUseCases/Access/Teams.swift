import Foundation
import HeraldCore
import Logging

/// Teams as admins make and keep them (issue 41): named once, members kept
/// by hand for a team whose source is `manual`; a directory's or an
/// OpenID claim's team follows its source, so its members are not an
/// admin's to change. Every change logged with who made it.
public struct Teams: Sendable {
    public static let maxNameLength = 128
    /// Longest group DN or claim value.
    public static let maxReferenceLength = 1024

    let store: any AccessStore & AccountStore & ServiceStore
    /// Who joins or leaves a team gets or loses what it receives.
    let subscriptions: TeamSubscriptions
    let clock: WallClock
    /// Where each change is answered for (the audit log).
    let audit: AuditTrail

    public init(store: any AccessStore & AccountStore & ServiceStore & FilterStore & AuditStore, clock: WallClock) {
        subscriptions = TeamSubscriptions(store: store, clock: clock)
        self.store = store
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
    }

    /// Every team, for anyone signed in: teams are how roles are granted,
    /// and people see which ones they are in.
    public func list(for actor: Actor) async throws -> [Team] {
        guard !actor.isConfined else { return [] }
        return try await store.teams()
    }

    public func create(named name: String, source: TeamSource, by actor: Actor, logger: Logger) async throws -> Team {
        try actor.must(.manageTeams)
        var problems: [FieldProblem] = []
        if let problem = TextRules.problem(name, maxLength: Self.maxNameLength, allowEmpty: false) {
            problems.append(FieldProblem(field: "name", message: problem.message, type: problem.type))
        }
        if let reference = source.reference, let problem = TextRules.problem(reference, maxLength: Self.maxReferenceLength, allowEmpty: false) {
            problems.append(FieldProblem(field: "source", message: problem.message, type: problem.type))
        }
        guard problems.isEmpty else { throw UseCaseError.rejected(problems) }
        guard let team = try await store.createTeam(name: name, source: source, at: clock.now()) else {
            throw UseCaseError.conflict("A team named \(name) exists")
        }
        logger.info("team created", metadata: ["team": "\(team.id)", "source": "\(source.kind)", "by": "\(actor.username)"])
        await audit.record(
            .teamCreated, by: actor.auditWho, target: "team \(team.name)", after: AuditTrail.json(["source": source.kind, "reference": source.reference ?? ""]),
            logger: logger
        )
        return team
    }

    public func delete(_ id: TeamID, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manageTeams)
        let team = try await store.team(id: id)
        let members = try await store.teamMembers(teamID: id).map(\.userID)
        let pageService = try await store.pageService(of: .team(id))
        guard try await store.deleteTeam(id: id) else { throw UseCaseError.notFound("Team") }
        // Its pages go with it: the page service was only ever the team's.
        if let pageService { _ = try await store.deleteService(id: pageService) }
        try await subscriptions.settle(members)
        logger.info("team deleted", metadata: ["team": "\(id)", "by": "\(actor.username)"])
        await audit.record(
            .teamDeleted, by: actor.auditWho, target: "team \(team?.name ?? "\(id)")",
            before: team.map { AuditTrail.json(["source": $0.source.kind, "reference": $0.source.reference ?? ""]) }, logger: logger
        )
    }

    /// A team and its members, for anyone signed in.
    public func team(_ id: TeamID, for actor: Actor) async throws -> (team: Team, members: [TeamMember]) {
        guard !actor.isConfined, let team = try await store.team(id: id) else { throw UseCaseError.notFound("Team") }
        return (team, try await store.teamMembers(teamID: id))
    }

    /// Adds the account named `username` to a hand-kept team.
    public func add(_ username: String, to id: TeamID, by actor: Actor, logger: Logger) async throws -> TeamMember {
        try actor.must(.manageTeams)
        let team = try await handKept(id)
        if let problem = TextRules.problem(username, maxLength: 256, allowEmpty: false) { throw UseCaseError.invalid(field: "username", problem.message) }
        guard let user = try await store.user(named: username) else { throw UseCaseError.invalid(field: "username", "No account is named \(username)") }
        guard try await store.addTeamMember(teamID: team.id, userID: user.id, at: clock.now()) else { throw UseCaseError.notFound("Team") }
        logger.info("team member added", metadata: ["team": "\(id)", "user": "\(user.username)", "by": "\(actor.username)"])
        await audit.record(.teamMemberAdded, by: actor.auditWho, target: "team \(team.name)", after: AuditTrail.json(["member": user.username]), logger: logger)
        try await subscriptions.settle([user.id], joined: [team.id])
        return TeamMember(userID: user.id, username: user.username)
    }

    public func remove(_ userID: UserID, from id: TeamID, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manageTeams)
        let team = try await handKept(id)
        let member = try await store.user(id: userID)
        guard try await store.removeTeamMember(teamID: id, userID: userID) else { throw UseCaseError.notFound("Member") }
        try await subscriptions.settle([userID])
        logger.info("team member removed", metadata: ["team": "\(id)", "user": "\(userID)", "by": "\(actor.username)"])
        await audit.record(
            .teamMemberRemoved, by: actor.auditWho, target: "team \(team.name)", before: AuditTrail.json(["member": member?.username ?? "\(userID)"]), logger: logger
        )
    }

    private func handKept(_ id: TeamID) async throws -> Team {
        guard let team = try await store.team(id: id) else { throw UseCaseError.notFound("Team") }
        guard team.source == .manual else {
            throw UseCaseError.conflict("The team \(team.name) follows its source (\(team.source.kind)); its members change there")
        }
        return team
    }
}
