import HeraldCore
import ServiceLifecycle

/// Runs a part only once the schema is migrated (the composition root opens
/// `ready` in `beforeServerStarts`). The service group starts every service
/// at once, so a scheduler or a poller started bare would query tables a
/// fresh database does not have yet ("no such table" on every first start).
struct AfterMigration: Service, CustomStringConvertible {
    let service: any Service
    let ready: ReadinessGate

    init(_ service: any Service, ready: ReadinessGate) {
        self.service = service
        self.ready = ready
    }

    var description: String { String(describing: service) }

    func run() async throws {
        await cancelWhenGracefulShutdown { await ready.wait() }
        guard ready.isOpen, !Task.isShuttingDownGracefully, !Task.isCancelled else { return }
        try await service.run()
    }
}
