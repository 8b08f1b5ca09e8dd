import AsyncHTTPClient
import Foundation
import HeraldCore
import Logging
import ServiceLifecycle

/// Builds the delivery worker and what it runs on from the configuration.
public struct DeliveryEngine: Sendable {
    public let worker: DeliveryWorker
    /// The worker and the outbound HTTP client, to run in the service group
    /// (the client is shut down after the worker stops).
    public let services: [any ServiceLifecycle.Service]

    public static func make(
        config: HeraldConfig, store: any HeraldStore, signal: QueueSignal, metrics: DeliveryMetrics, ready: ReadinessGate, logger: Logger,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) throws -> DeliveryEngine {
        let settings = config.delivery
        let http = try OutboundHTTPClient.make(caBundlePEM: settings.caBundlePEM)
        var providers: [any PushProvider] = []
        if let apns = settings.apns {
            let token = APNSProviderToken(keyPEM: apns.authKeyPEM, keyID: apns.keyID, teamID: apns.teamID, clock: clock)
            providers.append(APNSClient(settings: apns, http: http, providerToken: token, logger: logger))
        }
        if let fcm = settings.fcm {
            let account: ServiceAccount
            do {
                account = try JSONDecoder().decode(ServiceAccount.self, from: fcm.serviceAccountJSON)
            } catch {
                throw ConfigurationError("GOOGLE_APPLICATION_CREDENTIALS", "not a service account file (needs client_email, private_key, token_uri): \(error)")
            }
            providers.append(FCMClient(settings: fcm, http: http, accessToken: FCMAccessToken(account: account, http: http, clock: clock), logger: logger))
        }
        let worker = DeliveryWorker(
            store: store, providers: providers, settings: settings, signal: signal, metrics: metrics, ready: ready, logger: logger, clock: clock
        )
        // A service group stops services in reverse order: the worker
        // finishes its batches before the HTTP client goes.
        return DeliveryEngine(worker: worker, services: [HTTPClientService(client: http), worker])
    }
}

/// Keeps an async-http-client alive for the service group's lifetime and
/// shuts it down at the end.
struct HTTPClientService: ServiceLifecycle.Service {
    let client: HTTPClient

    func run() async throws {
        try? await gracefulShutdown()
        try await client.shutdown()
    }
}
