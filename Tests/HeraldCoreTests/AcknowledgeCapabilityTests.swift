import Crypto
import Foundation
import HeraldCore
import Testing

/// The lock-screen "Acknowledge" link: it names one notification, one
/// device, the account it was issued to and when it expires, and nothing
/// else verifies.
@Suite("Acknowledge capability")
struct AcknowledgeCapabilityTests {
    @Test func onlyTheTokensThisServerMadeVerifyAndEachNamesItsNotificationDeviceAccountAndExpiry() throws {
        let capability = AcknowledgeCapability(vapid: VAPID(key: P256.Signing.PrivateKey(), subject: "mailto:ops@example.org"))
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        let issued = AcknowledgeCapability.Claim(notificationID: 42, deviceID: 7, userID: 3, issuedAt: at)
        let token = capability.token(issued)
        let claim = try #require(capability.verify(token))
        #expect(claim == issued)
        #expect(claim.expiresAt(lifetime: 86_400) == at.addingTimeInterval(86_400))
        #expect(capability.path(issued) == "/api/v2/acknowledge/" + token)
        #expect(token.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }, "URL-safe: \(token)")

        let signature = token.split(separator: ".")[4]
        for forged in [
            "43.7.3.1800000000.\(signature)", "42.8.3.1800000000.\(signature)", "42.7.4.1800000000.\(signature)",
            "42.7.3.1900000000.\(signature)", "42.7.3.1800000000", "42.7.3.1800000000.", "42.7.3.1800000000.\(signature)x",
            "-42.7.3.1800000000.\(signature)", "0.7.3.1800000000.\(signature)", "42.7.\(signature)", "42.7.3.1800000000.\(signature).1",
            "99999999999999999999.7.3.1800000000.\(signature)", "", "....",
        ] {
            #expect(capability.verify(forged) == nil, "\(forged)")
        }
        // A changed signature of the same length (its first character swapped for another).
        let first = signature.first == "A" ? "B" : "A"
        #expect(capability.verify("42.7.3.1800000000.\(first)\(signature.dropFirst())") == nil)
        let otherServer = AcknowledgeCapability(vapid: VAPID(key: P256.Signing.PrivateKey(), subject: "mailto:ops@example.org"))
        #expect(otherServer.verify(token) == nil, "another VAPID key, another server")
    }
}
