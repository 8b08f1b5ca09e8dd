import Foundation
import HeraldCore
import HeraldMocks
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Nobody misses an alarm (issue 26), through the API on every backend: a
/// rota (A this week, B next), a policy (the rota, a wait, then B, the
/// whole repeated once) and a critical post. A's phone rings at once though
/// A subscribes to nothing; nobody acknowledges, so B's phone rings after
/// the wait (never before); B acknowledges, and nobody gets anything more
/// (the repeat is never run). The timeline lists each step.
@Suite("Escalation")
struct EscalationTests {
    /// Long enough that B's acknowledgement comes before the repeat (at
    /// twice the wait) under the whole suite's load: with 2 s, CI once saw
    /// B's step run at 2.9 s, leaving a second to acknowledge.
    static let wait = 6
    /// B's step waits this long before the repeat (A again): far beyond any
    /// load's delay, so B's acknowledgement always comes first and the test
    /// needs no bound on how soon B answers.
    static let repeatWait = 600

    @Test(arguments: Backend.allCases)
    func anUnacknowledgedCriticalAlarmCallsTheRotaThenTheNextPersonAndStopsWhenTaken(_ backend: Backend) async throws {
        try await MockProviders.run { mocks in
            let delivery = try mocks.deliverySettings()
            try await TestApp.run(backend, framework: .live, configure: { $0.delivery = delivery; $0.limits.escalationMinWaitSeconds = 1 }, schedulers: true) { app in
                let service = try await app.createService()
                let (_, admin) = try await app.user("root", admin: true)
                let (alice, _) = try await app.user("alice")
                let (bob, bobToken) = try await app.user("bob")
                let (watcher, _) = try await app.user("watcher")
                try await app.store.setSubscriptions(userID: watcher.id, [service.id: true])
                let (alicePhone, bobPhone, watcherPhone) = (DeliveryHarness.apnsToken(1), DeliveryHarness.apnsToken(2), DeliveryHarness.apnsToken(3))
                for (user, token) in [(alice, alicePhone), (bob, bobPhone), (watcher, watcherPhone)] {
                    _ = try await app.store.registerDevice(userID: user.id, token: token, platform: .apns, at: Date())
                }
                // A's week now, B's next: the first hand-off was this morning at 00:00 UTC.
                let today = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
                let made = try await app.request(
                    .post, "/api/v2/rotas", token: admin,
                    json: [
                        "name": "Control room", "members": ["alice", "bob"], "rotation_unit": "weeks", "rotation_length": 1,
                        "time_zone": "UTC", "starts_on": today, "hand_off": "00:00",
                    ]
                )
                #expect(made.status == .created, "\(made.text)")
                let rotaID = try #require(try made.json(["id"]) as? Int)
                #expect(try made.json(["on_call_now", "username"]) as? String == "alice")
                let shifts = try #require(try made.json(["shifts"]) as? [[String: Any]])
                #expect(shifts.compactMap { $0["username"] as? String }.prefix(2) == ["alice", "bob"])

                let policy = try await app.request(
                    .put, "/api/v2/services/\(service.id.uuidString)/escalation", token: admin,
                    json: [
                        "steps": [
                            ["targets": [["type": "rota", "rota_id": rotaID]], "wait_seconds": Self.wait],
                            ["targets": [["type": "user", "username": "bob"]], "wait_seconds": Self.repeatWait],
                        ],
                        "repeats": 1, "minimum_severity": "critical",
                    ]
                )
                #expect(policy.status == .ok, "\(policy.text)")
                #expect(try policy.json(["steps"]).map { "\($0)" }?.contains("Control room") == true)

                // A warning does not escalate; the critical one does.
                let path = "/api/v2/services/\(service.id.uuidString)/notifications"
                let warning = try #require(try await app.request(.post, path, json: ["title": "Vacuum drifting", "severity": "warning"]).json(["id"]) as? Int)
                let posted = ContinuousClock.now
                let alarmID = try #require(try await app.request(.post, path, json: ["title": "Beam lost", "severity": "critical"]).json(["id"]) as? Int)
                let alarm = try #require(try await app.store.notification(id: Int64(alarmID)))
                #expect(try await app.store.escalation(notificationID: Int64(warning)) == nil)

                @Sendable func pushes(_ token: String) -> [MockAPNs.Push] { mocks.apns.pushes.filter { $0.token == token && !$0.isBackground } }
                try await eventually("A's phone rings", timeout: .seconds(120)) { pushes(alicePhone).count == 1 ? true : nil }
                let toAlice = try #require(pushes(alicePhone).first?.arrivedAt) - posted
                #expect(pushes(bobPhone).isEmpty, "B is not called before the wait")

                try await eventually("B's phone rings", timeout: .seconds(120)) { pushes(bobPhone).count == 1 ? true : nil }
                let toBob = try #require(pushes(bobPhone).first?.arrivedAt) - posted
                #expect(toBob >= .seconds(Self.wait), "B is not called before the wait: \(toBob)")
                // Printed, not held to a second: under the whole suite's load on two
                // cores a step has run two seconds late (the 1-s target is the
                // benchmark's: herald-bench escalation, docs/benchmarks.md).
                print("A's phone rang \(toAlice) after the post, B's \(toBob) (the wait: \(Self.wait) s)")

                let taken = try await app.request(.post, "/api/v2/users/user/notifications/\(alarm.id)/acknowledge", token: bobToken, json: [:])
                #expect(taken.status == .created, "B holds the called notification and may take it: \(taken.text)")
                let takenAfter = ContinuousClock.now - posted
                try #require(takenAfter < .seconds(Self.wait + Self.repeatWait), "taken before the repeat fell due (else A rings again, rightly): \(takenAfter)")
                // The acknowledgement ends the escalation as it lands (issue 39), not
                // when the repeat (A again at 2 × wait) would have fallen due: no
                // step of an ended escalation is ever claimed, so nobody gets more.
                let record = try #require(try await app.store.escalation(notificationID: alarm.id))
                #expect(record.ended == .acknowledged)
                #expect(try #require(record.endedAt).timeIntervalSince(alarm.timestamp) < Double(Self.wait + Self.repeatWait), "ended before the repeat was due")
                #expect(try await app.store.escalationEvents(notificationID: alarm.id).map(\.who) == ["bob"])
                #expect(pushes(alicePhone).count == 1 && pushes(bobPhone).count == 1)
                #expect(pushes(watcherPhone).count == 2, "the subscriber: the warning and the alarm, each once")
                let calls = try await app.store.escalationCalls(notificationID: alarm.id)
                #expect(calls.map { "\($0.step):\($0.target):\($0.username):\($0.devices)" } == ["0:rota:\(rotaID):alice:1", "1:user:\(bob.id):bob:1"])
                let lateness = zip(calls, [0, Self.wait]).map { $0.at.timeIntervalSince(alarm.timestamp) - Double($1) }
                // Never early; how late is printed (a step run twice, as a lapsed
                // lease would, shows in the calls above).
                #expect(lateness.allSatisfy { $0 >= 0 }, "each step never early: \(lateness)")
                print("the steps' lateness: \(lateness) s")
                #expect(mocks.apns.violations == [])

                // The timeline, linked from the delivery report: posted, each step's call, each push, the acknowledgement, the end.
                let report = try await app.request(.get, "/api/v2/services/\(service.id.uuidString)/notifications/\(alarm.id)/deliveries", token: admin)
                let timelinePath = try #require(try report.json(["timeline_path"]) as? String)
                let timeline = try await app.request(.get, timelinePath, token: admin)
                let events = try #require(try timeline.json(["events"]) as? [[String: Any]], "\(timeline.text)")
                let kinds = events.compactMap { $0["kind"] as? String }
                #expect(kinds.first == "posted" && kinds.contains("ended") && !kinds.contains("next"), "\(kinds)")
                let ending = try #require(events.first { $0["kind"] as? String == "ended" })
                #expect(ending["who"] as? String == "bob" && (ending["detail"] as? String)?.contains("acknowledged") == true, "\(ending)")
                let called = events.filter { $0["kind"] as? String == "called" }
                #expect(called.compactMap { $0["who"] as? String } == ["alice", "bob"])
                #expect(called.compactMap { $0["step"] as? Int } == [1, 2])
                #expect((called.first?["detail"] as? String)?.contains("on call for Control room") == true)
                #expect(events.contains { $0["kind"] as? String == "acknowledged" && $0["who"] as? String == "bob" })
                #expect(events.filter { $0["kind"] as? String == "pushed" && ($0["detail"] as? String)?.hasPrefix("call via apns") == true }.count == 2)
                #expect(try await app.request(.get, timelinePath, token: bobToken).status == .forbidden)
            }
        }
    }

