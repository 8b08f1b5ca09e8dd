import Foundation
import HeraldCore
import Testing

@testable import HeraldDelivery

@Suite("Outcome rules")
struct PolicyTests {
    static let notification = NotificationRecord(id: 7, serviceID: UUID(), timestamp: Date(), draft: NotificationDraft(title: "Title", subtitle: "Sub", url: "https://x"))

    static func delivery(attempts: Int = 1, queuedAgo: TimeInterval = 0, token: String? = "t", active: Bool = true, expiresIn: TimeInterval? = 3600) -> ClaimedDelivery {
        ClaimedDelivery(
            id: 1, notification: notification, platform: .apns, deviceID: 1, token: token, userIsActive: active,
            loginExpiresAt: expiresIn.map { Date().addingTimeInterval($0) }, badge: 3, attempts: attempts, queuedAt: Date().addingTimeInterval(-queuedAgo)
        )
    }

    @Test(arguments: [
        (200, nil, ReplyClass.sent),
        (400, "BadDeviceToken", .dropToken(reason: "APNs 400 BadDeviceToken")),
        (400, "DeviceTokenNotForTopic", .dropToken(reason: "APNs 400 DeviceTokenNotForTopic")),
        (410, "Unregistered", .dropToken(reason: "APNs 410 Unregistered")),
        (410, "ExpiredToken", .dropToken(reason: "APNs 410 ExpiredToken")),
        (400, "BadCollapseId", .fail(reason: "APNs 400 BadCollapseId")),
        (403, "Forbidden", .fail(reason: "APNs 403 Forbidden")),
        (413, "PayloadTooLarge", .fail(reason: "APNs 413 PayloadTooLarge")),
        (403, "ExpiredProviderToken", .credentials(reason: "APNs 403 ExpiredProviderToken")),
        (403, "InvalidProviderToken", .credentials(reason: "APNs 403 InvalidProviderToken")),
        (403, "BadEnvironmentKeyIdInToken", .credentials(reason: "APNs 403 BadEnvironmentKeyIdInToken")),
        (429, "TooManyRequests", .retry(reason: "APNs 429 TooManyRequests", minimumDelay: 0)),
        (500, "InternalServerError", .retry(reason: "APNs 500 InternalServerError", minimumDelay: 0)),
        (503, "ServiceUnavailable", .retry(reason: "APNs 503 ServiceUnavailable", minimumDelay: 0)),
        (503, "Shutdown", .retry(reason: "APNs 503 Shutdown", minimumDelay: 0)),
    ] as [(Int, String?, ReplyClass)])
    func apnsAnswers(_ status: Int, _ reason: String?, _ expected: ReplyClass) {
        let body = reason.map { Data(#"{"reason":"\#($0)"}"#.utf8) } ?? Data()
        #expect(APNSResponse(status: status, body: body).replyClass == expected)
    }

    @Test func apnsUnknownReasonsAreKeptVerbatim() {
        let response = APNSResponse(status: 400, body: Data(#"{"reason":"SomethingNew"}"#.utf8))
        #expect(response.reason == .unknown("SomethingNew"))
        #expect(response.replyClass == .fail(reason: "APNs 400 SomethingNew"))
        let gone = APNSResponse(status: 410, body: Data(#"{"reason":"Unregistered","timestamp":1700000000000}"#.utf8))
        #expect(gone.invalidSince == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(gone.replyClass == .dropToken(reason: "APNs 410 Unregistered", invalidSince: Date(timeIntervalSince1970: 1_700_000_000)))
        // Only a 410 carries the date: a 400 BadDeviceToken is dead whenever it was registered.
        let bad = APNSResponse(status: 400, body: Data(#"{"reason":"BadDeviceToken","timestamp":1700000000000}"#.utf8))
        #expect(bad.replyClass == .dropToken(reason: "APNs 400 BadDeviceToken"))
    }

    @Test(arguments: [
        (200, "", "", nil, ReplyClass.sent),
        (404, "UNREGISTERED", "", nil, .dropToken(reason: "FCM 404 UNREGISTERED")),
        (403, "SENDER_ID_MISMATCH", "", nil, .dropToken(reason: "FCM 403 SENDER_ID_MISMATCH")),
        (400, "INVALID_ARGUMENT", "The registration token is not a valid FCM registration token", nil,
         .dropToken(reason: "FCM 400 INVALID_ARGUMENT: The registration token is not a valid FCM registration token")),
        (400, "INVALID_ARGUMENT", "Invalid value at 'message.data'", nil, .fail(reason: "FCM 400 INVALID_ARGUMENT: Invalid value at 'message.data'")),
        (401, "THIRD_PARTY_AUTH_ERROR", "", nil, .credentials(reason: "FCM 401 THIRD_PARTY_AUTH_ERROR")),
        (429, "QUOTA_EXCEEDED", "", nil, .retry(reason: "FCM 429 QUOTA_EXCEEDED", minimumDelay: 60)),
        (429, "QUOTA_EXCEEDED", "", 120.0, .retry(reason: "FCM 429 QUOTA_EXCEEDED", minimumDelay: 120)),
        (503, "UNAVAILABLE", "", 7.0, .retry(reason: "FCM 503 UNAVAILABLE", minimumDelay: 7)),
        (500, "INTERNAL", "", nil, .retry(reason: "FCM 500 INTERNAL", minimumDelay: 0)),
    ] as [(Int, String, String, TimeInterval?, ReplyClass)])
    func fcmAnswers(_ status: Int, _ code: String, _ message: String, _ retryAfter: TimeInterval?, _ expected: ReplyClass) {
        let body = status == 200 ? Data() : Data(
            #"{"error":{"code":\#(status),"message":"\#(message)","status":"\#(code)","details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"\#(code)"}]}}"#.utf8
        )
        #expect(FCMResponse(status: status, body: body, retryAfter: retryAfter).replyClass == expected)
    }

    @Test func retryAfterIsReadInSecondsAndInEveryHTTPDateForm() {
        let now = Date(timeIntervalSince1970: 784_111_757)  // Sun, 06 Nov 1994 08:49:17 GMT
        #expect(RetryAfter.seconds("120", now: now) == 120)
        #expect(RetryAfter.seconds(" 0 ", now: now) == 0)
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == 20)
        #expect(RetryAfter.seconds("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == 20)
        #expect(RetryAfter.seconds("Sun Nov  6 08:49:37 1994", now: now) == 20)
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:48:00 GMT", now: now) == 0, "a date gone by is no wait")
        for unreadable in [nil, "", "soon", "-5", "1.5", "99999999999999", "Sun, 06 Nov 1994 25:49:37 GMT"] {
            #expect(RetryAfter.seconds(unreadable, now: now) == nil, "\(unreadable ?? "nil")")
        }
    }

    @Test func backoffDoublesWithJitterUpToTheCap() {
        let policy = OutcomePolicy(maxRetryAge: 3600)
        #expect(policy.backoff(attempt: 1, random: 0) == 1)
        #expect(policy.backoff(attempt: 1, random: 0.999_999) < 2.000_001)
        #expect(policy.backoff(attempt: 4, random: 0) == 8)
        #expect(policy.backoff(attempt: 40, random: 1) == 300)
        #expect(policy.backoff(attempt: 40, random: 0) == 150)
    }

    @Test func retriesHonourMinimumDelaysAndStopAtTheMaximumAge() {
        let policy = OutcomePolicy(maxRetryAge: 600)
        let now = Date()
        #expect(policy.outcome(for: .retry(reason: "r", minimumDelay: 60), delivery: Self.delivery(), now: now, random: 0) == .retry(at: now.addingTimeInterval(60), reason: "r"))
        #expect(policy.outcome(for: .retry(reason: "r", minimumDelay: 0), delivery: Self.delivery(attempts: 3), now: now, random: 0) == .retry(at: now.addingTimeInterval(4), reason: "r"))
        #expect(policy.outcome(for: .credentials(reason: "c"), delivery: Self.delivery(), now: now, random: 0) == .retry(at: now.addingTimeInterval(5), reason: "c"))
        let old = policy.outcome(for: .retry(reason: "r", minimumDelay: 0), delivery: Self.delivery(attempts: 9, queuedAgo: 599), now: now, random: 0)
        #expect(old == .failed(reason: "gave up after 9 attempt(s): r", cause: .retriesExhausted))
        let refusedKey = policy.outcome(for: .credentials(reason: "c"), delivery: Self.delivery(attempts: 9, queuedAgo: 599), now: now, random: 0)
        #expect(refusedKey == .failed(reason: "gave up after 9 attempt(s): c", cause: .credentials), "a give-up keeps its kind, so it is logged as an error")
        #expect(policy.outcome(for: .dropToken(reason: "d"), delivery: Self.delivery(), now: now, random: 0) == .dropped(reason: "d"))
        #expect(policy.outcome(for: .fail(reason: "f"), delivery: Self.delivery(), now: now, random: 0) == .failed(reason: "f", cause: .refused))
    }

    @Test func inactiveUsersExpiredLoginsAndRemovedDevicesAreSkipped() {
        let now = Date()
        #expect(OutcomePolicy.skipReason(Self.delivery(), now: now) == nil)
        #expect(OutcomePolicy.skipReason(Self.delivery(token: nil), now: now) == "device removed")
        #expect(OutcomePolicy.skipReason(Self.delivery(active: false), now: now) == "user inactive")
        #expect(OutcomePolicy.skipReason(Self.delivery(expiresIn: -1), now: now) == "login expired")
        #expect(OutcomePolicy.skipReason(Self.delivery(expiresIn: nil), now: now) == "login expired")
    }
}

@Suite("Payloads")
struct PayloadTests {
    @Test func apnsPayloadHasTheOldShapePlusIdsAndHeaders() throws {
        let delivery = PolicyTests.delivery()
        let request = APNSRequest(delivery: delivery, topic: "eu.ess.ESS-Notify", expirationSeconds: 0, now: Date())
        let json = try #require(try JSONSerialization.jsonObject(with: request.payload) as? [String: Any])
        let aps = try #require(json["aps"] as? [String: Any])
        #expect((aps["alert"] as? [String: String]) == ["title": "Title", "subtitle": "Sub"])
        #expect(aps["badge"] as? Int == 3 && aps["sound"] as? String == "default")
        #expect(json["notification_id"] as? Int == 7 && json["url"] as? String == "https://x")
        let headers = Dictionary(uniqueKeysWithValues: request.headers)
        #expect(headers["apns-topic"] == "eu.ess.ESS-Notify" && headers["apns-push-type"] == "alert")
        #expect(headers["apns-priority"] == "10" && headers["apns-expiration"] == "0" && headers["apns-collapse-id"] == "herald-7")
        #expect(request.path == "/3/device/t")
    }

    @Test func longSubtitlesAreCutAndPayloadsFitInto4096Bytes() throws {
        var delivery = PolicyTests.delivery()
        delivery.notification.subtitle = String(repeating: "ü", count: 300)
        let cut = try #require(try JSONSerialization.jsonObject(with: APNSRequest(delivery: delivery, topic: "t", expirationSeconds: 0, now: Date()).payload) as? [String: Any])
        #expect(((cut["aps"] as? [String: Any])?["alert"] as? [String: String])?["subtitle"]?.count == 256)

        delivery.notification.title = String(repeating: "标", count: 1000)
        delivery.notification.url = String(repeating: "u", count: 2000)
        let payload = APNSRequest(delivery: delivery, topic: "t", expirationSeconds: 0, now: Date()).payload
        #expect(payload.count <= 4096)
        // The subtitle went first; the title was cut to whole characters (a
        // prefix of the original), and the URL, which fits, is kept whole.
        let apns = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        let apnsAlert = try #require((apns["aps"] as? [String: Any])?["alert"] as? [String: String])
        #expect(apnsAlert["subtitle"] == "" && apns["url"] as? String == delivery.notification.url)
        let apnsTitle = try #require(apnsAlert["title"])
        #expect(apnsTitle.count > 100 && apnsTitle.count < 1000 && delivery.notification.title.hasPrefix(apnsTitle))
        let fcm = FCMRequest(delivery: delivery, projectID: "p").body
        #expect(fcm.count <= 4096)
        let fcmData = try #require(((try JSONSerialization.jsonObject(with: fcm) as? [String: Any])?["message"] as? [String: Any])?["data"] as? [String: String])
        let fcmTitle = try #require(fcmData["title"])
        #expect(fcmTitle.count > 100 && fcmTitle.count < 1000 && delivery.notification.title.hasPrefix(fcmTitle) && fcmData["url"] == delivery.notification.url)
    }

    /// A link as long as the API allows cannot fit beside a title: it is left
    /// out of the push (the inbox has it) rather than the push being refused
    /// by the provider for good, and the title is kept whole.
    @Test func aURLTooLongForThePushIsLeftOutAndTheTitleKept() throws {
        var delivery = PolicyTests.delivery(token: String(repeating: "f", count: 2048))
        delivery.notification.title = "Vacuum lost in sector 7"
        delivery.notification.url = "https://grafana.example.org/d/abc?" + String(repeating: "q", count: NotificationRules.maxURLLength - 34)
        #expect(delivery.notification.url.count == NotificationRules.maxURLLength)
        let payload = APNSRequest(delivery: delivery, topic: "t", expirationSeconds: 0, now: Date()).payload
        #expect(payload.count <= 4096)
        let apns = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        #expect(apns["url"] as? String == "")
        #expect(((apns["aps"] as? [String: Any])?["alert"] as? [String: String])?["title"] == "Vacuum lost in sector 7")
        for request in [FCMRequest(delivery: delivery, projectID: "p")] + FCMRequest.batch([delivery], projectID: "p") {
            #expect(request.body.count <= 4096)
            let data = try #require(((try JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["message"] as? [String: Any])?["data"] as? [String: String])
            #expect(data["url"] == "" && data["title"] == "Vacuum lost in sector 7")
        }
    }

    /// Attributes reach the app in both providers' custom data, and an
    /// expiring notification is never shown late: APNs stops at its expiry
    /// (or the configured time, if sooner), FCM gets the time left as `ttl`,
    /// and one already past is not sent at all.
    @Test func attributesTravelAndExpiryBoundsThePush() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var delivery = PolicyTests.delivery()
        delivery.loginExpiresAt = now.addingTimeInterval(86_400)
        delivery.notification.attributes = NotificationAttributes(["class": .string("comet"), "magnitude": .number(17.5), "confirmed": .bool(false)])
        delivery.notification.expiresAt = now.addingTimeInterval(600)
        let apns = APNSRequest(delivery: delivery, topic: "t", expirationSeconds: 86_400, now: now)
        #expect(apns.expiration == 1_800_000_600, "the notification's expiry comes before the configured day")
        #expect(APNSRequest(delivery: delivery, topic: "t", expirationSeconds: 60, now: now).expiration == 1_800_000_060)
        #expect(APNSRequest(delivery: delivery, topic: "t", expirationSeconds: 0, now: now).expiration == 0, "now or never stays")
        let payload = try #require(try JSONSerialization.jsonObject(with: apns.payload) as? [String: Any])
        let attributes = try #require(payload["attributes"] as? [String: Any])
        #expect(attributes["class"] as? String == "comet" && attributes["magnitude"] as? Double == 17.5 && attributes["confirmed"] as? Bool == false)

        for request in [FCMRequest(delivery: delivery, projectID: "p", now: now)] + FCMRequest.batch([delivery], projectID: "p", now: now) {
            let message = try #require((try JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["message"] as? [String: Any])
            #expect((message["android"] as? [String: String])?["ttl"] == "600s")
            let data = try #require(message["data"] as? [String: String])
            #expect(data["attributes"] == #"{"class":"comet","confirmed":false,"magnitude":17.5}"#)
        }
        #expect(OutcomePolicy.skipReason(delivery, now: now) == nil)
        #expect(OutcomePolicy.skipReason(delivery, now: now.addingTimeInterval(600)) == "notification expired")

        // Without either, the payloads keep the old shape.
        let plain = PolicyTests.delivery()
        let plainPayload = try #require(try JSONSerialization.jsonObject(with: APNSRequest(delivery: plain, topic: "t", expirationSeconds: 0, now: now).payload) as? [String: Any])
        #expect(plainPayload["attributes"] == nil)
        let plainMessage = try #require((try JSONSerialization.jsonObject(with: FCMRequest(delivery: plain, projectID: "p").body) as? [String: Any])?["message"] as? [String: Any])
        #expect((plainMessage["android"] as? [String: String]) == ["priority": "high", "collapse_key": "herald-\(plain.notification.id)"])
        #expect((plainMessage["data"] as? [String: String])?["attributes"] == nil)
    }

    @Test func fcmMessagesAreDataMessagesWithTheOldFields() throws {
        var delivery = PolicyTests.delivery()
        delivery.notification.subtitle = String(repeating: "s", count: 300)
        let request = FCMRequest(delivery: delivery, projectID: "proj")
        #expect(request.path == "/v1/projects/proj/messages:send")
        let message = try #require((try JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["message"] as? [String: Any])
        #expect(message["token"] as? String == "t")
        let data = try #require(message["data"] as? [String: String])
        #expect(data["title"] == "Title" && data["body"]?.count == 256 && data["url"] == "https://x" && data["notification_id"] == "7")
    }

    /// Batches share encodings (per badge for APNs, a token template for
    /// FCM): each request must still be exactly what encoding it alone gives.
    @Test func batchesEncodeEachDeviceExactlyAsAlone() throws {
        var quoting = PolicyTests.delivery()
        quoting.notification.title = #"Says "HERALD_DEVICE_TOKEN_MARKER" and \ too"#
        var huge = PolicyTests.delivery(token: String(repeating: "a", count: 300))
        huge.notification = NotificationRecord(id: 8, serviceID: UUID(), timestamp: Date(), draft: NotificationDraft(title: String(repeating: "标", count: 1000), subtitle: "", url: String(repeating: "u", count: 1500)))
        var bare = PolicyTests.delivery(token: "ghi")
        bare.notification = NotificationRecord(id: 9, serviceID: UUID(), timestamp: Date(), draft: NotificationDraft(title: "HERALD_DEVICE_TOKEN_MARKER", subtitle: "", url: ""))
        var deliveries = [
            PolicyTests.delivery(token: "abc"), PolicyTests.delivery(token: "def"), quoting, PolicyTests.delivery(token: #"needs"escaping\"#), huge,
            PolicyTests.delivery(token: nil), bare,
        ]
        deliveries[1].badge = 9
        let now = Date()
        #expect(APNSRequest.batch(deliveries, topic: "t", expirationSeconds: 60, now: now) == deliveries.map { APNSRequest(delivery: $0, topic: "t", expirationSeconds: 60, now: now) })
        let batch = FCMRequest.batch(deliveries, projectID: "p")
        #expect(batch == deliveries.map { FCMRequest(delivery: $0, projectID: "p") })
        #expect(batch.allSatisfy { $0.body.count <= 4096 })
        let escaped = try #require((try JSONSerialization.jsonObject(with: batch[3].body) as? [String: Any])?["message"] as? [String: Any])
        #expect(escaped["token"] as? String == #"needs"escaping\"#)
    }
}
