import ArgumentParser
import HeraldCore
import HeraldDelivery
import HeraldStore
import Logging
import ServiceLifecycle
import UnixSignals

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
        let opened = try await StoreFactory.open(config.database, logger: logger)
        let ready = ReadinessGate()
        let engine = try DeliveryEngine.make(
            config: config, store: opened.store, signal: QueueSignal(), metrics: DeliveryMetrics(), ready: ready, logger: logger
        )
        let group = ServiceGroup(
            configuration: .init(
                services: opened.services.map { .init(service: $0) } + [.init(service: MigrationService(opened: opened, ready: ready))]
                    + engine.services.map { .init(service: $0) },
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        try await group.run()
        try await opened.close()
    }
}

/// Applies migrations once the database client runs, then opens the gate
/// the worker waits on, and stays until shutdown.
struct MigrationService: ServiceLifecycle.Service {
    let opened: OpenedStore
    let ready: ReadinessGate

    func run() async throws {
        try await opened.migrate()
        ready.open()
        try? await gracefulShutdown()
    }
}