    /// Repeat until acknowledged, like an alarm clock: a policy whose one
    /// step calls the subscribers and waits a second, repeated. The
    /// subscriber's phone rings at the post and again each second until
    /// they acknowledge; then, once the calls already on their way are
    /// sent, never again.
    @Test(arguments: Backend.allCases)
    func aPolicyOfTheSubscribersRepeatedRingsAgainUntilAcknowledged(_ backend: Backend) async throws {
        try await MockProviders.run { mocks in
            let delivery = try mocks.deliverySettings()
            try await TestApp.run(backend, framework: .live, configure: { $0.delivery = delivery; $0.limits.escalationMinWaitSeconds = 1 }, schedulers: true) { app in
                let service = try await app.createService()
                let (_, admin) = try await app.user("root", admin: true)
                let (sleeper, token) = try await app.user("sleeper")
                try await app.store.setSubscriptions(userID: sleeper.id, [service.id: true])
                let phone = DeliveryHarness.apnsToken(7)
                _ = try await app.store.registerDevice(userID: sleeper.id, token: phone, platform: .apns, at: Date())
                let set = try await app.request(
                    .put, "/api/v2/services/\(service.id.uuidString)/escalation", token: admin,
                    json: ["steps": [["targets": [["type": "subscribers"]], "wait_seconds": 1]], "repeats": 20]
                )
                #expect(set.status == .ok, "\(set.text)")
                let id = try #require(
                    try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Wake up", "severity": "critical"]).json(["id"]) as? Int
                )
                @Sendable func rings(_ title: String = "Wake up") -> Int {
                    mocks.apns.pushes.filter { push in
                        push.token == phone && !push.isBackground
                            && ((push.payload["aps"] as? [String: any Sendable])?["alert"] as? [String: any Sendable])?["title"] as? String == title
                    }.count
                }
                try await eventually("the third ring", timeout: .seconds(120)) { rings() >= 3 ? true : nil }
                #expect(try await app.request(.post, "/api/v2/users/user/notifications/\(id)/acknowledge", token: token, json: [:]).status == .created)
                let rang = rings()
                // Not a sleep: another alarm of the same policy, posted now, rings
                // three times (two 1-s waits), so the runner was calling all
                // along; the taken one's steps, due as often, rang no more.
                let later = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Still there?", "severity": "critical"])
                #expect(later.status == .created, "\(later.text)")
                try await eventually("the other alarm's third ring", timeout: .seconds(120)) { rings("Still there?") >= 3 ? true : nil }
                // Calls claimed before the acknowledgement may still ring (on a
                // loaded machine, two steps' calls were on their way); printed,
                // not bounded by a guess at the worker's speed. After them, none:
                // three more rings of the other alarm pass without one of this.
                let drained = rings()
                print("rings of the taken alarm after its acknowledgement (calls already on their way): \(drained - rang)")
                try await eventually("the other alarm's sixth ring", timeout: .seconds(120)) { rings("Still there?") >= 6 ? true : nil }
                #expect(rings() == drained, "no ring once those on their way when it was taken were sent")
                #expect(try await app.store.escalation(notificationID: Int64(id))?.ended == .acknowledged)
            }
        }
    }

    /// A call still in the queue when the alarm is taken (here APNs
    /// refuses it, so it waits for its retry) is not pushed after the
    /// acknowledgement: it is kept for the inbox with the reason, and the
    /// phone rings no more. (Without `CallDecider` the retry is sent.)
    @Test(arguments: Backend.allCases)
    func aCallStillQueuedWhenTheAlarmIsTakenIsNotPushed(_ backend: Backend) async throws {
        try await MockProviders.run { mocks in
            // The retry 2 to 4 s after the refusal: the acknowledgement lands well before it.
            var settings = try mocks.deliverySettings()
            settings.retryBaseSeconds = 4
            let delivery = settings
            try await TestApp.run(backend, framework: .live, configure: { $0.delivery = delivery }, schedulers: true) { app in
                let service = try await app.createService()
                let (_, admin) = try await app.user("root", admin: true)
                let (alice, token) = try await app.user("alice")
                let phone = DeliveryHarness.apnsToken(11)
                _ = try await app.store.registerDevice(userID: alice.id, token: phone, platform: .apns, at: Date())
                let set = try await app.request(
                    .put, "/api/v2/services/\(service.id.uuidString)/escalation", token: admin,
                    json: ["steps": [["targets": [["type": "user", "username": "alice"]], "wait_seconds": 600]]]
                )
                #expect(set.status == .ok, "\(set.text)")
                mocks.apns.answer(token: phone, status: 503, reason: "ServiceUnavailable")
                let id = try #require(
                    try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Vacuum lost", "severity": "critical"]).json(["id"]) as? Int
                )
                @Sendable func calls() -> Int { mocks.apns.pushes.filter { $0.token == phone && !$0.isBackground }.count }
                try await eventually("the call's first attempt, refused", timeout: .seconds(120)) { calls() >= 1 ? true : nil }
                #expect(try await app.request(.post, "/api/v2/users/user/notifications/\(id)/acknowledge", token: token, json: [:]).status == .created)
                let attempted = calls()
                // Its one step called: the escalation ran out at once, the acknowledgement is what holds the call.
                #expect(try await app.store.escalation(notificationID: Int64(id))?.ended == .exhausted)
                mocks.apns.clearAnswers()
                let path = "/api/v2/services/\(service.id.uuidString)/notifications/\(id)/deliveries"
                let state = try await eventually("the call kept for the inbox", timeout: .seconds(120)) { () async throws -> String? in
                    let rows = try #require(try await app.request(.get, path, token: admin).json(["deliveries"]) as? [[String: Any]])
                    return rows.first { ($0["last_error"] as? String)?.contains("acknowledged before the call went out") == true }?["state"] as? String
                }
                #expect(state == "skipped")
                #expect(calls() == attempted, "no ring after the acknowledgement")
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func rotasAndPoliciesAreAdminsAndTheirInputIsChecked(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let (_, user) = try await app.user("alice")
            let rota: [String: Any] = [
                "name": "Night", "members": ["alice"], "rotation_unit": "days", "rotation_length": 1, "time_zone": "Europe/Stockholm",
                "starts_on": "2026-03-28", "hand_off": "02:30",
            ]
            #expect(try await app.request(.post, "/api/v2/rotas", token: user, json: rota).status == .forbidden)
            #expect(try await app.request(.post, "/api/v2/rotas", json: rota).status == .unauthorized)
            // Each bad field is named.
            for (field, value) in [
                ("members", ["nobody"] as Any), ("members", [] as [String]), ("rotation_unit", "fortnights"), ("rotation_length", 0),
                ("time_zone", "Mars/Olympus"), ("starts_on", "2026-02-30"), ("hand_off", "25:00"), ("name", ""),
            ] {
                var bad = rota
                bad[field] = value
                let answer = try await app.request(.post, "/api/v2/rotas", token: admin, json: bad)
                #expect(answer.status == .unprocessableContent, "\(field): \(answer.text)")
            }
            let made = try await app.request(.post, "/api/v2/rotas", token: admin, json: rota)
            #expect(made.status == .created, "\(made.text)")
            #expect(try made.json(["hand_off"]) as? String == "02:30")
            #expect(try made.json(["starts_on"]) as? String == "2026-03-28")
            #expect(try await app.request(.post, "/api/v2/rotas", token: admin, json: rota).status == .conflict, "the name is taken")
            let id = try #require(try made.json(["id"]) as? Int)
            // Everyone signed in sees who is on call, never the feed address (shown once, to the admin who made it).
            #expect(try made.json(["feed_path"]) as? String != nil)
            let seen = try await app.request(.get, "/api/v2/rotas/\(id)", token: user)
            #expect(seen.status == .ok)
            #expect(try seen.json(["feed_path"]) == nil, "alice is on it, and has her own feed")
            let (_, other) = try await app.user("carol")
            #expect(try await app.request(.get, "/api/v2/rotas/\(id)", token: other).json(["feed_path"]) == nil)

            let policyPath = "/api/v2/services/\(service.id.uuidString)/escalation"
            let good: [String: Any] = ["steps": [["targets": [["type": "rota", "rota_id": id]], "wait_seconds": 60]]]
            #expect(try await app.request(.put, policyPath, token: user, json: good).status == .forbidden)
            for bad: [String: Any] in [
                ["steps": []], ["steps": [["targets": [], "wait_seconds": 60]]], ["steps": [["targets": [["type": "rota", "rota_id": 999]], "wait_seconds": 60]]],
                ["steps": [["targets": [["type": "user", "username": "ghost"]], "wait_seconds": 60]]],
                ["steps": [["targets": [["type": "everyone"]], "wait_seconds": 60]]], ["steps": [["targets": [["type": "subscribers"]], "wait_seconds": -1]]],
                ["steps": [["targets": [["type": "subscribers"]], "wait_seconds": 60]], "repeats": 61],
                ["steps": [["targets": [["type": "subscribers"]], "wait_seconds": 60]], "minimum_severity": "apocalyptic"],
            ] {
                let answer = try await app.request(.put, policyPath, token: admin, json: bad)
                #expect(answer.status == .unprocessableContent, "\(bad): \(answer.text)")
            }
            #expect(try await app.request(.put, policyPath, token: admin, json: good).status == .ok)
            #expect(try await app.request(.get, policyPath, token: admin).json(["minimum_severity"]) as? String == "critical")
            // A rota a policy calls is not deleted from under it.
            #expect(try await app.request(.delete, "/api/v2/rotas/\(id)", token: admin).status == .conflict)
            #expect(try await app.request(.delete, policyPath, token: admin).status == .noContent)
            #expect((try await app.request(.get, policyPath, token: admin).json(["steps"]) as? [Any])?.isEmpty == true, "no policy: no steps")
            #expect(try await app.request(.delete, policyPath, token: admin).status == .noContent, "removing none is no error")
            #expect(try await app.request(.delete, "/api/v2/rotas/\(id)", token: admin).status == .noContent)
            #expect(try await app.request(.get, "/api/v2/rotas/\(id)", token: admin).status == .notFound)
        }
    }
}
