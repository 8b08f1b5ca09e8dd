import HeraldCore

/// Group commit for publishes (see `GroupCommit`): concurrent publishes are
/// stored in one store call (one transaction, one commit), and each caller
/// is answered only once its notification is durable. A batch that queued
/// pushes calls `queued` once (the workers' wake-up; urgent when one of its
/// notifications is, `DeliveryPriority.isUrgent`), one that did not (nobody
/// subscribed) not at all.
final class PublishBatcher: Sendable {
    typealias Store = @Sendable ([PublishRequest]) async throws -> PublishedBatch

    private let commit: GroupCommit<PublishRequest, NotificationRecord?>

    /// `maxConcurrent` batches are stored at once (see `GroupCommit`).
    /// `fannedOut` is called after a batch that left an audience to a fan-out job.
    init(
        maxBatch: Int = 256, maxConcurrent: Int = 1, queued: @escaping @Sendable (_ urgent: Bool) -> Void = { _ in }, fannedOut: @escaping @Sendable () -> Void = {},
        store: @escaping Store
    ) {
        commit = GroupCommit(maxBatch: maxBatch, maxConcurrent: maxConcurrent) { await Self.stored($0, in: store, queued: queued, fannedOut: fannedOut) }
    }

    var maxBatch: Int { commit.maxBatch }
    /// Callers waiting for a batch to be run (for tests).
    var waitingCount: Int { commit.waitingCount }

    func publish(_ request: PublishRequest) async throws -> NotificationRecord? {
        try await commit.submit(request)
    }

    /// Each request's outcome. When the database refuses a batch for a
    /// value (or a taken key) in it, each of its posts is tried once on its own, so one bad
    /// post never fails the others beside it. Any other failure (the
    /// database away) is every post's: trying them one by one would only
    /// make each caller wait for as many failures.
    private static func stored(
        _ requests: [PublishRequest], in store: Store, queued: @Sendable (_ urgent: Bool) -> Void, fannedOut: @Sendable () -> Void
    ) async -> [Result<NotificationRecord?, any Error>] {
        do {
            let stored = try await store(requests)
            if stored.queuedDeliveries { queued(requests.contains { DeliveryPriority.isUrgent($0.draft.severity) }) }
            if stored.fannedOut { fannedOut() }
            // A wrong count is caught by GroupCommit (BatchMismatch for every post).
            return stored.notifications.map { .success($0) }
        } catch {
            // A value refused, or a key another post stored first: each post
            // on its own, so only the one concerned fails.
            let isOnePostsFault = switch error as? StoreError { case .invalidInput, .conflict: true; default: false }
            guard requests.count > 1, isOnePostsFault else {
                return requests.map { _ in .failure(error) }
            }
            var outcomes: [Result<NotificationRecord?, any Error>] = []
            for request in requests {
                do {
                    let stored = try await store([request])
                    if stored.queuedDeliveries { queued(DeliveryPriority.isUrgent(request.draft.severity)) }
                    if stored.fannedOut { fannedOut() }
                    outcomes.append(
                        stored.notifications.count == 1
                            ? .success(stored.notifications[0]) : .failure(BatchMismatch(sent: 1, answered: stored.notifications.count))
                    )
                } catch {
                    outcomes.append(.failure(error))
                }
            }
            return outcomes
        }
    }
}
