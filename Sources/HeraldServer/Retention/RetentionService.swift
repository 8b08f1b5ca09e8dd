import Foundation
import HeraldCore
import HeraldPublishing
import Logging
import Prometheus
import ServiceLifecycle

/// Prunes on a schedule what `RetentionSettings` says is old: old
/// notifications with their inbox rows and deliveries, resolved alerts, the
/// history of finished deliveries. Runs beside the delivery worker, so a
/// deployment prunes without a cron job; several replicas pruning at once
/// only split the work. A failed pass is logged and counted and the next
/// one tries again: pruning never takes the process down.
struct RetentionService: Service {
    let pruning: Pruning
    let settings: RetentionSettings
    let clock: WallClock
    let metrics: RetentionMetrics
    let logger: Logger
    /// Before the first pass: start-up is left to the server and the worker.
    var firstDelay: Duration = .seconds(60)

    init(store: any RetentionStore & SessionStore & AuditStore, settings: RetentionSettings, clock: WallClock, registry: PrometheusCollectorRegistry, logger: Logger) {
        self.pruning = Pruning(store: store, batchSize: settings.batchSize)
        self.settings = settings
        self.clock = clock
        self.metrics = RetentionMetrics(registry: registry)
        self.logger = logger
    }

    func run() async throws {
        guard settings.notificationDays > 0 || settings.deliveryHistoryDays > 0 || settings.auditDays > 0 else { return }
        var wait = firstDelay
        while true {
            let delay = wait
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: delay) }
            } catch {
                return
            }
            wait = .seconds(settings.intervalSeconds)
            await runPass()
        }
    }

    func runPass() async {
        let started = ContinuousClock.now
        var lastReport = started
        do {
            let pass = try await pruning.pass(settings, now: clock.now()) { what, total in
                // A long backlog (the first pass on an old database) shows its progress.
                if ContinuousClock.now - lastReport >= .seconds(10) {
                    lastReport = ContinuousClock.now
                    logger.info("pruning \(what)", metadata: ["deleted_so_far": "\(total)"])
                }
            }
            metrics.record(pass, at: clock.now())
            if pass.total > 0 {
                logger.info(
                    "pruned what retention keeps no longer",
                    metadata: [
                        "notifications": "\(pass.notifications)", "finished_deliveries": "\(pass.deliveries)", "resolved_alerts": "\(pass.resolvedAlerts)",
                        "unused_filters": "\(pass.unusedFilters)", "expired_sessions": "\(pass.expiredSessions)", "audit_entries": "\(pass.auditEntries)",
                        "seconds": "\((ContinuousClock.now - started).components.seconds)",
                    ]
                )
            }
        } catch {
            metrics.failures.increment()
            logger.warning("cannot prune old data; trying again at the next pass", metadata: ["error": "\(String(reflecting: error))"])
        }
    }
}

struct RetentionMetrics: Sendable {
    let deleted: CounterFamily
    let failures: Counter
    let lastPass: Gauge

    init(registry: PrometheusCollectorRegistry) {
        deleted = CounterFamily(registry: registry, name: "herald_retention_deleted_total", help: "Rows deleted by retention, by kind.")
        failures = registry.makeCounter(
            descriptor: .init(metricName: "herald_retention_failures_total", unitName: "", helpText: "Pruning passes that failed (tried again at the next).")
        )
        lastPass = registry.makeGauge(
            descriptor: .init(metricName: "herald_retention_last_pass_timestamp_seconds", unitName: "", helpText: "When the last pruning pass finished (Unix time).")
        )
    }

    func record(_ pass: Pruning.Pass, at now: Date) {
        for (what, count) in [
            ("notifications", pass.notifications), ("deliveries", pass.deliveries), ("resolved_alerts", pass.resolvedAlerts), ("unused_filters", pass.unusedFilters),
            ("expired_sessions", pass.expiredSessions), ("audit_entries", pass.auditEntries),
        ] where count > 0 {
            deleted.increment(["what": what], by: Int64(count))
        }
        lastPass.set(now.timeIntervalSince1970)
    }
}

extension RetentionService: CustomStringConvertible {
    /// The service group names each service by its description, kept for
    /// its life: the default one would be this value reflected whole.
    var description: String { "retention" }
}
