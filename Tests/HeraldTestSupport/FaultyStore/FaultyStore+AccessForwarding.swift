import Foundation
import HeraldCore

// Teams, roles and the audit log (issue 41), forwarded as the other concerns are.

// MARK: AccessStore

extension FaultyStore: AccessStore {
    public func createTeam(name: String, source: TeamSource, at: Date) async throws -> Team? {
        try await base.createTeam(name: name, source: source, at: at)
    }
    public func teams() async throws -> [Team] {
        try await base.teams()
    }
    public func team(id: TeamID) async throws -> Team? {
        try await base.team(id: id)
    }
    public func deleteTeam(id: TeamID) async throws -> Bool {
        try await base.deleteTeam(id: id)
    }
    public func teamMembers(teamID: TeamID) async throws -> [TeamMember] {
        try await base.teamMembers(teamID: teamID)
    }
    public func addTeamMember(teamID: TeamID, userID: UserID, at: Date) async throws -> Bool {
        try await base.addTeamMember(teamID: teamID, userID: userID, at: at)
    }
    public func removeTeamMember(teamID: TeamID, userID: UserID) async throws -> Bool {
        try await base.removeTeamMember(teamID: teamID, userID: userID)
    }
    public func setTeamMembers(teamID: TeamID, userIDs: Set<UserID>, at: Date) async throws {
        try await base.setTeamMembers(teamID: teamID, userIDs: userIDs, at: at)
    }
    public func setMemberships(userID: UserID, kind: String, teamIDs: Set<TeamID>, at: Date) async throws {
        try await base.setMemberships(userID: userID, kind: kind, teamIDs: teamIDs, at: at)
    }
    public func pageService(of target: PageTarget) async throws -> UUID? {
        try await base.pageService(of: target)
    }
    public func linkPageService(_ serviceID: UUID, to target: PageTarget) async throws -> UUID? {
        try await base.linkPageService(serviceID, to: target)
    }
    public func pageServices() async throws -> [PageTarget: UUID] {
        try await base.pageServices()
    }
    public func isPageService(_ serviceID: UUID) async throws -> Bool {
        try await base.isPageService(serviceID)
    }
    public func grantRotaOwner(rotaID: Int64, to grantee: Grantee, at: Date) async throws -> Bool {
        try await base.grantRotaOwner(rotaID: rotaID, to: grantee, at: at)
    }
    public func revokeRotaOwner(rotaID: Int64, from grantee: Grantee) async throws -> Bool {
        try await base.revokeRotaOwner(rotaID: rotaID, from: grantee)
    }
    public func rotaOwners(rotaID: Int64) async throws -> [RotaOwner] {
        try await base.rotaOwners(rotaID: rotaID)
    }
    public func setTeamSubscription(serviceID: UUID, teamID: TeamID, mandatory: Bool?, at: Date) async throws -> Bool {
        try await base.setTeamSubscription(serviceID: serviceID, teamID: teamID, mandatory: mandatory, at: at)
    }
    public func teamSubscriptions(serviceID: UUID) async throws -> [TeamSubscription] {
        try await base.teamSubscriptions(serviceID: serviceID)
    }
    public func teamSubscriptions(userID: UserID) async throws -> [TeamSubscription] {
        try await base.teamSubscriptions(userID: userID)
    }
    public func grantRole(_ role: ServiceRole, of serviceID: UUID, to grantee: Grantee, at: Date) async throws -> Bool {
        try await base.grantRole(role, of: serviceID, to: grantee, at: at)
    }
    public func revokeRole(_ role: ServiceRole, of serviceID: UUID, from grantee: Grantee) async throws -> Bool {
        try await base.revokeRole(role, of: serviceID, from: grantee)
    }
    public func roleGrants(serviceID: UUID) async throws -> [RoleGrant] {
        try await base.roleGrants(serviceID: serviceID)
    }
    public func accessGrants(userID: UserID) async throws -> AccessGrants {
        try await base.accessGrants(userID: userID)
    }
    public func roleHolders(serviceID: UUID, roles: Set<ServiceRole>) async throws -> [UserID: String] {
        try await base.roleHolders(serviceID: serviceID, roles: roles)
    }
}

// MARK: AuditStore

extension FaultyStore: AuditStore {
    @discardableResult
    public func appendAudit(_ record: AuditRecord) async throws -> Int64 {
        try await base.appendAudit(record)
    }
    public func auditEntries(_ query: AuditQuery) async throws -> [AuditEntry] {
        try await base.auditEntries(query)
    }
    public func auditEntries(after: Int64, limit: Int) async throws -> [AuditEntry] {
        try await base.auditEntries(after: after, limit: limit)
    }
    public func pruneAudit(before: Date, limit: Int) async throws -> Int {
        try await base.pruneAudit(before: before, limit: limit)
    }
}
