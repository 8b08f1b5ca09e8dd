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
        [.createService, .deleteService(mine), .manageUsers, .manageTeams, .manageRotas, .manageRota(1), .readAudit, .publish(to: mine), .withdrawAcknowledgement(of: mine)]
            + ServiceAspect.allCases.map { .manage($0, of: mine) }
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
        for aspect in ServiceAspect.allCases where aspect != .writeBack {
            #expect(AccessPolicy.decide(owner, .manage(aspect, of: mine)) == .allowed, "\(aspect)")
            #expect(!AccessPolicy.decide(owner, .manage(aspect, of: theirs)).isAllowed, "not another's \(aspect)")
        }
        // A silence in a shared Alertmanager reaches other teams' alerts: where acknowledgements go is an admin's choice.
        #expect(!AccessPolicy.decide(owner, .manage(.writeBack, of: mine)).isAllowed)
        #expect(AccessPolicy.decide(owner, .publish(to: mine)) == .allowed && AccessPolicy.decide(owner, .withdrawAcknowledgement(of: mine)) == .allowed)
        #expect(AccessPolicy.decide(owner, .readAudit) == .allowed)
        #expect(!AccessPolicy.decide(owner, .manageRota(1)).isAllowed)
        let rotaOwner = Actor(user: User(id: 8, username: "rob", isActive: true, isAdmin: false), isConfined: false, grants: AccessGrants(rotas: [1]))
        #expect(AccessPolicy.decide(rotaOwner, .manageRota(1)) == .allowed && !AccessPolicy.decide(rotaOwner, .manageRota(2)).isAllowed)
        #expect(!AccessPolicy.decide(rotaOwner, .manageRotas).isAllowed && !AccessPolicy.decide(rotaOwner, .readAudit).isAllowed)
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
                #expect(why.hasPrefix(aspect == .writeBack ? "Only an admin may" : "Only an owner of this service or an admin may"))
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
