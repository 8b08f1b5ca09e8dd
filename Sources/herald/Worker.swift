import ArgumentParser
import HeraldCore
import HeraldDelivery
import HeraldStore
import Logging

struct Worker: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run only the delivery worker, to push from more processes or hosts.",
        discussion: """
            Workers share the queue through PostgreSQL (FOR UPDATE SKIP LOCKED with a lease), so any number can \
            run next to the servers; run the servers with DELIVERY_WORKER=off to keep pushing out of them. \
            On SQLite, use the worker inside `herald serve` instead: only one process should push.
            """
    )

    func run() async throws {
        let (config, logger) = try await CommandEnvironment.load()
        try await Standalone.run(config: config, logger: logger) { store, ready in
            try DeliveryEngine.make(config: config, store: store, signal: QueueSignal(), metrics: DeliveryMetrics(), ready: ready, logger: logger).services
        }
    }
}
