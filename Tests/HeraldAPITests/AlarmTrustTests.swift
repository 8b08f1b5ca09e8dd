import Foundation
import HeraldCore
import HeraldMocks
import HeraldPublishing
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Prometheus
import Testing

/// Trust on the alarm path (issue 39), each abuse tried as an attacker
/// would: a bystander who subscribed takes a handled alarm, a withdrawal
/// leaves an alarm unpaged, a policy that calls in a loop, a flood of
/// critical posts, acknowledge/withdraw toggling.
@Suite("Alarm trust")
struct AlarmTrustTests {
    static func ackPath(_ id: Int64) -> String { "/api/v2/users/user/notifications/\(id)/acknowledge" }

    /// A service with an escalation policy (alice, by name) and a write-back
    /// target: bob, on no rota and named nowhere, subscribes to it himself
    /// and tries to take its critical alarm. Refused with a reason that
    /// names who may; the alarm stays open, its escalation running, no
    /// write-back asked. Alice may; an admin may withdraw hers, which
    /// resumes the escalation; toggling queues no second withdrawal to any
    /// device.
    @Test(arguments: Backend.allCases)
    func aSelfSubscribedBystanderCannotTakeAHandledAlarm(_ backend: Backend) async throws {
        try await MockProviders.run { mocks in
        let delivery = try mocks.deliverySettings()
        try await TestApp.run(backend, configure: { $0.delivery = delivery }) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let (alice, aliceToken) = try await app.user("alice")
            let (bob, bobToken) = try await app.user("bob")
            for user in [alice, bob] {
                try await app.store.setSubscriptions(userID: user.id, [service.id: true])
                _ = try await app.store.registerDevice(userID: user.id, token: DeliveryHarness.apnsToken(Int(user.id)), platform: .apns, at: Date())
            }
            let policy = try await app.request(
                .put, "/api/v2/services/\(service.id.uuidString)/escalation", token: admin,
                json: ["steps": [["targets": [["type": "user", "username": "alice"]], "wait_seconds": 300]]]
            )
            #expect(policy.status == .ok, "\(policy.text)")
            #expect(try await app.store.setServiceWriteBack(serviceID: service.id, .alertmanager(url: "http://127.0.0.1:9/", silenceMinutes: 60), at: Date()))
            let tokenAnswer = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/tokens", token: admin, json: ["name": "am"])
            let publishToken = try #require(try tokenAnswer.json(["token"]) as? String, "\(tokenAnswer.text)")
            let posted = try await app.request(
                .post, "/api/v2/services/\(service.id.uuidString)/alertmanager", token: publishToken, json: AlertReceiverTests.alertmanagerBody()
            )
            #expect(posted.status == .ok, "\(posted.text)")
            let alarm = try #require(try await app.store.notification(serviceID: service.id, key: "alert:fp1"))
            #expect(alarm.alarm == .firing && alarm.severity == .critical)
            #expect(try await app.store.escalation(notificationID: alarm.id)?.ended == nil, "its escalation runs")

            // Bob holds it (he subscribed) but answers for nothing: 403, naming who may.
            let refused = try await app.request(.post, Self.ackPath(alarm.id), token: bobToken, json: [String: String]())
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("alice") && refused.text.contains("an admin"), "\(refused.text)")
            #expect(try await app.store.acknowledgements(of: [alarm.id]).isEmpty, "still open")
            #expect(try await app.store.escalation(notificationID: alarm.id)?.ended == nil, "still paging")
            #expect(try await app.store.writeBack(of: alarm.id) == nil, "no silence asked")
            // He still sees it and its state.
            let bobsInbox = try #require(try await app.request(.get, "/api/v2/users/user/notifications", token: bobToken).json() as? [[String: Any]])
            #expect(bobsInbox.contains { $0["id"] as? Int == Int(alarm.id) })

            // Alice, named by the policy, takes it: the escalation ends at once, the write-back is asked.
            let taken = try await app.request(.post, Self.ackPath(alarm.id), token: aliceToken, json: ["comment": "on it"])
            #expect(taken.status == .created, "\(taken.text)")
            let ended = try #require(try await app.store.escalation(notificationID: alarm.id))
            #expect(ended.ended == .acknowledged, "ended when the acknowledgement landed")
            #expect(try await app.store.writeBack(of: alarm.id)?.wanted == .acknowledged)
            #expect(try await app.request(.delete, Self.ackPath(alarm.id), token: bobToken).status == .forbidden)

            // Acknowledge/withdraw toggling: the admin withdraws (the escalation
            // resumes), alice takes it again, three times over.
            for round in 0..<3 {
                #expect(try await app.request(.delete, Self.ackPath(alarm.id), token: admin).status == .noContent)
                let resumed = try #require(try await app.store.escalation(notificationID: alarm.id))
                #expect(resumed.ended == nil, "round \(round): a withdrawal of a firing alarm's acknowledgement pages again")
                #expect(try await app.request(.post, Self.ackPath(alarm.id), token: aliceToken, json: [String: String]()).status == .created)
            }
            let withdrawals = try await app.store.deliveryReport(notificationID: alarm.id).filter { $0.purpose == .withdrawal }
            #expect(withdrawals.count == 2, "one withdrawal per device (alice's and bob's), however often it is taken: \(withdrawals.count)")
            let events = try await app.store.escalationEvents(notificationID: alarm.id)
            #expect(events.filter { $0.kind == .resumed }.map(\.who) == ["root", "root", "root"])
            #expect(events.filter { $0.kind == .ended(.acknowledged) }.map(\.who) == ["alice", "alice", "alice", "alice"])
        }
        }
    }

    /// On a service nobody handles (no policy, no write-back), any recipient
    /// may take a notification, as before.
    @Test func anyRecipientTakesWhatNobodyHandles() async throws {
        try await TestApp.run(.sqlite) { app in
            let service = try await app.createService()
            let (bob, bobToken) = try await app.user("bob")
            try await app.store.setSubscriptions(userID: bob.id, [service.id: true])
            let id = try #require(
                try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Coffee", "severity": "critical"])
                    .json(["id"]) as? Int
            )
            #expect(try await app.request(.post, Self.ackPath(Int64(id)), token: bobToken, json: [String: String]()).status == .created)
        }
    }

    /// A step calls only those who may be called when it runs: of a step
    /// naming four people, one deactivated and one confined to the demo
    /// service (a realm the site does not trust) since the policy was set
    /// are skipped: no inbox
    /// item, no push, no call on the timeline; the others are called.
    @Test(arguments: Backend.allCases)
    func aStepSkipsDeactivatedAndConfinedAccounts(_ backend: Backend) async throws {
        let time = NIOLockedValueBox(Date())
        let clock = WallClock { time.withLockedValue { $0 } }
        try await TestApp.run(backend, clock: clock) { app in
            let runner = EscalationService(
                store: app.store, publisher: .forTests(app.store, clock: clock), clock: clock, registry: PrometheusCollectorRegistry(), logger: TestDatabase.logger,
                confinement: app.config.auth.confinement
            )
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            var people: [String: User] = [:]
            for name in ["alice", "bob", "mallory", "carol"] {
                let (user, _) = try await app.user(name)
                _ = try await app.store.registerDevice(userID: user.id, token: DeliveryHarness.apnsToken(Int(user.id)), platform: .apns, at: Date())
                people[name] = user
            }
            let bob = try #require(people["bob"]), mallory = try #require(people["mallory"])
            let targets = ["alice", "bob", "mallory", "carol"].map { ["type": "user", "username": $0] }
            let policy = try await app.request(
                .put, "/api/v2/services/\(service.id.uuidString)/escalation", token: admin, json: ["steps": [["targets": targets, "wait_seconds": 300]]]
            )
            #expect(policy.status == .ok, "\(policy.text)")
            // After the policy named them (which refuses such accounts as targets).
            #expect(try await app.store.updateUser(id: bob.id, UserPatch(isActive: false)) != nil)
            try await app.store.setConfined(userID: mallory.id, true)
            let id = Int64(
                try #require(
                    try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Beam lost", "severity": "critical"])
                        .json(["id"]) as? Int
                )
            )
            #expect(try await runner.runDue() == 1)
            #expect(try await app.store.escalationCalls(notificationID: id).map(\.username).sorted() == ["alice", "carol"])
            let called = try await app.store.deliveryReport(notificationID: id).filter { $0.purpose == .call }.map(\.userID).sorted()
            #expect(called == [people["alice"]!.id, people["carol"]!.id].sorted())
        }
    }

    /// A private service's calls reach only those who may see it (issue 41):
    /// someone its policy names without a role of it is skipped; an admin is not.
    @Test(arguments: Backend.allCases)
    func aPrivateServicesStepCallsOnlyThoseWhoMaySeeIt(_ backend: Backend) async throws {
        let time = NIOLockedValueBox(Date())
        let clock = WallClock { time.withLockedValue { $0 } }
        try await TestApp.run(backend, clock: clock) { app in
            let runner = EscalationService(
                store: app.store, publisher: .forTests(app.store, clock: clock), clock: clock, registry: PrometheusCollectorRegistry(), logger: TestDatabase.logger,
                confinement: app.config.auth.confinement
            )
            let service = try await app.store.createService(ServiceDraft(category: "Sealed", color: "000000", owner: "lab", isPrivate: true))
            let (root, admin) = try await app.user("root", admin: true)
            let (holder, _) = try await app.user("holder")
            let (stranger, _) = try await app.user("stranger")
            #expect(try await app.store.grantRole(.responder, of: service.id, to: .user(holder.id), at: Date()))
            let targets = ["holder", "stranger", "root"].map { ["type": "user", "username": $0] }
            let policy = try await app.request(
                .put, "/api/v2/services/\(service.id.uuidString)/escalation", token: admin, json: ["steps": [["targets": targets, "wait_seconds": 300]]]
            )
            #expect(policy.status == .ok, "\(policy.text)")
            let alarm = try #require(try await app.store.publish(NotificationDraft(title: "Sealed result", severity: .critical), serviceID: service.id, at: clock.now()))
            #expect(try await runner.runDue() == 1)
            #expect(try await app.store.escalationCalls(notificationID: alarm.id).map(\.username).sorted() == ["holder", "root"])
            #expect(try await app.store.inboxItems(notificationID: alarm.id, userIDs: [stranger.id])[stranger.id] == nil, "the text never reached the stranger")
            _ = root
        }
    }

    /// A notification the runner cannot read (an alarm source a newer
    /// release wrote) is decided as if it said nothing, logged: the other
    /// escalations of the batch run, and so does its own. (Before, the
    /// read's error ended the whole batch, again at every lease.)
    @Test(arguments: Backend.allCases)
    func anUnreadableNotificationDoesNotStopTheBatchsEscalations(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let runner = EscalationService(
                store: app.store, publisher: .forTests(app.store), clock: .system, registry: PrometheusCollectorRegistry(), logger: TestDatabase.logger,
                confinement: app.config.auth.confinement
            )
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            _ = try await app.user("alice")
            let policy = try await app.request(
                .put, "/api/v2/services/\(service.id.uuidString)/escalation", token: admin,
                json: ["steps": [["targets": [["type": "user", "username": "alice"]], "wait_seconds": 300]]]
            )
            #expect(policy.status == .ok, "\(policy.text)")
            var ids: [Int64] = []
            for title in ["Beam lost", "Vacuum lost"] {
                let posted = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": title, "severity": "critical"])
                ids.append(Int64(try #require(try posted.json(["id"]) as? Int)))
            }
            try await TestDatabase.execute("UPDATE notifications SET alarm_source = 'nagios', alarm_identity = 'x' WHERE id = \(ids[0])", on: app.config.database)
            #expect(try await runner.runDue() == 2)
            for id in ids { #expect(try await app.store.escalationCalls(notificationID: id).map(\.username) == ["alice"]) }
        }
    }

    /// Alice is called first and acknowledges (the escalation ends at once:
    /// bob, next, is not called even when his step's time passes); then she
    /// withdraws: the escalation goes on from the step it was at, due a
    /// wait after the withdrawal, and bob is called then, not before. The
    /// timeline says it ended and resumed, and who did each. The clock is
    /// set by hand and the runner driven by the test, so no step's timing
    /// depends on the machine's load.
    @Test(arguments: Backend.allCases)
    func withdrawingAnAcknowledgementResumesTheEscalation(_ backend: Backend) async throws {
        let wait = 300
        let time = NIOLockedValueBox(Date())
        let clock = WallClock { time.withLockedValue { $0 } }
        @Sendable func advance(_ seconds: Int) { time.withLockedValue { $0 = $0.addingTimeInterval(Double(seconds)) } }
        try await TestApp.run(backend, configure: { $0.limits.escalationMinWaitSeconds = 1 }, clock: clock) { app in
            let runner = EscalationService(
                store: app.store, publisher: .forTests(app.store, clock: clock), clock: clock, registry: PrometheusCollectorRegistry(), logger: TestDatabase.logger,
                confinement: app.config.auth.confinement
            )
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let (alice, aliceToken) = try await app.user("alice")
            let (bob, _) = try await app.user("bob")
            for user in [alice, bob] { _ = try await app.store.registerDevice(userID: user.id, token: DeliveryHarness.apnsToken(Int(user.id)), platform: .apns, at: Date()) }
            let policy = try await app.request(
                .put, "/api/v2/services/\(service.id.uuidString)/escalation", token: admin,
                json: [
                    "steps": [
                        ["targets": [["type": "user", "username": "alice"]], "wait_seconds": wait],
                        ["targets": [["type": "user", "username": "bob"]], "wait_seconds": wait],
                    ]
                ]
            )
            #expect(policy.status == .ok, "\(policy.text)")
            let id = Int64(
                try #require(
                    try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Beam lost", "severity": "critical"])
                        .json(["id"]) as? Int
                )
            )
            #expect(try await runner.runDue() == 1)
            func called() async throws -> [String] { try await app.store.escalationCalls(notificationID: id).map(\.username) }
            #expect(try await called() == ["alice"])

            advance(10)
            #expect(try await app.request(.post, Self.ackPath(id), token: aliceToken, json: [String: String]()).status == .created)
            let taken = try #require(try await app.store.escalation(notificationID: id))
            #expect(taken.ended == .acknowledged && taken.due.step == 1, "ended at once; bob's step was next")
            advance(wait)
            #expect(try await runner.runDue() == 0, "bob's time came: nothing runs while it is taken")
            #expect(try await called() == ["alice"])

            let withdrawnAt = clock.now()
            #expect(try await app.request(.delete, Self.ackPath(id), token: aliceToken).status == .noContent)
            let resumed = try #require(try await app.store.escalation(notificationID: id))
            #expect(resumed.ended == nil && resumed.due.step == 1 && resumed.due.pass == 0)
            #expect(abs(resumed.due.at.timeIntervalSince(withdrawnAt) - Double(wait)) < 0.001, "due a wait after the withdrawal")
            advance(wait - 1)
            #expect(try await runner.runDue() == 0, "not before the wait")
            advance(1)
            #expect(try await runner.runDue() == 1)
            #expect(try await called() == ["alice", "bob"])
            #expect(try await app.store.deliveryReport(notificationID: id).filter { $0.purpose == .call }.map(\.userID).sorted() == [alice.id, bob.id])

            let timeline = try await app.request(.get, "/api/v2/services/\(service.id.uuidString)/notifications/\(id)/timeline", token: admin)
            let events = try #require(try timeline.json(["events"]) as? [[String: Any]], "\(timeline.text)")
            let kinds = events.compactMap { $0["kind"] as? String }.filter { $0 != "pushed" }
            #expect(kinds == ["posted", "called", "ended", "resumed", "called", "ended"], "\(kinds)")
            let resumption = try #require(events.first { $0["kind"] as? String == "resumed" })
            #expect(resumption["who"] as? String == "alice" && resumption["step"] as? Int == 2, "\(resumption)")
            let endings = events.filter { $0["kind"] as? String == "ended" }.compactMap { $0["detail"] as? String }
            #expect(endings == ["escalation acknowledged", "escalation exhausted"], "\(endings)")
        }
    }

    /// One request must not become thousands of pushes: a policy of 20
    /// zero-wait steps repeated 60 times is refused, naming each limit;
    /// so is one within the waits whose calls exceed ESCALATION_MAX_CALLS.
    @Test(arguments: Backend.allCases)
    func aPolicyThatWouldCallInALoopIsRefused(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let path = "/api/v2/services/\(service.id.uuidString)/escalation"
            let storm: [String: Any] = [
                "steps": Array(repeating: ["targets": [["type": "subscribers"]], "wait_seconds": 0] as [String: Any], count: 20), "repeats": 60,
            ]
            let refused = try await app.request(.put, path, token: admin, json: storm)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("ESCALATION_MIN_WAIT_SECONDS") && refused.text.contains("ESCALATION_MAX_CALLS"), "\(refused.text)")
            // 4 steps × 1 target × 26 passes = 104 calls, each step waiting long enough.
            let tooMany: [String: Any] = [
                "steps": Array(repeating: ["targets": [["type": "subscribers"]], "wait_seconds": 30] as [String: Any], count: 4), "repeats": 25,
            ]
            let calls = try await app.request(.put, path, token: admin, json: tooMany)
            #expect(calls.status == .unprocessableContent)
            #expect(calls.text.contains("104 calls") && !calls.text.contains("ESCALATION_MIN_WAIT_SECONDS"), "\(calls.text)")
            var atTheLimit = tooMany
            atTheLimit["repeats"] = 24
            #expect(try await app.request(.put, path, token: admin, json: atTheLimit).status == .ok, "100 calls is the limit, not over it")
            #expect(try await app.store.escalationPolicy(serviceID: service.id)?.maximumCalls == 100)
        }
    }

    /// A flood of critical posts (no key: each its own alarm) starts at most
    /// ESCALATION_STARTS_PER_MINUTE escalations; the rest are held back, and
    /// their timelines say so.
    @Test(arguments: Backend.allCases)
    func aFloodOfCriticalPostsStartsOnlyTheBrakesEscalations(_ backend: Backend) async throws {
        try await TestApp.run(
            backend, framework: .live, configure: { $0.limits.escalationStartsPerMinute = 2; $0.limits.escalationMinWaitSeconds = 1 }, schedulers: true
        ) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            _ = try await app.user("alice")
            #expect(
                try await app.request(
                    .put, "/api/v2/services/\(service.id.uuidString)/escalation", token: admin,
                    json: ["steps": [["targets": [["type": "user", "username": "alice"]], "wait_seconds": 600]]]
                ).status == .ok
            )
            var ids: [Int64] = []
            for index in 0..<6 {
                let posted = try await app.request(
                    .post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Flood \(index)", "severity": "critical"]
                )
                ids.append(Int64(try #require(try posted.json(["id"]) as? Int)))
            }
            // Each escalation's first step runs or is held back; none stays at its start.
            let posted = ids
            let records = try await eventually("every escalation to start or be held back", timeout: .seconds(120)) { () -> [EscalationRecord]? in
                var records: [EscalationRecord] = []
                for id in posted {
                    guard let record = try await app.store.escalation(notificationID: id), record.ended != nil || !record.due.isStart else { return nil }
                    records.append(record)
                }
                return records
            }
            // The two started ran their one step (and so ran out); the rest never called anyone.
            #expect(records.filter { $0.ended == .exhausted }.count == 2, "\(records.map { "\($0.ended?.rawValue ?? "running")" })")
            #expect(records.filter { $0.ended == .heldBack }.count == 4)
            let heldBack = try #require(records.first { $0.ended == .heldBack })
            let timeline = try await app.request(
                .get, "/api/v2/services/\(service.id.uuidString)/notifications/\(heldBack.notificationID)/timeline", token: admin
            )
            #expect(timeline.text.contains("held back") && timeline.text.contains("ESCALATION_STARTS_PER_MINUTE"), "\(timeline.text)")
            #expect(try await app.store.escalationCalls(notificationID: heldBack.notificationID).isEmpty, "nobody called for it")
        }
    }

    /// A step calling the subscribers is a fan-out job (issue 39), not one
    /// statement pushing everyone at the call priority: every subscriber
    /// (holders too) is pushed again as a critical alarm's fan-out, but not
    /// the one whose filter refuses the notification.
    @Test(arguments: Backend.allCases)
    func aStepCallingTheSubscribersIsAFanoutUnderTheirFilters(_ backend: Backend) async throws {
        try await MockProviders.run { mocks in
            let delivery = try mocks.deliverySettings()
            try await TestApp.run(
                backend, framework: .live, configure: { $0.delivery = delivery; $0.limits.escalationMinWaitSeconds = 1 }, schedulers: true
            ) { app in
                let service = try await app.createService()
                let (_, admin) = try await app.user("root", admin: true)
                var phones: [String] = []
                var users: [User] = []
                for index in 1...3 {
                    let (user, _) = try await app.user("subscriber\(index)")
                    let phone = DeliveryHarness.apnsToken(30 + index)
                    _ = try await app.store.registerDevice(userID: user.id, token: phone, platform: .apns, at: Date())
                    try await app.store.setSubscriptions(userID: user.id, [service.id: true])
                    phones.append(phone)
                    users.append(user)
                }
                // subscriber3 wants only what mentions vacuum.
                #expect(try await app.store.setFilter(userID: users[2].id, serviceID: service.id, SubscriptionFilter(includeKeywords: ["vacuum"])))
                let policy = try await app.request(
                    .put, "/api/v2/services/\(service.id.uuidString)/escalation", token: admin,
                    json: ["steps": [["targets": [["type": "subscribers"]], "wait_seconds": 1]], "repeats": 1, "minimum_severity": "error"]
                )
                #expect(policy.status == .ok, "\(policy.text)")
                let id = Int64(
                    try #require(
                        try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Cooling lost", "severity": "error"])
                            .json(["id"]) as? Int
                    )
                )
                let ended = try await eventually("the escalation to run out", timeout: .seconds(120)) {
                    try await app.store.escalation(notificationID: id).flatMap { $0.ended == nil ? nil : $0 }
                }
                #expect(ended.ended == .exhausted)
                try await eventually("the call's fan-out to finish", timeout: .seconds(120)) { try await app.store.pendingFanouts() == 0 ? true : nil }
                @Sendable func rings(_ token: String) -> Int { mocks.apns.pushes.filter { $0.token == token && !$0.isBackground }.count }
                let expected = [2, 2, 0]
                let all = phones
                try await eventually("the post and the call on each phone", timeout: .seconds(120)) { all.map(rings) == expected ? true : nil }
                let report = try await app.store.deliveryReport(notificationID: id)
                let calls = report.filter { $0.purpose == .subscribersCall }
                #expect(Set(calls.map(\.userID)) == [users[0].id, users[1].id], "holders called again; the refusing filter's holder not at all")
                #expect(report.filter { $0.purpose == .call }.isEmpty, "not at an escalation call's priority")
                #expect(try await app.store.inboxItems(notificationID: id, userIDs: [users[2].id])[users[2].id] == nil)
                #expect(mocks.apns.violations == [])
            }
        }
    }

    /// A call is not a subscription (issue 39): someone the escalation calls
    /// by name is reached though their app login has lapsed (the timeline
    /// used to say "called, 1 device" while the push was skipped); a
    /// subscriber whose login lapsed still gets nothing from the post.
    @Test(arguments: Backend.allCases)
    func aCallReachesSomeoneWhoseAppLoginLapsed(_ backend: Backend) async throws {
        try await MockProviders.run { mocks in
            let delivery = try mocks.deliverySettings()
            try await TestApp.run(backend, framework: .live, configure: { $0.delivery = delivery }, schedulers: true) { app in
                let service = try await app.createService()
                let (_, admin) = try await app.user("root", admin: true)
                let (carol, _) = try await app.user("carol")
                let (dave, _) = try await app.user("dave")
                let (carolPhone, davePhone) = (DeliveryHarness.apnsToken(41), DeliveryHarness.apnsToken(42))
                _ = try await app.store.registerDevice(userID: carol.id, token: carolPhone, platform: .apns, at: Date())
                _ = try await app.store.registerDevice(userID: dave.id, token: davePhone, platform: .apns, at: Date())
                try await app.store.setSubscriptions(userID: dave.id, [service.id: true])
                // Both their apps' logins ran out yesterday: dave subscribes, carol is called by name.
                for user in [carol, dave] { try await app.store.recordLogin(userID: user.id, expiresAt: Date().addingTimeInterval(-86_400)) }
                #expect(
                    try await app.request(
                        .put, "/api/v2/services/\(service.id.uuidString)/escalation", token: admin,
                        json: ["steps": [["targets": [["type": "user", "username": "carol"]], "wait_seconds": 600]]]
                    ).status == .ok
                )
                let id = Int64(
                    try #require(
                        try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Beam lost", "severity": "critical"])
                            .json(["id"]) as? Int
                    )
                )
                let settled = try await eventually("the post's push and the call to be settled", timeout: .seconds(120)) { () -> [DeliveryReportRow]? in
                    let report = try await app.store.deliveryReport(notificationID: id)
                    return report.count == 2 && report.allSatisfy({ $0.state != .pending && $0.state != .retrying }) ? report : nil
                }
                #expect(settled.first { $0.purpose == .alert }?.state == .skipped, "the subscription's push: login expired, as before")
                #expect(settled.first { $0.purpose == .call }?.state == .sent, "the call rings")
                #expect(mocks.apns.pushes.filter { $0.token == carolPhone && !$0.isBackground }.count == 1)
                #expect(mocks.apns.pushes.filter { $0.token == davePhone }.isEmpty)
            }
        }
    }
}
