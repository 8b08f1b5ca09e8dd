import Foundation
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// The on-call pages (issue 26) over the real router: an admin makes a
/// rota in its form and sees its calendar drawn on the server (a name that
/// is markup stays text inside the SVG), adds an override, sets a policy;
/// a user sees who is on call but no admin form, sets quiet hours on the
/// profile and snoozes a service from the subscriptions page.
@Suite("Web app: on call")
struct WebOnCallTests {
    @Test(arguments: Backend.allCases)
    func anAdminMakesARotaAndAPolicyAndAUserSetsQuietHoursAndSnoozes(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            _ = try await app.createUser("root", admin: true)
            _ = try await app.createUser("ann")
            let service = try await app.createService()
            let admin = WebSession(app)
            _ = try await admin.signIn("root")
            let started = ISO8601DateFormatter.string(from: Date().addingTimeInterval(-86_400), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
            let made = try await admin.post(
                "/oncall/rotas",
                [("name", "<script>Night</script>"), ("members", "ann, root"), ("rotation_length", "1"), ("rotation_unit", "days"),
                 ("starts_on", started), ("hand_off", "08:00"), ("time_zone", "UTC")]
            )
            #expect(made.status == .seeOther, "\(made.text)")
            let location = try #require(made.headers[.location])
            let page = try await admin.get(location)
            #expect(page.status == .ok)
            #expect(page.text.contains("<svg class=\"rota-calendar\"") && page.text.contains("&lt;script&gt;Night"))
            #expect(!page.text.contains("<script>Night"), "the rota's name is text, not markup")
            let rotaID = try #require(Int(location.split(separator: "/").last?.split(separator: "?").first ?? ""))
            let tomorrow = ISO8601DateFormatter.string(from: Date().addingTimeInterval(86_400), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
            let covered = try await admin.post("/oncall/rotas/\(rotaID)/overrides", [("username", "root"), ("from", tomorrow + "T08:00"), ("until", tomorrow + "T20:00")])
            #expect(covered.status == .seeOther, "\(covered.text)")
            #expect(try await admin.get("/oncall/rotas/\(rotaID)").text.contains("url(#covering)"))
            let policy = try await admin.post(
                "/admin/services/\(service.id.wireString)/escalation",
                [("step0.target0", "rota:\(rotaID)"), ("step0.wait", "120"), ("step1.target0", "user"), ("step1.username0", "ann"), ("step1.wait", "60"), ("repeats", "1"),
                 ("minimum_severity", "critical")]
            )
            #expect(policy.status == .seeOther, "\(policy.text)")
            let stored = try #require(try await app.store.escalationPolicy(serviceID: service.id))
            #expect(stored.steps.map(\.waitSeconds) == [120, 60] && stored.repeats == 1)
            let refused = try await admin.post("/admin/services/\(service.id.wireString)/escalation", [("step0.target0", "user"), ("step0.username0", "ghost"), ("step0.wait", "60"), ("repeats", "0")])
            #expect(refused.status == .unprocessableContent && refused.text.contains("No account is called ghost"))

            let ann = WebSession(app)
            _ = try await ann.signIn("ann")
            let list = try await ann.get("/oncall")
            #expect(list.status == .ok && list.text.contains("&lt;script&gt;Night") && !list.text.contains("action=\"/oncall/rotas\""))
            #expect(try await ann.post("/oncall/rotas", [("name", "Mine")]).status == .forbidden)
            let quiet = try await ann.post(
                "/profile/quiet-hours",
                [("nights_from", "22:00"), ("nights_until", "07:00"), ("weekends", "off"), ("weekends", "on"), ("time_zone", "Europe/Stockholm"), ("break_through", "critical"), ("quieting", "inbox_only")]
            )
            #expect(quiet.status == .seeOther, "\(quiet.text)")
            let annID = try #require(try await app.store.user(named: "ann")).id
            let hours = try #require(try await app.store.quietHours(userID: annID))
            #expect(hours.windows.count == 2 && hours.quieting == .inboxOnly)
            #expect(try await ann.get("/profile").text.contains("value=\"22:00\""))
            let snoozed = try await ann.post("/subscriptions/snooze", [("service", service.id.wireString), ("length", "8h")])
            #expect(snoozed.status == .seeOther)
            #expect(try await app.store.snoozes(userID: annID, now: Date())[service.id] != nil)
            #expect(try await ann.get("/subscriptions").text.contains("Snoozed until"))
        }
    }

    /// The escalation page shows the whole policy (issue 39): a policy of 6
    /// steps, one of them calling 3 targets, made through the API, is saved
    /// back by the page unchanged; the empty step and target the page offers
    /// add a step and a target; a refused wait shows the use case's message
    /// over the form as the admin left it.
    @Test(arguments: Backend.allCases)
    func theEscalationPageKeepsEveryStepAndTarget(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, token) = try await app.user("root", admin: true)
            for name in ["ann", "bob", "cy", "dan"] { _ = try await app.createUser(name) }
            let service = try await app.createService()
            let today = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "Europe/Stockholm")!, formatOptions: [.withFullDate])
            let made = try await app.request(
                .post, "/api/v2/rotas", token: token,
                json: ["name": "Night", "members": ["ann", "bob"], "rotation_unit": "days", "rotation_length": 7, "time_zone": "Europe/Stockholm", "starts_on": today, "hand_off": "08:00"]
            )
            let rotaID = try #require(try made.json(["id"]) as? Int)
            func user(_ name: String) -> [String: Any] { ["type": "user", "username": name] }
            let rota: [String: Any] = ["type": "rota", "rota_id": rotaID]
            let subscribers: [String: Any] = ["type": "subscribers"]
            let steps: [[String: Any]] = [
                ["targets": [user("ann")], "wait_seconds": 60], ["targets": [user("bob"), rota, subscribers], "wait_seconds": 120],
                ["targets": [user("cy")], "wait_seconds": 30], ["targets": [rota], "wait_seconds": 45], ["targets": [user("dan")], "wait_seconds": 300],
                ["targets": [subscribers], "wait_seconds": 600],
            ]
            let path = "/api/v2/services/\(service.id.wireString)/escalation"
            let set = try await app.request(.put, path, token: token, json: ["steps": steps, "repeats": 2, "minimum_severity": "major"])
            #expect(set.status == .ok, "\(set.text)")
            let before = try #require(try await app.store.escalationPolicy(serviceID: service.id))
            #expect(before.steps.count == 6 && before.steps[1].targets.count == 3)
            let answerBefore = try await app.request(.get, path, token: token).text

            let admin = WebSession(app)
            _ = try await admin.signIn("root")
            let pagePath = "/admin/services/\(service.id.wireString)/escalation"
            let page = try await admin.get(pagePath)
            #expect(page.status == .ok)
            #expect(page.text.contains("data-step=\"6\"") && page.text.contains("data-step=\"7\""), "every step, and an empty one to add")
            let shown = try #require(HTMLForm.fields(in: page.text, action: pagePath))
            let saved = try await admin.post(pagePath, shown.filter { $0.0 != "csrf" })
            #expect(saved.status == .seeOther, "\(saved.text)")
            #expect(try await app.store.escalationPolicy(serviceID: service.id) == before, "saving the page as shown changes nothing")
            #expect(try await app.request(.get, path, token: token).text == answerBefore)

            // The empty step calls ann after 90 s; the first step's empty target adds the subscribers.
            var added = try #require(HTMLForm.fields(in: try await admin.get(pagePath).text, action: pagePath)).filter { $0.0 != "csrf" }
            func fill(_ fields: inout [(String, String)], _ name: String, _ value: String) {
                let at = fields.firstIndex { $0.0 == name }
                #expect(at != nil, "the form has \(name)")
                if let at { fields[at].1 = value }
            }
            fill(&added, "step6.target0", "user")
            fill(&added, "step6.username0", "ann")
            fill(&added, "step6.wait", "90")
            fill(&added, "step0.target1", "subscribers")
            #expect(try await admin.post(pagePath, added).status == .seeOther)
            let grown = try #require(try await app.store.escalationPolicy(serviceID: service.id))
            let ann = try #require(try await app.store.user(named: "ann")).id
            #expect(grown.steps.count == 7 && grown.steps[6] == EscalationPolicy.Step(targets: [.user(ann)], waitSeconds: 90))
            #expect(grown.steps[0].targets == [.user(ann), .subscribers] && Array(grown.steps[1...5]) == Array(before.steps[1...5]))

            // A wait below ESCALATION_MIN_WAIT_SECONDS (30 here): 422 with the message, the form as typed.
            var bad = try #require(HTMLForm.fields(in: try await admin.get(pagePath).text, action: pagePath)).filter { $0.0 != "csrf" }
            fill(&bad, "step2.wait", "10")
            fill(&bad, "step3.username1", "cy")
            let refused = try await admin.post(pagePath, bad)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Step 3: A step waits 30 to 86400 seconds"), "\(refused.text)")
            let kept = Dictionary(try #require(HTMLForm.fields(in: refused.text, action: pagePath)), uniquingKeysWith: { first, _ in first })
            #expect(kept["step2.wait"] == "10" && kept["step3.username1"] == "cy" && kept["step6.username0"] == "ann" && kept["repeats"] == "2")
            #expect(try await app.store.escalationPolicy(serviceID: service.id) == grown, "nothing saved")
        }
    }

    /// Paging from the on-call pages (issue 41): the rota's owner sees the
    /// form on the rota's page and pages its person on call; an admin pages a
    /// team from the on-call page; someone who may not sees no form, and
    /// posting it anyway is refused: the same use case as the API.
    @Test(arguments: Backend.allCases)
    func theRotasOwnerAndAnAdminPageFromTheOnCallPagesAndNobodyElseMay(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            _ = try await app.createUser("root", admin: true)
            let ann = try await app.createUser("ann")
            let olga = try await app.createUser("olga")
            _ = try await app.createUser("vic")
            let started = ISO8601DateFormatter.string(from: Date().addingTimeInterval(-86_400), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
            let rota = try #require(
                try await app.store.createRota(
                    RotaDefinition(name: "Cryo", members: [ann.id], rotation: .days(1), timeZone: TimeZone(identifier: "UTC")!, start: ISO8601DateFormatter().date(from: started + "T00:00:00Z")!),
                    feedSecretHash: "x", at: Date()
                )
            )
            #expect(try await app.store.grantRotaOwner(rotaID: rota.id, to: .user(olga.id), at: Date()))
            let team = try #require(try await app.store.createTeam(name: "Cryo experts", source: .manual, at: Date()))
            #expect(try await app.store.addTeamMember(teamID: team.id, userID: ann.id, at: Date()))

            let owner = WebSession(app)
            _ = try await owner.signIn("olga")
            let rotaPage = try await owner.get("/oncall/rotas/\(rota.id)").text
            #expect(rotaPage.contains("data-page-rota") && rotaPage.contains("Page the person on call"))
            #expect(!(try await owner.get("/oncall").text.contains("data-page-team")), "no team to page: no form")
            let paged = try await owner.post("/oncall/rotas/\(rota.id)/page", [("title", "Cold box trip"), ("severity", "critical"), ("message", "Need you on site")])
            #expect(paged.status == .seeOther && paged.headers[.location]?.contains("flash=paged") == true, "\(paged.text)")
            let ennui = try await owner.post("/oncall/rotas/\(rota.id)/page", [("title", " "), ("severity", "critical")])
            #expect(ennui.status == .unprocessableContent)

            let admin = WebSession(app)
            _ = try await admin.signIn("root")
            let onCall = try await admin.get("/oncall").text
            #expect(onCall.contains("data-page-team") && onCall.contains("Cryo experts"))
            #expect(try await admin.post("/oncall/teams/page", [("team_id", "\(team.id)"), ("title", "Helium leak"), ("severity", "major")]).status == .seeOther)
            #expect(try await admin.post("/oncall/teams/page", [("team_id", "x"), ("title", "Helium leak")]).status == .unprocessableContent)

            let stranger = WebSession(app)
            _ = try await stranger.signIn("vic")
            #expect(!(try await stranger.get("/oncall/rotas/\(rota.id)").text.contains("data-page-rota")))
            #expect(!(try await stranger.get("/oncall").text.contains("data-page-team")))
            #expect(try await stranger.post("/oncall/rotas/\(rota.id)/page", [("title", "Prank")]).status == .forbidden)
            #expect(try await stranger.post("/oncall/teams/page", [("team_id", "\(team.id)"), ("title", "Prank")]).status == .forbidden)

            // Ann, in the team, has its page in her inbox (the rota's reaches her when its
            // escalation's first step runs: PagesTests, with the runner); vic has none.
            let annSession = WebSession(app)
            _ = try await annSession.signIn("ann")
            #expect(try await annSession.get("/inbox").text.contains("Helium leak"))
            #expect(!(try await stranger.get("/inbox").text.contains("Helium leak")))
            let rotaService = try #require(try await app.store.pageService(of: .rota(rota.id)))
            #expect(try await app.store.escalationPolicy(serviceID: rotaService)?.steps.first?.targets == [.user(ann.id)], "ann, on call, first")
        }
    }

}
