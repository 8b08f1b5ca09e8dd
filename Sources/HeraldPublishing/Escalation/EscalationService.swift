import Foundation
import HeraldCore
import Logging
import Prometheus
import ServiceLifecycle

/// Runs escalations (issue 26): when a running escalation's step falls due
/// it calls that step's people (named ones, a rota's person on call, the
/// service's subscribers) with a push to every device, and moves on to the
/// next step; it stops as soon as the notification is acknowledged or its
/// alarm resolved. The timers are rows in the database, claimed under a
/// lease like held notifications, and a step's calls and the move to the
/// next step are one statement conditional on the claimed step, so with
/// any number of replicas and restarts each step runs exactly once. It
/// sleeps until the next step's time (at most `maxWait`), so a step runs
/// within a fraction of a second of it.
public struct EscalationService: Service {
    let store: any EscalationStore & RotaStore & AcknowledgementStore & NotificationStore & AccountStore & ServiceStore & AccessStore
    let publisher: Publisher
    /// Who may not be called (`EscalationDecision.reachable`).
    let confinement: Confinement
    let clock: WallClock
    let logger: Logger
    let metrics: EscalationMetrics
    /// Who claims: unique per process, so a lapsed claim is told apart.
    let owner = "escalation-\(UUID().uuidString.prefix(8))"
    /// The longest wait between looks at the table (a new escalation from
    /// another replica is seen within it).
    var maxWait: TimeInterval = 0.1
    /// Steps per transaction: a claimed batch of 100 runs as 4 at once.
    static let stepsPerTransaction = 25
    /// How long a claim keeps other replicas off: only a process killed
    /// between claiming and running a step leaves one behind.
    var lease: TimeInterval = 10
    /// ESCALATION_STARTS_PER_MINUTE (0: no limit): escalations one service
    /// starts per minute; the rest of a flood is held back. Counted from the
    /// database, so replicas share it (two deciding in the same instant may
    /// each start up to it).
    let startsPerMinute: Int
    /// ESCALATION_MIN_WAIT_SECONDS and ESCALATION_MAX_CALLS, held at run time
    /// for policies stored before them.
    let bounds: EscalationDecision.Bounds

    public init(
        store: any EscalationStore & RotaStore & AcknowledgementStore & NotificationStore & AccountStore & ServiceStore & AccessStore, publisher: Publisher,
        clock: WallClock,
        registry: PrometheusCollectorRegistry, logger: Logger, confinement: Confinement, startsPerMinute: Int = 0,
        bounds: EscalationDecision.Bounds = .none
    ) {
        self.confinement = confinement
        self.startsPerMinute = startsPerMinute
        self.bounds = bounds
        self.store = store
        self.publisher = publisher
        self.clock = clock
        self.logger = logger
        self.metrics = EscalationMetrics(registry: registry)
    }

    public func run() async throws {
        let loop = DueTimeLoop(
            maxWait: maxWait, minWait: 0.005, retryWait: 1, clock: clock, logger: logger, failure: "escalations could not be run now; trying again"
        )
        await loop.run { try await runDue() } next: { try await store.nextEscalationTime() }
    }

