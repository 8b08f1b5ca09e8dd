import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldAPI

/// A service run by its team through the pages (issue 41): its owner, no
/// admin, keeps everything of it and nothing of another's; admins make
/// teams; each person sees their teams and roles.
@Suite("Web app: owners and teams")
struct WebOwnerTests {
    @Test(arguments: Backend.allCases)
    func anOwnerKeepsTheirServiceThroughThePagesAndNothingElse(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let cryo = try await app.createService(category: "Cryo")
            let rf = try await app.createService(category: "RF")
            let owner = try await app.createUser("olga")
            _ = try await app.createUser("vic")
            #expect(try await app.store.grantRole(.owner, of: cryo.id, to: .user(owner.id), at: Date()))
            let web = WebSession(app)
            _ = try await web.signIn("olga")
            let cryoPage = "/admin/services/\(cryo.id.wireString)"
            let rfPage = "/admin/services/\(rf.id.wireString)"

            let inbox = try await web.get("/inbox").text
            #expect(inbox.contains("href=\"/admin/services\""), "an owner's navigation leads to their services")
            #expect(!inbox.contains("href=\"/admin/users\"") && !inbox.contains("href=\"/admin/teams\""), "not to the admins' pages")
            let list = try await web.get("/admin/services")
            #expect(list.status == .ok && list.text.contains("Cryo") && !list.text.contains(">RF<"), "only their own services")
            #expect(!list.text.contains("New service"), "admins make services")

            let page = try await web.get(cryoPage)
            #expect(page.status == .ok && page.text.contains("Publish tokens") && page.text.contains("id=\"roles\""))
            #expect(!page.text.contains("\(cryoPage)/delete"), "no delete button for an owner")
            #expect(try await web.post(cryoPage, [("category", "Cryogenics"), ("owner", "cryo group"), ("color", "#1f9d55")]).status == .seeOther)
            #expect(try await app.store.service(id: cryo.id)?.category == "Cryogenics")
            #expect(try await web.post("\(cryoPage)/tokens", [("name", "alertmanager")]).status == .created)
            #expect(try await app.store.serviceTokens(serviceID: cryo.id).map(\.name) == ["alertmanager"])
            // Handing the service to the team: a responder by name, then taken back.
            #expect(try await web.post("\(cryoPage)/roles", [("role", "responder"), ("username", "vic"), ("team_id", "")]).status == .seeOther)
            let granted = try await web.get(cryoPage).text
            #expect(granted.contains("Revoke vic&#39;s responder role") || granted.contains("Revoke vic's responder role"))
            let vic = try #require(try await app.store.user(named: "vic"))
            #expect(try await app.store.roleGrants(serviceID: cryo.id).map(\.grantee).contains(.user(vic.id)))
            #expect(try await web.post("\(cryoPage)/roles/remove", [("role", "responder"), ("kind", "user"), ("id", "\(vic.id)")]).status == .seeOther)
            #expect(!(try await app.store.roleGrants(serviceID: cryo.id).map(\.grantee).contains(.user(vic.id))))

            // Nothing of another's, and no deletion of their own.
            for (path, fields) in [
                (rfPage, [("category", "Mine"), ("owner", ""), ("color", "#000000")]), ("\(rfPage)/tokens", [("name", "x")]),
                ("\(rfPage)/roles", [("role", "owner"), ("username", "olga")]), ("\(cryoPage)/delete", []), ("/admin/services", [("category", "New"), ("owner", ""), ("color", "#000000")]),
                ("/admin/teams", [("name", "Mine")]),
            ] {
                #expect(try await web.post(path, fields).status == .forbidden, "\(path)")
            }
            #expect(try await web.get(rfPage).status == .forbidden)
            #expect(try await web.get("/admin/users").status == .forbidden)
            #expect(try await app.store.service(id: rf.id)?.category == "RF")
            #expect(try await app.store.services().count == 2)
            #expect(try await app.store.roleGrants(serviceID: rf.id).isEmpty)

            // Their profile says what they hold.
            let profile = try await web.get("/profile").text
            #expect(profile.contains("Teams and roles") && profile.contains("Cryogenics") && profile.contains("owner, responder, publisher, viewer"))
        }
    }

    @Test(arguments: Backend.allCases)
    func anAdminMakesATeamAndItsMembersHoldItsRoles(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            try await app.createUser("root", admin: true)
            let ann = try await app.createUser("ann")
            let service = try await app.createService(category: "Vacuum")
            let web = WebSession(app)
            _ = try await web.signIn("root")
            #expect(try await web.post("/admin/teams", [("name", "  "), ("source", "manual")]).status == .unprocessableContent)
            let made = try await web.post("/admin/teams", [("name", "Vacuum experts"), ("source", "manual"), ("reference", "")])
            #expect(made.status == .seeOther)
            let team = try #require(try await app.store.teams().first)
            #expect(made.headers[.location] == "/admin/teams/\(team.id)?flash=created")
            #expect(try await web.post("/admin/teams", [("name", "Vacuum experts"), ("source", "manual")]).status == .conflict)
            #expect(try await web.post("/admin/teams/\(team.id)/members", [("username", "ann")]).status == .seeOther)
            #expect(try await web.post("/admin/teams/\(team.id)/members", [("username", "nobody")]).status == .unprocessableContent)
            #expect(try await web.get("/admin/teams/\(team.id)").text.contains("Take ann out of the team"))
            #expect(try await web.post("/admin/services/\(service.id.wireString)/roles", [("role", "owner"), ("username", ""), ("team_id", "\(team.id)")]).status == .seeOther)
            #expect(try await app.store.accessGrants(userID: ann.id).roles == [service.id: [.owner]])

            // The member keeps the service as the team's; taken out, at once not.
            let member = WebSession(app)
            _ = try await member.signIn("ann")
            #expect(try await member.get("/admin/services/\(service.id.wireString)").status == .ok)
            #expect(try await member.get("/profile").text.contains("Vacuum experts"))
            #expect(try await web.post("/admin/teams/\(team.id)/members/\(ann.id)/remove").status == .seeOther)
            #expect(try await member.get("/admin/services/\(service.id.wireString)").status == .forbidden)

            // A directory's team follows its source: no members by hand.
            let directory = try await web.post("/admin/teams", [("name", "RF"), ("source", "ldap"), ("reference", "cn=rf,ou=groups,dc=example,dc=org")])
            let rf = try #require(try await app.store.teams().first { $0.name == "RF" })
            #expect(directory.status == .seeOther)
            #expect(try await web.post("/admin/teams/\(rf.id)/members", [("username", "ann")]).status == .conflict)
            #expect(try await web.post("/admin/teams/\(rf.id)/delete").status == .seeOther)
            #expect(try await app.store.team(id: rf.id) == nil)
        }
    }
}
