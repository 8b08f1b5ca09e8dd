import Foundation
import HeraldCore
import HeraldDelivery
import HeraldMocks
import HeraldTestSupport
import Testing

/// Retries as they play out between the worker, the queue and the mock
/// providers: waits a provider asks for, giving up, and credentials that
/// stop working mid-run.
@Suite("Retries end to end")
struct RetryTests {
    /// An HTTP-date (IMF-fixdate) `seconds` from now.
    static func httpDate(in seconds: TimeInterval) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date().addingTimeInterval(seconds))
    }

    /// The time between the first two attempts that reached the mock for a token.
    static func firstGap(_ arrivals: [ContinuousClock.Instant]) throws -> Duration {
        try #require(arrivals.count >= 2, "fewer than two attempts")
        return arrivals[1] - arrivals[0]
    }

    /// Both forms of Retry-After hold the next attempt back (the test's
    /// backoff alone would retry within a tenth of a second). Only lower
    /// bounds: a loaded machine may retry later, never earlier.
    @Test(arguments: Backend.allCases)
    func retryAfterInSecondsOrAsAnHTTPDateHoldsTheNextAttemptBack(_ backend: Backend) async throws {
        try await DeliveryHarness.run(backend) { harness in
            let (inSeconds, byDate) = (DeliveryHarness.fcmToken(1), DeliveryHarness.fcmToken(2))
            harness.mocks.fcm.answer(token: inSeconds, status: 503, errorCode: "UNAVAILABLE", headers: ["Retry-After": "2"])
            // Whole seconds: the date is 5 to 6 s after `scripted`.
            let scripted = ContinuousClock.now
            harness.mocks.fcm.answer(token: byDate, status: 503, errorCode: "UNAVAILABLE", headers: ["Retry-After": Self.httpDate(in: 6)])
            let service = try await harness.seed([Recipient(inSeconds, .fcm), Recipient(byDate, .fcm)])
            let notification = try await harness.publish(service)
            try await harness.withWorker {
                try await harness.waitUntil("each token tried twice") {
                    let counts = Dictionary(grouping: harness.mocks.fcm.messages, by: \.token).mapValues(\.count)
                    return [inSeconds, byDate].allSatisfy { counts[$0, default: 0] >= 2 }
                }
                harness.mocks.fcm.clearAnswers()
                #expect(try await harness.waitUntilSettled(notification) == [.sent: 2])
            }
            let arrivals = Dictionary(grouping: harness.mocks.fcm.messages, by: \.token).mapValues { $0.map(\.arrivedAt).sorted() }
            #expect(try Self.firstGap(arrivals[inSeconds] ?? []) >= .milliseconds(1950))
            let datedRetry = try #require((arrivals[byDate] ?? []).dropFirst().first)
            #expect(datedRetry - scripted >= .milliseconds(4950), "not before the date")
        }
    }

    /// A delivery that keeps being answered "try later" is given up once it
    /// is older than the maximum age, with the last reason kept. The
    /// worker's clock is moved past the age after the first retry, so a
    /// loaded machine cannot make the first attempt already too late.
    @Test(arguments: Backend.allCases)
    func retriesStopAtTheMaximumAge(_ backend: Backend) async throws {
        try await DeliveryHarness.run(backend) { harness in
            let busy = DeliveryHarness.apnsToken(5)
            harness.mocks.apns.answer(token: busy, status: 503, reason: "ServiceUnavailable")
            let service = try await harness.seed([Recipient(busy, .apns), Recipient(DeliveryHarness.apnsToken(6), .apns)])
            let notification = try await harness.publish(service)
            let clock = TestClock()
            let counts = try await harness.withWorker(clock: WallClock { Date().addingTimeInterval(clock.offset) }) {
                try await harness.waitUntil("one sent, one retrying") { try await harness.counts(notification) == [.sent: 1, .retrying: 1] }
                clock.advance(harness.settings.maxRetryAgeSeconds + 1)
                return try await harness.waitUntilSettled(notification)
            }
            #expect(counts == [.failed: 1, .sent: 1])
            let failed = try #require(try await harness.store.deliveryReport(notificationID: notification.id).first { $0.state == .failed })
            #expect(failed.attempts >= 2)
            // "gave up after N attempt(s)": N is the attempt that gave up. The
            // clock's jump can make a claim in flight at that moment look
            // expired, so one more claim may have been counted since.
            let reason = try #require(failed.lastError)
            let given = try #require(reason.firstMatch(of: /^gave up after (\d+) attempt\(s\): APNs 503 ServiceUnavailable/), "\(reason)")
            #expect((2...failed.attempts).contains(Int(given.1) ?? 0), "\(failed)")
            let users = try await harness.store.users()
            #expect(try await harness.store.deviceTokens(userIDs: users.map(\.id)).values.flatMap { $0 }.contains(busy), "the device stays")
        }
    }

    /// Google stops honouring the access token (expired or revoked): the
    /// send is answered 401, a new token is fetched, and the message goes.
    @Test func aRefusedOAuthTokenIsReplacedAndTheMessageSent() async throws {
        try await DeliveryHarness.run(.sqlite) { harness in
            let service = try await harness.seed([Recipient(DeliveryHarness.fcmToken(1), .fcm)])
            try await harness.withWorker {
                _ = try await harness.waitUntilSettled(try await harness.publish(service, title: "first"))
                #expect(harness.mocks.fcm.tokenRequests == 1)
                harness.mocks.fcm.revokeAccessTokens()
                let second = try await harness.publish(service, title: "second")
                #expect(try await harness.waitUntilSettled(second) == [.sent: 1])
                let report = try await harness.store.deliveryReport(notificationID: second.id)
                #expect(report.first?.attempts == 2, "refused once, then sent with the new token")
            }
            #expect(harness.mocks.fcm.tokenRequests == 2)
            // The refused send never got past the bearer check, so the mock kept only what it accepted.
            #expect(harness.mocks.fcm.messages.map { $0.data["title"] } == ["first", "second"])
        }
    }

    /// APNs calls the provider token expired (its clock and ours disagree):
    /// a token old enough to be replaced is, and the push goes again.
    @Test func anExpiredProviderTokenIsRenewedAndThePushSent() async throws {
        // The worker's clock runs 25 minutes ahead of the publisher's: keep that from counting as a retry's age.
        try await DeliveryHarness.run(.sqlite, configure: { $0.maxRetryAgeSeconds = 3600 }) { harness in
            let clock = TestClock()
            let service = try await harness.seed([Recipient(DeliveryHarness.apnsToken(1), .apns)])
            harness.mocks.apns.useClock { Date().addingTimeInterval(clock.offset) }
            try await harness.withWorker(clock: WallClock { Date().addingTimeInterval(clock.offset) }) {
                _ = try await harness.waitUntilSettled(try await harness.publish(service, title: "first"))
                // Older than Apple's 20-minute minimum between renewals, younger than our own 50.
                clock.advance(25 * 60)
                harness.mocks.apns.expireProviderTokens()
                let second = try await harness.publish(service, title: "second")
                #expect(try await harness.waitUntilSettled(second) == [.sent: 1])
                #expect(try await harness.store.deliveryReport(notificationID: second.id).first?.attempts == 2, "refused once, then sent with the new token")
            }
            #expect(harness.mocks.apns.providerTokenCount == 2)
            #expect(harness.mocks.apns.violations == [])
        }
    }
}
