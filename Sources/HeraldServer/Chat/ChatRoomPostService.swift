import Foundation
import HeraldCore
import HeraldUseCases
import Logging
import ServiceLifecycle

/// Posts to the services' chat rooms and keeps the posts true (issue 43,
/// `ChatRoomPosts`) every `interval`: cheap when nothing is due (one
/// indexed read), so a post follows its notification, and an edit its
/// acknowledgement, within about a second.
struct ChatRoomPostService: Service {
    let posts: ChatRoomPosts
    let interval: Duration
    let logger: Logger

    func run() async throws {
        logger.info("posting to chat rooms")
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    // A full batch: more may be due at once.
                    while try await posts.sweep(logger: logger) >= 200, !Task.isCancelled {}
                } catch is CancellationError {
                    return
                } catch {
                    logger.warning("cannot read the chat posts; trying again shortly", metadata: ["error": "\(String(reflecting: error).prefix(300))"])
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}

/// Reads the reactions to the open alarms' posts in the services' Matrix
/// rooms (`ChatRoomReactions`) every `interval`: a ✅ takes the alarm
/// within about that long.
struct ChatRoomReactionService: Service {
    let reactions: ChatRoomReactions
    let interval: Duration
    let logger: Logger

    func run() async throws {
        logger.info("reading reactions in Matrix rooms")
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await reactions.sweep(logger: logger)
                } catch is CancellationError {
                    return
                } catch {
                    logger.warning("cannot read the Matrix rooms' reactions; trying again shortly", metadata: ["error": "\(String(reflecting: error).prefix(300))"])
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
