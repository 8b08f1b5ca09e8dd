import Crypto
import Foundation
import HeraldCore
import Testing

/// The lock-screen "Acknowledge" link: it names one notification and one
/// device, and nothing else verifies.
@Suite("Acknowledge capability")
struct AcknowledgeCapabilityTests {
    @Test func onlyTheTokensThisServerMadeVerifyAndEachNamesOneNotificationAndDevice() throws {
        let capability = AcknowledgeCapability(vapid: VAPID(key: P256.Signing.PrivateKey(), subject: "mailto:ops@example.org"))
        let token = capability.token(notificationID: 42, deviceID: 7)
        let claim = try #require(capability.verify(token))
        #expect(claim.notificationID == 42 && claim.deviceID == 7)
        #expect(capability.path(notificationID: 42, deviceID: 7) == "/api/v2/acknowledge/" + token)
        #expect(token.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }, "URL-safe: \(token)")

        let signature = token.split(separator: ".")[2]
        for forged in [
            "43.7.\(signature)", "42.8.\(signature)", "42.7", "42.7.", "42.7.\(signature)x", "-42.7.\(signature)", "0.7.\(signature)",
            "42.7.\(signature).1", "99999999999999999999.7.\(signature)", "", "...",
        ] {
            #expect(capability.verify(forged) == nil, "\(forged)")
        }
        let otherServer = AcknowledgeCapability(vapid: VAPID(key: P256.Signing.PrivateKey(), subject: "mailto:ops@example.org"))
        #expect(otherServer.verify(token) == nil, "another VAPID key, another server")
    }
}
