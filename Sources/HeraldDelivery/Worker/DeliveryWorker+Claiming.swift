import Foundation
import HeraldCore
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Claiming: the main lane's batches and the express lane beside them, each
/// claim leaving fan-outs' pushes to providers over their pace in the queue
/// (`ProviderPacing`), and the queue kept compact as deliveries leave it.
extension DeliveryWorker {
    /// Batches in flight at once: enough to keep `concurrency` sends going,
    /// plus one being claimed while the others send.
    var maxBatchesInFlight: Int {
        max(1, (settings.concurrency + settings.batchSize - 1) / settings.batchSize) + 1
    }

    /// Batches claimed and not yet recorded at once: those sending, and as
    /// many answered ones waiting for their outcomes' write. When the
    /// database writes outcomes slower than the providers answer (a large
    /// fan-out on a busy database), claims wait for the writes instead of
    /// answered pushes piling up in memory without bound.
    var maxBatchesUnrecorded: Int { 2 * maxBatchesInFlight }

    /// The one consumer of `signal`: claims while there is work and room,
    /// and runs the express lane beside.
    func coordinate() async {
        let inFlight = NIOLockedValueBox(0)
        let unrecorded = NIOLockedValueBox(0)
        await withDiscardingTaskGroup { group in
            group.addTask { await express() }
            for await _ in signal.wakes {
                if Task.isShuttingDownGracefully || Task.isCancelled { break }
                while inFlight.withLockedValue({ $0 }) < maxBatchesInFlight, unrecorded.withLockedValue({ $0 }) < maxBatchesUnrecorded {
                    let batch: [ClaimedDelivery]
                    do {
                        batch = try await claim(settings.batchSize, minimumPriority: 0, leavingExpress: !expressSending.withLockedValue { $0 })
                    } catch {
                        // The database is away: the poll timer brings us back.
                        logger.error("cannot claim deliveries", metadata: ["error": "\(String(reflecting: error))"])
                        break
                    }
                    compactIfChurned(in: &group)
                    wakeWhenPaceAllows(in: &group)
                    if batch.isEmpty { break }
                    inFlight.withLockedValue { $0 += 1 }
                    unrecorded.withLockedValue { $0 += 1 }
                    let held = claims.hold(batch.map(\.id))
                    group.addTask {
                        await deliver(batch) {
                            // The slot is free once the answers are in: the next
                            // batch is claimed while the last outcomes are written.
                            inFlight.withLockedValue { $0 -= 1 }
                            signal.notify()
                        }
                        claims.release(held)
                        // Recorded: room for another if the writes held claims back.
                        if unrecorded.withLockedValue({ $0 -= 1; return $0 }) == maxBatchesUnrecorded - 1 { signal.notify() }
                    }
                    if batch.count < settings.batchSize { break }
                }
            }
        }
    }

    /// Urgent pushes the express lane claims at a time.
    static let expressBatch = 50

    /// How long the main lane leaves the express lane's pushes to it while
    /// it is not sending: past this (the express lane could not claim) the
    /// main lane takes them.
    static let expressGrace: TimeInterval = 1

    /// The express lane: urgent pushes (`DeliveryPriority.urgent`: critical
    /// notifications, escalation calls) are claimed as soon as they are
    /// queued, a small batch at a time beside the batches in flight, so they
    /// never wait for a slot behind a large fan-out. The main lane serves
    /// urgent pushes first too; it leaves the fresh ones of the express
    /// connection (`ClaimedDelivery.isExpress`) to this lane while it is
    /// not sending, since a claim of a full batch, and its preparation, took
    /// longer (34 ms from the post on average, against 21, during a 10⁶
    /// fan-out), and takes them when this lane is busy.
    private func express() async {
        for await _ in signal.urgentWakes {
            if Task.isShuttingDownGracefully || Task.isCancelled { return }
            while true {
                let batch: [ClaimedDelivery]
                do {
                    batch = try await claim(Self.expressBatch, minimumPriority: DeliveryPriority.urgent)
                } catch {
                    logger.error("cannot claim urgent deliveries", metadata: ["error": "\(String(reflecting: error))"])
                    break
                }
                if batch.isEmpty { break }
                let held = claims.hold(batch.map(\.id))
                expressSending.withLockedValue { $0 = true }
                await deliver(batch) {}
                expressSending.withLockedValue { $0 = false }
                claims.release(held)
                if batch.count < Self.expressBatch { break }
            }
        }
    }

