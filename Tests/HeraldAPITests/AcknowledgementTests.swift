import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// "I have it": a recipient acknowledges, the first one wins, everyone who
/// received it sees who (inbox, stream, web inbox), and only its author or
/// an admin withdraws it. Each abuse tried: someone who never received it,
/// the demo account, another recipient withdrawing, hostile comments, a
/// flood of acknowledgements.
@Suite("Shared acknowledgement")
struct AcknowledgementTests {
    static func path(_ id: Int) -> String { "/api/v2/users/user/notifications/\(id)/acknowledge" }

    @Test(arguments: Backend.allCases)
    func theFirstRecipientWinsEveryoneSeesItAndOnlyItsAuthorOrAnAdminWithdrawsIt(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (alice, aliceToken) = try await app.user("alice")
            let (bob, bobToken) = try await app.user("bob")
            let (_, carolToken) = try await app.user("carol")
            let (_, adminToken) = try await app.user("root", admin: true)
            for user in [alice, bob] { try await app.store.setSubscriptions(userID: user.id, [service.id: true]) }
            let posted = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Cryo pressure high"])
            let id = try #require(try posted.json(["id"]) as? Int)

            // Refused, nothing stored: a non-recipient, an unknown id, hostile or long comments.
            #expect(try await app.request(.post, Self.path(id), token: carolToken).status == .notFound, "carol never received it")
            #expect(try await app.request(.post, Self.path(987_654), token: aliceToken).status == .notFound)
            let long = try await app.request(.post, Self.path(id), token: aliceToken, json: ["comment": String(repeating: "x", count: 1_001)])
            #expect(long.status == .unprocessableContent)
            #expect((try long.json(["detail"]) as? [[String: Any]])?.first?["loc"] as? [String] == ["body", "comment"])
            #expect(try await app.request(.post, Self.path(id), token: aliceToken, json: ["comment": "on it\u{0}"]).status == .unprocessableContent)
            #expect(try await app.request(.post, Self.path(id), token: aliceToken, json: ["comment": 5]).status == .unprocessableContent)
            #expect(try await app.store.acknowledgements(of: [Int64(id)]).isEmpty)

            let first = try await app.request(.post, Self.path(id), token: aliceToken, json: ["comment": "  on my way  "])
            #expect(first.status == .created)
            #expect(try first.json(["acknowledged_by"]) as? String == "alice" && first.json(["comment"]) as? String == "on my way")
            let second = try await app.request(.post, Self.path(id), token: bobToken)
            #expect(second.status == .ok, "the first one wins")
            #expect(try second.json(["acknowledged_by"]) as? String == "alice")

            // Bob's inbox shows who took it, in both API versions' items.
            for version in ["v1", "v2"] {
                let inbox = try #require(try await app.request(.get, "/api/\(version)/users/user/notifications", token: bobToken).json() as? [[String: Any]])
                let item = try #require(inbox.first { $0["id"] as? Int == id })
                #expect(item["state"] as? String == "acknowledged" && item["acknowledged_by"] as? String == "alice", "\(version)")
                #expect(item["acknowledgement_comment"] as? String == "on my way" && item["acknowledged_at"] is String)
            }

            // Bob may not withdraw Alice's; an admin may; then it is open again.
            #expect(try await app.request(.delete, Self.path(id), token: bobToken).status == .forbidden)
            #expect(try await app.request(.delete, Self.path(id), token: carolToken).status == .notFound, "nothing to learn for a non-recipient")
            #expect(try await app.request(.delete, Self.path(id), token: adminToken).status == .noContent)
            #expect(try await app.request(.delete, Self.path(id), token: aliceToken).status == .notFound, "nothing left to withdraw")
            let reopened = try #require(try await app.request(.get, "/api/v2/users/user/notifications", token: bobToken).json() as? [[String: Any]])
            #expect(reopened.first { $0["id"] as? Int == id }?["state"] == nil && reopened.first?["acknowledged_by"] == nil)
            // Bob takes it now; he withdraws his own.
            #expect(try await app.request(.post, Self.path(id), token: bobToken, json: [String: String]()).status == .created)
            #expect(try await app.request(.delete, Self.path(id), token: bobToken).status == .noContent)

            // Counted once per acknowledgement made, with how long it took.
            let metrics = try await app.request(.get, "/metrics").text
            #expect(metrics.contains("herald_acknowledgements_total 2") && metrics.contains("herald_acknowledgements_withdrawn_total 2"), "\(metrics.count)")
            #expect(metrics.contains("herald_time_to_acknowledge_seconds_count 2"))
        }
    }

    /// The demo account (shared with app reviewers) takes no alarm, and
    /// acknowledging draws on the user's change budget.
    @Test func theDemoAccountCannotAndAFloodIsBraked() async throws {
        try await TestApp.run(.sqlite, configure: {
            $0.auth.demo = DemoAccount(password: "review-2026", service: "Demo")
            $0.limits.userChangesPerMinute = 3
        }, clock: UserWriteLimitTests.creepingClock()) { app in
            let demoService = try await app.createService(category: "Demo")
            let login = try await SignInMethodsTests.login(app, "demo", "review-2026")
            let demoToken = try #require(try login.json(["access_token"]) as? String)
            let demo = try #require(try await app.store.user(named: "demo"))
            try await app.store.setSubscriptions(userID: demo.id, [demoService.id: true])
            let (mallory, malloryToken) = try await app.user("mallory")
            try await app.store.setSubscriptions(userID: mallory.id, [demoService.id: true])
            var ids: [Int] = []
            for index in 0..<5 {
                let posted = try await app.request(.post, "/api/v2/services/\(demoService.id.uuidString)/notifications", json: ["title": "n\(index)"])
                ids.append(try #require(try posted.json(["id"]) as? Int))
            }
            #expect(try await app.request(.post, Self.path(ids[0]), token: demoToken).status == .forbidden)
            let statuses = try await ids.asyncMap { try await app.request(.post, Self.path($0), token: malloryToken).status }
            #expect(statuses == [.created, .created, .created, .tooManyRequests, .tooManyRequests], "\(statuses)")
            #expect(try await app.store.acknowledgements(of: ids.map(Int64.init)).count == 3)
        }
    }

    /// Everyone who received it sees it live: a second recipient's stream
    /// carries the item with its acknowledger, then open again when it is
    /// withdrawn.
    @Test(arguments: Backend.allCases)
    func aSecondRecipientsStreamShowsItAtOnce(_ backend: Backend) async throws {
        try await TestApp.run(backend, framework: .live) { (app: TestApp) async throws in
            let port = try #require(app.client.port)
            let service = try await app.createService()
            let (alice, aliceToken) = try await app.user("alice")
            let (bob, bobToken) = try await app.user("bob")
            for user in [alice, bob] { try await app.store.setSubscriptions(userID: user.id, [service.id: true]) }
            let posted = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Beam loss"])
            let id = try #require(try posted.json(["id"]) as? Int)
            let stream = try await InboxStreamTests.open(port, token: bobToken)

            let started = ContinuousClock.now
            #expect(try await app.request(.post, Self.path(id), token: aliceToken, json: ["comment": "mine"]).status == .created)
            var taken: EventStreamReader.Event?
            while taken == nil, let event = try await stream.next() {
                if event.json["id"] as? Int == id, event.json["acknowledged_by"] != nil { taken = event }
            }
            let elapsed = ContinuousClock.now - started
            #expect(taken?.json["acknowledged_by"] as? String == "alice" && taken?.json["state"] as? String == "acknowledged")
            print("acknowledgement reached another recipient's stream in \(elapsed) (\(backend))")

            #expect(try await app.request(.delete, Self.path(id), token: aliceToken).status == .noContent)
            var reopened: EventStreamReader.Event?
            while reopened == nil, let event = try await stream.next() {
                if event.json["id"] as? Int == id, event.json["acknowledged_by"] == nil { reopened = event }
            }
            #expect(reopened?.json["state"] == nil)
        }
    }

    /// A Web Push notification's "Acknowledge" link acknowledges as the
    /// account it was issued to, without a session; a forged link, one for a
    /// device whose owner never received the notification, or one while Web
    /// Push is off, does nothing. Issue 39: it is refused once expired, once
    /// the device changed hands, once replayed (acknowledged already), once
    /// someone else withdrew an acknowledgement after it was issued, and
    /// once the alarm is resolved.
    @Test(arguments: Backend.allCases)
    func theLinkInAWebPushNotificationAcknowledgesAsItsAccountWhileItHolds(_ backend: Backend) async throws {
        try await TestApp.run(backend, configure: { $0.delivery.webPushSubject = "mailto:ops@example.org" }) { app in
            let service = try await app.createService()
            let (ann, annToken) = try await app.user("ann")
            let (eve, _) = try await app.user("eve")
            let (_, admin) = try await app.user("root", admin: true)
            try await app.store.setSubscriptions(userID: ann.id, [service.id: true])
            let (annPhone, evePhone) = (String(repeating: "ab", count: 32), String(repeating: "cd", count: 32))
            _ = try await app.store.registerDevice(userID: ann.id, token: annPhone, platform: .apns, at: Date())
            _ = try await app.store.registerDevice(userID: eve.id, token: evePhone, platform: .apns, at: Date())
            let annDevice = try #require(try await app.store.devices(userID: ann.id).first)
            let eveDevice = try #require(try await app.store.devices(userID: eve.id).first)
            func post(_ title: String) async throws -> Int64 {
                Int64(try #require(try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": title]).json(["id"]) as? Int))
            }
            let id = try await post("Vacuum leak")
            let capability = AcknowledgeCapability(vapid: try await VAPIDKeys(settings: app.store, subject: "mailto:ops@example.org").vapid())
            let lifetime = app.config.delivery.acknowledgeLinkLifetime
            func link(_ notification: Int64, device: Int64, user: UserID, issued: Date = Date()) -> String {
                capability.path(.init(notificationID: notification, deviceID: device, userID: user, issuedAt: issued))
            }
            let good = link(id, device: annDevice.id, user: ann.id)
            let signature = good.split(separator: ".").last ?? ""
            let forged = good.dropLast(signature.count) + (signature.first == "A" ? "B" : "A") + signature.dropFirst()
            #expect(try await app.request(.post, String(forged)).status == .notFound)
            #expect(try await app.request(.post, link(id, device: eveDevice.id, user: eve.id)).status == .notFound, "eve never received it")
            #expect(try await app.request(.post, link(id, device: annDevice.id, user: eve.id)).status == .notFound, "ann's device, eve's name")
            #expect(try await app.request(.post, link(id, device: annDevice.id, user: ann.id, issued: Date().addingTimeInterval(-lifetime - 1))).status == .notFound, "expired")
            #expect(try await app.store.acknowledgements(of: [id]).isEmpty)

            let taken = try await app.request(.post, good)
            #expect(taken.status == .created)
            #expect(try taken.json(["acknowledged_by"]) as? String == "ann")
            let item = try #require((try await app.request(.get, "/api/v2/users/user/notifications", token: annToken).json() as? [[String: Any]])?.first)
            #expect(item["acknowledged_by"] as? String == "ann" && item["state"] as? String == "acknowledged")
            let replayed = try await app.request(.post, good)
            #expect(replayed.status == .notFound && replayed.text.contains("acknowledged it already"), "\(replayed.text)")

            // Someone else withdrew it after the link was made: that link no longer takes it; a newer one does.
            #expect(try await app.request(.delete, Self.path(Int(id)), token: admin).status == .noContent)
            let stale = try await app.request(.post, good)
            #expect(stale.status == .notFound && stale.text.contains("withdrew"), "\(stale.text)")
            #expect(try await app.request(.post, link(id, device: annDevice.id, user: ann.id, issued: Date().addingTimeInterval(1))).status == .created)

            // Ann signs out everywhere (a lost phone): links made before stop.
            let lost = try await post("Vacuum leak, third")
            let issuedBefore = link(lost, device: annDevice.id, user: ann.id, issued: Date().addingTimeInterval(-5))
            #expect(try await app.request(.post, "/api/v2/users/user/logout-everywhere", token: annToken).status.code < 300)
            let revoked = try await app.request(.post, issuedBefore)
            #expect(revoked.status == .notFound && revoked.text.contains("signed out everywhere"), "\(revoked.text)")

            // The device given to eve: ann's links on it stop.
            let other = try await post("Vacuum leak again")
            _ = try await app.store.registerDevice(userID: eve.id, token: annPhone, platform: .apns, at: Date())
            #expect(try await app.request(.post, link(other, device: annDevice.id, user: ann.id)).status == .notFound, "the device is eve's now")
        }
        try await TestApp.run(.sqlite) { app async throws in
            let answer = try await app.request(.post, "/api/v2/acknowledge/1.1.1.1900000000.AAAAAAAAAAAAAAAAAAAAAA")
            #expect(answer.status == .notFound, "Web Push off")
        }
    }

    /// A resolved alarm's link is refused: there is nothing left to take.
    @Test(arguments: Backend.allCases)
    func aResolvedAlarmsLinkIsRefused(_ backend: Backend) async throws {
        try await TestApp.run(backend, configure: { $0.delivery.webPushSubject = "mailto:ops@example.org" }) { app in
            let service = try await app.createService()
            let (ann, _) = try await app.user("ann")
            try await app.store.setSubscriptions(userID: ann.id, [service.id: true])
            _ = try await app.store.registerDevice(userID: ann.id, token: String(repeating: "ab", count: 32), platform: .apns, at: Date())
            let device = try #require(try await app.store.devices(userID: ann.id).first)
            let path = "/api/v2/services/\(service.id.uuidString)/alertmanager"
            let fired = try await app.request(.post, path, json: AlertReceiverTests.alertmanagerBody())
            let id = Int64(try #require((try fired.json(["notifications"]) as? [Int])?.first))
            _ = try await app.request(.post, path, json: AlertReceiverTests.alertmanagerBody(status: "resolved"))
            #expect(try await app.store.notification(id: id)?.alarm == .resolved)
            let capability = AcknowledgeCapability(vapid: try await VAPIDKeys(settings: app.store, subject: "mailto:ops@example.org").vapid())
            let link = capability.path(.init(notificationID: id, deviceID: device.id, userID: ann.id, issuedAt: Date()))
            let answer = try await app.request(.post, link)
            #expect(answer.status == .notFound && answer.text.contains("resolved"), "\(answer.text)")
        }
    }

    /// The web inbox acknowledges through the same use case (CSRF checked),
    /// and shows who took it.
    @Test func theWebInboxAcknowledges() async throws {
        try await TestApp.run(.sqlite) { app in
            let service = try await app.createService()
            let (alice, _) = try await app.user("alice")
            let (bob, bobToken) = try await app.user("bob")
            for user in [alice, bob] { try await app.store.setSubscriptions(userID: user.id, [service.id: true]) }
            let posted = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Chiller trip"])
            let id = try #require(try posted.json(["id"]) as? Int)
            let session = WebSession(app)
            _ = try await session.signIn("alice")
            let json: HTTPFields = [.accept: "application/json"]
            // A form whose token does not match says so in a header the page's
            // script reads (changes made offline are kept, not dropped).
            let forged = try await session.post("/inbox/acknowledge", [("id", "\(id)"), ("action", "acknowledge")], csrf: false, headers: json)
            #expect(forged.status == .forbidden && forged.headers[HTTPField.Name("X-Herald-Refusal")!] == "form-expired")
            // The script's request learns whose acknowledgement it is (issue 43):
            // its own, and, for bob acknowledging late (offline), alice's.
            let taken = try await session.post("/inbox/acknowledge", [("id", "\(id)"), ("action", "acknowledge"), ("comment", "walking over")], headers: json)
            let takenBy = try taken.json(["acknowledged_by"]) as? String, takenYours = try taken.json(["yours"]) as? Bool
            #expect(taken.status == .ok && takenBy == "alice" && takenYours == true)
            let late = WebSession(app)
            _ = try await late.signIn("bob")
            let second = try await late.post("/inbox/acknowledge", [("id", "\(id)"), ("action", "acknowledge")], headers: json)
            let secondBy = try second.json(["acknowledged_by"]) as? String, secondYours = try second.json(["yours"]) as? Bool
            #expect(second.status == .ok && secondBy == "alice" && secondYours == false)
            // Without the script, a redirect back to the inbox as before.
            #expect(try await late.post("/inbox/acknowledge", [("id", "\(id)"), ("action", "acknowledge")]).status == .seeOther)
            let inbox = try await session.get("/inbox")
            #expect(inbox.text.contains("✓ alice"))
            let item = try #require((try await app.request(.get, "/api/v2/users/user/notifications", token: bobToken).json() as? [[String: Any]])?.first)
            #expect(item["acknowledged_by"] as? String == "alice" && item["acknowledgement_comment"] as? String == "walking over")
            #expect(try await session.post("/inbox/acknowledge", [("id", "\(id)"), ("action", "withdraw")], headers: json).status.code < 300)
            #expect(try await app.store.acknowledgements(of: [Int64(id)]).isEmpty)
        }
    }

    /// Issue 43: an acknowledgement made offline and sent late says when it
    /// was made: it does not take an alarm someone put back in play since,
    /// nor count when over 12 hours old.
    @Test func aLateAcknowledgementFromOfflineRespectsWhatHappenedSince() async throws {
        try await TestApp.run(.sqlite) { app in
            let service = try await app.createService()
            let (alice, _) = try await app.user("alice")
            let (bob, bobToken) = try await app.user("bob")
            for user in [alice, bob] { try await app.store.setSubscriptions(userID: user.id, [service.id: true]) }
            func post(_ title: String) async throws -> Int {
                try #require(try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": title]).json(["id"]) as? Int)
            }
            let session = WebSession(app)
            _ = try await session.signIn("alice")
            let json: HTTPFields = [.accept: "application/json"]
            let offlineAt = Timestamp.wireString(Date().addingTimeInterval(-60)) + "Z"

            // Bob took it and gave it back after alice pressed the button offline.
            let withdrawn = try await post("Chiller trip")
            #expect(try await app.request(.post, "/api/v2/users/user/notifications/\(withdrawn)/acknowledge", token: bobToken, json: [String: String]()).status.code < 300)
            #expect(try await app.request(.delete, "/api/v2/users/user/notifications/\(withdrawn)/acknowledge", token: bobToken).status.code < 300)
            let refused = try await session.post("/inbox/acknowledge", [("id", "\(withdrawn)"), ("action", "acknowledge"), ("queued_at", offlineAt)], headers: json)
            #expect(refused.status == .conflict && refused.text.contains("bob withdrew"), "\(refused.text)")
            #expect(try await app.store.acknowledgements(of: [Int64(withdrawn)]).isEmpty)

            // Controls: a withdrawal before the button was pressed offline, or
            // alice's own since, leaves her late acknowledgement standing.
            let before = try await post("Given back before")
            #expect(try await app.request(.post, "/api/v2/users/user/notifications/\(before)/acknowledge", token: bobToken, json: [String: String]()).status.code < 300)
            #expect(try await app.request(.delete, "/api/v2/users/user/notifications/\(before)/acknowledge", token: bobToken).status.code < 300)
            let afterwards = Timestamp.wireString(Date().addingTimeInterval(1)) + "Z"
            #expect(try await session.post("/inbox/acknowledge", [("id", "\(before)"), ("action", "acknowledge"), ("queued_at", afterwards)], headers: json).status == .ok)
            let own = try await post("Her own withdrawal")
            #expect(try await session.post("/inbox/acknowledge", [("id", "\(own)"), ("action", "acknowledge")], headers: json).status == .ok)
            #expect(try await session.post("/inbox/acknowledge", [("id", "\(own)"), ("action", "withdraw")], headers: json).status.code < 300)
            #expect(try await session.post("/inbox/acknowledge", [("id", "\(own)"), ("action", "acknowledge"), ("queued_at", offlineAt)], headers: json).status == .ok)

            // Too old to count; then a fresh one counts.
            let old = try await post("Old alarm")
            let stale = Timestamp.wireString(Date().addingTimeInterval(-13 * 3600)) + "Z"
            let tooLate = try await session.post("/inbox/acknowledge", [("id", "\(old)"), ("action", "acknowledge"), ("queued_at", stale)], headers: json)
            #expect(tooLate.status == .conflict && tooLate.text.contains("over 12 hours"), "\(tooLate.text)")
            let fresh = try await session.post("/inbox/acknowledge", [("id", "\(old)"), ("action", "acknowledge"), ("queued_at", offlineAt)], headers: json)
            #expect(fresh.status == .ok)
            #expect(try await app.store.acknowledgements(of: [Int64(old)])[Int64(old)]?.userID == alice.id)
            _ = bob
        }
    }

    /// Issue 39: the web inbox offers only what the user may do. Bob sees
    /// no Withdraw on Alice's acknowledgement (the API answers 403); on a
    /// handled service, a bystander who subscribed gets no Acknowledge at
    /// all (on the page or in the live stream's item) while its responder
    /// does; and the profile page asks for no Web Push key when Web Push is
    /// off.
    @Test(arguments: Backend.allCases)
    func theWebInboxOffersOnlyWhatTheUserMayDo(_ backend: Backend) async throws {
        try await TestApp.run(backend, framework: .live) { app in
            let open = try await app.createService(category: "Chillers")
            let handled = try await app.createService(category: "Beam")
            let (_, admin) = try await app.user("root", admin: true)
            let (alice, aliceToken) = try await app.user("alice")
            let (bob, bobToken) = try await app.user("bob")
            for user in [alice, bob] { try await app.store.setSubscriptions(userID: user.id, [open.id: true, handled.id: true]) }
            #expect(
                try await app.request(
                    .put, "/api/v2/services/\(handled.id.uuidString)/escalation", token: admin,
                    json: ["steps": [["targets": [["type": "user", "username": "alice"]], "wait_seconds": 600]]]
                ).status == .ok
            )
            let chiller = try #require(try await app.request(.post, "/api/v2/services/\(open.id.uuidString)/notifications", json: ["title": "Chiller trip"]).json(["id"]) as? Int)
            #expect(try await app.request(.post, Self.path(chiller), token: aliceToken, json: [String: String]()).status == .created)

            /// The acknowledge and withdraw buttons of one item, and whether each is shown.
            func buttons(_ page: String, item: Int) -> (acknowledge: Bool, withdraw: Bool)? {
                guard let start = page.range(of: "<li data-id=\"\(item)\""), let end = page.range(of: "</li>", range: start.upperBound..<page.endIndex) else { return nil }
                let li = page[start.lowerBound..<end.upperBound]
                func shown(_ action: String) -> Bool {
                    guard let button = li.range(of: "value=\"\(action)\"") else { return false }
                    let tag = li[button.lowerBound...].prefix { $0 != ">" }
                    return !tag.contains(" hidden")
                }
                return (shown("acknowledge"), shown("withdraw"))
            }
            let bobsPage = WebSession(app)
            _ = try await bobsPage.signIn("bob")
            #expect(try await app.request(.delete, Self.path(chiller), token: bobToken).status == .forbidden, "the API refuses bob")
            let beforeAlarm = try await bobsPage.get("/inbox").text
            #expect(buttons(beforeAlarm, item: chiller).map { [$0.acknowledge, $0.withdraw] } == [false, false], "no Withdraw on alice's")

            let port = try #require(app.client.port)
            let stream = try await InboxStreamTests.open(port, token: bobToken)
            let alarm = try #require(try await app.request(.post, "/api/v2/services/\(handled.id.uuidString)/notifications", json: ["title": "Beam lost", "severity": "critical"]).json(["id"]) as? Int)
            var streamed: EventStreamReader.Event?
            while streamed == nil, let event = try await stream.next() { if event.json["id"] as? Int == alarm { streamed = event } }
            #expect(streamed?.json["may_take"] as? Bool == false, "the live item says bob may not take it")
            let bobsInbox = try await bobsPage.get("/inbox").text
            #expect(buttons(bobsInbox, item: alarm).map { [$0.acknowledge, $0.withdraw] } == [false, false], "bob answers for nothing")
            let alicesPage = WebSession(app)
            _ = try await alicesPage.signIn("alice")
            let alicesInbox = try await alicesPage.get("/inbox").text
            #expect(buttons(alicesInbox, item: alarm).map { [$0.acknowledge, $0.withdraw] } == [true, false], "alice, named by the policy, may")
            #expect(buttons(alicesInbox, item: chiller).map { [$0.acknowledge, $0.withdraw] } == [false, true], "and withdraw her own")

            // Web Push off: the profile has no card that would ask for its key.
            let profile = try await bobsPage.get("/profile").text
            #expect(!profile.contains("data-webpush"), "no Web Push key request when Web Push is off")
        }
        try await TestApp.run(.sqlite, configure: { $0.delivery.webPushSubject = "mailto:ops@example.org" }) { app in
            _ = try await app.user("bob")
            let page = WebSession(app)
            _ = try await page.signIn("bob")
            #expect(try await page.get("/profile").text.contains("data-webpush"), "on: the card is there")
        }
    }
}

extension Array {
    /// Each element through `transform`, one after another.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async throws -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
