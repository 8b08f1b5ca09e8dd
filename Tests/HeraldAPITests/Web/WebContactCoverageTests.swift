import Foundation
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// What admins see of people's contact methods (issue 42): on a rota's
/// page, the members reached only by push (its managers only); on a
/// person's sign-in page, their methods as hints, never the whole number.
@Suite("Web app: contact coverage")
struct WebContactCoverageTests {
    @Test(arguments: Backend.allCases)
    func adminsSeeWhoIsReachedOnlyByPushAndMethodsAsHints(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            _ = try await app.createUser("root", admin: true)
            let ann = try await app.createUser("ann")
            let bo = try await app.createUser("bo")
            let method = try #require(try await app.store.addContactMethod(userID: ann.id, kind: .sms, address: "+46701234567", at: Date()))
            let verified = try #require(try await app.store.verifyContactMethod(methodID: method.id, userID: ann.id, at: Date()))
            // Ann's rule texts her for an escalation's call; bo has a verified address no rule uses: only a push reaches him.
            let own = [ContactRuleStep(methodID: method.id, delaySeconds: 60)]
            try await app.store.saveContactRules(
                userID: ann.id, ruleClass: .call, own: own,
                steps: ContactRules.effective(userID: ann.id, own: [.call: own], methods: [verified], defaults: ContactDefaults()), at: Date()
            )
            let boAddress = try #require(try await app.store.addContactMethod(userID: bo.id, kind: .email, address: "bo@example.org", at: Date()))
            _ = try await app.store.verifyContactMethod(methodID: boAddress.id, userID: bo.id, at: Date())
            let admin = WebSession(app)
            _ = try await admin.signIn("root")
            let started = ISO8601DateFormatter.string(from: Date().addingTimeInterval(-86_400), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
            let made = try await admin.post(
                "/oncall/rotas",
                [("name", "Night"), ("members", "ann, bo"), ("rotation_length", "1"), ("rotation_unit", "days"), ("starts_on", started), ("hand_off", "08:00"), ("time_zone", "UTC")]
            )
            let location = try #require(made.headers[.location])
            let page = try await admin.get(location).text
            let flagged = try #require(page.range(of: "data-push-only").map { String(page[$0.lowerBound...].prefix(300)) })
            #expect(flagged.contains("<strong>bo</strong>") && !flagged.contains("ann"), "\(flagged)")
            #expect(flagged.contains("Herald tells each of them before their shift"), "SHIFT_NOTICE_HOURS is 24: \(flagged)")
            // A member who manages nothing sees no such line.
            let boSession = WebSession(app)
            _ = try await boSession.signIn("bo")
            #expect(try await !boSession.get(location).text.contains("data-push-only"))

            let links = try await admin.get("/admin/users/\(ann.id)/links").text
            #expect(links.contains("sms <code>…567</code>") && links.contains("verified"), "\(links)")
            #expect(!links.contains("+46701234567"), "the whole number is not shown")
        }
    }

    /// With SHIFT_NOTICE_HOURS=0 nobody is told, and the rota's page does not say they are.
    @Test func thePageSaysTheyAreToldOnlyWhenTheyAre() async throws {
        try await TestApp.run(.sqlite, configure: { $0.shiftNoticeHours = 0 }) { app in
            _ = try await app.createUser("root", admin: true)
            let bo = try await app.createUser("bo")
            let rota = try #require(
                try await app.store.createRota(
                    RotaDefinition(name: "Night", members: [bo.id], rotation: .days(1), timeZone: TimeZone(identifier: "UTC")!, start: Date()), feedSecretHash: "x", at: Date()
                )
            )
            let admin = WebSession(app)
            _ = try await admin.signIn("root")
            let page = try await admin.get("/oncall/rotas/\(rota.id)").text
            #expect(page.contains("data-push-only") && page.contains("<strong>bo</strong>"))
            #expect(!page.contains("Herald tells each of them"))
        }
    }
}
