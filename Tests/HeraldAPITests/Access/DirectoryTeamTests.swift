import Foundation
import HTTPTypes
import HeraldCore
import HeraldIdentity
import HeraldTestSupport
import HeraldUseCases
import Hummingbird
import HummingbirdTesting
import Testing

/// Teams that follow the directory and the identity provider (issue 41),
/// against the real slapd and the test OpenID provider: roles follow the
/// groups at the next login and at the next sync, also when taken away.
@Suite("Teams from the directory and from OpenID Connect")
struct DirectoryTeamTests {
    /// A team following `group`, owning a service of its own; answers the service.
    static func team(_ app: TestApp, _ name: String, source: TeamSource) async throws -> (Team, ServiceRecord) {
        let team = try #require(try await app.store.createTeam(name: name, source: source, at: Date()))
        let service = try await app.createService(category: name)
        #expect(try await app.store.grantRole(.owner, of: service.id, to: .team(team.id), at: Date()))
        return (team, service)
    }

    /// Whether `token`'s person keeps the service (reads its tokens: owners only).
    static func keeps(_ app: TestApp, _ token: String, _ service: ServiceRecord) async throws -> Bool {
        try await app.request(.get, "/api/v2/services/\(service.id.uuidString)/tokens", token: token).status == .ok
    }

    static func token(_ response: TestResponse) throws -> String {
        try #require(try response.json(["access_token"]) as? String)
    }

    @Test(arguments: Backend.allCases)
    func directoryGroupsBySearchMakeTeamsAtLoginNestedOnesTooAndWhatIsTakenAwayGoes(_ backend: Backend) async throws {
        var settings = try TestDirectory.settings(searchAccount: true)
        settings.nestedGroups = .walk
        try await TestApp.run(backend, configure: SignInMethodsTests.ldap(settings)) { app in
            let (cryo, cryoService) = try await Self.team(app, "Cryo", source: .ldapGroup(TestDirectory.cryoGroup))
            // Written as another tool would: case and spaces differ, the group is the same.
            let (_, rfService) = try await Self.team(app, "RF", source: .ldapGroup("CN=RF-Experts, OU=Groups, DC=example, DC=org"))
            let (room, roomService) = try await Self.team(app, "Control room", source: .ldapGroup(TestDirectory.controlRoomGroup))
            let (kept, keptService) = try await Self.team(app, "By hand", source: .manual)

            let alice = try Self.token(try await SignInMethodsTests.login(app, "alice", "alice-directory-password"))
            let aliceID = try #require(try await app.store.user(named: "alice")).id
            #expect(try await app.store.accessGrants(userID: aliceID).teams == [cryo.id, room.id], "cryo-experts, and control-room through it")
            #expect(try await Self.keeps(app, alice, cryoService))
            #expect(try await Self.keeps(app, alice, roomService))
            #expect(try await !Self.keeps(app, alice, rfService))
            let bob = try Self.token(try await SignInMethodsTests.login(app, "bob", "bob-directory-password"))
            #expect(try await Self.keeps(app, bob, rfService))
            #expect(try await !Self.keeps(app, bob, cryoService))

            // A hand-kept team is no directory's to change.
            #expect(try await app.store.addTeamMember(teamID: kept.id, userID: aliceID, at: Date()))
            let again = try Self.token(try await SignInMethodsTests.login(app, "alice", "alice-directory-password"))
            #expect(try await Self.keeps(app, again, keptService))

            // A directory team's membership made by hand goes at the next login: the directory says who.
            let bobID = try #require(try await app.store.user(named: "bob")).id
            #expect(try await app.store.addTeamMember(teamID: cryo.id, userID: bobID, at: Date()))
            _ = try await SignInMethodsTests.login(app, "bob", "bob-directory-password")
            #expect(try await !app.store.teamMembers(teamID: cryo.id).map(\.username).contains("bob"))
        }
    }

