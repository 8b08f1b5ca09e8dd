import Foundation
import HTTPTypes
import HeraldCore
import HeraldPublishing
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldAPI

/// Every admin task done through the pages, as an admin without curl would.
@Suite("Web app: administration")
struct WebAdminTests {
    @Test(arguments: Backend.allCases)
    func anAdminCreatesEditsAndDeletesAServiceWithItsTokens(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            try await app.createUser("root", admin: true)
            let web = WebSession(app)
            _ = try await web.signIn("root")
            let bad = try await web.post("/admin/services", [("category", "  "), ("owner", "ops"), ("color", "#12345")])
            #expect(bad.status == .unprocessableContent && bad.text.contains("Name:"))
            #expect(try await app.store.services().isEmpty)
            let created = try await web.post("/admin/services", [("category", "Cryo plant"), ("owner", "cryo team"), ("color", "#1F9D55")])
            #expect(created.status == .seeOther)
            let service = try #require(try await app.store.services().first)
            #expect(service.category == "Cryo plant" && service.owner == "cryo team" && service.color == "1f9d55")
            #expect(created.headers[.location] == "/admin/services/\(service.id.wireString)?flash=created")
            #expect(try await web.get("/admin/services").text.contains("Cryo plant"))

            let edited = try await web.post("/admin/services/\(service.id.wireString)", [("category", "Cryogenics"), ("owner", "cryo"), ("color", "#2456d6")])
            #expect(edited.status == .seeOther)
            #expect(try await app.store.service(id: service.id)?.category == "Cryogenics")

            let tokenPage = try await web.post("/admin/services/\(service.id.wireString)/tokens", [("name", "alertmanager")])
            #expect(tokenPage.status == .created)
            let secret = try #require(tokenPage.text.firstMatch(of: /hrld_[0-9a-f]+/)).0
            #expect(try await app.store.useServiceToken(serviceID: service.id, tokenHash: ServiceToken.hash(String(secret)), at: Date()))
            let detail = try await web.get("/admin/services/\(service.id.wireString)")
            #expect(detail.text.contains("alertmanager") && !detail.text.contains(String(secret)), "a token is shown once")
            let token = try #require(try await app.store.serviceTokens(serviceID: service.id).first)
            let revoked = try await web.post("/admin/services/\(service.id.wireString)/tokens/\(token.id)/revoke")
            #expect(revoked.status == .seeOther)
            #expect(try await app.store.serviceTokens(serviceID: service.id).isEmpty)

            let badTemplates = try await web.post(
                "/admin/services/\(service.id.wireString)/templates", [("title", "{{#unclosed}}"), ("subtitle", ""), ("url", ""), ("severity", ""), ("action", "save")]
            )
            #expect(badTemplates.status == .unprocessableContent && badTemplates.text.contains("title: Template does not parse"))
            #expect(try await app.store.serviceTemplates(serviceID: service.id) == nil)
            let templates = try await web.post(
                "/admin/services/\(service.id.wireString)/templates",
                [("title", "{{alert}} on {{host}}"), ("subtitle", ""), ("url", "https://ess.eu/{{host}}"), ("severity", "{{level}}"), ("action", "save")]
            )
            #expect(templates.status == .seeOther)
            #expect(try await app.store.serviceTemplates(serviceID: service.id) == NotificationTemplates(title: "{{alert}} on {{host}}", url: "https://ess.eu/{{host}}", severity: "{{level}}"))
            #expect(try await web.get("/admin/services/\(service.id.wireString)").text.contains("value=\"{{alert}} on {{host}}\""))
            _ = try await web.post("/admin/services/\(service.id.wireString)/templates", [("action", "remove")])
            #expect(try await app.store.serviceTemplates(serviceID: service.id) == nil)

            // Issue 25: the service's own urgencies, through the same use case as the API.
            let page = try await web.get("/admin/services/\(service.id.wireString)")
            #expect(page.text.contains("name=\"urgency.critical\"") && page.text.contains("as the site"))
            let badAlerting = try await web.post("/admin/services/\(service.id.wireString)/alerting", [("urgency.info", "deafening"), ("urgency.ok", "active")])
            #expect(badAlerting.status == .unprocessableContent && badAlerting.text.contains("is not an urgency"))
            #expect(try await app.store.serviceAlerting(serviceID: service.id) == nil, "nothing stored from a refused form")
            let alerting = try await web.post(
                "/admin/services/\(service.id.wireString)/alerting", [("urgency.info", "active"), ("urgency.warning", ""), ("urgency.critical", "time-sensitive")]
            )
            #expect(alerting.status == .seeOther)
            #expect(try await app.store.serviceAlerting(serviceID: service.id) == ServiceAlerting(urgency: [.info: .active, .critical: .timeSensitive]))
            #expect(try await web.get("/admin/services/\(service.id.wireString)").text.contains("<option value=\"time-sensitive\" selected>"))
            // How resolutions alert: a choice of two, anything else refused.
            #expect(try await web.post("/admin/services/\(service.id.wireString)/alerting", [("resolutions", "loudly")]).status == .unprocessableContent)
            #expect(try await web.post("/admin/services/\(service.id.wireString)/alerting", [("resolutions", "alert")]).status == .seeOther)
            #expect(try await app.store.serviceAlerting(serviceID: service.id) == ServiceAlerting(resolutions: .alert))
            #expect(try await web.get("/admin/services/\(service.id.wireString)").text.contains("<option value=\"alert\" selected>"))
            _ = try await web.post("/admin/services/\(service.id.wireString)/alerting", [("action", "reset")])
            #expect(try await app.store.serviceAlerting(serviceID: service.id) == nil)
            // Not without the form's CSRF token, and not for a user who is not an admin.
            let forged = try await web.post("/admin/services/\(service.id.wireString)/alerting", [("urgency.info", "critical")], csrf: false)
            #expect(forged.status == .forbidden)
            _ = try await app.createUser("ann")
            let ann = WebSession(app)
            _ = try await ann.signIn("ann")
            let notAdmin = try await ann.post("/admin/services/\(service.id.wireString)/alerting", [("urgency.info", "critical")])
            #expect(notAdmin.status == .forbidden)
            #expect(try await app.store.serviceAlerting(serviceID: service.id) == nil)

            // Where acknowledgements go: the API's rules, the outbound policy included.
            let writeBackPath = "/admin/services/\(service.id.wireString)/write-back"
            let inside = try await web.post(writeBackPath, [("target", "alertmanager"), ("url", "http://10.9.8.7:9093"), ("silence_minutes", "60")])
            #expect(inside.status == .unprocessableContent && inside.text.contains("Herald does not ask this address"))
            let typo = try await web.post(writeBackPath, [("target", "alertmanager"), ("url", "https://am.example.org"), ("silence_minutes", "soon")])
            #expect(typo.status == .unprocessableContent)
            #expect(try await app.store.serviceWriteBack(serviceID: service.id) == nil, "nothing stored from a refused form")
            // Open receivers and no token: the page says what to set up first (issue 39).
            let open = try await web.post(writeBackPath, [("target", "alertmanager"), ("url", "https://am.example.org/"), ("silence_minutes", "90")])
            #expect(open.status == .conflict && open.text.contains("publish token"), "\(open.text.prefix(300))")
            #expect(try await app.store.serviceWriteBack(serviceID: service.id) == nil)
            _ = try await app.store.createServiceToken(serviceID: service.id, name: "am", tokenHash: ServiceToken.hash("am-secret"), at: Date())
            let saved = try await web.post(writeBackPath, [("target", "alertmanager"), ("url", "https://am.example.org/"), ("silence_minutes", "90")])
            #expect(saved.status == .seeOther)
            #expect(try await app.store.serviceWriteBack(serviceID: service.id) == .alertmanager(url: "https://am.example.org", silenceMinutes: 90))
            let shown = try await web.get("/admin/services/\(service.id.wireString)").text
            #expect(shown.contains("<option value=\"alertmanager\" selected>") && shown.contains("value=\"https://am.example.org\""))
            #expect(try await ann.post(writeBackPath, [("target", "none")]).status == .forbidden)
            #expect(try await app.store.serviceWriteBack(serviceID: service.id) != nil, "not removed by a user who is not an admin")
            #expect(try await web.post(writeBackPath, [("target", "none")]).status == .seeOther)
            #expect(try await app.store.serviceWriteBack(serviceID: service.id) == nil)

            let confirm = try await web.get("/admin/services/\(service.id.wireString)/delete")
            #expect(confirm.status == .ok && confirm.text.contains("Delete “Cryogenics”?"))
            #expect(try await app.store.service(id: service.id) != nil, "asking is not deleting")
            let deleted = try await web.post("/admin/services/\(service.id.wireString)/delete")
            #expect(deleted.status == .seeOther && deleted.headers[.location] == "/admin/services?flash=deleted")
            #expect(try await app.store.service(id: service.id) == nil)
            #expect(try await web.get("/admin/services/\(service.id.wireString)").status == .notFound)
        }
    }

    @Test(arguments: Backend.allCases)
    func anAdminManagesUsersButNotTheirOwnAccount(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let root = try await app.createUser("root", admin: true)
            let ann = try await app.createUser("ann")
            let bob = try await app.createUser("bob")
            let annWeb = WebSession(app)
            _ = try await annWeb.signIn("ann")
            let web = WebSession(app)
            _ = try await web.signIn("root")
            let list = try await web.get("/admin/users")
            #expect(list.text.contains("ann") && list.text.contains("bob"))

            _ = try await web.post("/admin/users/\(ann.id)", [("field", "admin"), ("value", "off"), ("value", "on")])
            #expect(try await app.store.user(id: ann.id)?.isAdmin == true)
            let off = try await web.post("/admin/users/\(ann.id)", [("field", "active"), ("value", "off")], headers: [.accept: "application/json"])
            #expect(off.status == .noContent)
            #expect(try await app.store.user(id: ann.id)?.isActive == false)
            #expect(try await annWeb.get("/inbox").status == .seeOther, "a deactivated user's session ends")

            let bobWeb = WebSession(app)
            _ = try await bobWeb.signIn("bob")
            let signedOut = try await web.post("/admin/users/\(bob.id)/logout-everywhere")
            #expect(signedOut.status == .seeOther && signedOut.headers[.location] == "/admin/users?flash=signed-out-user")
            #expect(try await bobWeb.get("/inbox").status == .seeOther, "bob's session ended")

            let mine = try await web.post("/admin/users/\(root.id)", [("field", "admin"), ("value", "off")])
            #expect(mine.status == .conflict)
            #expect(try await app.store.user(id: root.id)?.isAdmin == true)

            let short = try await web.post("/admin/users", [("username", "carol"), ("password", "short")])
            #expect(short.status == .unprocessableContent && short.text.contains("at least 8 characters") && short.text.contains("value=\"carol\""))
            let taken = try await web.post("/admin/users", [("username", "Ann"), ("password", "long enough password")])
            #expect(taken.status == .conflict && taken.text.contains("already a user ann"))
            let made = try await web.post("/admin/users", [("username", " Carol "), ("password", "long enough password"), ("admin", "on")])
            #expect(made.status == .seeOther && made.headers[.location] == "/admin/users?flash=created")
            #expect(try await app.store.user(named: "carol")?.isAdmin == true)
            #expect(try await WebSession(app).signIn("carol", password: "long enough password").headers[.location] == "/inbox")

            #expect(try await web.get("/admin/users/\(bob.id)/delete").text.contains("Delete bob?"))
            _ = try await web.post("/admin/users/\(bob.id)/delete")
            #expect(try await app.store.user(id: bob.id) == nil)
        }
    }

    @Test func usersWhoAreNotAdminsSeeNoAdminPages() async throws {
        try await TestApp.run(.sqlite) { app in
            _ = try await app.createUser("ann")
            let service = try await app.createService()
            let web = WebSession(app)
            _ = try await web.signIn("ann")
            #expect(try await !web.get("/inbox").text.contains("/admin/services"))
            for (page, reason) in [
                ("/admin/services", "enough privileges"), ("/admin/users", "enough privileges"),
                ("/admin/services/\(service.id.wireString)", "Only an owner of this service or an admin may change its settings"),
            ] {
                let response = try await web.get(page)
                #expect(response.status == .forbidden && response.text.contains(reason), "\(page)")
            }
            let create = try await web.post("/admin/services", [("category", "Mine"), ("owner", ""), ("color", "#000000")])
            #expect(create.status == .forbidden)
            #expect(try await app.store.services().count == 1)
        }
    }

    @Test(arguments: Backend.allCases)
    func theDeliveryReportCountsOutcomesAndDrawsThemPerMinute(_ backend: Backend) async throws {
        // No worker: the test records the outcomes itself.
        try await TestApp.run(backend, configure: { $0.delivery.runsInServer = false }) { app in
            try await app.createUser("root", admin: true)
            let service = try await app.createService(category: "Alarms")
            for index in 0..<4 {
                let user = try await app.createUser("u\(index)")
                try await app.store.recordLogin(userID: user.id, expiresAt: Date().addingTimeInterval(3600))
                _ = try await app.store.registerDevice(userID: user.id, token: String(format: "%064x", index + 1), platform: .apns, at: Date())
                try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            }
            let notification = try await Publisher.forTests(app.store).publish(NotificationDraft(title: "Beam lost"), to: service.id, from: .api)
            let claimed = try await app.store.claimDeliveries(limit: 10, now: Date(), leaseUntil: Date().addingTimeInterval(60))
            #expect(claimed.count == 4)
            let outcomes: [DeliveryOutcome] = [.sent, .sent, .failed(reason: "BadTopic", cause: .refused), .dropped(reason: "Unregistered")]
            try await app.store.recordDeliveries(zip(claimed, outcomes).map { DeliveryResult(delivery: $0, outcome: $1) }, at: Date())

            let web = WebSession(app)
            _ = try await web.signIn("root")
            let service_ = try await web.get("/admin/services/\(service.id.wireString)")
            #expect(service_.text.contains("/admin/services/\(service.id.wireString)/notifications/\(notification.id)"))
            let report = try await web.get("/admin/services/\(service.id.wireString)/notifications/\(notification.id)")
            #expect(report.status == .ok)
            let text = report.text
            #expect(text.contains("<b>2</b><span class=\"muted small\">sent</span>") && text.contains("<b>1</b><span class=\"muted small\">failed</span>"))
            #expect(text.contains("<svg class=\"chart\"") && text.contains("aria-label=\"4 pushes over 10 minutes, at most 4 a minute\""))
            #expect(text.contains("fill=\"#dc2626\"") && text.contains("BadTopic"))
            #expect(!text.contains(String(format: "%064x", 1)), "tokens show only their last characters")
            // What happened to it: readers, and who took it (the acknowledgement's withdrawals marked).
            #expect(text.contains("<b>0</b> of <b>4</b> recipients read it") && text.contains("Nobody has acknowledged it."))
            let reader = try #require(try await app.store.users().first { $0.username == "u0" })
            try await app.store.updateInbox(userID: reader.id, [notification.id: .read])
            _ = try await app.store.acknowledge(
                notificationID: notification.id, by: reader, comment: "on it", effects: AcknowledgementEffects(withdrawOn: [.apns]), at: Date()
            )
            let after = try await web.get("/admin/services/\(service.id.wireString)/notifications/\(notification.id)").text
            #expect(after.contains("<b>1</b> of <b>4</b> recipients read it") && after.contains("aria-label=\"1 of 4 read\""))
            #expect(after.contains("Acknowledged by <b>u0</b>") && after.contains("“on it”"))
            #expect(after.components(separatedBy: "(withdrawal)").count - 1 == 3, "the devices still registered get a withdrawal")
            let wrongService = try await web.get("/admin/services/\(UUID().uuidString)/notifications/\(notification.id)")
            #expect(wrongService.status == .notFound)
        }
    }
}

