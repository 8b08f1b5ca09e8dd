import Foundation
import HeraldCore
import HeraldDelivery
import HeraldMocks
import HeraldTestSupport
import Testing

/// The worker connects to its providers and makes their credentials at
/// start, so the first notification does not wait for TLS handshakes or an
/// OAuth round trip; a provider it cannot reach is reported by readiness
/// and tried again, and never holds the others back.
@Suite("Providers warm from the start")
struct WarmStartTests {
    @Test func connectionsAndCredentialsAreMadeBeforeTheFirstNotification() async throws {
        try await DeliveryHarness.run(.sqlite) { harness in
            let service = try await harness.seed([Recipient(DeliveryHarness.apnsToken(1), .apns), Recipient(DeliveryHarness.fcmToken(2), .fcm)])
            let parts = PartStates()
            try await harness.withWorker(parts: parts) {
                try await harness.waitUntil("both providers connected") {
                    parts.state(of: Part.connection(.apns)) == .running && parts.state(of: Part.connection(.fcm)) == .running
                }
                // Every connection of each provider is open (the express one too), and FCM's access token fetched, with nothing sent yet.
                #expect(harness.mocks.openConnections(.apns) == harness.settings.connectionsPerProvider + 1)
                // (The FCM mock also answers the OAuth token requests, over a connection of their own.)
                #expect(harness.mocks.openConnections(.fcm) >= harness.settings.connectionsPerProvider + 1)
                #expect(harness.mocks.fcm.tokenRequests == 1)
                #expect(harness.mocks.apns.pushCount == 0 && harness.mocks.fcm.messageCount == 0)

                let notification = try await harness.publish(service)
                #expect(try await harness.waitUntilSettled(notification) == [.sent: 2])
                #expect(harness.mocks.fcm.tokenRequests == 1, "the token made at start was used")
                #expect(harness.mocks.openConnections(.apns) == harness.settings.connectionsPerProvider + 1, "no new connection was needed")
            }
        }
    }

    @Test func anUnreachableProviderIsReportedAndDoesNotHoldTheOthersBack() async throws {
        try await DeliveryHarness.run(.sqlite) { harness in
            let service = try await harness.seed([Recipient(DeliveryHarness.fcmToken(1), .fcm)])
            var settings = harness.settings
            // Nothing listens on port 1 of this host.
            settings.apns?.baseURL = "https://localhost:1"
            let parts = PartStates()
            try await harness.withWorker(settings: settings, parts: parts) {
                try await harness.waitUntil("APNs reported unreachable") {
                    if case .stopped(let reason) = parts.state(of: Part.connection(.apns)) { return reason.contains("cannot connect") }
                    return false
                }
                let notification = try await harness.publish(service)
                #expect(try await harness.waitUntilSettled(notification) == [.sent: 1])
                #expect(parts.state(of: Part.connection(.fcm)) == .running)
            }
        }
    }
}
