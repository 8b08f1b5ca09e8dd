import Foundation
import HeraldCore
import Testing

/// Who may do what (issue 41), decided over values alone: every action
/// against every kind of actor, with what each role includes.
@Suite("The access policy")
struct AccessPolicyTests {
    let mine = UUID()
    let theirs = UUID()

    func actor(admin: Bool = false, confined: Bool = false, roles: [UUID: Set<ServiceRole>] = [:]) -> Actor {
        Actor(user: User(id: 7, username: "ada", isActive: true, isAdmin: admin), isConfined: confined, grants: AccessGrants(teams: [1], roles: roles))
    }

    var actions: [AccessAction] {
        [.createService, .deleteService(mine), .manageUsers, .manageTeams, .manageRotas] + ServiceAspect.allCases.map { .manage($0, of: mine) }
    }

    @Test func anAdminMayDoEverything() {
        for action in actions { #expect(AccessPolicy.decide(actor(admin: true), action) == .allowed, "\(action)") }
    }

    @Test func aConfinedAdminMayDoNothingOfTheSitesKeeping() {
        let confined = actor(admin: true, confined: true, roles: [mine: [.owner]])
        #expect(!confined.isAdmin)
        #expect(confined.roles.isEmpty && confined.teams.isEmpty, "a confined account holds no role, whatever was granted")
        for action in actions { #expect(!AccessPolicy.decide(confined, action).isAllowed, "\(action)") }
    }

    @Test func anOwnerKeepsEverythingOfTheirServiceButItsDeletion() {
        let owner = actor(roles: [mine: [.owner]])
        for aspect in ServiceAspect.allCases {
            #expect(AccessPolicy.decide(owner, .manage(aspect, of: mine)) == .allowed, "\(aspect)")
            #expect(!AccessPolicy.decide(owner, .manage(aspect, of: theirs)).isAllowed, "not another's \(aspect)")
        }
        for action in [AccessAction.deleteService(mine), .createService, .manageUsers, .manageTeams, .manageRotas] {
            #expect(AccessPolicy.decide(owner, action) == .refused(AccessPolicy.adminsOnly), "\(action)")
        }
    }

    @Test func noOtherRoleKeepsAnything() {
        for role in [ServiceRole.responder, .publisher, .viewer] {
            let holder = actor(roles: [mine: [role]])
            for aspect in ServiceAspect.allCases {
                guard case .refused(let why) = AccessPolicy.decide(holder, .manage(aspect, of: mine)) else {
                    Issue.record("a \(role) may \(aspect)")
                    continue
                }
                #expect(why.hasPrefix("Only an owner of this service or an admin may"))
            }
        }
    }

    @Test func eachRoleCarriesWhatItIncludes() {
        let owner = actor(roles: [mine: [.owner]])
        for role in ServiceRole.allCases { #expect(owner.holds(role, of: mine)) }
        let responder = actor(roles: [mine: [.responder]])
        #expect(responder.holds(.responder, of: mine) && responder.holds(.viewer, of: mine))
        #expect(!responder.holds(.publisher, of: mine) && !responder.holds(.owner, of: mine))
        #expect(!responder.holds(.viewer, of: theirs))
        #expect(ServiceRole.taking(.responder) == [.owner, .responder])
        #expect(ServiceRole.taking(.viewer) == Set(ServiceRole.allCases))
        #expect(actor(roles: [mine: [.owner], theirs: [.viewer]]).ownedServices == [mine])
    }
}
