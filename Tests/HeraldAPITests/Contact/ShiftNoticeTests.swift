import Foundation
import HeraldCore
import HeraldPublishing
import HeraldTestSupport
import HeraldUseCases
import HTTPTypes
import HummingbirdTesting
import Testing

/// A coming shift told to whom only a push reaches (issue 42): a day ahead,
/// in their inbox (which they may read: Herald's notice service is private)
/// and pushed to their phone, in their language; never to someone with a
/// verified number, nor to whoever is on call now; once per shift, however
/// many replicas sweep; and again after an admin deleted the notices.
@Suite("Contact: shift notices")
struct ShiftNoticeTests {
    @Test(arguments: Backend.allCases)
    func apersonOnlyAPushReachesIsToldOfTheirShiftOnceInTheirLanguage(_ backend: Backend) async throws {
        let configure: @Sendable (inout HeraldConfig) -> Void = { config in
            // The server's own sweep off: the test sweeps, as each replica would.
            config.shiftNoticeHours = 0
            config.delivery.runsInServer = false
        }
        try await TestApp.run(backend, configure: configure) { app in
            let (root, rootToken) = try await app.user("root", admin: true)
            let (ann, annToken) = try await app.user("ann")
            let (bob, bobToken) = try await app.user("bob")
            let (cy, cyToken) = try await app.user("cy")
            for person in [ann, bob, cy] { _ = try await app.store.registerDevice(userID: person.id, token: "phone-of-\(person.username)", platform: .apns, at: Date()) }
            // Bob's rule texts him at an escalation's call: he is not told. Cy has a verified
            // address no rule uses: only a push reaches her.
            let method = try #require(try await app.store.addContactMethod(userID: bob.id, kind: .sms, address: "+46700000009", at: Date()))
            let verified = try #require(try await app.store.verifyContactMethod(methodID: method.id, userID: bob.id, at: Date()))
            let own = [ContactRuleStep(methodID: method.id, delaySeconds: 60)]
            try await app.store.saveContactRules(
                userID: bob.id, ruleClass: .call, own: own,
                steps: ContactRules.effective(userID: bob.id, own: [.call: own], methods: [verified], defaults: ContactDefaults()), at: Date()
            )
            let unused = try #require(try await app.store.addContactMethod(userID: cy.id, kind: .email, address: "cy@example.org", at: Date()))
            _ = try await app.store.verifyContactMethod(methodID: unused.id, userID: cy.id, at: Date())
            try await app.store.setLanguage(.sv, of: cy.id, at: Date())
            // Turns of 8 hours from 2 hours ago: ann now, bob in 6 h, cy in 14 h, ann again in 22 h.
            let now = Date()
            let rota = try #require(
                try await app.store.createRota(
                    RotaDefinition(
                        name: "Control room", members: [ann.id, bob.id, cy.id], rotation: .hours(8), timeZone: TimeZone(identifier: "Europe/Stockholm")!,
                        start: now.addingTimeInterval(-7_200)
                    ),
                    feedSecretHash: "x", at: now
                )
            )
            let sweep = ShiftNotices(store: app.store, publisher: .forTests(app.store), clock: .system, leadHours: 24, defaultLanguage: .en, publicURL: "https://herald.example.org/")
            #expect(try await sweep.sweep(logger: TestDatabase.logger) == 1, "cy only: ann is on call now, bob's rule texts him")

            let inbox = { (token: String) async throws -> [[String: Any]] in
                try #require(try await app.request(.get, "/api/v2/users/user/notifications", token: token).json() as? [[String: Any]])
            }
            let told = try await inbox(cyToken)
            #expect(told.count == 1)
            let title = try #require(told.first?["title"] as? String)
            #expect(title.hasPrefix("Ditt jourpass i Control room börjar") && title.contains("(Europe/Stockholm)"), "\(title)")
            #expect((told.first?["subtitle"] as? String)?.contains("bara nå dig med push") == true)
            #expect(told.first?["url"] as? String == "https://herald.example.org/profile/contact")
            #expect(try await inbox(annToken).isEmpty)
            #expect(try await inbox(bobToken).isEmpty)

            // Pushed to cy's phone only.
            let id = try #require(told.first?["id"] as? Int)
            let report = try await app.store.deliveryReport(notificationID: NotificationID(id))
            #expect(report.map(\.userID) == [cy.id] && report.map(\.platform) == [.apns])

            // Swept again, and by another replica: nobody is told twice.
            #expect(try await sweep.sweep(logger: TestDatabase.logger) == 0)
            let replica = ShiftNotices(store: app.store, publisher: .forTests(app.store), clock: .system, leadHours: 24, defaultLanguage: .en, publicURL: nil)
            #expect(try await replica.sweep(logger: TestDatabase.logger) == 0)
            #expect(try await inbox(cyToken).count == 1)

            // Herald's own service: private, cy its viewer, made and granted by "herald" in the audit log.
            let services = try await app.store.services().filter { $0.category == "Herald" }
            let notices = try #require(services.first)
            #expect(services.count == 1 && notices.isPrivate)
            #expect(try await app.store.roleGrants(serviceID: notices.id).map(\.grantee) == [.user(cy.id)])
            let audit = try await app.store.auditEntries(AuditQuery(serviceID: notices.id, limit: 10))
            #expect(audit.map(\.record.action).sorted { $0.rawValue < $1.rawValue } == [.roleGranted, .serviceCreated], "once each")
            #expect(audit.allSatisfy { $0.record.actorName == "herald" })

            // An admin deletes the service: the next replica's sweep makes it again (same id) and tells cy again.
            #expect(try await app.request(.delete, "/api/v2/services/\(notices.id)", token: rootToken).status.code < 300)
            #expect(try await inbox(cyToken).isEmpty)
            let later = ShiftNotices(store: app.store, publisher: .forTests(app.store), clock: .system, leadHours: 24, defaultLanguage: .en, publicURL: nil)
            #expect(try await later.sweep(logger: TestDatabase.logger) == 1)
            #expect(try await app.store.services().filter { $0.category == "Herald" }.map(\.id) == [notices.id])
            #expect(try await inbox(cyToken).first?["url"] as? String == "", "no PUBLIC_URL: no link")

            // A sender cannot post into Herald's notice service (a key there would hide or rewrite a notice).
            let posted = try await app.request(.post, "/api/v2/services/\(notices.id)/notifications", json: ["title": "Phish", "key": "x"])
            #expect(posted.status == .forbidden && posted.detail?.contains("takes pages only") == true, "\(posted.text)")
            // The store keeps one notice per key, however many ask: nothing is linked or pushed twice.
            let again = NotificationDraft(title: "twice", key: "shift-notice:test")
            #expect(try await app.store.notify(again, to: [cy.id], on: notices.id, at: Date()) != nil)
            #expect(try await app.store.notify(again, to: [cy.id, ann.id], on: notices.id, at: Date()) == nil)
            let twice = try #require(try await app.store.notification(serviceID: notices.id, key: "shift-notice:test"))
            #expect(try await app.store.deliveryReport(notificationID: twice.id).map(\.userID) == [cy.id])
            #expect(try await app.store.inboxItems(notificationID: twice.id, userIDs: [cy.id, ann.id]).keys.sorted() == [cy.id])

            // Bob's number removed: he is told of his shift in 6 h, in English (his own choice is none).
            #expect(try await app.store.removeContactMethod(methodID: method.id, userID: bob.id))
            #expect(try await later.sweep(logger: TestDatabase.logger) == 1)
            #expect((try await inbox(bobToken).first?["title"] as? String)?.hasPrefix("Your on-call shift on Control room starts") == true)
            _ = (root, rota)
        }
    }

    @Test(arguments: Backend.allCases)
    func withTheNoticeHoursAtZeroNobodyIsTold(_ backend: Backend) async throws {
        try await TestApp.run(backend, configure: { $0.shiftNoticeHours = 0 }) { app in
            let ann = try await app.createUser("ann")
            let bob = try await app.createUser("bob")
            _ = try await app.store.createRota(
                RotaDefinition(name: "Night", members: [ann.id, bob.id], rotation: .hours(4), timeZone: TimeZone(identifier: "UTC")!, start: Date()),
                feedSecretHash: "x", at: Date()
            )
            let sweep = ShiftNotices(store: app.store, publisher: .forTests(app.store), clock: .system, leadHours: 0, defaultLanguage: .en, publicURL: nil)
            #expect(try await sweep.sweep(logger: TestDatabase.logger) == 0)
            #expect(try await app.store.services().isEmpty, "no notice service made")
            // The same rota with a day's lead tells bob.
            let told = ShiftNotices(store: app.store, publisher: .forTests(app.store), clock: .system, leadHours: 24, defaultLanguage: .en, publicURL: nil)
            #expect(try await told.sweep(logger: TestDatabase.logger) == 1)
        }
    }
}
