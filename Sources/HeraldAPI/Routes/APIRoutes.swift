import HeraldCore
import HeraldIdentity
import HeraldUseCases
import HeraldPublishing
import Hummingbird
import Logging
import Prometheus

/// Herald's HTTP surface: the JSON API under /api/v1 and /api/v2, the docs,
/// health and metrics. It holds routes and controllers only; the
/// composition root (HeraldServer) makes one and mounts its router.
public struct APIRoutes: Sendable {
    let api: APIContext
    let streams: InboxStreams

    public init(
        config: HeraldConfig, store: any HeraldStore, publisher: Publisher, clock: WallClock, signIn: SignIn, streams: InboxStreams,
        brake: PublishBrake, refusals: RefusalMetrics
    ) {
        self.streams = streams
        let tokens = AccessTokens(lifetimeMinutes: config.accessTokenExpireMinutes)
        let ingress = IngressPolicy(allowedNetworks: config.allowedNetworks, trustedProxies: config.trustedProxies)
        let serviceTokens = ServiceTokens(store: store, clock: clock)
        let users = UserUseCases(
            config: config, store: store, clock: clock, refusals: refusals, wakeWorker: { publisher.wakeWorkers() }, wakeFanouts: { publisher.wakeFanouts() }
        )
        api = APIContext(
            config: config,
            store: store,
            tokens: tokens,
            auth: RequestAuthenticator(tokens: tokens, store: store, clock: clock),
            signIn: signIn,
            senders: SenderAuthorization(ingress: ingress, tokens: serviceTokens, brake: brake, refusals: refusals),
            refusals: refusals,
            users: users,
            signIns: SignIns(
                store: store, confinement: users.confinement, adminUsers: config.adminUsers, linkedMethods: config.auth.linkedMethods,
                primaryIssuer: { [oidc = signIn.oidc] in try await oidc?.primaryIssuer() }
            ),
            accounts: UserAccounts(store: store, clock: clock) { [cost = config.bcryptCost, pool = signIn.pool] password in
                try await PasswordHashing.hash(password, cost: cost, on: pool)
            },
            accountLinks: AccountLinks(store: store, clock: clock),
            schedules: Schedules(store: store, publisher: publisher, limits: config.limits, clock: clock),
            services: Services(store: store),
            serviceTokens: serviceTokens,
            rateLimits: ServiceRateLimits(store: store, clock: clock) { brake.serviceRates.forget($0) },
            feeds: Feeds(store: store, outbound: config.outbound.policy, clock: clock),
            templates: ServiceTemplates(store: store, clock: clock),
            alerting: ServiceAlertingChoices(store: store, site: config.delivery.urgency.table, clock: clock),
            alertReports: AlertReports(
                store: store, publisher: publisher, stormThreshold: config.alertStormThreshold, renotifyAfter: config.alertRenotifySeconds
            ),
            writeBacks: ServiceWriteBacks(
                store: store, outbound: config.outbound.policy, hasKafka: config.kafka != nil, clock: clock, receiversOpen: config.allowedNetworks.isEmpty
            ),
            rotas: Rotas(store: store, clock: clock, visibility: ServiceVisibility(confinement: config.auth.confinement)),
            escalations: EscalationPolicies(
                store: store, clock: clock, minimumWait: config.limits.escalationMinWaitSeconds, maximumCalls: config.limits.escalationMaxCalls
            ),
            decoding: RequestDecoding(maxBodyBytes: config.maxBodyBytes),
            publisher: publisher,
            clock: clock,
            vapidKeys: config.delivery.webPushSubject.map { VAPIDKeys(settings: store, subject: $0) },
            feedBrake: FeedBrake(perMinute: config.limits.feedRequestsPerMinute, clock: clock)
        )
    }

    /// Installs the access-token signing key: the configured one, or the
    /// secret kept in the database (known only once it is migrated).
    public func installSigningKey(secret: String) async throws {
        try await api.tokens.install(config: api.config, secret: secret)
    }

    /// Every route, with `/metrics` serving `registry`.
    public func router(metrics registry: PrometheusCollectorRegistry, readiness: ReadinessProbe) throws -> Router<HeraldRequestContext> {
        let table = RouteTable()
        let router = Self.baseRouter(metrics: registry, metricsToken: api.config.metricsToken, readiness: readiness, routes: table)
        // The web app ships in the bundle: without it the process must not
        // start as if it had none (every page would be a silent 404).
        let pages = WebRoutes(api: api, assets: try WebAssets.shared.get()).addRoutes(to: router)
        // The browser's OpenID Connect sign-in: its errors are pages too.
        OIDCController(api: api).addBrowserRoutes(to: pages)
        for version in APIVersion.allCases {
            let group = router.group(RouterPath("api/\(version.rawValue)"))
            LoginController(api: api).addRoutes(to: group)
            OIDCController(api: api).addRoutes(to: group)
            ServicesController(api: api).addRoutes(to: group)
            DeliveriesController(api: api).addRoutes(to: group)
            if version == .v2 {
                // New in Herald: only on the current API.
                AlertReceiverController(api: api).addRoutes(to: group)
                ServiceTokensController(api: api).addRoutes(to: group)
                ServiceLimitsController(api: api).addRoutes(to: group)
                ServiceAlertingController(api: api).addRoutes(to: group)
                ServiceWriteBackController(api: api).addRoutes(to: group)
                OnCallController(api: api).addRoutes(to: group)
                QuietHoursController(api: api).addRoutes(to: group)
                WebhookController(api: api).addRoutes(to: group)
                InboxStreamController(api: api, streams: streams).addRoutes(to: group)
                AcknowledgementController(api: api).addRoutes(to: group)
                SubscriptionFiltersController(api: api).addRoutes(to: group)
                ScheduledController(api: api).addRoutes(to: group)
                FeedsController(api: api).addRoutes(to: group)
                WebPushController(api: api).addRoutes(to: group)
            }
            UsersController(api: api, version: version).addRoutes(to: group)
            CurrentUserController(api: api, version: version).addRoutes(to: group)
            MetaController().addHealthRoute(to: group)
        }
        table.install(router.routes.map { ($0.path.description, $0.method) })
        return router
    }

    /// `/-/health` and `/metrics` only: what a process that serves no API
    /// (a scaled-out worker, the Kafka bridge) answers.
    public static func operationsRouter(
        metrics registry: PrometheusCollectorRegistry, metricsToken: String?, readiness: ReadinessProbe
    ) -> Router<HeraldRequestContext> {
        let table = RouteTable()
        let router = baseRouter(metrics: registry, metricsToken: metricsToken, readiness: readiness, routes: table)
        table.install(router.routes.map { ($0.path.description, $0.method) })
        return router
    }

    private static func baseRouter(
        metrics registry: PrometheusCollectorRegistry, metricsToken: String?, readiness: ReadinessProbe, routes: RouteTable = RouteTable()
    ) -> Router<HeraldRequestContext> {
        let router = Router(context: HeraldRequestContext.self)
        // Outermost: a request's span covers the error handling too. Without
        // OTEL_EXPORTER_OTLP_ENDPOINT the tracer is a no-op.
        router.add(middleware: TracingMiddleware())
        router.add(middleware: ErrorMiddleware(routes: routes))
        router.add(middleware: LogRequestsMiddleware(.debug))
        MetaController().addHealthRoute(to: router.group(""))
        ProbeController(readiness: readiness).addRoutes(to: router.group(""))
        MetricsController(registry: registry, token: metricsToken, refusals: RefusalMetrics(registry: registry)).addRoutes(to: router)
        return router
    }
}
