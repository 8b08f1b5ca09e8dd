import Foundation
import HeraldCore
import HeraldMocks
import HeraldTestSupport
import Testing

@testable import HeraldDelivery

/// Fan-outs' pace per provider (issue 27): a site's rate for a provider,
/// and the pause a provider asks for, hold back only fan-outs' pushes to
/// that provider; everything else goes on.
@Suite("Fan-outs' pace per provider")
struct ProviderPacingTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aRateWithholdsAProviderUntilItsBucketRefills() {
        let pacing = ProviderPacing(rates: [.fcm: 100, .apns: 0])
        #expect(pacing.withheld(now: start).isEmpty)
        // A claim of 150 overshoots a second's worth by 50: FCM waits half a second.
        pacing.spend(150, on: .fcm, now: start)
        pacing.spend(10_000, on: .apns, now: start)
        #expect(pacing.withheld(now: start) == [.fcm], "APNs has no rate")
        #expect(pacing.nextRelease(now: start) == start.addingTimeInterval(0.5))
        #expect(pacing.withheld(now: start.addingTimeInterval(0.49)) == [.fcm])
        #expect(pacing.withheld(now: start.addingTimeInterval(0.5)).isEmpty)
        #expect(pacing.nextRelease(now: start.addingTimeInterval(0.5)) == nil)
        // Idle time refills at most a second's worth.
        pacing.spend(101, on: .fcm, now: start.addingTimeInterval(60))
        #expect(pacing.withheld(now: start.addingTimeInterval(60)) == [.fcm])
    }

    @Test func aShareOfAnswersAskingToWaitPausesTheProviderForTheLongestWait() {
        let pacing = ProviderPacing(rates: [:])
        let wait = ReplyClass.retry(reason: "FCM 429 QUOTA_EXCEEDED", minimumDelay: 60)
        // One device over its own limit among a hundred answers: no pause.
        #expect(pacing.observe(.fcm, replies: [wait] + Array(repeating: .sent, count: 99), now: start) == nil)
        // Transport failures and plain retries ask for no wait.
        #expect(pacing.observe(.apns, replies: Array(repeating: .retry(reason: "APNs 503", minimumDelay: 0), count: 50), now: start) == nil)
        #expect(pacing.withheld(now: start).isEmpty)
        let longer = ReplyClass.retry(reason: "FCM 429 QUOTA_EXCEEDED", minimumDelay: 90)
        #expect(pacing.observe(.fcm, replies: [wait, longer] + Array(repeating: .sent, count: 30), now: start) == start.addingTimeInterval(90))
        #expect(pacing.withheld(now: start.addingTimeInterval(89)) == [.fcm])
        #expect(pacing.withheld(now: start.addingTimeInterval(90)).isEmpty)
        // A provider's wait is believed up to ten minutes.
        let absurd = ReplyClass.retry(reason: "Web Push 429", minimumDelay: 86_400)
        #expect(pacing.observe(.webpush, replies: [absurd, absurd], now: start) == start.addingTimeInterval(ProviderPacing.longestPause))
    }

    /// FCM answers a newsletter's pushes 429 (its quota): the rest of the
    /// newsletter's FCM pushes stay queued for the minute FCM asks, while
    /// its APNs pushes and a small notification to an FCM phone go at once.
    @Test(arguments: Backend.allCases)
    func aProviderAskingToWaitPausesOnlyFanoutsPushesToIt(_ backend: Backend) async throws {
        try await DeliveryHarness.run(backend, configure: { $0.concurrency = 20; $0.batchSize = 10; $0.answerGroupSize = 10 }) { harness in
            let android = (0..<40).map { Recipient(DeliveryHarness.fcmToken($0), .fcm) }
            let iOS = (0..<20).map { Recipient(DeliveryHarness.apnsToken($0), .apns) }
            let newsletter = try await harness.seed(android + iOS)
            let pager = try await harness.seed([Recipient(DeliveryHarness.fcmToken(99), .fcm)])
            for recipient in android {
                harness.mocks.fcm.answer(token: recipient.token, status: 429, errorCode: "QUOTA_EXCEEDED", headers: ["retry-after": "30"])
            }
            // The newsletter as a fan-out (more subscribers than the publish links), expanded in one chunk.
            let now = Timestamp.now()
            let news = try #require(
                try await harness.store.publish([PublishRequest(NotificationDraft(title: "Weekly news"), serviceID: newsletter.id, at: now, inlineAudience: 0)])
                    .notifications.first ?? nil
            )
            let job = try #require(try await harness.store.claimFanouts(owner: "test", limit: 1, until: now.addingTimeInterval(60), now: now).first)
            guard case .expanded(_, _, 60) = try await harness.store.expandFanout(job, owner: "test", chunk: 100, until: now.addingTimeInterval(60), now: now) else {
                Issue.record("the newsletter was not queued")
                return
            }
            try await harness.withWorker {
                try await harness.waitUntil("the newsletter's APNs pushes arrive") { harness.mocks.apns.pushCount == 20 }
                // FCM asked the first batches' senders to wait: FCM is paused for fan-outs.
                let page = try await harness.publish(pager, NotificationDraft(title: "Beam lost", severity: .high))
                try await harness.waitUntil("the page reaches its FCM phone", timeout: .seconds(120)) {
                    harness.mocks.fcm.messages.contains { $0.token == DeliveryHarness.fcmToken(99) }
                }
                #expect(try await harness.waitUntilSettled(page) == [.sent: 1])
                // A plain push of the pager's afterwards: the main lane's claim that
                // takes it would take the newsletter's waiting FCM pushes too,
                // were they not held. Once it is sent, they were never tried.
                let plain = try await harness.publish(pager, NotificationDraft(title: "Shift note", severity: .info))
                #expect(try await harness.waitUntilSettled(plain) == [.sent: 1])
                let tried = Set(harness.mocks.fcm.messages.map(\.token)).subtracting([DeliveryHarness.fcmToken(99)])
                let untried = try await harness.store.deliveryReport(notificationID: news.id).filter { $0.platform == .fcm && $0.attempts == 0 }
                #expect(tried.count <= 30, "at most the three batches claimed before FCM's first answers: \(tried.count) tried")
                #expect(untried.count == 40 - tried.count, "the rest wait, untried")
                #expect(untried.count >= 10)
                // Shown in /metrics while it lasts.
                let exposition = String(decoding: harness.metrics.render(), as: UTF8.self)
                #expect(exposition.contains(#"herald_fanout_held{provider="fcm"} 1"#), "\(exposition)")
                #expect(exposition.contains(#"herald_fanout_held{provider="apns"} 0"#))
            }
        }
    }
}
