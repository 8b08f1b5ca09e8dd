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
    let api: APIParts
    let streams: InboxStreams

    /// Answers to texts, for the composition root's inbox readers (Gammu SMSD's).
    public var contactReplies: ContactReplies { api.users.replies }
    /// The one acknowledgement use case (the follow-up service acknowledges through it).
    public var acknowledgements: Acknowledgements { api.users.acknowledgements }
    /// Contact methods, for working their steps out again at start.
    public var contactMethods: ContactMethods { api.users.contacts }

    public init(
        config: HeraldConfig, store: any HeraldStore, publisher: Publisher, clock: WallClock, signIn: SignIn, streams: InboxStreams,
        brake: PublishBrake, refusals: RefusalMetrics, contactChannels: ContactChannelParts? = nil, chat: ChatParts? = nil
    ) {
        self.streams = streams
        let tokens = AccessTokens(lifetimeMinutes: config.accessTokenExpireMinutes)
        let ingress = IngressPolicy(allowedNetworks: config.allowedNetworks, trustedProxies: config.trustedProxies)
        let serviceTokens = ServiceTokens(store: store, clock: clock)
        let users = UserUseCases(
            config: config, store: store, clock: clock, refusals: refusals, wakeWorker: { publisher.wakeWorkers() }, wakeFanouts: { publisher.wakeFanouts() },
            contactChannels: contactChannels
        )
        let auth = RequestAuthenticator(tokens: tokens, store: store, clock: clock, actors: Actors(store: store, visibility: users.visibility), ingress: ingress)
        let pages = Pages(
            store: store, publisher: publisher, clock: clock, minimumWait: config.limits.escalationMinWaitSeconds, maximumCalls: config.limits.escalationMaxCalls,
            startsPerMinute: config.limits.escalationStartsPerMinute
        )
        let senders = SenderAuthorization(ingress: ingress, tokens: serviceTokens, brake: brake, refusals: refusals, people: auth, pages: pages)
        var signIns = SignIns(
            store: store, confinement: users.confinement, adminUsers: config.adminUsers, linkedMethods: config.auth.linkedMethods,
            primaryIssuer: { [oidc = signIn.oidc] in try await oidc?.primaryIssuer() }
        )
        let teamSubscriptions = TeamSubscriptions(store: store, clock: clock)
        signIns.subscriptions = teamSubscriptions
        // An address the sign-in vouches for becomes an email contact method (issue 42).
        signIns.contactMethods = users.contacts
        api = APIParts(
            config: config,
            store: store,
            tokens: tokens,
            auth: auth,
            signIn: signIn,
            senders: senders,
            refusals: refusals,
            users: users,
            signIns: signIns,
            passwordLogins: PasswordLogins(
                signIn: signIn, ingress: senders, clock: clock, methodWaitSeconds: config.auth.methodWaitSeconds, audit: AuditTrail(store: store, clock: clock)
            ),
            accountSessions: AccountSessions(
                tokens: tokens, signIns: signIns, metrics: signIn.metrics,
                webSessions: WebSessions(tokens: tokens, signIns: signIns, hours: config.webSessionHours),
                trustedRealms: config.auth.oidc?.trustedRealms ?? [], clock: clock
            ),
            accounts: {
                var accounts = UserAccounts(store: store, clock: clock) { [cost = config.bcryptCost, pool = signIn.pool] password in
                    try await PasswordHashing.hash(password, cost: cost, on: pool)
                }
                accounts.subscriptions = teamSubscriptions
                return accounts
            }(),
            accountLinks: AccountLinks(store: store, clock: clock),
            schedules: Schedules(store: store, publisher: publisher, limits: config.limits, clock: clock),
            services: Services(store: store),
            serviceTokens: serviceTokens,
            teams: Teams(store: store, clock: clock),
            serviceRoles: ServiceRoles(store: store, visibility: users.visibility, clock: clock),
            teamSubscriptions: teamSubscriptions,
            auditLog: AuditLog(store: store),
            rateLimits: {
                var limits = ServiceRateLimits(store: store, clock: clock) { brake.serviceRates.forget($0) }
                limits.ownerCeiling = RateLimit(perSecond: config.limits.publishPerSecond, burst: config.limits.publishBurst)
                return limits
            }(),
            feeds: Feeds(store: store, outbound: config.outbound.policy, clock: clock),
            templates: ServiceTemplates(store: store, clock: clock),
            alerting: ServiceAlertingChoices(store: store, site: config.delivery.urgency.table, clock: clock),
            alertReports: AlertReports(
                store: store, publisher: publisher, stormThreshold: config.alertStormThreshold, renotifyAfter: config.alertRenotifySeconds
            ),
            writeBacks: ServiceWriteBacks(
                store: store, outbound: config.outbound.policy, hasKafka: config.kafka != nil, clock: clock, receiversOpen: config.allowedNetworks.isEmpty
            ),
            rotas: Rotas(store: store, clock: clock, visibility: users.visibility),
            escalations: EscalationPolicies(
                store: store, clock: clock, minimumWait: config.limits.escalationMinWaitSeconds, maximumCalls: config.limits.escalationMaxCalls
            ),
            pages: pages,
            deliveryReports: DeliveryReports(store: store),
            timelines: NotificationTimeline(store: store),
            decoding: RequestDecoding(maxBodyBytes: config.maxBodyBytes),
            publisher: publisher,
            clock: clock,
            vapidKeys: config.delivery.webPushSubject.map { VAPIDKeys(settings: store, subject: $0) },
            feedBrake: FeedBrake(perMinute: config.limits.feedRequestsPerMinute, clock: clock),
            chatRooms: {
                let keys = VAPIDKeys(settings: store, subject: config.delivery.webPushSubject ?? "mailto:herald@invalid")
                return ChatRooms(
                    store: store, settings: config.chat, signer: { ChatSigner(vapid: try await keys.vapid()) }, acknowledgements: users.acknowledgements,
                    visibility: users.visibility, publicURL: config.publicURL, clock: clock, matrixRooms: chat?.matrixRooms,
                    defaultLanguage: config.defaultLanguage
                )
            }(),
            respondToSlack: chat?.respondToSlack,
            messageMattermostUser: chat?.messageMattermostUser
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
        let pages = WebRoutes(parts: api, assets: try WebAssets.shared.get()).addRoutes(to: router)
        let (logins, sessions) = (api.passwordLogins, api.accountSessions)
        let oidc = OIDCController(
            signIn: api.signIn, sessions: sessions, decoding: api.decoding, ingress: api.senders, tokens: api.tokens, clock: api.clock,
            publicURL: api.config.publicURL, methodWaitSeconds: api.config.auth.methodWaitSeconds, webSessionHours: api.config.webSessionHours
        )
        // The browser's OpenID Connect sign-in: its errors are pages too.
        oidc.addBrowserRoutes(to: pages)
        let (auth, decoding, users, store) = (api.auth, api.decoding, api.users, api.store)
        for version in APIVersion.allCases {
            let group = router.group(RouterPath("api/\(version.rawValue)"))
            LoginController(logins: logins, sessions: sessions, metrics: api.signIn.metrics, decoding: decoding).addRoutes(to: group)
            oidc.addRoutes(to: group)
            ServicesController(
                auth: auth, decoding: decoding, senders: api.senders, publisher: api.publisher, schedules: api.schedules, services: api.services,
                visibility: users.visibility, clock: api.clock, listed: store
            ).addRoutes(to: group)
            DeliveriesController(auth: auth, reports: api.deliveryReports, timelines: api.timelines).addRoutes(to: group)
            if version == .v2 {
                // New in Herald: only on the current API.
                AlertReceiverController(senders: api.senders, decoding: decoding, alertReports: api.alertReports).addRoutes(to: group)
                ServiceTokensController(auth: auth, decoding: decoding, serviceTokens: api.serviceTokens).addRoutes(to: group)
                TeamsController(auth: auth, decoding: decoding, teams: api.teams).addRoutes(to: group)
                ServiceRolesController(auth: auth, decoding: decoding, roles: api.serviceRoles, teamSubscriptions: api.teamSubscriptions).addRoutes(to: group)
                AuditController(auth: auth, log: api.auditLog).addRoutes(to: group)
                ServiceLimitsController(auth: auth, decoding: decoding, rateLimits: api.rateLimits, defaultRate: api.senders.brake.flood.defaultRate)
                    .addRoutes(to: group)
                ServiceAlertingController(auth: auth, decoding: decoding, alerting: api.alerting).addRoutes(to: group)
                ServiceWriteBackController(auth: auth, decoding: decoding, writeBacks: api.writeBacks).addRoutes(to: group)
                OnCallController(
                    auth: auth, decoding: decoding, rotas: api.rotas, escalations: api.escalations, feedBrake: api.feedBrake, ingress: api.senders,
                    refusals: api.refusals, clock: api.clock
                ).addRoutes(to: group)
                PagesController(auth: auth, decoding: decoding, pages: api.pages).addRoutes(to: group)
                ChatRoomsController(
                    auth: auth, decoding: decoding, chatRooms: api.chatRooms, slack: api.config.chat.slack, respondToSlack: api.respondToSlack,
                    messageMattermostUser: api.messageMattermostUser, clock: api.clock
                ).addRoutes(to: group)
                QuietHoursController(auth: auth, decoding: decoding, quietHours: users.quietHours, clock: api.clock).addRoutes(to: group)
                ContactMethodsController(auth: auth, decoding: decoding, contacts: users.contacts).addRoutes(to: group)
                TwilioReplyController(
                    replies: users.replies, settings: api.config.contacts.sms, publicURL: api.config.publicURL, voice: api.config.contacts.voice,
                    inboundSecret: api.config.contacts.inboundSecret, languages: store, defaultLanguage: api.config.defaultLanguage
                )
                    .addRoutes(to: group)
                WebhookController(auth: auth, decoding: decoding, senders: api.senders, publisher: api.publisher, templates: api.templates, listed: store)
                    .addRoutes(to: group)
                InboxStreamController(auth: auth, reads: users.reads, acknowledgements: users.acknowledgements, streams: streams).addRoutes(to: group)
                AcknowledgementController(
                    auth: auth, decoding: decoding, acknowledgements: users.acknowledgements,
                    // The links' key is the VAPID key, kept whether or not Web Push is on: an email's and an ntfy message's links use it too.
                    linkKeys: api.vapidKeys ?? VAPIDKeys(settings: store, subject: "mailto:herald@invalid"), linkLifetime: api.config.delivery.acknowledgeLinkLifetime
                ).addRoutes(to: group)
                SubscriptionFiltersController(auth: auth, decoding: decoding, subscriptions: users.subscriptions).addRoutes(to: group)
                ScheduledController(auth: auth, decoding: decoding, senders: api.senders, schedules: api.schedules, listed: store).addRoutes(to: group)
                FeedsController(auth: auth, decoding: decoding, feeds: api.feeds).addRoutes(to: group)
                WebPushController(vapidKeys: api.vapidKeys).addRoutes(to: group)
            }
            UsersController(auth: auth, decoding: decoding, accounts: api.accounts, people: store, version: version).addRoutes(to: group)
            CurrentUserController(
                auth: auth, decoding: decoding, subscriptions: users.subscriptions, reads: users.reads, inbox: users.inbox, devices: users.devices,
                accounts: api.accounts, people: store, refusals: api.refusals, version: version
            ).addRoutes(to: group)
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
