import AsyncHTTPClient
import Foundation
import HeraldTestSupport
import JWTKit
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import Testing

@testable import HeraldMocks

/// The mocks refuse what Google and Apple refuse (their documented 400
/// reasons), so a client bug fails a test instead of passing with a 200.
@Suite("Mock providers refuse what the real ones refuse")
struct MockRefusalTests {
    static func message(_ fields: [String: Any], envelope: [String: Any] = [:]) throws -> Data {
        try JSONSerialization.data(withJSONObject: ["message": fields].merging(envelope) { $1 })
    }

    @Test func fcmRefusesMessagesTheHTTPv1APIRefuses() throws {
        let token = "fcm-1:" + String(repeating: "t", count: 140)
        let good: [String: Any] = ["token": token, "data": ["title": "t", "body": "b", "url": ""], "android": ["priority": "high", "ttl": "3600s", "collapse_key": "k"]]
        #expect(MockFCM.invalidArgument(try Self.message(good)) == nil)
        var bad = good
        bad["token"] = "not a token"
        #expect(MockFCM.invalidArgument(try Self.message(bad))?.contains("not a valid FCM registration token") == true)
        bad = good
        bad["data"] = ["title": 1]
        #expect(MockFCM.invalidArgument(try Self.message(bad))?.contains("message.data") == true)
        bad = good
        bad["android"] = ["priority": "urgent"]
        #expect(MockFCM.invalidArgument(try Self.message(bad))?.contains("android.priority") == true)
        bad = good
        bad["android"] = ["ttl": 3600]
        #expect(MockFCM.invalidArgument(try Self.message(bad))?.contains("android.ttl") == true)
        bad = good
        bad["badge"] = 3
        #expect(MockFCM.invalidArgument(try Self.message(bad))?.contains("Unknown name") == true)
        #expect(MockFCM.invalidArgument(Data("{}".utf8)) != nil)
        // Issue 25: Android's notification enums and the APNs block.
        for (android, problem) in [
            (["notification": ["channel_id": "c", "notification_priority": "MAX"]], "notification_priority"),
            (["notification": ["visibility": "public"]], "visibility"),
            (["notification": ["importance": "HIGH"]], "Unknown name"),
        ] as [([String: Any], String)] {
            bad = good
            bad["android"] = android
            #expect(MockFCM.invalidArgument(try Self.message(bad))?.contains(problem) == true, "\(android)")
        }
        bad = good
        bad["apns"] = ["headers": ["apns-priority": 10]]
        #expect(MockFCM.invalidArgument(try Self.message(bad))?.contains("apns.headers") == true)
    }

    /// What a phone would not understand in `aps` is a violation, so a
    /// delivery test fails on it (Apple passes such payloads on).
    @Test func apnsSeesWhatAPhoneWouldNotUnderstand() {
        #expect(MockAPNs.apsProblems(["interruption-level": "critical", "sound": ["critical": 1, "name": "default", "volume": 1.0], "relevance-score": 1]) == [])
        #expect(MockAPNs.apsProblems(["interruption-level": "urgent"]) == ["aps.interruption-level urgent"])
        #expect(MockAPNs.apsProblems(["relevance-score": 2]).count == 1)
        #expect(MockAPNs.apsProblems(["sound": ["critical": 1, "name": "default"]]) == ["a critical sound on a non-critical notification"])
        #expect(MockAPNs.apsProblems(["interruption-level": "critical", "sound": ["critical": 1, "volume": 3]]).count == 1)
        #expect(MockAPNs.payloadProblems(Data(#"{"title": "no aps"}"#.utf8)) == ["payload has no aps dictionary"])
    }

