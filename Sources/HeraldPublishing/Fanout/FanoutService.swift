import Foundation
import HeraldCore
import Logging
import NIOConcurrencyHelpers
import Prometheus
import ServiceLifecycle

/// Expands large audiences after the post was answered (issue 27): a post
/// to a service with more subscribers than `FANOUT_INLINE_SUBSCRIBERS` is
/// stored with a fan-out job, and this service links the subscribers'
/// inboxes and queues their pushes a chunk at a time (`FanoutStore`), each
/// chunk one transaction that also records how far it got. The first chunk
/// is small, so the first pushes leave within milliseconds; a new chunk is
/// added only when fewer than a chunk of the fan-out's pushes still wait,
/// so the queue stays short, memory flat, and anything posted meanwhile is
/// claimed beside it rather than behind a million rows.
///
/// Jobs are claimed under a short lease renewed by every chunk: a process
/// killed mid-fan-out leaves it to any other (or to itself restarted) once
/// the lease lapses, which goes on from the last chunk committed.
public struct FanoutService: Service {
    let store: any FanoutStore
    /// Wakes this process's delivery worker when a chunk queued pushes
    /// (other replicas' workers hear the database's wake-up).
    let queued: QueueSignal
    /// Posts that left an audience to a fan-out job wake this service at once.
    let posted: QueueSignal
    let clock: WallClock
    let logger: Logger
    let metrics: FanoutMetrics
    /// Who claims: unique per process.
    let owner = "fanout-\(UUID().uuidString.prefix(8))"
    /// The largest chunk; the first is `firstChunk`, each next one twice the last.
    var chunk = 5_000
    var firstChunk = 250
    /// Fan-outs expanded at once by this process.
    var concurrent = 4
    /// How long a claim keeps other processes off; renewed by every chunk.
    var lease: TimeInterval = 3
    /// Longest wait between looks for jobs (another replica's posts).
    var poll: Duration = .milliseconds(250)
    /// Wait while the fan-out's queued pushes are still a chunk or more.
    var backOff: Duration = .milliseconds(50)

    public init(
        store: any FanoutStore, queued: QueueSignal, posted: QueueSignal, chunk: Int = 5_000, clock: WallClock, registry: PrometheusCollectorRegistry,
        logger: Logger
    ) {
        self.store = store
        self.chunk = max(1, chunk)
        self.queued = queued
        self.posted = posted
        self.clock = clock
        self.logger = logger
        self.metrics = FanoutMetrics(registry: registry)
    }

    public func run() async throws {
        // Looks for jobs at each tick: a post in this process, or `poll` (another replica's).
        let (ticks, tick) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let running = NIOLockedValueBox(0)
        let poll = self.poll
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { for await _ in posted.wakes { tick.yield() } }
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: poll)
                        tick.yield()
                    }
                }
                tick.yield()
                for await _ in ticks {
                    let free = concurrent - running.withLockedValue { $0 }
                    guard free > 0 else { continue }
                    do {
                        let now = clock.now()
                        for job in try await store.claimFanouts(owner: owner, limit: free, until: now.addingTimeInterval(lease), now: now) {
                            running.withLockedValue { $0 += 1 }
                            group.addTask {
                                await expand(job)
                                running.withLockedValue { $0 -= 1 }
                                tick.yield()
                            }
                        }
                    } catch {
                        if Task.isCancelled { break }
                        logger.warning("fan-outs could not be claimed now; trying again", metadata: ["error": "\(error)"])
                    }
                }
                // Shutting down: the jobs in hand stop after their chunk, their claims lapse.
                group.cancelAll()
            }
        } onGracefulShutdown: {
            tick.finish()
        }
    }

    /// Expands one claimed job chunk by chunk until it is done, lost, or
    /// the process stops (its claim then lapses and another goes on).
    func expand(_ claimed: FanoutJob) async {
        var job = claimed
        var size = min(firstChunk, chunk)
        let started = ContinuousClock.now
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            let now = clock.now()
            do {
                switch try await store.expandFanout(job, owner: owner, chunk: size, until: now.addingTimeInterval(lease), now: now) {
                case .expanded(let moved, let linked, let queued):
                    job = moved
                    size = min(chunk, size * 2)
                    metrics.expanded(linked: linked)
                    if queued > 0 { self.queued.notify() }
                case .waiting:
                    try await Task.sleep(for: backOff)
                case .finished:
                    metrics.finished(after: ContinuousClock.now - started)
                    return
                case .lost:
                    return
                }
            } catch {
                if Task.isCancelled { return }
                // The claim lapses after `lease`; the next try within it keeps the job.
                logger.warning("a fan-out could not go on now; trying again", metadata: ["notification": "\(job.notificationID)", "error": "\(error)"])
                try? await Task.sleep(for: .seconds(lease / 3))
            }
        }
    }
}

extension FanoutService: CustomStringConvertible {
    public var description: String { "fan-outs" }
}

struct FanoutMetrics: Sendable {
    let linked: Counter
    let finished: Counter
    let duration: DurationHistogram

    init(registry: PrometheusCollectorRegistry) {
        linked = registry.makeCounter(
            descriptor: .init(metricName: "herald_fanout_recipients_total", unitName: "", helpText: "Recipients linked by fan-outs after the post's answer.")
        )
        finished = registry.makeCounter(descriptor: .init(metricName: "herald_fanouts_finished_total", unitName: "", helpText: "Fan-outs expanded to their whole audience."))
        duration = registry.makeDurationHistogram(
            descriptor: .init(
                metricName: "herald_fanout_duration_seconds", unitName: "",
                helpText: "From a fan-out's claim to its last chunk (by this process), paced by the workers' sending."
            ),
            buckets: [.milliseconds(100), .seconds(1), .seconds(5), .seconds(15), .seconds(60), .seconds(300)]
        )
    }

    func expanded(linked count: Int) { linked.increment(by: Int64(count)) }

    func finished(after elapsed: Duration) {
        finished.increment()
        duration.record(elapsed)
    }
}
