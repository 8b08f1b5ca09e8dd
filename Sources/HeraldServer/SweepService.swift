import Foundation
import Logging
import ServiceLifecycle

/// A part that works a leased queue every `interval` (issue 43: the chat
/// rooms' posts, their Matrix reactions, the follow-ups of ntfy, Pushover
/// and Matrix messages): cheap when nothing is due (one indexed read), so
/// what falls due is done within about `interval`; a full batch is swept
/// again at once (more may be due); a failure (the database, a provider)
/// is logged and tried again after the interval.
struct SweepService: Service {
    /// What it works, for the log: "the chat rooms' posts".
    let what: String
    let interval: Duration
    let logger: Logger
    /// One sweep; true when it took a full batch.
    let sweep: @Sendable (Logger) async throws -> Bool

    func run() async throws {
        logger.info("working \(what)")
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    while try await sweep(logger), !Task.isCancelled {}
                } catch is CancellationError {
                    return
                } catch {
                    logger.warning("cannot work \(what); trying again shortly", metadata: ["error": "\(String(reflecting: error).prefix(300))"])
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
