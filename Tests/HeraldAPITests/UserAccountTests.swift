import Foundation
import HeraldCore
import HeraldTestSupport
import HeraldUseCases
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Accounts change under one set of rules and one audit line whichever way
/// in: the JSON API's `/users/{id}` and the admin pages here, `herald user`
/// in CommandLineTests (the same refusals, word for word).
@Suite("User accounts, every way in")
struct UserAccountTests {
    /// Before the use case, the page refused an admin's change to their own
    /// account and the API let the same admin demote or delete themselves.
    @Test(arguments: Backend.allCases)
    func noAdminLocksThemselvesOutThroughTheAPIOrThePages(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (root, token) = try await app.user("root", admin: true)
            let web = WebSession(app)
            #expect(try await web.signIn("root").status == .seeOther)

            for change in [["is_admin": false], ["is_active": false]] {
                let refused = try await app.request(.patch, "/api/v2/users/\(root.id)", token: token, json: change)
                #expect(refused.status == .conflict, "\(change)")
                #expect(try refused.json(["detail"]) as? String == "You cannot deactivate or demote your own account: ask another administrator")
            }
            for field in ["admin", "active"] {
                let refused = try await web.post("/admin/users/\(root.id)", [("field", field), ("value", "off")])
                #expect(refused.status == .conflict && refused.text.contains("You cannot deactivate or demote your own account"), "\(field)")
            }
            #expect(try await app.request(.delete, "/api/v2/users/\(root.id)", token: token).status == .conflict)
            #expect(try await web.post("/admin/users/\(root.id)/delete").status == .conflict)
            let kept = try #require(try await app.store.user(id: root.id))
            #expect(kept.isAdmin && kept.isActive)
            // What cannot lock anyone out stays allowed: saying yes to being an admin.
            #expect(try await app.request(.patch, "/api/v2/users/\(root.id)", token: token, json: ["is_admin": true]).status == .ok)
            #expect(try await web.post("/admin/users/\(root.id)", [("field", "admin"), ("value", "on")]).status == .seeOther)
        }
    }

    /// A deactivation ends the account's tokens and is logged with the
    /// admin's name, the same line from the API and the page; so are a
    /// deletion and a sign-out everywhere (the API logged only the id).
    @Test func theAPIAndThePagesWriteTheSameAuditLines() async throws {
        let logs = CapturedLogs()
        try await TestApp.run(.sqlite, logger: logs.logger) { app in
            let (_, token) = try await app.user("root", admin: true)
            let web = WebSession(app)
            #expect(try await web.signIn("root").status == .seeOther)
            let (ann, annToken) = try await app.user("ann")
            let (bob, bobToken) = try await app.user("bob")

            #expect(try await app.request(.patch, "/api/v2/users/\(ann.id)", token: token, json: ["is_active": false]).status == .ok)
            #expect(try await web.post("/admin/users/\(bob.id)", [("field", "active"), ("value", "off")]).status == .seeOther)
            for (name, userToken) in [("ann", annToken), ("bob", bobToken)] {
                #expect(try await app.store.user(named: name)?.isActive == false)
                _ = try await app.request(.patch, "/api/v2/users/\(name == "ann" ? ann.id : bob.id)", token: token, json: ["is_active": true])
                #expect(try await app.request(.get, "/api/v2/users/user/profile", token: userToken).status == .unauthorized, "\(name)'s old token stays dead")
            }

            #expect(try await app.request(.post, "/api/v2/users/\(ann.id)/logout-everywhere", token: token).status == .noContent)
            #expect(try await web.post("/admin/users/\(bob.id)/logout-everywhere").status == .seeOther)
            #expect(try await app.request(.delete, "/api/v2/users/\(ann.id)", token: token).status == .noContent)
            #expect(try await web.post("/admin/users/\(bob.id)/delete").status == .seeOther)
            #expect(try await app.request(.delete, "/api/v2/users/\(ann.id)", token: token).status == .notFound)

            for line in ["user updated", "user's tokens revoked", "user deleted"] {
                for name in ["ann", "bob"] {
                    let lines = logs.all.filter { $0.contains(line) && $0.contains("user=\(name)") }
                    #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("by=root") }, "\(line) for \(name): \(lines)")
                }
            }
        }
    }

    /// The page refuses a short password with the use case's own words,
    /// as `herald user add` does (CommandLineTests).
    @Test func aShortPasswordIsRefusedWithTheUseCasesReason() async throws {
        let reason = try #require(Self.refusal { () throws(UseCaseError) in try UserAccounts.check(password: "short") })
        try await TestApp.run(.sqlite) { app in
            _ = try await app.createUser("root", admin: true)
            let web = WebSession(app)
            #expect(try await web.signIn("root").status == .seeOther)
            let short = try await web.post("/admin/users", [("username", "carol"), ("password", "short")])
            #expect(short.status == .unprocessableContent && short.text.contains(reason), "\(short.text)")
            #expect(try await app.store.user(named: "carol") == nil)
        }
    }

    static func refusal(_ body: () throws(UseCaseError) -> Void) -> String? {
        do { try body() } catch { return error.description }
        return nil
    }
}
