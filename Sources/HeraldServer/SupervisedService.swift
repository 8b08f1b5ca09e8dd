import Logging
import HeraldPublishing
import Prometheus
import ServiceLifecycle

/// Runs a long-running part (the Kafka bridge, later feeds) and starts it
/// again after it fails, waiting longer each time: one second, doubling to a
/// minute, and back to one second once it has run for a minute. A service
/// group ends when any of its services throws; this keeps one part's error
/// (a broker away, a database restart) from taking the API and the worker
/// down with it. Each failure is logged and counted.
struct SupervisedService: Service {
    let name: String
    let service: any Service
    let metrics: SupervisionMetrics
    let logger: Logger
    var firstDelay: Duration = .seconds(1)
    var maxDelay: Duration = .seconds(60)

    init(name: String, _ service: any Service, metrics: SupervisionMetrics, logger: Logger) {
        self.name = name
        self.service = service
        self.metrics = metrics
        self.logger = logger
    }

    func run() async throws {
        var delay = firstDelay
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            let started = ContinuousClock.now
            do {
                try await service.run()
                return
            } catch {
                if Task.isShuttingDownGracefully || Task.isCancelled { return }
                metrics.failed(name)
                if ContinuousClock.now - started >= maxDelay { delay = firstDelay }
                logger.error("\(name) failed; starting it again", metadata: ["error": "\(String(reflecting: error))", "after": "\(delay)"])
                let wait = delay
                do {
                    try await cancelWhenGracefulShutdown { try await Task.sleep(for: wait) }
                } catch {
                    return
                }
                delay = min(delay * 2, maxDelay)
            }
        }
    }
}

/// `herald_service_failures_total{service}`: how often a supervised part failed and was started again.
struct SupervisionMetrics: Sendable {
    let failures: CounterFamily

    init(registry: PrometheusCollectorRegistry) {
        failures = CounterFamily(registry: registry, name: "herald_service_failures_total", help: "Failures of a long-running part, each followed by a restart.")
    }

    func failed(_ service: String) {
        failures.increment(["service": service])
    }
}

extension SupervisedService: CustomStringConvertible {
    /// The service group names each service by its description, kept for
    /// its life: the default one would be this value reflected whole.
    var description: String { name }
}
