import Foundation
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

    @Test func apnsKnowsItsPushTypes() {
        #expect(MockAPNs.pushTypes.contains("alert") && MockAPNs.pushTypes.contains("background"))
        #expect(!MockAPNs.pushTypes.contains("notification"))
    }
}
