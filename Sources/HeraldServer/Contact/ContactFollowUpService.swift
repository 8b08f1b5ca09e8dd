import Foundation
import HeraldCore
import HeraldUseCases
import Logging
import ServiceLifecycle

/// Works the follow-ups of ntfy and Pushover messages (issue 43,
/// `ContactFollowUps`) every `interval`: cheap when none is due (one
/// indexed read), so an acknowledgement (which makes its follow-ups due)
/// clears the ntfy message within about a second.
struct ContactFollowUpService: Service {
    let followUps: ContactFollowUps
    let interval: Duration
    let logger: Logger

    func run() async throws {
        logger.info("following ntfy and Pushover messages")
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    // A full batch: more may be due at once.
                    while try await followUps.sweep(logger: logger) >= 100, !Task.isCancelled {}
                } catch is CancellationError {
                    return
                } catch {
                    logger.warning("cannot read the follow-ups; trying again shortly", metadata: ["error": "\(String(reflecting: error).prefix(300))"])
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