@Suite("Web app: the delivery chart")
struct DeliveryChartTests {
    @Test func outcomesAreCountedPerMinuteAndOlderOnesJoinTheFirstMinute() {
        let base = Date(timeIntervalSince1970: 1_800_000_000)  // a whole minute
        let events: [(at: Date, state: DeliveryState)] = [
            (base, .sent), (base.addingTimeInterval(30), .failed), (base.addingTimeInterval(61), .sent),
            (base.addingTimeInterval(-6 * 3600), .sent),  // hours before: kept, in the first minute
        ]
        let chart = DeliveryChart(events)
        #expect(chart.minutes == DeliveryChart.maxMinutes)
        #expect(chart.buckets[base] == [.sent: 1, .failed: 1])
        #expect(chart.buckets[base.addingTimeInterval(60)] == [.sent: 1])
        #expect(chart.buckets[chart.firstMinute] == [.sent: 1])
        #expect(chart.buckets.values.flatMap(\.values).reduce(0, +) == 4)
        let svg = chart.svg()
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>") && svg.contains("1 sent, 1 failed"))
    }

    @Test func theAxisTopIsARoundNumber() {
        #expect([1, 2, 3, 7, 10, 11, 480, 5001].map(DeliveryChart.niceCeiling) == [1, 2, 5, 10, 10, 20, 500, 10_000])
    }

