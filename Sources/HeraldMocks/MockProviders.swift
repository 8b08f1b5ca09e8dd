import Foundation
import HeraldCore
import Hummingbird
import HummingbirdHTTP2
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

/// Mock APNs and FCM servers running on loopback ports, with the delivery
/// settings that point Herald at them.
public struct MockProviders: Sendable {
    public let apns: MockAPNs
    public let fcm: MockFCM
    public let certificates: MockCertificates
    public let apnsURL: String
    public let fcmURL: String

    /// Delivery settings aimed at these mocks (other fields as given).
    public func deliverySettings(_ base: DeliverySettings = DeliverySettings()) throws -> DeliverySettings {
        var settings = base
        settings.apns = .init(keyID: apns.keyID, authKeyPEM: apns.signingKeyPEM, teamID: apns.teamID, topic: apns.topic, baseURL: apnsURL)
        settings.fcm = .init(projectID: fcm.projectID, serviceAccountJSON: try fcm.serviceAccountJSON(baseURL: fcmURL), baseURL: fcmURL)
        settings.caBundlePEM = certificates.caPEM
        return settings
    }

    /// Starts both mocks, runs `body`, and stops them.
    public static func run<T: Sendable>(logger: Logger = Logger(label: "herald-mocks"), _ body: @Sendable (MockProviders) async throws -> T) async throws -> T {
        let certificates = try MockCertificates.make()
        let apns = try await MockAPNs()
        let fcm = try await MockFCM()
        let apnsRouter = Router(context: MockContext.self)
        apns.addRoutes(to: apnsRouter)
        let fcmRouter = Router(context: MockContext.self)
        fcm.addRoutes(to: fcmRouter)
        // For scripts that run the mocks as a process: what arrived so far.
        apnsRouter.get("_stats") { _, _ in "{\"total\": \(apns.stats.total), \"distinct_tokens\": \(apns.stats.distinctTokens)}" }
        fcmRouter.get("_stats") { _, _ in "{\"total\": \(fcm.stats.total), \"distinct_tokens\": \(fcm.stats.distinctTokens)}" }
        let ports = NIOLockedValueBox<[String: Int]>([:])
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        func app(_ name: String, _ router: Router<MockContext>) throws -> some ApplicationProtocol {
            var configuration = HTTP2UpgradeChannel.Configuration()
            configuration.idleTimeout = .seconds(600)
            return Application(
                router: router,
                server: try .http2Upgrade(tlsConfiguration: certificates.serverTLS(), configuration: configuration),
                configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "mock-\(name)"),
                onServerRunning: { channel in
                    ports.withLockedValue { $0[name] = channel.localAddress?.port }
                    startedContinuation.yield()
                },
                logger: logger
            )
        }
        return try await withRunningServices([try app("apns", apnsRouter), try app("fcm", fcmRouter)], logger: logger) {
            var iterator = started.makeAsyncIterator()
            _ = await iterator.next()
            _ = await iterator.next()
            let (apnsPort, fcmPort) = ports.withLockedValue { ($0["apns"] ?? 0, $0["fcm"] ?? 0) }
            let fcmURL = "https://localhost:\(fcmPort)"
            fcm.baseURL.withLockedValue { $0 = fcmURL }
            return try await body(MockProviders(apns: apns, fcm: fcm, certificates: certificates, apnsURL: "https://localhost:\(apnsPort)", fcmURL: fcmURL))
        }
    }
}
