import Foundation
import HeraldCore
import HeraldMocks
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The push-outage drill (issue 42): APNs and FCM cannot be reached, a
/// critical alert fires in the real Alertmanager and reaches the on-call
/// engineer (subscribed, and named by the service's escalation), whose
/// rules text them 2 s after a critical push or a call through a real Gammu
/// SMSD (its fake phone); they answer the text with
/// its code, which acknowledges the alarm as them: the escalation stops
/// and Alertmanager gets its silence. Their number was verified first, with
/// the code Herald texted them. Nothing else is texted.
@Suite("Contact: the push-outage drill")
struct GammuPushOutageDrillTests {
    static let number = "+46700000001"

    @Test(arguments: Backend.allCases)
    func aCriticalEscalationReachesTheOnCallPersonBySMSAndTheirReplyStopsIt(_ backend: Backend) async throws {
        let binary = try #require(
            ProcessInfo.processInfo.environment["HERALD_TEST_ALERTMANAGER"],
            "HERALD_TEST_ALERTMANAGER is not set: run the tests with scripts/test, which installs Alertmanager"
        )
        let gammu = try await GammuSMSD.start()
        defer { Task { await gammu.stop() } }
        try await MockProviders.run { mocks in
            var delivery = try mocks.deliverySettings()
            // The outage: nothing answers where APNs and FCM should be.
            delivery.apns?.baseURL = "https://127.0.0.1:9"
            delivery.fcm?.baseURL = "https://127.0.0.1:9"
            delivery.pollSeconds = 0.2
            let settings = delivery
            let configure: @Sendable (inout HeraldConfig) -> Void = { config in
                config.delivery = settings
                config.outbound.policy = OutboundPolicy(allowedNetworks: [IPNetwork("127.0.0.1/32")!])
                config.contacts = ContactSettings(
                    sms: .gammu(GammuSettings(spool: gammu.spool, pollSeconds: 0.2)),
                    defaults: ContactDefaults(steps: [.critical: [.init(kind: .sms, delaySeconds: 2)], .call: [.init(kind: .sms, delaySeconds: 2)]])
                )
            }
            try await TestApp.run(backend, framework: .live, configure: configure, schedulers: true) { app in
                let service = try await app.createService()
                let (_, admin) = try await app.user("root", admin: true)
                let (oncall, oncallToken) = try await app.user("oncall")
                try await app.store.setSubscriptions(userID: oncall.id, [service.id: true])
                _ = try await app.store.registerDevice(userID: oncall.id, token: DeliveryHarness.apnsToken(1), platform: .apns, at: Date())

                // The number, verified with the code texted to it.
                let added = try await app.request(.post, "/api/v2/users/user/contact-methods", token: oncallToken, json: ["kind": "sms", "address": "+46 70 000 00 01"])
                #expect(added.status == .created, "\(added.text)")
                let methodID = try #require(try added.json(["id"]) as? Int)
                let codeText = try await eventually("the code's text", gammu) { gammu.transmitted().first }
                #expect(codeText.number == Self.number)
                let code = try #require(ContactReplyCode.codes(in: codeText.text).first, "\(codeText.text)")
                let wrong = try await app.request(.post, "/api/v2/users/user/contact-methods/\(methodID)/verify", token: oncallToken, json: ["code": code == "000000" ? "111111" : "000000"])
                #expect(wrong.status == .unprocessableContent || wrong.status == .badRequest, "\(wrong.text)")
                let verified = try await app.request(.post, "/api/v2/users/user/contact-methods/\(methodID)/verify", token: oncallToken, json: ["code": code])
                #expect(try verified.json(["verified"]) as? Bool == true, "\(verified.text)")
                let rules = try await app.request(.get, "/api/v2/users/user/notification-rules", token: oncallToken)
                #expect(rules.text.contains("\"delay_seconds\":2"), "the site's default applies: \(rules.text)")

                let created = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/tokens", token: admin, json: ["name": "am"])
                let secret = try #require(try created.json(["token"]) as? String)
                let port = try #require(app.client.port)
                let alertmanager = try await AlertmanagerProcess.start(
                    binary: binary, webhook: "http://127.0.0.1:\(port)/api/v2/services/\(service.id.uuidString)/alertmanager", token: secret
                )
                do {
                    #expect(
                        try await app.request(
                            .put, "/api/v2/services/\(service.id.uuidString)/write-back", token: admin,
                            json: ["target": "alertmanager", "url": "http://127.0.0.1:\(alertmanager.port)", "silence_minutes": 30]
                        ).status == .ok
                    )
                    let policy = try await app.request(
                        .put, "/api/v2/services/\(service.id.uuidString)/escalation", token: admin,
                        json: ["steps": [["targets": [["type": "user", "username": "oncall"]], "wait_seconds": 60]], "repeats": 2]
                    )
                    #expect(policy.status == .ok, "\(policy.text)")

                    try await alertmanager.post(alert: "DiskFull", startsAt: Date(), endsAt: Date().addingTimeInterval(3600))
                    let id = try await eventually("the alarm's notification", gammu) { try await app.store.notifications(serviceID: service.id).first?.id }
                    let posted = try #require(try await app.store.notification(id: id)?.timestamp)
                    let alarmText = try await eventually("the alarm's text", gammu) { gammu.transmitted().count >= 2 ? gammu.transmitted()[1] : nil }
                    let reached = Date().timeIntervalSince(posted)
                    print("push-outage drill (\(backend)): the text left the modem \(String(format: "%.1f", reached)) s after the alarm was posted (rule: 2 s)")
                    #expect(alarmText.number == Self.number)
                    #expect(alarmText.text.hasPrefix("[CRITICAL] "), "\(alarmText.text)")
                    #expect(SMSText.fitsOneMessage(alarmText.text), "\(alarmText.text)")
                    let replyCode = try #require(ContactReplyCode.codes(in: alarmText.text).first, "\(alarmText.text)")
                    #expect(reached >= 2, "not before the rule's delay")

                    // A stranger with the code, and the right number with a wrong code, change nothing.
                    try await gammu.receive(from: "+46700000999", "ack \(replyCode)")
                    try await gammu.receive(from: Self.number, "ack \(replyCode == "123456" ? "654321" : "123456")")
                    try await eventually("the inbox read", gammu) { gammu.inbox().isEmpty ? true : nil }
                    #expect(try await app.store.acknowledgements(of: [id])[id] == nil)

                    let answered = ContinuousClock.now
                    try await gammu.receive(from: Self.number, "Ack \(replyCode)")
                    // From the phone's inbox to SMSD's takes it up to a second and a half (its loop); timed from its file on
                    // (seen every 10 ms; Herald may take it before it is seen at all).
                    var filed: ContinuousClock.Instant?
                    var taken: Acknowledgement?
                    let deadline = ContinuousClock.now + .seconds(30)
                    while taken == nil {
                        if filed == nil, !gammu.inbox().isEmpty { filed = ContinuousClock.now }
                        taken = try await app.store.acknowledgements(of: [id])[id]
                        guard ContinuousClock.now < deadline else { throw TestSetupError("the reply never acknowledged. SMSD's log:\n\(gammu.logTail)") }
                        if taken == nil { try await Task.sleep(for: .milliseconds(10)) }
                    }
                    let handled = ContinuousClock.now - (filed ?? ContinuousClock.now)
                    print("push-outage drill (\(backend)): acknowledged \(ContinuousClock.now - answered) after the phone got the reply, \(handled) after SMSD filed it")
                    #expect(taken?.username == "oncall")
                    #expect(handled < .seconds(2), "within 2 s of the gateway's inbox")
                    #expect(try await app.store.escalation(notificationID: id)?.ended != nil, "the escalation stopped")
                    try await eventually("the silence", gammu) { try await alertmanager.silences().contains { $0.state == "active" } ? true : nil }
                    let silence = try #require(try await alertmanager.silences().first)
                    #expect(silence.createdBy.contains("oncall"))
                    // The escalation's next call (60 s on) never comes, and nothing else was texted.
                    try await Task.sleep(for: .seconds(3))
                    #expect(gammu.transmitted().count == 2, "\(gammu.transmitted())")
                    let timeline = try await app.request(.get, "/api/v2/services/\(service.id.uuidString)/notifications/\(id)/deliveries", token: admin)
                    #expect(timeline.text.contains("sms"), "the text is in the delivery report: \(timeline.text)")
                } catch {
                    await alertmanager.stop()
                    throw error
                }
                await alertmanager.stop()
            }
        }
    }

    /// Polls `read` until it gives a value (30 s), failing with SMSD's log.
    func eventually<T: Sendable>(_ what: String, _ gammu: GammuSMSD, _ read: @Sendable () async throws -> T?) async throws -> T {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            if let value = try await read() { return value }
            guard ContinuousClock.now < deadline else { throw TestSetupError("\(what) never came. SMSD's log:\n\(gammu.logTail)") }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
