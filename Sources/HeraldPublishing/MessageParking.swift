import Foundation
import HeraldCore
import Logging
import Prometheus
import ServiceLifecycle

/// How a long-running source (the Kafka bridge, later feeds) handles one
/// message: tried again with backoff when it fails, and after `attempts`
/// failures parked in the store with the reason, so the source moves on
/// instead of reading the same message forever. Nothing is dropped: a
/// parked message is kept, and when even parking fails (the database is
/// away) the error goes to the caller, which must not move past it.
public struct MessageParking: Sendable {
    let store: any AlertStateStore
    let clock: WallClock
    let logger: Logger
    let metrics: Metrics
    public var attempts: Int
    public var firstDelay: Duration

    public init(
        store: any AlertStateStore, clock: WallClock, registry: PrometheusCollectorRegistry, logger: Logger, attempts: Int = 5,
        firstDelay: Duration = .milliseconds(200)
    ) {
        self.store = store
        self.clock = clock
        self.logger = logger
        self.metrics = Metrics(registry: registry)
        self.attempts = max(1, attempts)
        self.firstDelay = firstDelay
    }

    /// Runs `handle` until it succeeds, or parks the message after it has
    /// failed `attempts` times. Throws when the task is cancelled or shut
    /// down while retrying (the message is read again at the next start) and
    /// when parking fails.
    public func handle(
        _ source: PublishSource, reference: String, payload: Data?, _ handle: () async throws -> Void
    ) async throws {
        var delay = firstDelay
        for attempt in 1...attempts {
            do {
                try await handle()
                return
            } catch {
                if Task.isCancelled || Task.isShuttingDownGracefully { throw error }
                metrics.failures.increment(["source": source.name])
                let reason = String(reflecting: error)
                guard attempt < attempts else {
                    try await park(source, reference: reference, payload: payload, reason: reason, attempts: attempt)
                    return
                }
                logger.warning(
                    "\(source): a message failed; trying it again", metadata: ["reference": "\(reference)", "attempt": "\(attempt)", "error": "\(reason)"]
                )
                let wait = delay
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: wait) }
                delay *= 2
            }
        }
    }

    private func park(_ source: PublishSource, reference: String, payload: Data?, reason: String, attempts: Int) async throws {
        let message = ParkedMessageDraft(
            source: source.name, reference: TextRules.truncated(TextRules.withoutControlCharacters(reference), to: 1_000), payload: payload,
            reason: TextRules.truncated(TextRules.withoutControlCharacters(reason), to: 4_000), attempts: attempts
        )
        try await store.park(message, at: clock.now())
        metrics.parked.increment(["source": source.name])
        logger.error(
            "\(source): a message kept failing and was parked (see `herald parked`)",
            metadata: ["reference": "\(message.reference)", "attempts": "\(attempts)", "error": "\(message.reason)"]
        )
    }

    struct Metrics: Sendable {
        let failures: CounterFamily
        let parked: CounterFamily

        init(registry: PrometheusCollectorRegistry) {
            failures = CounterFamily(registry: registry, name: "herald_source_message_failures_total", help: "Attempts to handle a source's message that failed.")
            parked = CounterFamily(
                registry: registry, name: "herald_source_messages_parked_total", help: "Messages a source kept failing on, parked with the reason and skipped."
            )
        }
    }
}
