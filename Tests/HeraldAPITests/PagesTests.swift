import Foundation
import HeraldCore
import HeraldMocks
import HeraldTestSupport
import HeraldUseCases
import Hummingbird
import HummingbirdTesting
import Testing

/// Paging a team or a rota (issue 41), through the API on every backend:
/// a page calls the rota's person on call at once, the next person after
/// the wait, and nobody once it is taken; a team's page reaches every
/// member, who cannot leave its page service, and nobody else; who may
/// page is a role.
@Suite("Paging a team or a rota")
struct PagesTests {
    /// How long each person has to answer: long enough that bob's
    /// acknowledgement lands before the repeat (alice again at twice it)
    /// under the whole suite's load (with 8 s, the parallel suite once rang
    /// alice 3.1 s and bob 11.8 s after the POST, and the repeat came first).
    /// Bob answers as soon as his phone rings, before anything else is read.
    static let wait = 15

    @Test(arguments: Backend.allCases)
    func aRotasPageCallsThePersonOnCallThenTheNextAndStopsWhenTaken(_ backend: Backend) async throws {
        try await MockProviders.run { mocks in
            let delivery = try mocks.deliverySettings()
            try await TestApp.run(backend, framework: .live, configure: { $0.delivery = delivery; $0.limits.escalationMinWaitSeconds = 1 }, schedulers: true) { app in
                let (_, admin) = try await app.user("root", admin: true)
                let (alice, aliceToken) = try await app.user("alice")
                let (bob, bobToken) = try await app.user("bob")
                let (_, carolToken) = try await app.user("carol")
                let (eve, eveToken) = try await app.user("eve")
                let (alicePhone, bobPhone, evePhone) = (DeliveryHarness.apnsToken(21), DeliveryHarness.apnsToken(22), DeliveryHarness.apnsToken(23))
                for (user, token) in [(alice, alicePhone), (bob, bobPhone), (eve, evePhone)] {
                    _ = try await app.store.registerDevice(userID: user.id, token: token, platform: .apns, at: Date())
                }
                let today = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
                let made = try await app.request(
                    .post, "/api/v2/rotas", token: admin,
                    json: ["name": "RF experts", "members": ["alice", "bob"], "rotation_unit": "weeks", "rotation_length": 1, "time_zone": "UTC", "starts_on": today, "hand_off": "00:00"]
                )
                let rotaID = try #require(try made.json(["id"]) as? Int)
                let path = "/api/v2/rotas/\(rotaID)/pages"
                #expect(try await app.request(.post, "/api/v2/rotas/\(rotaID)/owners", token: admin, json: ["username": "carol"]).status == .created)

                // Who may page: not a stranger, not anonymously; the rota's owner may.
                let refused = try await app.request(.post, path, token: eveToken, json: ["title": "Help"])
                #expect(refused.status == .forbidden && refused.detail?.contains("page") == true, "\(refused.text)")
                #expect(try await app.request(.post, path, json: ["title": "Help"]).status == .unauthorized)
                #expect(try await app.store.pageService(of: .rota(Int64(rotaID))) == nil, "a refused page makes nothing")
                for (body, field) in [
                    (["title": "RF trip", "severity": "apocalyptic"], "severity"), (["title": "  "], "title"),
                    (["title": "RF trip", "message": String(repeating: "m", count: 1_001)], "message"), (["title": String(repeating: "t", count: 5_000)], "title"),
                ] as [([String: Any], String)] {
                    let bad = try await app.request(.post, path, token: carolToken, json: body)
                    #expect(bad.status == .unprocessableContent && bad.text.contains(field), "\(field): \(bad.status) \(bad.text)")
                }
                #expect(try await app.store.pageService(of: .rota(Int64(rotaID))) == nil, "a page refused for its words makes nothing")
                #expect(try await app.request(.post, "/api/v2/rotas/999999/pages", token: admin, json: ["title": "x"]).status == .notFound)
                #expect(try await app.request(.post, "/api/v2/rotas/999999/pages", token: eveToken, json: ["title": "x"]).status == .forbidden, "no telling which rotas exist")

                // An admin makes the page service ready and sets its waits before the first page.
                let ready = try await app.request(.put, "/api/v2/rotas/\(rotaID)/page-service", token: admin)
                #expect(ready.status == .ok, "\(ready.text)")
                let pageService = try #require(try ready.json(["service_id"]) as? String)
                #expect(try await app.request(.put, "/api/v2/rotas/\(rotaID)/page-service", token: admin).json(["service_id"]) as? String == pageService, "made once")
                #expect(try await app.request(.put, "/api/v2/rotas/\(rotaID)/page-service", token: eveToken).status == .forbidden)
                let waits = try await app.request(
                    .put, "/api/v2/services/\(pageService)/escalation", token: admin,
                    json: ["steps": [["targets": [["type": "user", "username": "alice"]], "wait_seconds": Self.wait]], "minimum_severity": "ok"]
                )
                #expect(waits.status == .ok, "\(waits.text)")
                // Nobody posts to a page service as a sender: anonymously (ALLOWED_NETWORKS is open here) or with a token of their own.
                let direct = try await app.request(.post, "/api/v2/services/\(pageService)/notifications", json: ["title": "Spoofed page", "severity": "critical"])
                #expect(direct.status == .forbidden && direct.detail?.contains("page service") == true, "\(direct.text)")
                #expect(try await app.request(.post, "/api/v1/services/\(pageService)/notifications", token: admin, json: ["title": "Spoofed", "subtitle": "", "url": ""]).status == .forbidden)

                let posted = ContinuousClock.now
                let sent = try await app.request(.post, path, token: carolToken, json: ["title": "RF trip", "message": "Klystron 3 is down"])
                #expect(sent.status == .created, "\(sent.text)")
                #expect(try sent.json(["on_call"]) as? String == "alice")
                #expect(try sent.json(["severity"]) as? String == "critical", "critical unless said")
                let pageID = Int64(try #require(try sent.json(["id"]) as? Int))

                @Sendable func rings(_ token: String) -> [MockAPNs.Push] { mocks.apns.pushes.filter { $0.token == token && !$0.isBackground } }
                try await eventually("alice's phone rings", timeout: .seconds(120)) { rings(alicePhone).count == 1 ? true : nil }
                let toAlice = try #require(rings(alicePhone).first?.arrivedAt) - posted
                let alert = (rings(alicePhone).first?.payload["aps"] as? [String: any Sendable])?["alert"] as? [String: any Sendable]
                #expect(alert?["title"] as? String == "RF trip")
                #expect(rings(bobPhone).isEmpty, "bob is not called before the wait")
                try await eventually("bob's phone rings", timeout: .seconds(120)) { rings(bobPhone).count == 1 ? true : nil }
                // Bob answers at once: the repeat (alice again) falls due a wait after his call.
                let taken = try await app.request(.post, "/api/v2/users/user/notifications/\(pageID)/acknowledge", token: bobToken, json: [:])
                let takenAfter = ContinuousClock.now - posted
                #expect(taken.status == .created, "bob was called and may take it: \(taken.text)")
                try #require(takenAfter < .seconds(2 * Self.wait), "taken before the repeat fell due (else alice rings again, rightly): \(takenAfter)")
                let toBob = try #require(rings(bobPhone).first?.arrivedAt) - posted
                #expect(toBob >= .seconds(Self.wait), "bob is not called before the wait: \(toBob)")
                // Printed, not held to a second here: the 1-s target is the benchmark's (docs/benchmarks.md).
                print("a rota's page: alice's phone rang \(toAlice) after the POST, bob's \(toBob) (the wait: \(Self.wait) s)")

                // The stranger sees none of it: not in the inbox, not as a service, and may not take it.
                let eveInbox = try await app.request(.get, "/api/v2/users/user/notifications", token: eveToken)
                #expect(!eveInbox.text.contains("RF trip"))
                let stranger = try await app.request(.post, "/api/v2/users/user/notifications/\(pageID)/acknowledge", token: eveToken, json: [:])
                #expect(stranger.status == .notFound || stranger.status == .forbidden, "\(stranger.status) \(stranger.text)")
                #expect(rings(evePhone).isEmpty)
                #expect(try await app.request(.get, "/api/v2/users/user/notifications", token: aliceToken).text.contains("RF trip"))

                let record = try #require(try await app.store.escalation(notificationID: pageID))
                #expect(record.ended == .acknowledged)
                let calls = try await app.store.escalationCalls(notificationID: pageID)
                #expect(calls.map { "\($0.step):\($0.username)" } == ["0:alice", "1:bob"])
                #expect(rings(alicePhone).count == 1 && rings(bobPhone).count == 1, "nobody is called once it is taken")

                // Audited once, naming who paged.
                let audit = try #require(try await app.request(.get, "/api/v2/audit?action=page.sent", token: admin).json() as? [[String: Any]])
                #expect(audit.count == 1 && audit.first?["actor"] as? String == "carol", "\(audit)")
                let creations = try #require(try await app.request(.get, "/api/v2/audit?action=service.created", token: admin).json() as? [[String: Any]])
                #expect(creations.count == 1 && (creations.first?["after"] as? String)?.contains("alice, bob") == true, "the page service made, with the grants: \(creations)")
                #expect(rings(alicePhone).count == 1, "the refused posts rang nobody")

                // The rota's page service goes with the rota (its own policy does not hold the rota back).
                let service = try #require(UUID(uuidString: pageService))
                #expect(try await app.request(.delete, "/api/v2/rotas/\(rotaID)", token: admin).status == .noContent)
                #expect(try await app.store.service(id: service) == nil)
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func aTeamsPageReachesEveryMemberWhoCannotLeaveItAndNobodyElse(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let (ann, annToken) = try await app.user("ann")
            let (bob, bobToken) = try await app.user("bob")
            let (_, eveToken) = try await app.user("eve")
            let team = try #require(try await app.store.createTeam(name: "Cryo experts", source: .manual, at: Date()))
            let path = "/api/v2/teams/\(team.id)/pages"
            #expect(try await app.request(.post, path, token: admin, json: ["title": "Nobody yet"]).status == .conflict, "an empty team: nobody would be paged")
            for member in [ann, bob] { #expect(try await app.store.addTeamMember(teamID: team.id, userID: member.id, at: Date())) }
            #expect(try await app.request(.post, path, token: eveToken, json: ["title": "Help"]).status == .forbidden)
            #expect(try await app.request(.post, path, token: annToken, json: ["title": "Help"]).status == .forbidden, "being in the team is not paging it")
            #expect(try await app.request(.post, path, token: admin, json: ["title": String(repeating: "t", count: 5_000)]).status == .unprocessableContent)
            #expect(try await app.store.pageService(of: .team(team.id)) == nil, "a refused page makes nothing")

            let sent = try await app.request(.post, path, token: admin, json: ["title": "Cold box trip", "severity": "major"])
            #expect(sent.status == .created, "\(sent.text)")
            #expect(try sent.json(["members"]) as? Int == 2)
            let serviceID = try #require(try sent.json(["service_id"]) as? String)
            for token in [annToken, bobToken] {
                #expect(try await app.request(.get, "/api/v2/users/user/notifications", token: token).text.contains("Cold box trip"))
                let leave = try await app.request(.patch, "/api/v2/users/user/services", token: token, json: [["id": serviceID, "is_subscribed": false]])
                #expect(leave.status == .conflict, "a team's page service cannot be left: \(leave.text)")
            }
            let policy = try await app.request(.get, "/api/v2/services/\(serviceID)/escalation", token: admin)
            #expect(policy.status == .ok && policy.text.contains("subscribers"), "every member, again until answered: \(policy.text)")
            // The stranger: no page, no service.
            #expect(!(try await app.request(.get, "/api/v2/users/user/notifications", token: eveToken).text.contains("Cold box trip")))
            #expect(!(try await app.request(.get, "/api/v2/services", token: eveToken).text.contains(serviceID)))

            // The page service takes pages only: no keeper's recurring notification or feed, no sender's post of any kind.
            let s = "/api/v2/services/\(serviceID)"
            for (path, body) in [
                ("\(s)/recurring", ["cron": "* * * * *", "title": "Every minute"]), ("\(s)/feeds", ["url": "https://feeds.example.org/pages"]),
                ("\(s)/webhook", ["title": "Hooked"]), ("\(s)/notifications", ["title": "Posted", "deliver_at": Timestamp.wireString(Date().addingTimeInterval(3_600))]),
            ] as [(String, [String: Any])] {
                let refused = try await app.request(.post, path, token: admin, json: body)
                #expect(refused.status == .forbidden && refused.detail?.contains("takes pages only") == true, "\(path): \(refused.status) \(refused.text)")
            }
            // Made public by hand, it is private again at the next page.
            #expect(try await app.request(.patch, s, token: admin, json: ["is_private": false]).status == .ok)
            #expect(try await app.request(.post, path, token: admin, json: ["title": "Still private?"]).status == .created)
            #expect(try await app.store.service(id: try #require(UUID(uuidString: serviceID)))?.isPrivate == true)

            // Who may page is a role: the page service's publishers.
            #expect(try await app.request(.post, "/api/v2/services/\(serviceID)/roles", token: admin, json: ["role": "publisher", "username": "eve"]).status == .created)
            #expect(try await app.request(.post, path, token: eveToken, json: ["title": "Again"]).status == .created)
            // A person's pages are braked: one page may call hundreds.
            var statuses: [Int] = []
            for index in 0..<Pages.perMinute { statuses.append(Int(try await app.request(.post, path, token: eveToken, json: ["title": "Flood \(index)"]).status.code)) }
            #expect(statuses.filter { $0 == 201 }.count == Pages.perMinute - 1 && statuses.last == 429, "\(statuses)")

            // Its page service goes with the team.
            #expect(try await app.request(.delete, "/api/v2/teams/\(team.id)", token: admin).status == .noContent)
            #expect(try await app.store.service(id: try #require(UUID(uuidString: serviceID))) == nil)
        }
    }

    /// Past ESCALATION_STARTS_PER_MINUTE a page's escalation would be held
    /// back (a rota's page would call nobody): the page is refused instead,
    /// with a 429 that says why, and nothing is posted.
    @Test(arguments: Backend.allCases)
    func aRotaPagedPastTheStartsBrakeIsToldSoInsteadOfCallingNobody(_ backend: Backend) async throws {
        try await TestApp.run(backend, configure: { $0.limits.escalationStartsPerMinute = 2; $0.limits.escalationMinWaitSeconds = 1 }, schedulers: true) { app in
            let (_, admin) = try await app.user("root", admin: true)
            _ = try await app.user("alice")
            let today = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
            let made = try await app.request(
                .post, "/api/v2/rotas", token: admin,
                json: ["name": "Night", "members": ["alice"], "rotation_unit": "weeks", "rotation_length": 1, "time_zone": "UTC", "starts_on": today, "hand_off": "00:00"]
            )
            let rotaID = Int64(try #require(try made.json(["id"]) as? Int))
            let path = "/api/v2/rotas/\(rotaID)/pages"
            var pages: [Int64] = []
            for index in 0..<2 {
                let sent = try await app.request(.post, path, token: admin, json: ["title": "Page \(index)"])
                #expect(sent.status == .created, "\(sent.text)")
                pages.append(Int64(try #require(try sent.json(["id"]) as? Int)))
            }
            // Both escalations' first steps run (then they count as started).
            for page in pages {
                try await eventually("page \(page)'s first call", timeout: .seconds(60)) {
                    try await app.store.escalationCalls(notificationID: page).isEmpty ? nil : true
                }
            }
            let refused = try await app.request(.post, path, token: admin, json: ["title": "Page 2"])
            #expect(refused.status == .tooManyRequests && refused.detail?.contains("ESCALATION_STARTS_PER_MINUTE") == true, "\(refused.text)")
            #expect(refused.headers[.retryAfter] != nil)
            #expect(try await app.store.notificationsPage(serviceID: try #require(try await app.store.pageService(of: .rota(rotaID))), from: .newest, limit: 10).count == 2, "the refused page posted nothing")

            // A rota whose only member is deactivated: nobody to call, told so.
            let alice = try #require(try await app.store.user(named: "alice"))
            #expect(try await app.request(.patch, "/api/v2/users/\(alice.id)", token: admin, json: ["is_active": false]).status == .ok)
            let nobody = try await app.request(.post, path, token: admin, json: ["title": "Anyone?"])
            #expect(nobody.status == .conflict && nobody.detail?.contains("no active member") == true, "\(nobody.text)")
        }
    }


    /// A first page that died after linking its page service (a crash, a
    /// restart) left a service nobody receives: the next page finds what is
    /// missing and does it, and reaches every member.
    @Test(arguments: Backend.allCases)
    func aHalfMadePageServiceIsMadeWholeByTheNextPage(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let (ann, annToken) = try await app.user("ann")
            let team = try #require(try await app.store.createTeam(name: "Vacuum", source: .manual, at: Date()))
            #expect(try await app.store.addTeamMember(teamID: team.id, userID: ann.id, at: Date()))
            let half = try await app.store.createService(PagePlan.serviceDraft(for: .team(team.id), named: "Vacuum"))
            #expect(try await app.store.linkPageService(half.id, to: .team(team.id)) == half.id)
            let sent = try await app.request(.post, "/api/v2/teams/\(team.id)/pages", token: admin, json: ["title": "Ion pump down"])
            #expect(try sent.status == .created && sent.json(["service_id"]) as? String == half.id.wireString, "\(sent.text)")
            #expect(try await app.request(.get, "/api/v2/users/user/notifications", token: annToken).text.contains("Ion pump down"))
            #expect(try await app.store.escalationPolicy(serviceID: half.id) == PagePlan.teamPolicy)
            #expect(try await app.store.teamSubscriptions(serviceID: half.id).map(\.mandatory) == [true])
        }
    }

}