    @Test(arguments: Backend.allCases)
    func memberOfAndTheSyncFollowTheDirectoryBetweenLogins(_ backend: Backend) async throws {
        var memberOf = try TestDirectory.settings(searchAccount: true)
        memberOf.groupMembership = .memberOf
        let settings = memberOf
        // A group of this run's own: the directory is shared by every test.
        let group = "cn=sync-\(backend)-\(UUID().uuidString.prefix(8).lowercased()),ou=groups,dc=example,dc=org"
        try await TestDirectory.modify(
            """
            dn: \(group)
            objectClass: groupOfNames
            cn: \(group.dropFirst(3).prefix { $0 != "," })
            member: uid=dave,ou=people,dc=example,dc=org

            """, adding: true
        )
        try await TestApp.run(backend, configure: SignInMethodsTests.ldap(settings)) { app in
            let (team, service) = try await Self.team(app, "Sync", source: .ldapGroup(group))
            let dave = try Self.token(try await SignInMethodsTests.login(app, "dave", "dave-directory-password"))
            #expect(try await Self.keeps(app, dave, service), "dave's memberOf names the group")
            let erin = try Self.token(try await SignInMethodsTests.login(app, "erin", "erin-directory-password"))
            #expect(try await !Self.keeps(app, erin, service))

            // The directory moves the group from dave to erin; the sync sees it without anyone signing in.
            try await TestDirectory.modify(
                """
                dn: \(group)
                changetype: modify
                replace: member
                member: uid=erin,ou=people,dc=example,dc=org

                """
            )
            let pool = BlockingPool(threads: 1, queue: 4)
            let reader = LDAPGroupReader(settings: settings, pool: pool)
            let sync = TeamSync(store: app.store, clock: .system) { try await reader.members(ofGroups: $0) }
            #expect(try await sync.run(logger: TestDatabase.logger) == 1)
            try await pool.shutdown()
            #expect(try await app.store.teamMembers(teamID: team.id).map(\.username) == ["erin"])
            #expect(try await !Self.keeps(app, dave, service), "taken away at the sync")
            #expect(try await Self.keeps(app, erin, service))
            // And at dave's next login too (his memberOf no longer names it).
            _ = try await SignInMethodsTests.login(app, "dave", "dave-directory-password")
            #expect(try await app.store.teamMembers(teamID: team.id).map(\.username) == ["erin"])
        }
        try await TestDirectory.modify("dn: \(group)\nchangetype: delete\n\n")
    }

    @Test func withoutNestingAGroupInsideAGroupDoesNotCount() async throws {
        let settings = try TestDirectory.settings(searchAccount: true)
        try await TestApp.run(.sqlite, configure: SignInMethodsTests.ldap(settings)) { app in
            let (_, roomService) = try await Self.team(app, "Control room", source: .ldapGroup(TestDirectory.controlRoomGroup))
            let alice = try Self.token(try await SignInMethodsTests.login(app, "alice", "alice-directory-password"))
            #expect(try await !Self.keeps(app, alice, roomService), "alice is in control-room only through cryo-experts")
            let carol = try Self.token(try await SignInMethodsTests.login(app, "carol", "carol-directory-password"))
            #expect(try await Self.keeps(app, carol, roomService), "carol is a member herself")
            let pool = BlockingPool(threads: 1, queue: 4)
            let members = try await LDAPGroupReader(settings: settings, pool: pool).members(ofGroups: [TestDirectory.controlRoomGroup])
            try await pool.shutdown()
            #expect(members == [TestDirectory.controlRoomGroup: ["carol"]])
        }
    }

    @Test(arguments: Backend.allCases)
    func anOpenIDClaimMakesTeamsAtEachLogin(_ backend: Backend) async throws {
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(backend, configure: { config in
            OIDCTests.configure(provider)(&config)
            config.auth.oidc?.groupsClaim = "realm_access.roles"
        }) { app in
            let (rf, service) = try await Self.team(app, "RF", source: .oidcClaim("rf-experts"))
            var claims = provider.claims("ann")
            claims.realm_access = .init(roles: ["rf-experts", "offline_access"])
            claims.groups = ["not-this-claim"]
            provider.grant("c1", .init(claims: claims, verifier: "v-123"))
            let first = try Self.token(try await OIDCTests.exchange(app, code: "c1"))
            #expect(try await Self.keeps(app, first, service))
            let ann = try #require(try await app.store.user(named: "ann"))
            #expect(try await app.store.accessGrants(userID: ann.id).teams == [rf.id])
            // The role taken away at the provider: out at the next login.
            claims.realm_access = .init(roles: ["offline_access"])
            provider.grant("c2", .init(claims: claims, verifier: "v-123"))
            let second = try Self.token(try await OIDCTests.exchange(app, code: "c2"))
            #expect(try await !Self.keeps(app, second, service))
            #expect(try await app.store.accessGrants(userID: ann.id).teams.isEmpty)
        }
        try await provider.stop()
    }
}
