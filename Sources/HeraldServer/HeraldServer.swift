import AsyncHTTPClient
import Foundation
import HeraldAPI
import HeraldBridges
import HeraldCore
import HeraldDelivery
import HeraldIdentity
import HeraldOutbound
import HeraldPublishing
import HeraldStore
import HeraldUseCases
import Hummingbird
import HummingbirdCore
import Logging
import Prometheus
import ServiceLifecycle
import UnixSignals

/// The composition root: configuration → store → wake-up signal → metrics
/// → clock → the services a process runs. Every command and the tests
/// build their process here, so a worker or a bridge on its own is wired
/// exactly as inside `herald serve`, and serves `/metrics` and `/-/health`.
public enum HeraldServer {
    /// The process as a Hummingbird application: the HTTP server (the API,
    /// or only health and metrics) with the store's, the worker's and the
    /// bridge's services in its service group. Before the server accepts
    /// connections the schema is migrated; then the API installs its
    /// signing key and, when asked, makes the first admin.
    public static func buildApplication(
        config: HeraldConfig, opened: OpenedStore, roles: ProcessRoles, logger: Logger, options: ServerOptions = ServerOptions()
    ) throws -> some ApplicationProtocol {
        let store = opened.store
        let signal = QueueSignal()
        // Posts that left a large audience to expand (FanoutService).
        let fanouts = QueueSignal()
        let registry = PrometheusCollectorRegistry()
        let publisher = Publisher(
            notifications: store, schedules: store, alertStates: store, filters: store, signal: signal, fanouts: fanouts, clock: options.clock, metrics: PublishMetrics(registry: registry), logger: logger,
            batchLimit: config.publishBatchLimit, filtersPerService: config.limits.filtersPerService, inlineAudience: config.fanoutInlineSubscribers
        )
        let ready = ReadinessGate()
        let supervision = SupervisionMetrics(registry: registry)
        let parts = PartStates()

        var services = opened.services
        if roles.contains(.api) {
            for warning in config.warnings() { logger.warning("\(warning)") }
        }
        if roles.contains(.api) || roles.contains(.kafkaBridge), let refresh = publisher.filterRefresh(logger: logger) {
            // Posts (the API's, the scheduler's, the bridge's) read filter lists off their path.
            services.append(refresh)
        }
        // Chat rooms per service (issue 43): their clients, for the poster and the buttons' answers,
        // and (the same clients) for people's Slack, Mattermost and Matrix direct messages.
        let chatClients = roles.contains(.api) || roles.contains(.worker) ? try ChatClients.make(config: config, settings: store) : nil
        // Closed after everything that uses them (a group stops its services in reverse order).
        if let chatClients { services.append(chatClients.closing) }
        // Texts (issue 42): one gateway per process, for the worker's
        // messages and the API's verification codes alike.
        let contactChannels = roles.contains(.worker) || roles.contains(.api)
            ? try ContactChannels.make(config: config, settings: store, clock: options.clock, chat: chatClients) : nil
        if let contactChannels { services.append(contactChannels.closing) }
        var slackResponder: (@Sendable (String, String) async throws -> Void)?
        if let slack = chatClients?.slack { slackResponder = { url, text in try await slack.respond(to: url, text: text) } }
        var mattermostMessenger: (@Sendable (String, String) async throws -> Void)?
        if let mattermost = chatClients?.mattermost { mattermostMessenger = { user, text in try await mattermost.directMessage(to: user, text) } }
        if roles.contains(.worker) {
            let engine = try DeliveryEngine.make(
                config: config, queue: store, signal: signal, metrics: DeliveryMetrics(registry: registry), ready: ready, logger: logger,
                clock: options.clock, parts: parts, sharedSettings: store, alerting: store, quietHours: store, accounts: store,
                alarms: store, contacts: contactChannels, contactStore: store
            )
            services += [
                engine.connections, ReportingService(.worker, engine.worker, parts: parts),
                AfterMigration(RetentionService(store: store, settings: config.retention, clock: options.clock, registry: registry, logger: logger), ready: ready),
            ]
        }
        if roles.contains(.api) || roles.contains(.worker) {
            // Large audiences, expanded after the post's answer: where the posts
            // are taken (woken by them) and where pushes are sent (a worker
            // carries on a fan-out whose server died).
            services.append(
                AfterMigration(
                    SupervisedService(
                        name: "fan-outs",
                        FanoutService(
                            store: store, queued: signal, posted: fanouts, chunk: config.fanoutChunkSubscribers, clock: options.clock, registry: registry,
                            logger: logger
                        ),
                        metrics: supervision, logger: logger
                    ),
                    ready: ready
                )
            )
        }
        if roles.contains(.kafkaBridge) {
            guard let kafka = config.kafka else { throw ConfigurationError("KAFKA_BROKERS", "is not set: there is nothing to bridge") }
            guard let makeBridge = options.alarmBridge else { throw ConfigurationError("KAFKA_BROKERS", "is set, but this program was built without the Kafka bridge") }
            let bridge = makeBridge(
                AlarmBridgeParts(
                    settings: kafka, services: store, publisher: publisher,
                    parking: MessageParking(store: store, clock: options.clock, registry: registry, logger: logger), logger: logger
                )
            )
            services.append(
                SupervisedService(name: "kafka-bridge", ReportingService(.kafkaBridge, AfterMigration(bridge, ready: ready), parts: parts), metrics: supervision, logger: logger)
            )
        }

        let readiness = ReadinessProbe(
            schema: store, expectedMigrations: opened.expectedMigrations, parts: parts,
            requiredParts: roles.contains(.worker) ? [.worker] : [],
            optionalParts: (roles.contains(.worker) ? [.tokenPruning] + config.delivery.configuredPlatforms.map(Part.connection) : [])
                + (roles.contains(.kafkaBridge) ? [.kafkaBridge] : [])
        )

        let alertReports = AlertReports(
            store: store, publisher: publisher, stormThreshold: config.alertStormThreshold, renotifyAfter: config.alertRenotifySeconds
        )
        var routes: APIRoutes?
        var pool: BlockingPool?
        if roles.contains(.api) {
            let made = try SignInServices.make(config: config, store: store, passwords: options.passwords, clock: options.clock, registry: registry, logger: logger)
            let streams = InboxStreams(
                limits: .init(perUser: config.streamsPerUser, total: config.streamsTotal, maxDuration: .seconds(config.streamMaxSeconds)), store: store, clock: options.clock, logger: logger
            )
            let flood = FloodControl(limits: config.limits)
            let brake = PublishBrake(flood: flood, store: store, clock: options.clock)
            routes = APIRoutes(
                config: config, store: store, publisher: publisher, clock: options.clock, signIn: made.signIn, streams: streams,
                brake: brake, refusals: RefusalMetrics(registry: registry),
                contactChannels: contactChannels.map { ContactChannelParts(sender: $0.codeSender, replyCodes: $0.replyCodes) },
                chat: ChatParts(respondToSlack: slackResponder, messageMattermostUser: mattermostMessenger, matrixRooms: chatClients?.matrix)
            )
            services.append(AfterMigration(DigestService(flood: flood, services: store, publisher: publisher, clock: options.clock, logger: logger), ready: ready))
            if options.runsSchedulers {
                services.append(AfterMigration(ScheduleService(store: store, publisher: publisher, brake: brake, clock: options.clock, logger: logger), ready: ready))
                // Escalation steps: rows claimed under a lease, so any replica may run them.
                services.append(
                    AfterMigration(
                        SupervisedService(
                            name: "escalations",
                            EscalationService(
                                store: store, publisher: publisher, clock: options.clock, registry: registry, logger: logger,
                                confinement: config.auth.confinement, startsPerMinute: config.limits.escalationStartsPerMinute,
                                bounds: .init(minimumWait: config.limits.escalationMinWaitSeconds, maximumCalls: config.limits.escalationMaxCalls)
                            ),
                            metrics: supervision, logger: logger
                        ),
                        ready: ready
                    )
                )
                // People only a push reaches, told of a coming shift (issue 42): each once, whichever replica looks.
                let shiftNotices = ShiftNotices(
                    store: store, publisher: publisher, clock: options.clock, leadHours: config.shiftNoticeHours, defaultLanguage: config.defaultLanguage,
                    publicURL: config.publicURL
                )
                if config.shiftNoticeHours > 0 {
                    services.append(
                        AfterMigration(
                            SupervisedService(
                                name: "shift-notices",
                                SweepService(what: "the coming shifts' notices", interval: .seconds(300), logger: logger) {
                                    try await shiftNotices.sweep(logger: $0)
                                    return false
                                },
                                metrics: supervision, logger: logger
                            ),
                            ready: ready
                        )
                    )
                }
                // Feeds are any URL an admin typed: the outbound policy holds.
                let feedHTTP = OutboundHTTP(policy: config.outbound.policy, tls: try OutboundHTTP.tls(caBundlePEM: config.delivery.caBundlePEM))
                services.append(
                    AfterMigration(
                        SupervisedService(
                            name: "feeds", FeedService(store: store, publisher: publisher, http: feedHTTP, clock: options.clock, registry: registry, logger: logger),
                            metrics: supervision, logger: logger
                        ),
                        ready: ready
                    )
                )
                services.append(ClosingService("feed client") { try? await feedHTTP.shutdown() })
                // Acknowledgements told to the alarm sources: an Alertmanager
                // is any URL an admin typed, so the outbound policy holds.
                let writeBackHTTP = OutboundHTTP(policy: config.outbound.policy, tls: try OutboundHTTP.tls(caBundlePEM: config.delivery.caBundlePEM))
                let phoebus = try config.kafka.flatMap { kafka in try options.phoebusCommands?(kafka.brokers) }
                services.append(
                    AfterMigration(
                        SupervisedService(
                            name: "write-back",
                            WriteBackService(
                                store: store, http: writeBackHTTP, phoebus: phoebus, clock: options.clock, registry: registry, logger: logger,
                                watchInterval: Double(config.writeBackWatchSeconds)
                            ) { serviceID, report in
                                // A silenced alert's resolution, received as Alertmanager's own would be.
                                _ = try await alertReports.receive(report, to: serviceID, from: .alertmanager, logger: logger)
                            },
                            metrics: supervision, logger: logger
                        ),
                        ready: ready
                    )
                )
                services.append(ClosingService("write-back client") { try? await writeBackHTTP.shutdown() })
                // Directory teams between logins, through the service account.
                if let ldap = config.auth.ldap, ldap.bindDN != nil, ldap.teamSyncMinutes > 0 {
                    let reader = LDAPGroupReader(settings: ldap, pool: made.signIn.pool)
                    let sync = TeamSync(store: store, clock: options.clock) { try await reader.members(ofGroups: $0) }
                    services.append(AfterMigration(TeamSyncService(sync: sync, interval: .seconds(ldap.teamSyncMinutes * 60), logger: logger), ready: ready))
                }
            }
            if let routes, case .gammu(let gammu)? = config.contacts.sms {
                // Replies to texts, read where posts are taken.
                services.append(
                    AfterMigration(
                        SupervisedService(
                            name: "gammu-inbox", GammuInboxService(settings: gammu, replies: routes.contactReplies, clock: options.clock, logger: logger),
                            metrics: supervision, logger: logger
                        ),
                        ready: ready
                    )
                )
            }
            if let routes, let client = contactChannels?.followUpClient {
                // ntfy messages cleared and Pushover emergencies stopped once their alarm ends; Pushover's acknowledgements read.
                let followUps = ContactFollowUps(
                    store: store, acknowledgements: routes.acknowledgements, client: client, pushover: config.contacts.pushover, matrix: config.contacts.matrix,
                    clock: options.clock, defaultLanguage: config.defaultLanguage
                )
                services.append(
                    AfterMigration(
                        SupervisedService(
                            name: "contact-follow-ups",
                            // An acknowledgement makes its follow-ups due: the ntfy message is cleared within about a second.
                            SweepService(what: "the follow-ups of ntfy, Pushover, Matrix, Slack and Mattermost messages", interval: .seconds(1), logger: logger) {
                                try await followUps.sweep(logger: $0) >= 100
                            },
                            metrics: supervision, logger: logger
                        ),
                        ready: ready
                    )
                )
            }
            if let chatClients {
                let posts = ChatRoomPosts(store: store, clients: chatClients.clients, perMinute: config.chat.postsPerMinute, clock: options.clock, language: config.defaultLanguage)
                services.append(
                    AfterMigration(
                        SupervisedService(
                            name: "chat-rooms",
                            // A post follows its notification, and an edit its acknowledgement, within about a second.
                            SweepService(what: "the chat rooms' posts", interval: .seconds(1), logger: logger) { try await posts.sweep(logger: $0) >= 200 },
                            metrics: supervision, logger: logger
                        ),
                        ready: ready
                    )
                )
            }
            if let routes, let matrix = chatClients?.matrix, let settings = config.contacts.matrix {
                // ✅ in a service's Matrix room: read every MATRIX_POLL_SECONDS (3 s).
                let reactions = ChatRoomReactions(store: store, acknowledgements: routes.acknowledgements, reader: matrix, clock: options.clock)
                services.append(
                    AfterMigration(
                        SupervisedService(
                            name: "chat-room-reactions",
                            SweepService(what: "the Matrix rooms' reactions", interval: .milliseconds(Int64(settings.pollSeconds * 1000)), logger: logger) {
                                _ = try await reactions.sweep(logger: $0)
                                return false
                            },
                            metrics: supervision, logger: logger
                        ),
                        ready: ready
                    )
                )
            }
            services.append(made.closing)
            services.append(AfterMigration(InboxStreamService(streams: streams, store: store, logger: logger), ready: ready))
            pool = made.signIn.pool
        }
        var app = Application(
            router: try routes?.router(metrics: registry, readiness: readiness)
                ?? APIRoutes.operationsRouter(metrics: registry, metricsToken: config.metricsToken, readiness: readiness),
            // Idle and half-sent connections are closed after the idle
            // timeout (a request head that never completes counts as idle);
            // past the connection cap new ones wait in the listen backlog.
            server: .http1(configuration: .init(idleTimeout: .seconds(Int64(config.limits.httpIdleTimeoutSeconds)))),
            configuration: .init(
                address: .hostname(config.httpHost, port: config.httpPort), serverName: "Herald",
                availableConnectionsDelegate: MaximumAvailableConnections(config.limits.httpMaxConnections)
            ),
            services: options.runningServices.map { tracker in services.map(tracker.track) } ?? services,
            onServerRunning: options.onServerRunning,
            logger: logger
        )
        let startedRoutes = routes
        let loginPool = pool
        app.beforeServerStarts {
            try await opened.migrate()
            ready.open()
            guard let routes = startedRoutes, let pool = loginPool else { return }
            try await routes.installSigningKey(secret: try await signingSecret(config: config, store: store, logger: logger))
            // A write-back service from before issue 39 with open receivers and no token now has its alerts refused: said loudly.
            let writeBacks = ServiceWriteBacks(
                store: store, outbound: config.outbound.policy, hasKafka: config.kafka != nil, clock: options.clock,
                receiversOpen: config.allowedNetworks.isEmpty
            )
            for service in try await writeBacks.servicesShutOut(logger: logger) {
                logger.error(
                    "this service writes acknowledgements back to Alertmanager, so its alert reports need one of its tokens while ALLOWED_NETWORKS is empty, and it has none: its alerts are refused (403) until a token is made and given to Alertmanager",
                    metadata: ["service": "\(service.id.wireString)", "category": "\(service.category)"]
                )
            }
            // Confined accounts keep no subscription beyond the demo service (issue 39).
            _ = try await AccountConfinement(store: store, visibility: ServiceVisibility(confinement: config.auth.confinement, access: store))
                .dropHiddenSubscriptions(logger: logger)
            // The site's default contact rules may have changed since the last start (issue 42).
            try await routes.contactMethods.settleEveryone(logger: logger)
            if let announce = options.announceBootstrapAdmin {
                try await AdminBootstrap.ensureAdmin(store: store, cost: config.bcryptCost, pool: pool, clock: options.clock, announce: announce, logger: logger)
            }
        }
        return app
    }

