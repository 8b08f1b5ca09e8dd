import Foundation
import HeraldCore
import Logging
import ServiceLifecycle

/// The loop of a service that acts on rows when their time comes (held
/// notifications, escalation steps): do what is due, then sleep until the
/// next row's time, but at most `maxWait` (rows another replica adds are
/// seen within it) and at least `minWait`; after an error, `retryWait`.
/// Ends at a graceful shutdown.
struct DueTimeLoop {
    var maxWait: TimeInterval
    var minWait: TimeInterval
    var retryWait: TimeInterval
    let clock: WallClock
    let logger: Logger
    /// Logged when a round fails ("… could not be … now; trying again").
    let failure: Logger.Message

    func run(_ due: () async throws -> Void, next: () async throws -> Date?) async {
        while !Task.isCancelled {
            var wait = maxWait
            do {
                try await due()
                if let next = try await next() {
                    wait = max(minWait, min(maxWait, next.timeIntervalSince(clock.now())))
                }
            } catch {
                // Cancelled (another service failed): no warning, the loop ends.
                if Task.isCancelled { return }
                logger.warning(failure, metadata: ["error": "\(error)"])
                wait = retryWait
            }
            let pause = Duration.milliseconds(Int(wait * 1000))
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
            } catch {
                return
            }
        }
    }
}
