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
    }

    @Test func apnsKnowsItsPushTypes() {
        #expect(MockAPNs.pushTypes.contains("alert") && MockAPNs.pushTypes.contains("background"))
        #expect(!MockAPNs.pushTypes.contains("notification"))
    }
}
