import Foundation
import HeraldCore
import Logging
import NIOConcurrencyHelpers
import Prometheus
import ServiceLifecycle
import Tracing

/// Drains the delivery queue: claims batches under a lease, sends each
/// delivery through its platform's provider, and records the outcomes.
/// Several workers (in one process or on several replicas) can run against
/// one PostgreSQL database; on SQLite one in-process worker runs.
///
/// It wakes on `signal` (publishes here, NOTIFY from other replicas, a
/// finished batch) and on a poll timer for due retries and expired leases.
/// On graceful shutdown it stops claiming and finishes the batches in flight.
public struct DeliveryWorker: ServiceLifecycle.Service, Sendable {
    let queue: any DeliveryQueue
    let providers: [Platform: any PushProvider]
    let settings: DeliverySettings
    let policy: OutcomePolicy
    let signal: QueueSignal
    let metrics: DeliveryMetrics
    let logger: Logger
    let clock: WallClock
    /// Opened once the schema is migrated; nothing is claimed before.
    let ready: ReadinessGate
    let tracing: DeliveryTracing
    /// Pauses device removal when a provider condemns most tokens at once.
    let breaker: PruningBreaker?
    /// How long a condemned push waits while removal is paused.
    static let heldRetryDelay: TimeInterval = 300
    /// Providers that stopped answering: their retries are brought forward when they answer again.
    let outages = ProviderOutages()
    /// What this worker has claimed and not yet recorded: renewed by the heartbeat.
    let claims = ClaimsHeld()
    /// The key this worker's claims carry while its database session shows it alive.
    let holder = ClaimHolder()
    /// Where each configured provider's reachability is reported for `/-/ready`.
    let parts: PartStates?
    /// Writes outcomes as groups of answers come in; the groups answered
    /// while one write runs go together in the next.
    let outcomes: GroupCommit<[DeliveryResult], Void>
    /// Each push's urgency, from the site's table and the service's own levels.
    let urgencies: UrgencyDecider
    /// People's quiet hours and snoozes, applied after the urgency.
    let quiet: QuietHoursDecider
    /// Confined accounts get only the demo service's pushes.
    let confined: ConfinementDecider
    /// Which Web Push pushes offer the lock-screen acknowledgement.
    let responders: ResponderDecider
    /// Calls an alarm taken or resolved no longer wants.
    let calls: CallDecider
    /// Deliveries finished (left the queue) since it was last compacted.
    let finishedSinceCompaction = NIOLockedValueBox(0)
    /// Set while a compaction runs: one at a time.
    let compacting = NIOLockedValueBox(false)
    /// Fan-outs' pace per provider: their rates, and the pauses providers ask for.
    let pacing: ProviderPacing
    /// Set while a wake-up for a withheld provider's release is pending.
    let paceWake = NIOLockedValueBox(false)
    /// Set while the express lane sends a batch: the main lane then takes urgent pushes too.
    let expressSending = NIOLockedValueBox(false)

