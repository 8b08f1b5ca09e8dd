import Foundation
import HeraldCore
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Mock APNs and FCM servers running on loopback ports, with the delivery
/// settings that point Herald at them.
public struct MockProviders: Sendable {
    public let apns: MockAPNs
    public let fcm: MockFCM
    public let certificates: MockCertificates
    public let apnsURL: String
    public let fcmURL: String
    let apnsServer: MockHTTP2Server
    let fcmServer: MockHTTP2Server

    /// Client connections open to a mock now (TLS accepted).
    public func openConnections(_ platform: Platform) -> Int {
        (platform == .apns ? apnsServer : fcmServer).openConnections
    }

    /// Delivery settings aimed at these mocks (other fields as given).
    public func deliverySettings(_ base: DeliverySettings = DeliverySettings()) throws -> DeliverySettings {
        var settings = base
        settings.apns = .init(keyID: apns.keyID, authKeyPEM: apns.signingKeyPEM, teamID: apns.teamID, topic: apns.topic, baseURL: apnsURL)
        settings.fcm = .init(projectID: fcm.projectID, serviceAccountJSON: try fcm.serviceAccountJSON(baseURL: fcmURL), baseURL: fcmURL)
        settings.caBundlePEM = certificates.caPEM
        return settings
    }

    /// Starts both mocks, runs `body`, and stops them. `eventLoops` serve
    /// their connections: the process's shared loops unless given (the
    /// benchmark gives a group of its own, a thread per connection, as a
    /// provider elsewhere serves each connection apart).
    public static func run<T: Sendable>(
        eventLoops: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, _ body: @Sendable (MockProviders) async throws -> T
    ) async throws -> T {
        let certificates = try MockCertificates.make()
        let apns = try await MockAPNs()
        let fcm = try await MockFCM()
        let tls = try certificates.serverTLS()
        let apnsServer = try await MockHTTP2Server.start(tls: tls, responder: apns, limitStreamsUntilAuthenticated: true, eventLoops: eventLoops)
        let fcmServer: MockHTTP2Server
        do {
            fcmServer = try await MockHTTP2Server.start(tls: tls, responder: fcm, limitStreamsUntilAuthenticated: false, eventLoops: eventLoops)
        } catch {
            await apnsServer.close()
            throw error
        }
        let fcmURL = "https://localhost:\(fcmServer.port)"
        fcm.baseURL.withLockedValue { $0 = fcmURL }
        let mocks = MockProviders(
            apns: apns, fcm: fcm, certificates: certificates, apnsURL: "https://localhost:\(apnsServer.port)", fcmURL: fcmURL,
            apnsServer: apnsServer, fcmServer: fcmServer
        )
        let result: Result<T, any Error>
        do { result = .success(try await body(mocks)) } catch { result = .failure(error) }
        await apnsServer.close()
        await fcmServer.close()
        return try result.get()
    }
}
