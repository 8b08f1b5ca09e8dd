import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Testing

/// Teams, members and role grants (issue 41), held to one contract on
/// every backend: the store keeps what it is given and reads back what an
/// account holds, directly and through its teams.
@Suite("Teams and roles, on every backend")
struct AccessStoreTests {
    @Test(arguments: Backend.allCases)
    func grantsReachTheirPeopleDirectlyAndThroughTeams(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            let cryo = try await store.createService(ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops"))
            let rf = try await store.createService(ServiceDraft(category: "RF", color: "ff0000", owner: "ops"))
            let ada = try await store.createUser(username: "ada", passwordHash: "-", isAdmin: false)
            let bob = try await store.createUser(username: "bob", passwordHash: "-", isAdmin: false)
            let eve = try await store.createUser(username: "eve", passwordHash: "-", isAdmin: false)

            let team = try #require(try await store.createTeam(name: "Cryo experts", source: .manual, at: now))
            #expect(try await store.createTeam(name: "Cryo experts", source: .manual, at: now) == nil, "a name is a team's once")
            let directory = try #require(try await store.createTeam(name: "RF group", source: .ldapGroup("cn=rf,ou=groups,dc=example"), at: now))
            #expect(try await store.teams().map(\.name) == ["Cryo experts", "RF group"])
            #expect(try await store.team(id: directory.id)?.source == .ldapGroup("cn=rf,ou=groups,dc=example"))

            #expect(try await store.addTeamMember(teamID: team.id, userID: ada.id, at: now))
            #expect(try await store.addTeamMember(teamID: team.id, userID: ada.id, at: now), "twice is no change")
            #expect(try await store.addTeamMember(teamID: team.id, userID: bob.id, at: now))
            #expect(!(try await store.addTeamMember(teamID: team.id, userID: 999_999, at: now)), "no such account")
            #expect(!(try await store.addTeamMember(teamID: 999_999, userID: ada.id, at: now)), "no such team")
            #expect(try await store.teamMembers(teamID: team.id).map(\.username) == ["ada", "bob"])

            #expect(try await store.grantRole(.responder, of: cryo.id, to: .team(team.id), at: now))
            #expect(try await store.grantRole(.owner, of: cryo.id, to: .user(bob.id), at: now))
            #expect(try await store.grantRole(.owner, of: cryo.id, to: .user(bob.id), at: now), "twice is no change")
            #expect(try await store.grantRole(.viewer, of: rf.id, to: .user(ada.id), at: now))
            #expect(!(try await store.grantRole(.owner, of: UUID(), to: .user(ada.id), at: now)), "no such service")
            #expect(!(try await store.grantRole(.owner, of: cryo.id, to: .user(999_999), at: now)), "no such account")
            #expect(!(try await store.grantRole(.owner, of: cryo.id, to: .team(999_999), at: now)), "no such team")

            let grants = try await store.roleGrants(serviceID: cryo.id)
            #expect(grants.map(\.role) == [.owner, .responder], "owners first")
            #expect(grants.map(\.granteeName) == ["bob", "Cryo experts"])
            #expect(grants.map(\.grantee) == [.user(bob.id), .team(team.id)])

            #expect(try await store.accessGrants(userID: ada.id) == AccessGrants(teams: [team.id], roles: [cryo.id: [.responder], rf.id: [.viewer]]))
            #expect(try await store.accessGrants(userID: bob.id) == AccessGrants(teams: [team.id], roles: [cryo.id: [.owner, .responder]]))
            #expect(try await store.accessGrants(userID: eve.id) == .none)

            #expect(try await store.roleHolders(serviceID: cryo.id, roles: ServiceRole.taking(.responder)) == [ada.id: "ada", bob.id: "bob"])
            #expect(try await store.roleHolders(serviceID: cryo.id, roles: [.owner]) == [bob.id: "bob"])
            _ = try await store.updateUser(id: bob.id, UserPatch(isActive: false))
            #expect(try await store.roleHolders(serviceID: cryo.id, roles: [.owner]).isEmpty, "a deactivated account answers for nothing")

            // Taken out: at once, everywhere.
            #expect(try await store.removeTeamMember(teamID: team.id, userID: ada.id))
            #expect(!(try await store.removeTeamMember(teamID: team.id, userID: ada.id)))
            #expect(try await store.accessGrants(userID: ada.id) == AccessGrants(teams: [], roles: [rf.id: [.viewer]]))
            #expect(!(try await store.revokeRole(.owner, of: cryo.id, from: .team(team.id))), "the team holds no owner grant")
            #expect(try await store.revokeRole(.owner, of: cryo.id, from: .user(bob.id)))
            #expect(try await store.roleGrants(serviceID: cryo.id).map(\.role) == [.responder])

            // A deleted team takes its memberships and grants along; a deleted service its grants.
            #expect(try await store.deleteTeam(id: team.id))
            #expect(!(try await store.deleteTeam(id: team.id)))
            #expect(try await store.roleGrants(serviceID: cryo.id).isEmpty)
            #expect(try await store.accessGrants(userID: bob.id) == .none)
            #expect(try await store.deleteService(id: rf.id))
            #expect(try await store.accessGrants(userID: ada.id) == .none)
        }
    }