    /// Claims up to `limit` due pushes ranked at least `minimumPriority`,
    /// leaving fan-outs' pushes to providers over their pace in the queue
    /// (and, with `leavingExpress`, the express lane's fresh ones to it),
    /// and spends the pace of the fan-out pushes it took.
    private func claim(_ limit: Int, minimumPriority: Int, leavingExpress: Bool = false) async throws -> [ClaimedDelivery] {
        let now = clock.now()
        let withheld = pacing.withheld(now: now)
        metrics.held(withheld)
        let batch = try await queue.claimDeliveries(
            limit: limit, now: now, leaseUntil: now.addingTimeInterval(settings.leaseSeconds), holder: holder.heldKey,
            minimumPriority: minimumPriority, withholdingBulkOf: withheld, leavingExpressDueAfter: leavingExpress ? now.addingTimeInterval(-Self.expressGrace) : nil
        )
        if !pacing.rates.isEmpty {
            for (platform, pushes) in Dictionary(grouping: batch.lazy.filter(\.bulk), by: \.platform) {
                pacing.spend(pushes.count, on: platform, now: now)
            }
        }
        return batch
    }

    /// While a provider's fan-out pushes are withheld, the worker is woken
    /// when the first of them may go again (one wake-up at a time), rather
    /// than at the next poll.
    private func wakeWhenPaceAllows(in group: inout DiscardingTaskGroup) {
        guard let release = pacing.nextRelease(now: clock.now()) else { return }
        guard paceWake.take() else { return }
        group.addTask {
            let wait = max(0, release.timeIntervalSince(clock.now()))
            // A shutdown does not wait out a provider's pause.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .milliseconds(Int((wait * 1_000).rounded(.up)) + 1)) }
            paceWake.withLockedValue { $0 = false }
            signal.notify()
        }
    }

    /// The queue is compacted each time this many have left it.
    static let compactAfter = 20_000

    /// Every delivery that leaves the queue leaves a dead row and dead
    /// index entries behind, and autovacuum looks at a database only once
    /// a minute (`autovacuum_naptime`): during a large fan-out a claim read
    /// through 114,893 index entries for 7,000 live rows, 30 ms of its 40
    /// (EXPLAIN ANALYZE, a 2·10⁵ fan-out). So each time `compactAfter` have
    /// left it, drained or not, the queue is compacted beside the next
    /// claims, one compaction at a time; it also refreshes the planner's
    /// picture of a queue that was empty at the last look.
    private func compactIfChurned(in group: inout DiscardingTaskGroup) {
        guard finishedSinceCompaction.withLockedValue({ $0 >= Self.compactAfter }) else { return }
        guard compacting.take() else { return }
        finishedSinceCompaction.withLockedValue { $0 = 0 }
        group.addTask {
            defer { compacting.withLockedValue { $0 = false } }
            let started = ContinuousClock.now
            do {
                try await queue.compactQueue()
                logger.debug("delivery queue compacted", metadata: ["seconds": "\(ContinuousClock.now - started)"])
            } catch {
                logger.notice("cannot compact the delivery queue; autovacuum will", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
    }
}

extension NIOLockedValueBox<Bool> {
    /// Sets the flag if it was clear; true when this caller set it (one at a time).
    fileprivate func take() -> Bool {
        withLockedValue { set in
            defer { set = true }
            return !set
        }
    }
}
