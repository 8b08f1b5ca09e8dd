import HeraldCore
import HeraldStore
import Logging
import ServiceLifecycle
import UnixSignals

/// Runs a part of Herald on its own (the worker, the alarm bridge): the
/// database's services, migrations, then `makeServices`' services once the
/// schema is ready, until SIGTERM or SIGINT.
enum Standalone {
    static func run(
        config: HeraldConfig, logger: Logger,
        makeServices: (_ store: any HeraldStore, _ ready: ReadinessGate) throws -> [any ServiceLifecycle.Service]
    ) async throws {
        let opened = try await StoreFactory.open(config.database, logger: logger)
        let ready = ReadinessGate()
        let services = opened.services + [MigrationService(opened: opened, ready: ready)] + (try makeServices(opened.store, ready))
        let group = ServiceGroup(
            configuration: .init(services: services.map { .init(service: $0) }, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        )
        try await group.run()
        try await opened.close()
    }
}

/// Applies migrations once the database client runs, then opens the gate
/// the other services wait on, and stays until shutdown.
struct MigrationService: ServiceLifecycle.Service {
    let opened: OpenedStore
    let ready: ReadinessGate

    func run() async throws {
        try await opened.migrate()
        ready.open()
        try? await gracefulShutdown()
    }
}