    /// Each team and rota has at most one page service: the first linked
    /// wins and the later one is told which; a link to nothing is none; the
    /// link goes with its team or rota, and its service with the link. A
    /// team's members are subscribed to it in one statement.
    @Test(arguments: Backend.allCases)
    func aTeamOrRotaHasOnePageServiceAndItsMembersAreSubscribedToIt(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            let ada = try await store.createUser(username: "ada", passwordHash: "-", isAdmin: false)
            let bob = try await store.createUser(username: "bob", passwordHash: "-", isAdmin: false)
            let team = try #require(try await store.createTeam(name: "Cryo experts", source: .manual, at: now))
            let rota = try #require(
                try await store.createRota(RotaDefinition(name: "Night", members: [ada.id], rotation: .days(7), timeZone: TimeZone(identifier: "UTC")!, start: now), feedSecretHash: "h", at: now)
            )
            let first = try await store.createService(ServiceDraft(category: "Page team Cryo experts", color: "d7263d", owner: "herald", isPrivate: true))
            let second = try await store.createService(ServiceDraft(category: "Page team Cryo experts 2", color: "d7263d", owner: "herald", isPrivate: true))
            let rotaService = try await store.createService(ServiceDraft(category: "Page rota Night", color: "d7263d", owner: "herald", isPrivate: true))
            #expect(try await store.pageService(of: .team(team.id)) == nil)
            #expect(try await store.linkPageService(first.id, to: .team(team.id)) == first.id)
            #expect(try await store.linkPageService(second.id, to: .team(team.id)) == first.id, "the first link wins")
            #expect(try await store.linkPageService(rotaService.id, to: .rota(rota.id)) == rotaService.id)
            #expect(try await store.pageService(of: .rota(rota.id)) == rotaService.id)
            #expect(try await store.pageService(of: .rota(team.id == rota.id ? rota.id + 1 : team.id)) == nil, "a team's id is not a rota's")
            #expect(try await store.linkPageService(second.id, to: .team(999_999)) == nil, "no such team")

            try await store.subscribe(userIDs: [ada.id, bob.id, 999_999], to: first.id)
            try await store.subscribe(userIDs: [ada.id], to: first.id)
            #expect(Set(try await store.subscriberIDs(serviceID: first.id)) == [ada.id, bob.id], "unknown ids skipped, twice no change")
            try await store.subscribe(userIDs: [ada.id], to: UUID())

            #expect(try await store.deleteTeam(id: team.id))
            #expect(try await store.pageService(of: .team(team.id)) == nil, "the link goes with the team")
            #expect(try await store.deleteService(id: rotaService.id))
            #expect(try await store.pageService(of: .rota(rota.id)) == nil, "and with its service")
        }
    }

}
