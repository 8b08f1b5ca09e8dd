import Foundation
import HeraldCore
import HeraldTestSupport
import NIOConcurrencyHelpers
import Testing

@testable import HeraldPublishing

/// Group commit: publishes that arrive while one is being stored go
/// together in the next store call, each answered with its own result.
@Suite("Publishing in batches")
struct PublishBatcherTests {
    /// A store whose first call waits until released, recording batch sizes.
    final class GatedStore: Sendable {
        let batches = NIOLockedValueBox<[[String]]>([])
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        let failing: Set<String>
        let failure: any Error

        init(failing: Set<String> = [], failure: any Error = StoreError.invalidInput("refused")) {
            self.failing = failing
            self.failure = failure
        }

        func store(_ batch: [PublishRequest]) async throws -> PublishedBatch {
            let first = batches.withLockedValue { batches in
                batches.append(batch.map(\.draft.title))
                return batches.count == 1
            }
            if first { for await _ in released { break } }
            if batch.contains(where: { failing.contains($0.draft.title) }) { throw failure }
            let stored = batch.map { request in
                request.serviceID == Self.missing ? nil
                    : NotificationRecord(id: Int64(request.draft.title.dropFirst())!, serviceID: request.serviceID, timestamp: request.at, draft: NotificationDraft(title: request.draft.title))
            }
            return PublishedBatch(notifications: stored, queuedDeliveries: false)
        }

        static let missing = UUID()
    }

    @Test func publishesArrivingDuringABatchGoTogetherInTheNext() async throws {
        let store = GatedStore()
        let batcher = PublishBatcher { try await store.store($0) }
        let service = UUID()
        try await withThrowingTaskGroup(of: (String, NotificationRecord?).self) { group in
            group.addTask { ("n0", try await batcher.publish(PublishRequest(NotificationDraft(title: "n0"), serviceID: service, at: Date()))) }
            // The first is being stored (and held there) before the others come.
            try await eventually("the first batch to be stored", every: .milliseconds(1)) { store.batches.withLockedValue { $0.count } > 0 ? true : nil }
            for index in 1...20 {
                let target = index == 7 ? GatedStore.missing : service
                group.addTask { ("n\(index)", try await batcher.publish(PublishRequest(NotificationDraft(title: "n\(index)"), serviceID: target, at: Date()))) }
            }
            // All twenty are waiting (they cannot be answered before the release).
            try await eventually("twenty waiting (\(batcher.waitingCount))", every: .milliseconds(1)) { batcher.waitingCount >= 20 ? true : nil }
            store.release.yield()
            for try await (title, record) in group {
                // Each caller gets its own notification; the one for a missing service gets nil.
                #expect(record?.title == (title == "n7" ? nil : title))
            }
        }
        let sizes = store.batches.withLockedValue { $0 }.map(\.count)
        #expect(sizes == [1, 20], "one alone, then the twenty that waited, together")
    }

    /// A batch the store refuses is tried again one post at a time: only the
    /// post it refuses fails, and the batcher goes on.
    @Test func aFailedBatchFailsOnlyThePostTheStoreRefuses() async throws {
        let store = GatedStore(failing: ["n3"])
        let batcher = PublishBatcher { try await store.store($0) }
        let results = try await Self.publishWhileTheFirstIsHeld(others: 5, batcher: batcher, store: store)
        #expect(results == ["n0": true, "n1": true, "n2": true, "n3": false, "n4": true, "n5": true])
        // The batcher is free again: the next publish runs at once, alone.
        let later = try await batcher.publish(PublishRequest(NotificationDraft(title: "n9"), serviceID: UUID(), at: Date()))
        #expect(later?.title == "n9")
        #expect(store.batches.withLockedValue { $0 }.map(\.count) == [1, 5, 1, 1, 1, 1, 1, 1], "the five together, then each alone")
    }

    /// The database away: the batch fails for every post in it at once,
    /// without a try per post.
    @Test func aBatchFailingForTheDatabaseFailsEveryPostInItOnce() async throws {
        let store = GatedStore(failing: ["n1"], failure: StoreError.unavailable("away"))
        let batcher = PublishBatcher { try await store.store($0) }
        let results = try await Self.publishWhileTheFirstIsHeld(others: 3, batcher: batcher, store: store)
        #expect(results == ["n0": true, "n1": false, "n2": false, "n3": false])
        #expect(store.batches.withLockedValue { $0 }.map(\.count) == [1, 3])
    }

    /// Publishes n0 and holds it in the store, publishes n1...n`others`
    /// meanwhile, then lets the store go: whether each publish succeeded.
    static func publishWhileTheFirstIsHeld(others: Int, batcher: PublishBatcher, store: GatedStore) async throws -> [String: Bool] {
        try await withThrowingTaskGroup(of: (String, Bool).self) { group in
            for index in 0...others {
                group.addTask {
                    do {
                        _ = try await batcher.publish(PublishRequest(NotificationDraft(title: "n\(index)"), serviceID: UUID(), at: Date()))
                        return ("n\(index)", true)
                    } catch let error where "\(error)" == "\(store.failure)" {
                        return ("n\(index)", false)  // the store's own failure, and only it
                    }
                }
                // The first is being stored (and held there) before the others come.
                if index == 0 {
                    try await eventually("the first batch to be stored", every: .milliseconds(1)) { store.batches.withLockedValue { $0.count } > 0 ? true : nil }
                }
            }
            try await eventually("\(others) waiting", every: .milliseconds(1)) { batcher.waitingCount >= others ? true : nil }
            store.release.yield()
            var results: [String: Bool] = [:]
            for try await (title, ok) in group { results[title] = ok }
            return results
        }
    }
}
