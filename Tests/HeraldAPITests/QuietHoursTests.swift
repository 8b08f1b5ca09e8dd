import Foundation
import HeraldCore
import HTTPTypes
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// A person's quiet hours and snoozes over the API (issue 26): each bad
/// field named, the demo account refused (anyone may sign in as it), a
/// snooze only of a service the person may see, every change on the
/// person's change budget, and the on-call feeds: a person's own calendar
/// by its secret, parsed back.
@Suite("Quiet hours and snoozes over HTTP")
struct QuietHoursTests {
    @Test(arguments: Backend.allCases)
    func quietHoursAreCheckedStoredAndReadBack(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, token) = try await app.user("alice")
            let path = "/api/v2/users/user/quiet-hours"
            #expect(try await app.request(.get, path, token: token).json(["time_zone"]) is NSNull, "none yet")
            let good: [String: Any] = [
                "time_zone": "Europe/Stockholm", "windows": [["days": ["mon", "tue", "wed", "thu", "fri"], "from": "22:00", "until": "07:00"], ["days": ["sat", "sun"], "from": "00:00", "until": "00:00"]],
                "quieting": "inbox_only",
            ]
            for (field, value) in [
                ("time_zone", "Nowhere/Else" as Any), ("quieting", "loudly"), ("break_through", "apocalyptic"),
                ("windows", [["days": ["someday"], "from": "22:00", "until": "07:00"]]), ("windows", [["days": ["mon"], "from": "24:00", "until": "07:00"]]),
                ("windows", [["days": [], "from": "22:00", "until": "07:00"]]),
            ] {
                var bad = good
                bad[field] = value
                let answer = try await app.request(.put, path, token: token, json: bad)
                #expect(answer.status == .unprocessableContent, "\(field): \(answer.text)")
            }
            let set = try await app.request(.put, path, token: token, json: good)
            #expect(set.status == .ok, "\(set.text)")
            let read = try await app.request(.get, path, token: token)
            #expect(try read.json(["time_zone"]) as? String == "Europe/Stockholm")
            #expect(try read.json(["break_through"]) as? String == "critical", "critical breaks through unless said otherwise")
            let windows = try #require(try read.json(["windows"]) as? [[String: Any]])
            #expect(windows.first?["days"] as? [String] == ["mon", "tue", "wed", "thu", "fri"] && windows.first?["from"] as? String == "22:00")
            #expect(try await app.request(.delete, path, token: token).status == .noContent)
            #expect(try await app.request(.get, path, token: token).json(["time_zone"]) is NSNull)
            #expect(try await app.request(.get, path).status == .unauthorized)
        }
    }

    @Test func snoozesNeedAVisibleServiceTheDemoAccountChangesNothingAndChangesAreBraked() async throws {
        try await TestApp.run(.sqlite, configure: {
            $0.auth.demo = DemoAccount(password: "review-2026", service: "Demo")
            $0.limits.userChangesPerMinute = 3
        }, clock: UserWriteLimitTests.creepingClock()) { app in
            let service = try await app.createService(category: "Cryo")
            _ = try await app.createService(category: "Demo")
            let (_, token) = try await app.user("alice")
            let snooze = "/api/v2/users/user/services/\(service.id.uuidString)/snooze"
            #expect(try await app.request(.put, snooze, token: token, json: ["length": "forever"]).status == .unprocessableContent)
            #expect(try await app.request(.put, "/api/v2/users/user/services/\(UUID().uuidString)/snooze", token: token, json: ["length": "1h"]).status == .notFound)
            let snoozed = try await app.request(.put, snooze, token: token, json: ["length": "8h"])
            #expect(snoozed.status == .ok, "\(snoozed.text)")
            let listed = try #require(try await app.request(.get, "/api/v2/users/user/snoozes", token: token).json() as? [[String: Any]])
            #expect(listed.map { $0["service_id"] as? String } == [service.id.wireString])
            #expect(try await app.request(.delete, snooze, token: token).status == .noContent)
            #expect(try await app.request(.put, snooze, token: token, json: ["length": "tomorrow"]).status == .ok)
            // The budget (3 a minute) is spent: the next change is braked.
            let braked = try await app.request(.put, snooze, token: token, json: ["length": "1h"])
            #expect(braked.status == .tooManyRequests, "\(braked.text)")

            let login = try await SignInMethodsTests.login(app, "demo", "review-2026")
            let demo = try #require(try login.json(["access_token"]) as? String)
            #expect(try await app.request(.put, snooze, token: demo, json: ["length": "1h"]).status == .forbidden, "the demo account sees only its service, and snoozes nothing")
            let demoHours = try await app.request(.put, "/api/v2/users/user/quiet-hours", token: demo, json: ["time_zone": "UTC", "windows": []])
            #expect(demoHours.status == .forbidden)
        }
    }

    /// A zone comes back under the name the client set (issue 39):
    /// Foundation on Linux calls `UTC` `GMT`, and a rota, quiet hours or a
    /// recurring notification set with `UTC` answered `GMT`. Named zones
    /// keep working and a zone that is none is still 422.
    @Test(arguments: Backend.allCases)
    func aTimeZoneComesBackUnderTheNameSet(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let (_, alice) = try await app.user("alice")
            let today = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
            var ids: [String: Int] = [:]
            for zone in ["UTC", "Europe/Stockholm"] {
                let made = try await app.request(
                    .post, "/api/v2/rotas", token: admin,
                    json: ["name": "Rota in \(zone)", "members": ["alice"], "rotation_unit": "days", "rotation_length": 1, "time_zone": zone, "starts_on": today, "hand_off": "08:00"]
                )
                #expect(made.status == .created, "\(made.text)")
                #expect(try made.json(["time_zone"]) as? String == zone && made.json(["hand_off"]) as? String == "08:00")
                let id = try #require(try made.json(["id"]) as? Int)
                ids[zone] = id
                #expect(try await app.request(.get, "/api/v2/rotas/\(id)", token: alice).json(["time_zone"]) as? String == zone)
                let listed = try #require(try await app.request(.get, "/api/v2/rotas", token: alice).json() as? [[String: Any]])
                #expect(listed.first { $0["id"] as? Int == id }?["time_zone"] as? String == zone)
            }
            let bad = try await app.request(
                .post, "/api/v2/rotas", token: admin,
                json: ["name": "Nowhere", "members": ["alice"], "rotation_unit": "days", "rotation_length": 1, "time_zone": "Mars/Olympus", "starts_on": today, "hand_off": "08:00"]
            )
            #expect(bad.status == .unprocessableContent && bad.text.contains("time_zone"))

            let path = "/api/v2/users/user/quiet-hours"
            for zone in ["Europe/Stockholm", "UTC"] {
                let set = try await app.request(.put, path, token: alice, json: ["time_zone": zone, "windows": [["days": ["sat"], "from": "00:00", "until": "00:00"]]])
                #expect(set.status == .ok, "\(set.text)")
                #expect(try set.json(["time_zone"]) as? String == zone)
                #expect(try await app.request(.get, path, token: alice).json(["time_zone"]) as? String == zone)
            }
            #expect(try await app.request(.put, path, token: alice, json: ["time_zone": "Mars/Olympus", "windows": []]).status == .unprocessableContent)

            let service = try await app.createService(category: "Reminders")
            let recurring = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/recurring", token: admin, json: ["cron": "30 7 * * *", "title": "Morning"])
            #expect(recurring.status == .created, "\(recurring.text)")
            #expect(try recurring.json(["time_zone"]) as? String == "UTC", "no zone given is UTC, by that name")

            // The pages show the same names.
            let web = WebSession(app)
            _ = try await web.signIn("alice")
            #expect(try await web.get("/oncall/rotas/\(try #require(ids["UTC"]))").text.contains("hand-offs in UTC"))
            let profile = try await web.get("/profile")
            let form = try #require(HTMLForm.fields(in: profile.text, action: "/profile/quiet-hours"))
            #expect(form.first { $0.0 == "time_zone" }?.1 == "UTC")
        }
    }

    /// The iCalendar feeds: a rota's (the admin gets its address when it is
    /// made, or a new one) and a person's own, by secret alone; a wrong
    /// secret is a 404. Capabilities that can be taken back (issue 39): the
    /// secrets are kept as hashes, a new address replaces the old (404), a
    /// person's feed stops when they leave every rota or are deactivated,
    /// and the route is braked per client.
    @Test(arguments: Backend.allCases)
    func calendarFeedsAreServedByTheirSecretOnly(_ backend: Backend) async throws {
        // A creeping clock: the feed brake's bucket (30 a minute) must not refill while a loaded machine asks.
        try await TestApp.run(backend, configure: { $0.limits.feedRequestsPerMinute = 30 }, clock: UserWriteLimitTests.creepingClock()) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let (aliceUser, alice) = try await app.user("alice")
            _ = try await app.user("bob")
            let today = ISO8601DateFormatter.string(from: Date().addingTimeInterval(-86_400), timeZone: TimeZone(identifier: "Europe/Stockholm")!, formatOptions: [.withFullDate])
            let rotaBody: [String: Any] = [
                "name": "Cryo; plant, night", "members": ["alice", "bob"], "rotation_unit": "days", "rotation_length": 1, "time_zone": "Europe/Stockholm",
                "starts_on": today, "hand_off": "08:00",
            ]
            let made = try await app.request(.post, "/api/v2/rotas", token: admin, json: rotaBody)
            let id = try #require(try made.json(["id"]) as? Int)
            let covered = try await app.request(
                .post, "/api/v2/rotas/\(id)/overrides", token: admin,
                json: ["username": "bob", "from": Timestamp.wireString(Date().addingTimeInterval(3 * 86_400)) + "Z", "until": Timestamp.wireString(Date().addingTimeInterval(4 * 86_400)) + "Z"]
            )
            #expect(covered.status == .created, "\(covered.text)")
            let feedPath = try #require(try made.json(["feed_path"]) as? String, "the address, once, to the admin who made it")
            #expect(try await app.request(.get, "/api/v2/rotas/\(id)", token: admin).json(["feed_path"]) == nil, "never again: only its hash is kept")
            let feed = try await app.request(.get, feedPath)
            #expect(feed.status == .ok)
            #expect(feed.headers[.contentType]?.hasPrefix("text/calendar") == true)
            #expect(feed.text.hasPrefix("BEGIN:VCALENDAR\r\n") && feed.text.contains("X-WR-CALNAME:On call: Cryo\\; plant\\, night"))
            #expect(feed.text.contains("(covering)"), "the override is shown")
            #expect(try await app.request(.get, "/api/v2/calendar/" + String(repeating: "A", count: 43) + ".ics").status == .notFound)
            #expect(try await app.request(.get, "/api/v2/calendar/" + String(repeating: "0", count: 64) + ".ics").status == .notFound)

            // A person's own: none until made; made, shown once; a new one replaces it.
            #expect(try await app.request(.get, "/api/v2/users/user/calendar", token: alice).json(["has_feed"]) as? Bool == false)
            let first = try await app.request(.post, "/api/v2/users/user/calendar", token: alice)
            #expect(first.status == .created)
            let mine = try #require(try first.json(["feed_path"]) as? String)
            #expect(try await app.request(.get, "/api/v2/users/user/calendar", token: alice).json() as? [String: Bool] == ["has_feed": true])
            let personal = try await app.request(.get, mine)
            #expect(personal.status == .ok && personal.text.contains("SUMMARY:On call: Cryo\\; plant\\, night"))
            try await ICalendarCheck.validate(feed.text, expectingEvents: 5...40)
            try await ICalendarCheck.validate(personal.text, expectingEvents: 1...20)
            let renewed = try #require(try await app.request(.post, "/api/v2/users/user/calendar", token: alice).json(["feed_path"]) as? String)
            #expect(renewed != mine)
            #expect(try await app.request(.get, mine).status == .notFound, "the old address stops working")
            #expect(try await app.request(.get, renewed).status == .ok)
            // The rota's: a new one by an admin only; the old stops.
            #expect(try await app.request(.post, "/api/v2/rotas/\(id)/feed", token: alice).status == .forbidden)
            let newRotaFeed = try #require(try await app.request(.post, "/api/v2/rotas/\(id)/feed", token: admin).json(["feed_path"]) as? String)
            #expect(try await app.request(.get, feedPath).status == .notFound)
            #expect(try await app.request(.get, newRotaFeed).status == .ok)

            // Out of the rota: her own feed stops; back in, it works again; deactivated, it stops.
            var without = rotaBody
            without["members"] = ["bob"]
            #expect(try await app.request(.put, "/api/v2/rotas/\(id)", token: admin, json: without).status == .ok)
            #expect(try await app.request(.get, renewed).status == .notFound, "on no rota: no feed")
            #expect(try await app.request(.put, "/api/v2/rotas/\(id)", token: admin, json: rotaBody).status == .ok)
            #expect(try await app.request(.get, renewed).status == .ok)
            #expect(try await app.request(.patch, "/api/v2/users/\(aliceUser.id)", token: admin, json: ["is_active": false]).status == .ok)
            #expect(try await app.request(.get, renewed).status == .notFound, "deactivated: no feed")

            // Braked per client: 30 a minute here, already partly spent.
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<30 { statuses.append(try await app.request(.get, newRotaFeed).status) }
            #expect(statuses.contains(.tooManyRequests) && statuses.first == .ok, "\(statuses.map(\.code))")
            let braked = try await app.request(.get, newRotaFeed)
            #expect(braked.status == .tooManyRequests && braked.headers[.retryAfter] != nil)
        }
    }
}

/// Parses a feed with the `icalendar` package from PyPI (installed by
/// scripts/test into its virtualenv; HERALD_TEST_PYTHON names its python):
/// a parser that is not ours reads every event with its times.
enum ICalendarCheck {
    static func validate(_ feed: String, expectingEvents range: ClosedRange<Int>) async throws {
        guard let python = ProcessInfo.processInfo.environment["HERALD_TEST_PYTHON"] else {
            throw TestSetupError("HERALD_TEST_PYTHON is not set: run the tests with scripts/test, which installs icalendar (PyPI)")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID().uuidString).ics")
        try feed.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            events = cal.walk('VEVENT')
            for e in events:
                assert e.decoded('DTSTART') < e.decoded('DTEND'), e
                assert str(e.get('UID')) and str(e.get('SUMMARY')).startswith('On call'), e
            print(len(events))
            """
        let (status, text) = try await runProgram(python, ["-c", script, file.path])
        guard status == 0, let count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestSetupError("icalendar could not read the feed: \(text)")
        }
        guard range.contains(count) else { throw TestSetupError("the feed has \(count) events, expected \(range)") }
    }
}
