import Foundation
import HeraldCore
import HeraldUseCases
import Logging
import ServiceLifecycle

/// Runs `TeamSync` every TEAM_SYNC_MINUTES (issue 41): directory teams made
/// to match their groups between logins. A directory that cannot be
/// reached is logged and tried again at the next pass; several replicas
/// syncing at once only set the same members twice.
struct TeamSyncService: Service, CustomStringConvertible {
    let sync: TeamSync
    let interval: Duration
    let logger: Logger

    var description: String { "team sync" }

    func run() async throws {
        while !Task.isShuttingDownGracefully {
            do {
                try await sync.run(logger: logger)
            } catch {
                logger.warning("cannot sync directory teams; trying again at the next pass", metadata: ["error": "\(String(reflecting: error))"])
            }
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
        }
    }
}
