import Foundation
import HeraldBridges
import HeraldCore
import HeraldDelivery
import HeraldStore
import Hummingbird
import Logging
import NIOCore

/// How `buildApplication` prepares the database when the server starts.
public struct StartupOptions: Sendable {
    /// Called with the password of an `admin` account created because the
    /// database had no admin; nil leaves the database as it is.
    public var announceBootstrapAdmin: (@Sendable (String) -> Void)?

    public init(announceBootstrapAdmin: (@Sendable (String) -> Void)? = nil) {
        self.announceBootstrapAdmin = announceBootstrapAdmin
    }
}

/// The whole HTTP application: routes, the database's services, the
/// delivery worker (unless DELIVERY_WORKER=off), the Kafka alarm bridge
/// (when configured and not KAFKA_BRIDGE=off), and the start-up work
/// (migrations, signing key, first admin) run before the server accepts
/// connections. `herald serve` and the tests both use it.
public func buildApplication(
    config: HeraldConfig,
    opened: OpenedStore,
    logger: Logger,
    passwords: (any PasswordAuthenticator)? = nil,
    startup: StartupOptions = StartupOptions(),
    clock: @escaping @Sendable () -> Date = { Date() },
    onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    let api = makeAPIContext(config: config, store: opened.store, passwords: passwords)
    let ready = ReadinessGate()
    var services = opened.services
    if config.delivery.runsInServer {
        let engine = try DeliveryEngine.make(
            config: config, store: opened.store, signal: api.queueSignal, metrics: api.metrics, ready: ready, logger: logger, clock: clock
        )
        services += engine.services
    }
    if let kafka = config.kafka, kafka.runsInServer {
        services.append(KafkaAlarmBridge(settings: kafka, store: opened.store, signal: api.queueSignal, ready: ready, logger: logger))
    }
    var app = Application(
        router: buildRouter(api),
        configuration: .init(address: .hostname(config.httpHost, port: config.httpPort), serverName: "Herald"),
        services: services,
        onServerRunning: onServerRunning,
        logger: logger
    )
    app.beforeServerStarts {
        try await opened.migrate()
        ready.open()
        var secret = config.secretKey ?? ""
        if config.secretKey == nil {
            secret = try await opened.store.sharedSetting("jwt_secret", ifAbsent: randomSecret())
        }
        if config.secretKey == nil, config.jwtAlgorithm == .hs256 {
            logger.notice("SECRET_KEY is not set: signing tokens with a key generated once and kept in the database")
        }
        try await api.tokens.install(config: config, secret: secret)
        if let announce = startup.announceBootstrapAdmin {
            try await AdminBootstrap.ensureAdmin(store: opened.store, cost: config.bcryptCost, announce: announce, logger: logger)
        }
    }
    return app
}

func makeAPIContext(config: HeraldConfig, store: any HeraldStore, passwords: (any PasswordAuthenticator)?) -> APIContext {
    let tokens = AccessTokens(lifetimeMinutes: config.accessTokenExpireMinutes)
    let ingress = IngressPolicy(allowedNetworks: config.allowedNetworks, trustedProxies: config.trustedProxies)
    return APIContext(
        config: config,
        store: store,
        tokens: tokens,
        auth: RequestAuthenticator(tokens: tokens, store: store),
        passwords: passwords ?? LocalAccountAuthenticator(store: store, cost: config.bcryptCost),
        senders: SenderAuthorization(ingress: ingress, store: store),
        decoding: RequestDecoding(maxBodyBytes: config.maxBodyBytes),
        queueSignal: QueueSignal(),
        metrics: DeliveryMetrics()
    )
}

func buildRouter(_ api: APIContext) -> Router<HeraldRequestContext> {
    let router = Router(context: HeraldRequestContext.self)
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: LogRequestsMiddleware(.debug))
    let meta = MetaController()
    meta.addHealthRoute(to: router.group(""))
    meta.addDocsRoutes(to: router)
    MetricsController(metrics: api.metrics).addRoutes(to: router)
    for version in APIVersion.allCases {
        let group = router.group(RouterPath("api/\(version.rawValue)"))
        LoginController(api: api).addRoutes(to: group)
        ServicesController(api: api).addRoutes(to: group)
        DeliveriesController(api: api).addRoutes(to: group)
        if version == .v2 {
            // New in Herald: only on the current API.
            AlertReceiverController(api: api).addRoutes(to: group)
            ServiceTokensController(api: api).addRoutes(to: group)
            WebhookController(api: api).addRoutes(to: group)
        }
        UsersController(api: api).addRoutes(to: group)
        CurrentUserController(api: api, version: version).addRoutes(to: group)
        meta.addHealthRoute(to: group)
    }
    return router
}

/// 32 random bytes as hex: an HS256 key of full strength.
func randomSecret() -> String {
    RandomHex.bytes(32)
}
