import Foundation
import HeraldCore
import HeraldMocks
import HeraldTestSupport
import Hummingbird
import HummingbirdTLS
import NIOConcurrencyHelpers
import NIOCore
import NIOSSL
import ServiceLifecycle
import Testing

@testable import HeraldDelivery
import HeraldOutbound

/// Herald's own HTTP/2 transport against what servers do to connections:
/// GOAWAY, refused streams, silence, idle time, and no HTTP/2 at all.
@Suite("Push transport")
struct PushTransportTests {
    @Test func goAwayAndRefusedStreamsAreResentAtOnceAndOnlyOnce() async throws {
        // One batch on one connection per provider: APNs allows one stream
        // until the token is checked, so GOAWAY at the first leaves 29 unsent.
        try await DeliveryHarness.run(.sqlite, configure: { $0.batchSize = 100; $0.connectionsPerProvider = 1 }) { harness in
            let recipients = (0..<30).map { Recipient(DeliveryHarness.apnsToken($0), .apns) } + (0..<30).map { Recipient(DeliveryHarness.fcmToken($0), .fcm) }
            let service = try await harness.seed(recipients)
            harness.mocks.apns.behave(.goAwayOnce)
            harness.mocks.fcm.behave(.refuseStreamOnce)
            let notification = try await harness.publish(service)
            let counts = try await harness.withWorker { try await harness.waitUntilSettled(notification) }
            #expect(counts == [.sent: 60])
            let report = try await harness.store.deliveryReport(notificationID: notification.id)
            #expect(report.allSatisfy { $0.attempts == 1 }, "resent by the transport straight away, not left for a later retry")
            // Refused streams were never processed: each device got exactly one push.
            #expect(harness.mocks.apns.pushCount == 30 && Set(harness.mocks.apns.pushes.map(\.token)).count == 30)
            #expect(harness.mocks.fcm.messageCount == 30 && Set(harness.mocks.fcm.messages.map(\.token)).count == 30)
            #expect(harness.mocks.apns.violations == [] && harness.mocks.fcm.violations == [])
            let resends = String(decoding: harness.metrics.render(), as: UTF8.self).split(separator: "\n")
                .first { $0.hasPrefix("herald_push_resends_total ") }.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
            #expect(resends >= 2, "the refused FCM stream and the APNs streams under GOAWAY were resent")
        }
    }

    @Test func aProviderThatDoesNotAnswerTimesOutAndIsRetried() async throws {
        try await DeliveryHarness.run(.sqlite, configure: { $0.pushTimeoutSeconds = 0.5 }) { harness in
            let service = try await harness.seed([Recipient(DeliveryHarness.apnsToken(1), .apns)])
            harness.mocks.apns.behave(.delay(.seconds(30)))
            let notification = try await harness.publish(service)
            try await harness.withWorker {
                try await harness.waitUntil("the silent attempt timed out") {
                    try await harness.store.deliveryReport(notificationID: notification.id).first?.lastError?.contains("no answer in time") == true
                }
                harness.mocks.apns.behave(.answer)
                #expect(try await harness.waitUntilSettled(notification) == [.sent: 1])
            }
        }
    }

    @Test func idleConnectionsArePingedAndKept() async throws {
        try await DeliveryHarness.run(.sqlite, configure: { $0.idlePingSeconds = 0.3; $0.connectionsPerProvider = 1 }) { harness in
            let service = try await harness.seed([Recipient(DeliveryHarness.apnsToken(1), .apns)])
            try await harness.withWorker {
                #expect(try await harness.waitUntilSettled(try await harness.publish(service)) == [.sent: 1])
                let connections = harness.mocks.apns.transport.connections
                try await harness.waitUntil("a PING on the idle connection") { harness.mocks.apns.transport.pings >= 2 }
                #expect(try await harness.waitUntilSettled(try await harness.publish(service)) == [.sent: 1])
                #expect(harness.mocks.apns.transport.connections == connections, "the pinged connection was used again")
            }
        }
    }

    @Test func aServerWithoutHTTP2IsRefusedWithAReason() async throws {
        let certificates = try MockCertificates.make()
        var serverTLS = try certificates.serverTLS()
        serverTLS.applicationProtocols = ["http/1.1"]
        let port = NIOLockedValueBox(0)
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let router = Router()
        router.post("**") { _, _ in "an HTTP/1.1 answer" }
        let server = Application(
            router: router, server: try .tls(.http1(), tlsConfiguration: serverTLS), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                port.withLockedValue { $0 = channel.localAddress?.port ?? 0 }
                startedContinuation.yield()
            },
            logger: TestDatabase.logger
        )
        try await withRunningServices([server], logger: TestDatabase.logger) {
            var iterator = started.makeAsyncIterator()
            _ = await iterator.next()
            let origin = try HTTP2Origin(baseURL: "https://localhost:\(port.withLockedValue { $0 })", tls: try OutboundHTTP.tls(caBundlePEM: certificates.caPEM), connections: 1)
            let results = await origin.postJSON([PushPost(path: "/3/device/00", body: Data("{}".utf8))], bearer: "token")
            await origin.shutdown()
            guard case .failure(.notHTTP2) = results.first else {
                Issue.record("expected a refusal for want of HTTP/2, got \(String(describing: results.first))")
                return
            }
        }
    }

    @Test func onlyHTTPSBaseURLsAreAccepted() throws {
        #expect(throws: PushConfigurationError.self) { try HTTP2Origin(baseURL: "http://api.push.apple.com", tls: .makeClientConfiguration(), connections: 1) }
    }
}