    /// Apple refuses a provider token from another team, with a fractional
    /// or a future `iat` (a clock running ahead: 403 InvalidProviderToken),
    /// and one signed by another key; it takes one issued now.
    @Test func apnsRefusesProviderTokensAppleRefuses() async throws {
        let apns = try await MockAPNs()
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: try ES256PrivateKey(pem: apns.signingKeyPEM), kid: JWKIdentifier(string: apns.keyID))
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        func token(team: String? = nil, issuedAt: Date, signedBy signer: JWTKeyCollection? = nil) async throws -> String {
            try await (signer ?? keys).sign(ProviderClaims(iss: IssuerClaim(value: team ?? apns.teamID), iat: IssuedAtClaim(value: issuedAt)), kid: JWKIdentifier(string: apns.keyID))
        }
        _ = try await apns.verify(try await token(issuedAt: now), now: now)
        _ = try await apns.verify(try await token(issuedAt: now.addingTimeInterval(-3000)), now: now)
        await #expect(throws: MockRefusal.self, "an iat two minutes ahead") { try await apns.verify(try await token(issuedAt: now.addingTimeInterval(120)), now: now) }
        await #expect(throws: MockRefusal.self, "another team") { try await apns.verify(try await token(team: "OTHER12345", issuedAt: now), now: now) }
        await #expect(throws: MockRefusal.self, "an iat with fractions") { try await apns.verify(try await token(issuedAt: now.addingTimeInterval(0.5)), now: now) }
        let stranger = JWTKeyCollection()
        await stranger.add(ecdsa: ES256PrivateKey(), kid: JWKIdentifier(string: apns.keyID))
        let forged = try await token(issuedAt: now, signedBy: stranger)
        await #expect(throws: (any Error).self, "another key") { try await apns.verify(forged, now: now) }
        #expect(MockAPNs.providerTokenProblem(issuer: apns.teamID, issuedAt: now.addingTimeInterval(1), teamID: apns.teamID, now: now) == nil, "a second's grace for rounding")
    }

    /// Google's token endpoint refuses (invalid_grant) an assertion that
    /// has expired, was issued in the future, lives over an hour, or names
    /// another account, audience or scope.
    @Test func fcmRefusesAssertionsGoogleRefuses() {
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let email = "herald@project.iam.gserviceaccount.com", uri = "https://127.0.0.1:1/token"
        func claims(
            iss: String = email, aud: String = uri, scope: String = "https://www.googleapis.com/auth/firebase.messaging",
            iat: TimeInterval = 0, exp: TimeInterval = 3600
        ) -> AssertionClaims {
            AssertionClaims(
                iss: IssuerClaim(value: iss), scope: scope, aud: AudienceClaim(value: aud),
                iat: IssuedAtClaim(value: now.addingTimeInterval(iat)), exp: ExpirationClaim(value: now.addingTimeInterval(exp))
            )
        }
        func problem(_ claims: AssertionClaims) -> String? { MockFCM.assertionProblem(claims, clientEmail: email, tokenURI: uri, now: now) }
        #expect(problem(claims()) == nil)
        #expect(problem(claims(iat: -3000, exp: 600)) == nil, "issued 50 minutes ago, ten left")
        #expect(problem(claims(iat: -3700, exp: -100))?.contains("expired") == true)
        #expect(problem(claims(iat: 300, exp: 3900))?.contains("future") == true)
        #expect(problem(claims(exp: 3601))?.contains("over an hour") == true)
        #expect(problem(claims(iss: "someone@else.iam.gserviceaccount.com"))?.contains("iss") == true)
        #expect(problem(claims(aud: "https://oauth2.googleapis.com/token"))?.contains("aud") == true)
        #expect(problem(claims(scope: "https://www.googleapis.com/auth/cloud-platform"))?.contains("scope") == true)
    }

    /// The tests' Web Push service refuses what push services refuse: no
    /// TTL (400, RFC 8030 §5.2), a VAPID audience that is not the endpoint's
    /// origin, an expired token or one valid for over 24 hours (403, RFC
    /// 8292 §2).
    @Test func webPushServiceRefusesWhatPushServicesRefuse() async throws {
        let now = Int(Date().timeIntervalSince1970)
        let origin = "127.0.0.1:8443"
        func problem(_ claims: [String: Any]) -> String? { WebPushTests.PushService.vapidClaimsProblem(claims, authority: origin, now: Date(timeIntervalSince1970: TimeInterval(now))) }
        #expect(problem(["aud": "http://\(origin)", "exp": now + 3600]) == nil)
        #expect(problem(["aud": "http://\(origin)", "exp": now + 24 * 3600]) == nil)
        #expect(problem(["aud": "http://\(origin)", "exp": now + 24 * 3600 + 60])?.contains("over 24 hours") == true)
        #expect(problem(["aud": "http://\(origin)", "exp": now - 1])?.contains("expired") == true)
        #expect(problem(["aud": "http://push.example.org", "exp": now + 3600])?.contains("aud") == true)
        #expect(problem(["aud": "http://\(origin)"])?.contains("exp missing") == true)

        let browser = WebPushTests.Browser()
        let service = WebPushTests.PushService(browsers: ["b": browser])
        let (port, stop) = try await LiveServer.start(router: service.router())
        let http = HTTPClient()
        let answered: (withoutTTL: Int, withTTL: Int)
        do {
            func post(ttl: String?) async throws -> Int {
                var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/push/b")
                request.method = .POST
                request.headers.add(name: "Content-Encoding", value: "aes128gcm")
                if let ttl { request.headers.add(name: "TTL", value: ttl) }
                request.body = .bytes(ByteBuffer(string: "not encrypted"))
                return Int(try await http.execute(request, timeout: .seconds(30)).status.code)
            }
            answered = (try await post(ttl: nil), try await post(ttl: "60"))
        } catch {
            try await http.shutdown()
            try await stop()
            throw error
        }
        try await http.shutdown()
        try await stop()
        #expect(answered.withoutTTL == 400, "no TTL")
        #expect(answered.withTTL == 401, "past the TTL check, refused for its missing VAPID authorization")
        #expect(service.problems.withLockedValue { $0 } == ["TTL missing", "authorization"])
    }

    @Test func apnsKnowsItsPushTypes() {
        #expect(MockAPNs.pushTypes.contains("alert") && MockAPNs.pushTypes.contains("background"))
        #expect(!MockAPNs.pushTypes.contains("notification"))
    }
}
