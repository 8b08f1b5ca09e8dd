import Logging
import ServiceLifecycle

/// Runs `services` in a service group while `body` runs, then shuts them down
/// gracefully (last first) and waits for them: for commands, tests and
/// benchmarks that need a database pool, a worker or a server for a while.
public func withRunningServices<T: Sendable>(
    _ services: [any ServiceLifecycle.Service], logger: Logger, _ body: () async throws -> T
) async throws -> T {
    let group = ServiceGroup(configuration: .init(services: services, gracefulShutdownSignals: [], logger: logger))
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        do {
            let result = try await body()
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return result
        } catch {
            await group.triggerGracefulShutdown()
            throw error
        }
    }
}