    public init(
        queue: any DeliveryQueue, providers: [any PushProvider], settings: DeliverySettings, signal: QueueSignal, metrics: DeliveryMetrics,
        ready: ReadinessGate, logger: Logger, clock: WallClock = .system, tracer: (any Tracer)? = nil, breaker: PruningBreaker? = nil,
        parts: PartStates? = nil, alerting: (any ServiceAlertingStore)? = nil, quietHours: (any QuietHoursStore & EscalationStore & RotaStore)? = nil,
        accounts: (any AccountStore & ServiceStore)? = nil, confinement: Confinement = Confinement(),
        alarms: (any EscalationStore & RotaStore & ServiceWriteBackStore & AccessStore & AcknowledgementStore)? = nil
    ) {
        self.responders = ResponderDecider(store: alarms, clock: clock, logger: logger)
        self.calls = CallDecider(store: alarms, logger: logger)
        self.confined = ConfinementDecider(store: accounts, confinement: confinement, clock: clock, logger: logger)
        self.urgencies = UrgencyDecider(site: settings.urgency.table, store: alerting, clock: clock, logger: logger)
        self.quiet = QuietHoursDecider(store: quietHours, clock: clock, logger: logger)
        self.pacing = ProviderPacing(rates: settings.fanoutRates)
        self.breaker = breaker
        self.parts = parts
        self.tracing = DeliveryTracing(tracer: tracer ?? InstrumentationSystem.tracer)
        self.queue = queue
        self.providers = Dictionary(providers.map { ($0.platform, $0) }, uniquingKeysWith: { first, _ in first })
        self.settings = settings
        var policy = OutcomePolicy(maxRetryAge: settings.maxRetryAgeSeconds)
        policy.baseDelay = settings.retryBaseSeconds
        self.policy = policy
        self.ready = ready
        self.signal = signal
        self.metrics = metrics
        self.logger = logger
        self.clock = clock
        let finished = finishedSinceCompaction
        // Two writes at once, so one group's commit flush does not hold up the next.
        self.outcomes = GroupCommit(maxBatch: 64, maxConcurrent: 2) { groups in
            let results = groups.flatMap { $0 }
            do {
                try await queue.recordDeliveries(results, at: clock.now())
                let left = results.reduce(0) { $0 + ($1.outcome.state.isQueued ? 0 : 1) }
                finished.withLockedValue { $0 += left }
                return groups.map { _ in .success(()) }
            } catch {
                // The leases run out and these are sent again: at least once.
                logger.error("cannot record delivery outcomes", metadata: ["error": "\(String(reflecting: error))", "count": "\(results.count)"])
                return groups.map { _ in .failure(error) }
            }
        }
    }

    public func run() async throws {
        for platform in providers.keys { parts?.set(.connection(platform), .stopped(reason: "connecting")) }
        await cancelWhenGracefulShutdown { await ready.wait() }
        if Task.isShuttingDownGracefully || Task.isCancelled { return }
        announceProviders()
        // Work queued while nobody was running (or before a crash) is due now.
        signal.notify()
        await withDiscardingTaskGroup { group in
            // So is what a crashed worker (this one's last life) had claimed:
            // released beside the first claim, which need not wait for it.
            group.addTask { await releaseClaimsOfStoppedHolders() }
            for (platform, provider) in providers {
                group.addTask { await warmUp(platform, provider) }
            }
            group.addTask { await pollTimer() }
            group.addTask { await listenToOtherReplicas() }
            // Stops only after `coordinate` has recorded its last batch.
            group.addTask { await heartbeat() }
            await withGracefulShutdownHandler {
                await coordinate()
            } onGracefulShutdown: {
                signal.notifyUrgent()
            }
            group.cancelAll()
        }
        logger.info("delivery worker stopped")
    }

    private func announceProviders() {
        // Contact channels unset are the usual case (no contact method can be verified without one): not announced.
        for platform in Platform.allCases where providers[platform] == nil && !platform.isContact {
            let hint = switch platform {
            case .apns: "APNS_AUTH_KEY, APNS_KEY_ID and TEAM_ID"
            case .fcm: "GOOGLE_APPLICATION_CREDENTIALS and FIREBASE_PROJECT_ID"
            case .webpush: "WEBPUSH_SUBJECT"
            case .sms: "SMS_PROVIDER"
            case .voice: "VOICE_PROVIDER"
            case .email: "SMTP_URL"
            case .ntfy: "NTFY_URL"
            case .pushover: "PUSHOVER_TOKEN"
            case .matrix: "MATRIX_HOMESERVER"
            case .slack: "SLACK_BOT_TOKEN"
            case .mattermost: "MATTERMOST_URL"
            }
            logger.notice("\(Self.name(platform)) is not configured (\(hint)): its deliveries are recorded as skipped")
        }
        logger.info("delivery worker started", metadata: ["concurrency": "\(settings.concurrency)", "batch": "\(settings.batchSize)"])
    }

    private func pollTimer() async {
        var lastPurge = Date.distantPast
        var lastUrgentLook = ContinuousClock.now
        while !Task.isCancelled {
            do { try await Task.sleep(for: .seconds(settings.pollSeconds)) } catch { return }
            await releaseClaimsOfStoppedHolders()
            // Urgent retries fall due too: the express lane looks once a
            // second (the main lane, which serves them first, at every poll).
            if ContinuousClock.now - lastUrgentLook >= .seconds(1) {
                lastUrgentLook = .now
                signal.notifyUrgent()
            } else {
                signal.notify()
            }
            if let depth = try? await queue.queueDepth() { metrics.queueDepth.set(Int64(depth)) }
            let now = clock.now()
            await watchOutages(now: now)
            if now.timeIntervalSince(lastPurge) >= 3600 {
                lastPurge = now
                await purgeRemovedDevices(now: now)
            }
        }
    }