    @Test func anAdminAddsAFeedSeesItsStateAndRemovesIt() async throws {
        try await TestApp.run(.sqlite) { app in
            try await app.createUser("root", admin: true)
            let service = try await app.createService(category: "Earthquakes")
            let web = WebSession(app)
            _ = try await web.signIn("root")
            let page = "/admin/services/\(service.id.wireString)"
            #expect(try await web.get(page).text.contains("No feeds."))
            let bad = try await web.post("\(page)/feeds", [("url", "https://example.org/q.geojson"), ("interval", "60"), ("filter", "mag >=")])
            #expect(bad.status == .unprocessableContent && bad.text.contains("filter: Expected a value"))
            let added = try await web.post("\(page)/feeds", [("url", "https://example.org/q.geojson"), ("interval", "60"), ("filter", "mag>=4.5"), ("lifetime", "24")])
            #expect(added.status == .seeOther)
            let feed = try #require(try await app.store.feeds(serviceID: service.id).first)
            #expect(feed.draft.filter == "mag >= 4.5" && feed.draft.intervalSeconds == 60 && feed.draft.lifetimeSeconds == 86_400)
            try await app.store.recordPoll(feedID: feed.id, FeedPollResult(etag: nil, lastModified: nil, error: "the feed answered 503", published: 0), at: Date(), nextPollAt: Date())
            let shown = try await web.get(page).text
            #expect(shown.contains("https://example.org/q.geojson") && shown.contains("<code>mag &gt;= 4.5</code>") && shown.contains("the feed answered 503"))
            #expect(try await web.post("\(page)/feeds/\(feed.id)/remove").status == .seeOther)
            #expect(try await app.store.feeds(serviceID: service.id).isEmpty)
        }
    }
    @Test func anAdminSeesAndCancelsScheduledNotificationsAndManagesRecurringOnes() async throws {
        try await TestApp.run(.sqlite) { app in
            try await app.createUser("root", admin: true)
            let service = try await app.createService(category: "Reminders")
            let web = WebSession(app)
            _ = try await web.signIn("root")
            let page = "/admin/services/\(service.id.wireString)"
            let empty = try await web.get(page).text
            #expect(empty.contains("Nothing waiting.") && empty.contains("No recurring notifications."))
            let later = Date().addingTimeInterval(3600)
            let held = try #require(try await app.store.schedule(NotificationDraft(title: "Beam off at noon", key: "beam-off"), serviceID: service.id, deliverAt: later, at: Date()))
            let stored = try #require(try await app.store.scheduled(serviceID: service.id).first)
            let shown = try await web.get(page).text
            #expect(shown.contains("Beam off at noon") && shown.contains("<code>beam-off</code>") && shown.contains(Timestamp.wireString(stored.deliverAt)))
            #expect(try await web.post("\(page)/scheduled/\(held.id)/cancel").status == .seeOther)
            #expect(try await app.store.scheduled(serviceID: service.id).isEmpty)
            #expect(try await web.post("\(page)/scheduled/\(held.id)/cancel").status == .notFound)

            let bad = try await web.post("\(page)/recurring", [("cron", "0 25 * * *"), ("time_zone", "Mars/Olympus"), ("title", "")])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("time_zone:") && bad.text.contains("title:"))
            let added = try await web.post("\(page)/recurring", [("cron", "0 8 * * 1-5"), ("time_zone", "Europe/Stockholm"), ("title", "Morning check"), ("subtitle", ""), ("url", "")])
            #expect(added.status == .seeOther)
            let recurring = try #require(try await app.store.recurring(serviceID: service.id).first)
            #expect(recurring.cron == "0 8 * * 1-5" && recurring.timeZone == "Europe/Stockholm" && recurring.draft.title == "Morning check")
            let next = try #require(recurring.nextRunAt)
            let listed = try await web.get(page).text
            #expect(listed.contains("<code>0 8 * * 1-5</code>") && listed.contains("Europe/Stockholm") && listed.contains(Timestamp.wireString(next)))
            #expect(try await web.post("\(page)/recurring/\(recurring.id)/remove").status == .seeOther)
            #expect(try await app.store.recurring(serviceID: service.id).isEmpty)
        }
    }
}