    /// Opens the configured store, runs the process until SIGTERM or
    /// SIGINT, and closes the store. On the signal the server stops
    /// accepting connections and every part finishes what is in flight
    /// (requests, delivery batches) for up to SHUTDOWN_GRACE_SECONDS; then
    /// what is left is cancelled (a delivery not recorded as sent is sent
    /// again after its lease, so nothing is lost).
    public static func run(config: HeraldConfig, roles: ProcessRoles, logger: Logger, options: ServerOptions = ServerOptions()) async throws {
        let opened = try await StoreFactory.open(config.database, logger: logger)
        do {
            // Each named, not described: a service's default description is
            // the whole value reflected (here, the application), which the
            // group keeps for the process's life.
            var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
            if config.tracesEndpoint != nil {
                // First in the group, so stopped last: the spans of the shutdown are exported too.
                services.append(.init(service: try Tracing.bootstrap(serviceName: roles.serviceName), serviceName: "tracing"))
            }
            // Every part counted in and out, so a shutdown that does not end says which part holds it.
            var options = options
            let running = options.runningServices ?? RunningServices()
            options.runningServices = running
            services.append(
                .init(service: try buildApplication(config: config, opened: opened, roles: roles, logger: logger, options: options), serviceName: roles.serviceName)
            )
            services.append(
                .init(service: ShutdownWatch(running: running, after: .seconds(config.shutdownGraceSeconds + 5), logger: logger), serviceName: "shutdown-watch")
            )
            var group = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
            group.maximumGracefulShutdownDuration = .seconds(config.shutdownGraceSeconds)
            // A part that ignores its cancellation cannot keep the process alive: 15 s after the
            // grace period the group gives up (a crash, with the watch's error naming the part).
            group.maximumCancellationDuration = .seconds(15)
            try await ServiceGroup(configuration: group).run()
        } catch {
            try? await opened.close()
            throw error
        }
        try await opened.close()
    }

    /// Opens and migrates the configured store for a short command (user
    /// management, maintenance) and closes it after `body`.
    public static func withStore<T: Sendable>(config: HeraldConfig, logger: Logger, _ body: @Sendable (any HeraldStore) async throws -> T) async throws -> T {
        try await StoreFactory.withStore(config.database, logger: logger, body)
    }

    /// SECRET_KEY, or (HS256 without one) a key generated once and kept in
    /// the database, so a fresh install needs no setup and replicas agree.
    static func signingSecret(config: HeraldConfig, store: any SharedSettings, logger: Logger) async throws -> String {
        if let secret = config.secretKey { return secret }
        let secret = try await store.sharedSetting("jwt_secret", ifAbsent: RandomHex.bytes(32))
        if config.jwtAlgorithm == .hs256 {
            logger.notice("SECRET_KEY is not set: signing tokens with a key generated once and kept in the database")
        }
        return secret
    }
}
