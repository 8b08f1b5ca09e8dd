import Foundation
import HeraldCore
import HeraldMocks
import HeraldTestSupport
import Prometheus
import Testing

@testable import HeraldDelivery

@Suite("Removing dead tokens: believable answers only, kept for restoring")
struct TokenPruningTests {
    typealias Recipient = DeliveryHarness.Recipient

    @Test func theBreakerOpensOnAStormOfBadTokensAndClosesWhenAnswersLookNormal() {
        let parts = PartStates()
        let registry = PrometheusCollectorRegistry()
        let logs = CapturedLogs()
        let breaker = PruningBreaker(parts: parts, registry: registry, logger: logs.logger)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let bad = ReplyClass.dropToken(reason: "APNs 400 DeviceTokenNotForTopic")
        // A few dead tokens among many good ones: believed.
        #expect(!breaker.observe(Array(repeating: .sent, count: 40) + Array(repeating: bad, count: 5), platform: .apns, now: start))
        // Too few answers to judge, even if all are bad.
        #expect(!breaker.observe(Array(repeating: bad, count: 10), platform: .fcm, now: start))
        // Most answers bad: paused for APNs only.
        #expect(breaker.observe(Array(repeating: bad, count: 60), platform: .apns, now: start.addingTimeInterval(1)))
        #expect(!breaker.isOpen(.fcm))
        #expect(parts.state(of: .tokenPruning) != .running)
        #expect(logs.all.contains { $0.contains("device removal paused: 62% of APNs's last 105 answers say the token is bad") && $0.contains("APNS_TOPIC") })
        var text: [UInt8] = []
        registry.emit(into: &text)
        #expect(String(decoding: text, as: UTF8.self).contains(#"herald_token_pruning_paused{provider="apns"} 1"#))
        // Retries and outages say nothing about tokens.
        #expect(breaker.observe(Array(repeating: .retry(reason: "APNs 503", minimumDelay: 0), count: 100), platform: .apns, now: start.addingTimeInterval(2)))
        // A minute later the storm has left the window and good answers close it.
        #expect(!breaker.observe(Array(repeating: .sent, count: 30), platform: .apns, now: start.addingTimeInterval(62)))
        #expect(parts.state(of: .tokenPruning) == .running)
        #expect(logs.all.contains { $0.contains("device removal resumed") })
        text = []
        registry.emit(into: &text)
        #expect(String(decoding: text, as: UTF8.self).contains(#"herald_token_pruning_paused{provider="apns"} 0"#))
    }

    /// A wrong APNs topic against a mock that checks it: every answer is
    /// DeviceTokenNotForTopic. No device is removed; the pushes wait.
    @Test(arguments: [Backend.sqlite, .postgres])
    func aMisconfiguredTopicRemovesNoDevice(_ backend: Backend) async throws {
        try await DeliveryHarness.run(backend, expectedViolations: { $0.hasPrefix("APNs: apns-topic ") }) { harness in
            let tokens = (1...40).map(DeliveryHarness.apnsToken)
            let service = try await harness.seed(tokens.map { Recipient($0, .apns) })
            var wrong = harness.settings
            wrong.apns?.topic = "org.example.not-the-app"
            wrong.maxRetryAgeSeconds = 3600  // held pushes wait 5 minutes
            let logs = CapturedLogs()
            let parts = PartStates()
            let notification = try await harness.publish(service)
            let counts = try await harness.withWorker(settings: wrong, logger: logs.logger, parts: parts) {
                return try await eventually("all outcomes recorded") {
                    let counts = try await harness.counts(notification)
                    return counts.values.reduce(0, +) == 40 && counts[.pending] == nil ? counts : nil
                }
            }
            let users = try await harness.store.users()
            let remaining = try await harness.store.deviceTokens(userIDs: users.map(\.id)).values.flatMap { $0 }
            #expect(Set(remaining) == Set(tokens), "no device removed")
            #expect(try await harness.store.removedDevices(since: .distantPast, limit: 100).isEmpty)
            // The first batch's answers may have been believed before the
            // breaker had enough of them; here one batch holds all 40 (batch 50).
            #expect(counts == [.retrying: 40])
            let report = try await harness.store.deliveryReport(notificationID: notification.id)
            #expect(report.allSatisfy { $0.lastError == "device removal paused: APNs 400 DeviceTokenNotForTopic" })
            #expect(logs.all.contains { $0.contains("device removal paused: 100% of APNs's last 40 answers say the token is bad") })
            #expect(parts.state(of: .tokenPruning) == .stopped(reason: "paused for APNs: most answers say the token is bad (a misconfiguration?)"))
            var text: [UInt8] = []
            harness.metrics.registry.emit(into: &text)
            let metrics = String(decoding: text, as: UTF8.self)
            #expect(metrics.contains(#"herald_token_pruning_paused{provider="apns"} 1"#))
            #expect(metrics.contains(#"herald_token_drops_held_total{provider="apns"} 40"#))
        }
    }

    /// Apple: a 410's timestamp says when the token died; a device registered
    /// after it has a live token again. Dropped devices are kept, restorable.
    @Test(arguments: Backend.allCases)
    func droppedDevicesAreKeptWithTheReasonAndCanBeRestored(_ backend: Backend) async throws {
        try await DeliveryHarness.run(backend) { harness in
            let (stale, reRegistered, bad) = (DeliveryHarness.apnsToken(1), DeliveryHarness.apnsToken(2), DeliveryHarness.apnsToken(3))
            let service = try await harness.seed([Recipient(stale, .apns), Recipient(reRegistered, .apns), Recipient(bad, .apns)])
            // Died after its registration: removed. Died before it was registered again: kept.
            harness.mocks.apns.answer(token: stale, status: 410, reason: "Unregistered", invalidSince: Date().addingTimeInterval(60))
            harness.mocks.apns.answer(token: reRegistered, status: 410, reason: "Unregistered", invalidSince: Date().addingTimeInterval(-3600))
            harness.mocks.apns.answer(token: bad, status: 400, reason: "BadDeviceToken")
            let notification = try await harness.publish(service)
            let counts = try await harness.withWorker { try await harness.waitUntilSettled(notification) }
            #expect(counts == [.dropped: 3])
            let users = try await harness.store.users()
            #expect(Set(try await harness.store.deviceTokens(userIDs: users.map(\.id)).values.flatMap { $0 }) == [reRegistered])
            let removed = try await harness.store.removedDevices(since: .distantPast, limit: 10)
            #expect(Set(removed.map(\.token)) == [stale, bad])
            #expect(Set(removed.map(\.reason)) == ["APNs 410 Unregistered", "APNs 400 BadDeviceToken"])
            #expect(removed.allSatisfy { $0.platform == .apns })

            // The operator restores them; a token registered again meanwhile is not duplicated.
            _ = try await harness.store.registerDevice(userID: removed.first { $0.token == bad }!.userID, token: bad, platform: .apns, at: Timestamp.now())
            #expect(try await harness.store.restoreDevices(removedSince: .distantPast) == 1)
            #expect(Set(try await harness.store.deviceTokens(userIDs: users.map(\.id)).values.flatMap { $0 }) == [stale, reRegistered, bad])
            // Past the keeping time they are forgotten.
            #expect(try await harness.store.purgeRemovedDevices(removedBefore: Date().addingTimeInterval(60)) == 1)
            #expect(try await harness.store.removedDevices(since: .distantPast, limit: 10).isEmpty)
        }
    }
}
