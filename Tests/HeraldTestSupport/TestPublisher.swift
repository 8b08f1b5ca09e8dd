import HeraldCore
import HeraldPublishing
import Logging
import Prometheus
import Tracing

extension Publisher {
    /// A publisher over a test's store, with its own metrics.
    public static func forTests(
        _ store: any HeraldStore, signal: QueueSignal = QueueSignal(), clock: WallClock = .system, tracer: (any Tracer)? = nil
    ) -> Publisher {
        Publisher(notifications: store, schedules: store, alertStates: store, filters: store, signal: signal, clock: clock, metrics: PublishMetrics(), logger: TestDatabase.logger, tracer: tracer)
    }
}

extension MessageParking {
    /// Parking into a test's store, with short waits between attempts.
    public static func forTests(_ store: any AlertStateStore, attempts: Int = 3) -> MessageParking {
        MessageParking(
            store: store, clock: .system, registry: PrometheusCollectorRegistry(), logger: TestDatabase.logger, attempts: attempts,
            firstDelay: .milliseconds(10)
        )
    }
}
