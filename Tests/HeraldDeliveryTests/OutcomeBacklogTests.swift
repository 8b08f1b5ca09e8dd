import Foundation
import HeraldCore
import HeraldMocks
import HeraldTestSupport
import NIOConcurrencyHelpers
import Testing

/// When the database writes outcomes slower than the providers answer, the
/// worker's claims wait for the writes: the answered pushes waiting to be
/// recorded never pile up in memory beyond a few batches.
@Suite("Outcomes waiting for their write")
struct OutcomeBacklogTests {
    @Test func claimsWaitWhileTooManyBatchesWaitForTheirOutcomesWrite() async throws {
        // Two batches of five in flight (concurrency 5, plus one), four unrecorded at most.
        try await DeliveryHarness.run(.sqlite, configure: { $0.concurrency = 5; $0.batchSize = 5; $0.answerGroupSize = 5 }) { harness in
            let service = try await harness.seed((0..<60).map { Recipient(DeliveryHarness.apnsToken($0), .apns) })
            let news = try await harness.publish(service, NotificationDraft(title: "Weekly news"))
            let queue = HeldOutcomes(harness.store)
            try await harness.withWorker(queue: queue) {
                do {
                    // Answered, not recorded: no further claim while the writes hang.
                    try await harness.waitUntil("the first batches are sent") { harness.mocks.apns.pushCount >= 20 }
                    // Each poll (every 50 ms) wakes the claims and then reads the
                    // queue's depth: ten of them since, the claims had every chance.
                    let seen = queue.polls
                    try await harness.waitUntil("ten polls since") { queue.polls >= seen + 10 }
                    #expect(harness.mocks.apns.pushCount == 20, "four batches of five, then the claims wait for their outcomes")
                    #expect(queue.heldWrites > 0, "the writes are what the claims wait for")
                } catch {
                    queue.release()  // else the worker could not stop: its writes hang
                    throw error
                }
                queue.release()
                #expect(try await harness.waitUntilSettled(news) == [.sent: 60])
            }
        }
    }
}

/// The store's queue, whose outcome writes hang until released.
private final class HeldOutcomes: DeliveryQueue {
    let store: any HeraldStore
    private let released = NIOLockedValueBox<[CheckedContinuation<Void, Never>]?>([])
    private let counts = NIOLockedValueBox((heldWrites: 0, polls: 0))
    /// Outcome writes waiting for `release`.
    var heldWrites: Int { counts.withLockedValue { $0.heldWrites } }
    /// The worker's polls (each reads the queue's depth).
    var polls: Int { counts.withLockedValue { $0.polls } }

    init(_ store: any HeraldStore) { self.store = store }

    func release() {
        let waiting = released.withLockedValue { waiting in
            defer { waiting = nil }
            return waiting ?? []
        }
        for continuation in waiting { continuation.resume() }
    }

    func recordDeliveries(_ results: [DeliveryResult], at: Date) async throws {
        await withCheckedContinuation { continuation in
            let held = released.withLockedValue { waiting -> Bool in
                guard waiting != nil else { return false }
                waiting?.append(continuation)
                return true
            }
            if held { counts.withLockedValue { $0.heldWrites += 1 } }
            if !held { continuation.resume() }
        }
        try await store.recordDeliveries(results, at: at)
    }

    func claimDeliveries(
        limit: Int, now: Date, leaseUntil: Date, holder: Int64?, minimumPriority: Int, withholdingBulkOf withheld: Set<Platform>,
        leavingExpressDueAfter expressCutoff: Date?
    ) async throws -> [ClaimedDelivery] {
        try await store.claimDeliveries(limit: limit, now: now, leaseUntil: leaseUntil, holder: holder, minimumPriority: minimumPriority, withholdingBulkOf: withheld,
            leavingExpressDueAfter: expressCutoff
        )
    }
    func renewLeases(_ ids: [DeliveryID], until: Date) async throws -> Int { try await store.renewLeases(ids, until: until) }
    func removedDevices(since: Date, limit: Int) async throws -> [RemovedDevice] { try await store.removedDevices(since: since, limit: limit) }
    func restoreDevices(removedSince since: Date) async throws -> Int { try await store.restoreDevices(removedSince: since) }
    func purgeRemovedDevices(removedBefore before: Date) async throws -> Int { try await store.purgeRemovedDevices(removedBefore: before) }
    func hastenRetries(platform: Platform, limit: Int?, now: Date) async throws -> Int { try await store.hastenRetries(platform: platform, limit: limit, now: now) }
    func queueDepth() async throws -> Int {
        counts.withLockedValue { $0.polls += 1 }
        return try await store.queueDepth()
    }
    func listenForDeliveries(holding holder: ClaimHolder, _ wake: @escaping @Sendable (Bool) -> Void) async throws {
        try await store.listenForDeliveries(holding: holder, wake)
    }
    func deliveryReport(notificationID: NotificationID) async throws -> [DeliveryReportRow] { try await store.deliveryReport(notificationID: notificationID) }
}
