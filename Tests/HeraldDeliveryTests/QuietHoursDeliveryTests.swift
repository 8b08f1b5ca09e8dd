import Foundation
import HeraldCore
import HeraldMocks
import HeraldTestSupport
import Testing

/// Quiet hours and snoozes at the worker (issue 26), on every backend: a
/// warning during someone's quiet hours reaches their phone quietly
/// (passive) or not at all (kept for the inbox), as they chose; a snoozed
/// service's warning is kept for the inbox; the person on call for the
/// rota the service's policy calls is awake; a critical alarm breaks
/// through everyone's. The windows are set around the present moment (the
/// injected-clock cases, 23:00 in Stockholm winter and summer, are the
/// pure QuietHoursTests).
@Suite("Quiet hours at the worker")
struct QuietHoursDeliveryTests {
    @Test(arguments: Backend.allCases)
    func quietHoursAndSnoozesQuietOrHoldBackWhatDoesNotBreakThrough(_ backend: Backend) async throws {
        try await DeliveryHarness.run(backend) { harness in
            let names = ["awake", "quiet", "sleeper", "snoozer", "oncall"]
            let tokens = names.indices.map { DeliveryHarness.apnsToken($0 + 1) }
            let service = try await harness.seed(tokens.map { Recipient($0, .apns) })
            var users: [String: UserID] = [:]
            for (name, token) in zip(names, tokens) { users[name] = try await harness.store.deviceOwner(token: token) }
            // A window around now, in a zone of its own: this hour and the next, every day.
            let zone = TimeZone(identifier: "Asia/Kolkata")!
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let hour = calendar.component(.hour, from: Date())
            let window = QuietHours.Window(weekdays: Set(1...7), from: hour * 60, until: ((hour + 2) % 24) * 60)
            for (name, quieting) in [("quiet", QuietHours.Quieting.quietly), ("sleeper", .inboxOnly), ("oncall", .inboxOnly)] {
                try await harness.store.setQuietHours(userID: try #require(users[name]), QuietHours(timeZone: zone, windows: [window], quieting: quieting), at: Date())
            }
            try await harness.store.snooze(userID: try #require(users["snoozer"]), serviceID: service.id, until: Date().addingTimeInterval(3_600))
            // oncall is on call for the rota this service's policy calls (for critical only: a warning does not escalate).
            let oncall = try #require(users["oncall"])
            let made = try await harness.store.createRota(
                RotaDefinition(name: "Night", members: [oncall], rotation: .days(7), timeZone: zone, start: Date().addingTimeInterval(-60)),
                feedSecretHash: FeedSecret.hash("secret"), at: Date()
            )
            let rota = try #require(made)
            #expect(try await harness.store.setEscalationPolicy(serviceID: service.id, EscalationPolicy(steps: [.init(targets: [.rota(rota.id)], waitSeconds: 60)]), at: Date()))

            try await harness.withWorker {
                let posted = try await harness.publish(service, NotificationDraft(title: "Vacuum drifting", severity: .warning))
                #expect(try await harness.waitUntilSettled(posted) == [.sent: 3, .skipped: 2])
                let critical = try await harness.publish(service, NotificationDraft(title: "Beam lost", severity: .critical))
                #expect(try await harness.waitUntilSettled(critical) == [.sent: 5], "a critical alarm breaks through")
            }
            func levels(_ name: String) -> [String] {
                let token = tokens[names.firstIndex(of: name)!]
                return harness.mocks.apns.pushes.filter { $0.token == token }.map { (($0.payload["aps"] as? [String: Any])?["interruption-level"] as? String) ?? "-" }
            }
            #expect(levels("awake") == ["active", "time-sensitive"])
            #expect(levels("quiet") == ["passive", "time-sensitive"], "quietly: the warning without a sound")
            #expect(levels("sleeper") == ["time-sensitive"], "inbox only: the warning is not pushed")
            #expect(levels("snoozer") == ["time-sensitive"], "snoozed: the warning waits in the inbox")
            #expect(levels("oncall") == ["active", "time-sensitive"], "on call for the service's rota: awake")
            let stored = try await harness.store.notifications(serviceID: service.id)
            let warning = try #require(stored.first { $0.title == "Vacuum drifting" })
            let report = try await harness.store.deliveryReport(notificationID: warning.id)
            #expect(Set(report.compactMap(\.lastError)) == ["quiet hours: kept for the inbox", "snoozed: kept for the inbox"])
            // Still in everyone's inbox.
            #expect(try await harness.store.inboxItems(notificationID: warning.id, userIDs: Array(users.values)).count == 5)
        }
    }

    /// A new setting applies to the very next push (issue 39): the worker
    /// kept everyone's choices for 5 s, so quiet hours set, cleared, or a
    /// snooze begun just after a push went by the old ones. Each change is
    /// made between two pushes to the same person, a few milliseconds apart.
    @Test(arguments: Backend.allCases)
    func aNewQuietHoursSettingOrSnoozeAppliesToTheNextPush(_ backend: Backend) async throws {
        try await DeliveryHarness.run(backend) { harness in
            let token = DeliveryHarness.apnsToken(1)
            let service = try await harness.seed([Recipient(token, .apns)])
            let user = try #require(try await harness.store.deviceOwner(token: token))
            let allDay = QuietHours(
                timeZone: TimeZone(identifier: "Europe/Stockholm")!, windows: [QuietHours.Window(weekdays: Set(1...7), from: 0, until: 0)], quieting: .inboxOnly
            )
            try await harness.withWorker {
                func warning(_ title: String) async throws -> [DeliveryState: Int] {
                    try await harness.waitUntilSettled(try await harness.publish(service, NotificationDraft(title: title, severity: .warning)))
                }
                #expect(try await warning("before") == [.sent: 1], "nothing set yet (and the worker has read everyone's choices)")
                try await harness.store.setQuietHours(userID: user, allDay, at: Date())
                #expect(try await warning("quiet hours set") == [.skipped: 1], "kept for the inbox at once")
                try await harness.store.setQuietHours(userID: user, nil, at: Date())
                #expect(try await warning("quiet hours cleared") == [.sent: 1])
                try await harness.store.snooze(userID: user, serviceID: service.id, until: Date().addingTimeInterval(3_600))
                #expect(try await warning("snoozed") == [.skipped: 1])
                try await harness.store.snooze(userID: user, serviceID: service.id, until: nil)
                #expect(try await warning("snooze ended") == [.sent: 1])
            }
        }
    }
}