    /// Runs every due step once; returns how many steps ran.
    @discardableResult
    public func runDue() async throws -> Int {
        var ran = 0
        while true {
            let now = clock.now()
            let due = try await store.claimDueEscalations(owner: owner, limit: 100, until: now.addingTimeInterval(lease), now: now)
            guard !due.isEmpty else { return ran }
            let acknowledged = try await store.acknowledgements(of: due.map(\.notificationID))
            var rotas: [Int64: OnCallRota] = [:]
            var steps: [(run: EscalationStepRun, due: Date, service: UUID)] = []
            // Each service's starts in the last minute, counted on as this batch starts more.
            var started: [UUID: Int] = [:]
            for escalation in due {
                for id in EscalationDecision.rotas(of: escalation) where rotas[id] == nil {
                    rotas[id] = try await store.rota(id: id)?.rota
                }
                // Read for work: one notification that cannot be read (a value
                // a newer release wrote) must not stop every escalation of the
                // batch at every lease; it is decided as if it said nothing.
                let notification: NotificationRecord?
                do {
                    notification = try await store.notification(id: escalation.notificationID)
                } catch StoreError.unreadableRow(let why) {
                    logger.error(
                        "an escalation's notification cannot be read; decided as if it had no alarm status",
                        metadata: ["notification": "\(escalation.notificationID)", "error": "\(why)"]
                    )
                    notification = nil
                }
                let at = clock.now()
                var brake = EscalationDecision.StartBrake.unlimited
                if startsPerMinute > 0, escalation.due.isStart {
                    if started[escalation.serviceID] == nil {
                        started[escalation.serviceID] = try await store.escalationsStarted(serviceID: escalation.serviceID, since: at.addingTimeInterval(-60))
                    }
                    brake = .init(startedLastMinute: started[escalation.serviceID] ?? 0, perMinute: startsPerMinute)
                }
                switch EscalationDecision.decide(
                    escalation, acknowledged: acknowledged[escalation.notificationID] != nil, alarm: notification?.alarm, rotas: rotas, owner: owner, now: at,
                    starts: brake, bounds: bounds
                ) {
                case .end(let reason):
                    if try await store.endEscalation(notificationID: escalation.notificationID, owner: owner, reason: reason, at: at) {
                        metrics.ended(reason)
                        if reason == .heldBack {
                            logger.warning(
                                "an escalation was held back: its service started ESCALATION_STARTS_PER_MINUTE escalations in the last minute",
                                metadata: ["notification": "\(escalation.notificationID)", "service": "\(escalation.serviceID)"]
                            )
                        }
                    }
                case .run(var step):
                    if escalation.due.isStart { started[escalation.serviceID, default: 0] += 1 }
                    if step.subscribers && step.pushHolders, let notification {
                        step.refusedFilters = try await publisher.refusedFilters(of: notification)
                    }
                    steps.append((step, escalation.due.at, escalation.serviceID))
                }
            }
            // Who of the callees may be called, from their accounts as they are now (one read for the batch).
            let named = Array(Set(steps.flatMap { $0.run.callees.map(\.userID) }))
            let accounts = Dictionary(try await store.users(ids: named).map { ($0.id, $0) }) { first, _ in first }
            // A private service's calls reach only those who may see it (issue 41).
            var seeing: [UUID: Set<UserID>] = [:]
            let hidden = steps.isEmpty ? [] : Set(try await store.services().filter(\.isPrivate).map(\.id))
            for service in Set(steps.map(\.service)) where hidden.contains(service) {
                seeing[service] = Set(try await store.roleHolders(serviceID: service, roles: Set(ServiceRole.allCases)).keys)
            }
            for index in steps.indices {
                let step = steps[index].run
                steps[index].run.callees = EscalationDecision.reachable(
                    step.callees, accounts: accounts, confinement: confinement, seeing: seeing[steps[index].service]
                )
                if steps[index].run.callees.isEmpty && !step.subscribers {
                    logger.warning(
                        step.callees.isEmpty
                            ? "an escalation step called nobody (its rota has nobody on call, or is gone)"
                            : "an escalation step called nobody (the people it names are deactivated, confined to the demo service, or gone)",
                        metadata: ["notification": "\(step.notificationID)", "step": "\(step.ran.step + 1)"]
                    )
                }
            }
            // The batch's steps in a few transactions at once (each one
            // commit): a storm of steps due together is run in parallel.
            let chunks = stride(from: 0, to: steps.count, by: Self.stepsPerTransaction).map {
                Array(steps[$0..<min($0 + Self.stepsPerTransaction, steps.count)].map(\.run))
            }
            let moved = try await withThrowingTaskGroup(of: (Int, [Bool]).self) { group in
                for (index, chunk) in chunks.enumerated() {
                    group.addTask { (index, try await store.runEscalationSteps(chunk)) }
                }
                var results = [[Bool]](repeating: [], count: chunks.count)
                for try await (index, ran) in group { results[index] = ran }
                return results.flatMap { $0 }
            }
            for ((step, dueAt, _), didRun) in zip(steps, moved) where didRun {
                ran += 1
                metrics.ran(lateness: step.at.timeIntervalSince(dueAt))
                if step.next == nil { metrics.ended(.exhausted) }
            }
            if moved.contains(true) { publisher.wakeWorkers(urgent: true) }
            if zip(steps, moved).contains(where: { $0.1 && $0.0.run.subscribers && $0.0.run.pushHolders }) { publisher.wakeFanouts() }
            // A step that did not move was taken meanwhile (acknowledged between
            // the read above and its statement) or lost its claim: end the
            // taken ones now rather than when the claim lapses.
            let stalled = zip(steps, moved).filter { !$0.1 }.map(\.0.run.notificationID)
            if !stalled.isEmpty {
                let now = clock.now()
                for id in try await store.acknowledgements(of: stalled).keys
                where try await store.endEscalation(notificationID: id, owner: owner, reason: .acknowledged, at: now) {
                    metrics.ended(.acknowledged)
                }
            }
            if due.count < 100 { return ran }
        }
    }
}

extension EscalationService: CustomStringConvertible {
    public var description: String { "escalations" }
}

/// `herald_escalation_steps_total`, how late they ran, and how escalations ended.
struct EscalationMetrics: Sendable {
    let registry: PrometheusCollectorRegistry

    init(registry: PrometheusCollectorRegistry) { self.registry = registry }

    func ran(lateness: TimeInterval) {
        registry.makeCounter(
            descriptor: .init(metricName: "herald_escalation_steps_total", unitName: "", helpText: "Escalation steps run (each calls its people).")
        ).increment()
        registry.makeDurationHistogram(
            descriptor: .init(
                metricName: "herald_escalation_step_lateness_seconds", unitName: "",
                helpText: "How long after its time an escalation step ran."
            ),
            buckets: [.milliseconds(10), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5), .seconds(30)]
        ).record(.milliseconds(Int64(max(0, lateness) * 1_000)))
    }

    func ended(_ reason: EscalationEnd) {
        registry.makeCounter(
            descriptor: .init(metricName: "herald_escalations_ended_total", unitName: "", helpText: "Escalations ended, by why."),
            labels: [("reason", reason.rawValue)]
        ).increment()
    }
}
