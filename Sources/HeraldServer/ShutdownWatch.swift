import Logging
import ServiceLifecycle

/// Says which parts hold a shutdown up (issue 43's CI met a server that
/// never exited after SIGTERM, every socket closed and nothing logged): last
/// in the process's group, so its graceful shutdown comes first, it starts a
/// timer and steps aside; if parts still run when the grace period and a
/// few seconds more have passed, their names are logged as an error. The
/// group's `maximumCancellationDuration` then ends the process.
struct ShutdownWatch: Service {
    let running: RunningServices
    let logger: Logger
    /// Returns when the parts have had their time (the grace period and a little more).
    let wait: @Sendable () async -> Void

    init(running: RunningServices, after: Duration, logger: Logger) {
        self.init(running: running, logger: logger, wait: { try? await Task.sleep(for: after) })
    }

    init(running: RunningServices, logger: Logger, wait: @escaping @Sendable () async -> Void) {
        self.running = running
        self.logger = logger
        self.wait = wait
    }

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return  // cancelled before any shutdown: nothing to watch
        }
        let (running, wait, logger) = (running, wait, logger)
        Task.detached {
            await wait()
            let names = running.names
            guard !names.isEmpty else { return }
            logger.error("the shutdown is held by parts that did not stop", metadata: ["parts": "\(names.joined(separator: ", "))"])
        }
    }
}