    /// Claims of workers whose database session ended return to the queue
    /// now rather than when their leases run out (a replica that crashed,
    /// or this process's previous life).
    private func releaseClaimsOfStoppedHolders() async {
        do {
            let released = try await queue.releaseClaimsOfStoppedHolders()
            if released > 0 {
                logger.notice("claims of a stopped worker returned to the queue", metadata: ["count": "\(released)"])
                signal.notify()
            }
        } catch {
            logger.debug("cannot look for stopped workers' claims", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    /// Removed devices are kept REMOVED_DEVICES_KEPT_DAYS for an operator to
    /// restore; then they go for good.
    private func purgeRemovedDevices(now: Date) async {
        do {
            let purged = try await queue.purgeRemovedDevices(removedBefore: now.addingTimeInterval(-Double(settings.removedDevicesKeptDays) * 86_400))
            if purged > 0 { logger.info("removed devices past their keeping time forgotten", metadata: ["count": "\(purged)"]) }
        } catch {
            logger.warning("cannot forget old removed devices", metadata: ["error": "\(error)"])
        }
    }


    /// Connects to a provider and makes its credential at start, so the
    /// first notification after a start (or a quiet night: the idle PING
    /// keeps connections open) is pushed as fast as the hundredth. A
    /// provider that cannot be reached is tried again in the background,
    /// 1 s doubling to 30 s, and reported by readiness; it never holds the
    /// worker back (pushes to it are retried as usual meanwhile).
    private func warmUp(_ platform: Platform, _ provider: any PushProvider) async {
        var delay = 1.0
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                try await provider.warmUp()
                parts?.set(.connection(platform), .running)
                logger.info("\(Self.name(platform)) connected")
                return
            } catch {
                parts?.set(.connection(platform), .stopped(reason: "cannot connect: \(error)"))
                logger.warning("cannot connect to \(Self.name(platform)) yet; trying again", metadata: ["error": "\(error)", "after_seconds": "\(delay)"])
            }
            do { try await Task.sleep(for: .seconds(delay)) } catch { return }
            delay = min(delay * 2, 30)
        }
    }

    /// Renews the leases of the batches in flight every quarter lease, so a
    /// lease can be short (a crashed worker's claims return within one)
    /// while a batch waits as long as its slowest push may.
    private func heartbeat() async {
        while !Task.isCancelled {
            do { try await Task.sleep(for: .seconds(settings.heartbeatSeconds)) } catch { return }
            let ids = claims.ids
            guard !ids.isEmpty else { continue }
            do {
                _ = try await queue.renewLeases(ids, until: clock.now().addingTimeInterval(settings.leaseSeconds))
            } catch {
                // Missed beats let the leases run out: the batch may then be sent twice, never lost.
                logger.warning("cannot renew delivery claims", metadata: ["error": "\(String(reflecting: error))", "count": "\(ids.count)"])
            }
        }
    }

    private func listenToOtherReplicas() async {
        while !Task.isCancelled {
            do {
                try await queue.listenForDeliveries(holding: holder) { urgent in urgent ? signal.notifyUrgent() : signal.notify() }
            } catch {
                if Task.isCancelled { return }
                logger.warning("lost the delivery wake-up channel; polling until it is back", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: .seconds(5))
            }
        }
    }

    static func name(_ platform: Platform) -> String {
        switch platform {
        case .apns: "APNs"
        case .fcm: "FCM"
        case .webpush: "Web Push"
        case .sms: "SMS"
        case .voice: "Voice"
        case .email: "Email"
        case .ntfy: "ntfy"
        case .pushover: "Pushover"
        case .matrix: "Matrix"
        case .slack: "Slack"
        case .mattermost: "Mattermost"
        }
    }
}

extension DeliveryWorker: CustomStringConvertible {
    /// The service group names each service by its description, kept for
    /// its life: the default one would be this value reflected whole.
    public var description: String { "delivery worker" }
}
