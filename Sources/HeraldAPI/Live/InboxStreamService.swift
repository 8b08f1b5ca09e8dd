import HeraldCore
import Logging
import ServiceLifecycle

/// Feeds the live streams: listens for every replica's inbox signals
/// (PostgreSQL LISTEN; in-process on SQLite) and beats the heart of every
/// connection. A lost listening connection is tried again; streams keep
/// their heartbeats meanwhile.
public struct InboxStreamService: Service {
    let streams: InboxStreams
    let store: any NotificationStore
    let logger: Logger

    public init(streams: InboxStreams, store: any NotificationStore, logger: Logger) {
        self.streams = streams
        self.store = store
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await listen() }
                group.addTask {
                    while !Task.isCancelled {
                        do { try await Task.sleep(for: streams.limits.heartbeat) } catch { return }
                        streams.heartbeat()
                    }
                }
            }
        }
    }

    private func listen() async {
        let (signals, continuation) = AsyncStream.makeStream(of: InboxSignal.self, bufferingPolicy: .bufferingNewest(100_000))
        await withDiscardingTaskGroup { group in
            // One consumer, so signals are handled in the order they came.
            group.addTask {
                for await signal in signals { await streams.handle(signal) }
            }
            while !Task.isCancelled {
                do {
                    try await store.listenForInboxSignals { continuation.yield($0) }
                } catch {
                    if Task.isCancelled { break }
                    logger.warning("lost the live-stream channel; listening again in 5 s", metadata: ["error": "\(error)"])
                    try? await Task.sleep(for: .seconds(5))
                }
            }
            continuation.finish()
        }
    }
}

extension InboxStreamService: CustomStringConvertible {
    /// The service group names each service by its description, kept for
    /// its life: the default one would be this value reflected whole.
    public var description: String { "inbox streams" }
}
