import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import Logging
import NIOCore
import NIOSSL
import Prometheus
import ServiceLifecycle
import Tracing

/// Builds the delivery worker and what it runs on from the configuration.
public struct DeliveryEngine: Sendable {
    public let worker: DeliveryWorker
    /// Shuts the provider connections and the HTTP client down when the
    /// service group ends.
    public let connections: any ServiceLifecycle.Service
    /// The connections and the worker, in the order to run them in a
    /// service group: it stops services in reverse order, so the worker
    /// finishes its batches before the connections go.
    public var services: [any ServiceLifecycle.Service] { [connections, worker] }

    public static func make(
        config: HeraldConfig, queue: any DeliveryQueue, signal: QueueSignal, metrics: DeliveryMetrics, ready: ReadinessGate, logger: Logger,
        clock: WallClock = .system, tracer: (any Tracer)? = nil, parts: PartStates = PartStates(), sharedSettings: (any SharedSettings)? = nil,
        alerting: (any ServiceAlertingStore)? = nil, quietHours: (any QuietHoursStore & EscalationStore & RotaStore)? = nil,
        accounts: (any AccountStore & ServiceStore)? = nil, alarms: (any EscalationStore & RotaStore & ServiceWriteBackStore & AccessStore & AcknowledgementStore)? = nil,
        contacts: ContactChannels? = nil, contactStore: (any ContactStore & AcknowledgementStore & ContactFollowUpStore & LanguageStore)? = nil
    ) throws -> DeliveryEngine {
        let settings = config.delivery
        let tls = try OutboundHTTP.tls(caBundlePEM: settings.caBundlePEM)
        let account: ServiceAccount? = try settings.fcm.map { fcm in
            do {
                return try JSONDecoder().decode(ServiceAccount.self, from: fcm.serviceAccountJSON)
            } catch {
                throw ConfigurationError("GOOGLE_APPLICATION_CREDENTIALS", "not a service account file (needs client_email, private_key, token_uri): \(error)")
            }
        }
        // Web Push endpoints are the users' choice: the outbound policy
        // holds. The FCM token endpoint is the service account file's, which
        // the operator chose (trusted at its host and port only).
        let http = OutboundHTTP(
            policy: config.outbound.policy, tls: tls, readTimeout: .seconds(30), trustedOrigins: account.map { [$0.token_uri] } ?? [], idleTimeout: .seconds(600)
        )
        var providers: [any PushProvider] = []
        var origins: [HTTP2Origin] = []
        if let apns = settings.apns {
            let token = APNSProviderToken(keyPEM: apns.authKeyPEM, keyID: apns.keyID, teamID: apns.teamID, clock: clock)
            let origin = try origin(apns.baseURL, "APNS_URL", tls: tls, settings: settings, metrics: metrics)
            origins.append(origin)
            providers.append(APNSClient(settings: apns, criticalAlerts: settings.urgency.criticalAlerts, origin: origin, providerToken: token, logger: logger))
        }
        if let fcm = settings.fcm, let account {
            let origin = try origin(fcm.baseURL, "FCM_URL", tls: tls, settings: settings, metrics: metrics)
            origins.append(origin)
            providers.append(FCMClient(settings: fcm, criticalAlerts: settings.urgency.criticalAlerts, origin: origin, accessToken: FCMAccessToken(account: account, http: http, clock: clock), logger: logger))
        }
        if let subject = settings.webPushSubject, let sharedSettings {
            let keys = VAPIDKeys(settings: sharedSettings, subject: subject)
            providers.append(
                WebPushClient(
                    http: http, vapid: { try await keys.vapid() }, timeout: .nanoseconds(Int64(settings.pushTimeoutSeconds * 1e9)),
                    concurrency: min(settings.concurrency, 64), logger: logger, endpoints: config.outbound.webPushEndpoints,
                    acknowledgeLinkLifetime: settings.acknowledgeLinkLifetime
                )
            )
        }
        if let contacts, let contactStore {
            providers += contacts.providers(store: contactStore, logger: logger) as [any PushProvider]
        }
        let worker = DeliveryWorker(
            queue: queue, providers: providers, settings: settings, signal: signal, metrics: metrics, ready: ready, logger: logger, clock: clock,
            tracer: tracer, breaker: PruningBreaker(parts: parts, registry: metrics.registry, logger: logger), parts: parts, alerting: alerting,
            quietHours: quietHours, accounts: accounts, confinement: config.auth.confinement, alarms: alarms
        )
        let openOrigins = origins
        let connections = ClosingService("delivery connections") {
            for origin in openOrigins { await origin.shutdown() }
            try? await http.shutdown()
        }
        return DeliveryEngine(worker: worker, connections: connections)
    }

    private static func origin(_ url: String, _ variable: String, tls: TLSConfiguration, settings: DeliverySettings, metrics: DeliveryMetrics) throws -> HTTP2Origin {
        do {
            return try HTTP2Origin(
                baseURL: url, tls: tls, connections: settings.connectionsPerProvider,
                requestTimeout: .nanoseconds(Int64(settings.pushTimeoutSeconds * 1e9)), idlePing: .nanoseconds(Int64(settings.idlePingSeconds * 1e9)),
                onResend: { metrics.resends.increment(by: Int64($0)) }
            )
        } catch let error as PushConfigurationError {
            throw ConfigurationError(variable, error.description)
        }
    }
}
