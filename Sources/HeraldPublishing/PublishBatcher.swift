import HeraldCore

/// Group commit for publishes (see `GroupCommit`): concurrent publishes are
/// stored in one store call (one transaction, one commit, one wake-up), and
/// each caller is answered only once its notification is durable.
final class PublishBatcher: Sendable {
    typealias Store = @Sendable ([PublishRequest]) async throws -> [NotificationRecord?]

    private let commit: GroupCommit<PublishRequest, NotificationRecord?>

    init(maxBatch: Int = 256, store: @escaping Store) {
        commit = GroupCommit(maxBatch: maxBatch) { await Self.stored($0, in: store) }
    }

    var maxBatch: Int { commit.maxBatch }
    /// Callers waiting for a batch to be run (for tests).
    var waitingCount: Int { commit.waitingCount }

    func publish(_ request: PublishRequest) async throws -> NotificationRecord? {
        try await commit.submit(request)
    }

    /// Each request's outcome. When the database refuses a batch for a
    /// value in it, each of its posts is tried once on its own, so one bad
    /// post never fails the others beside it. Any other failure (the
    /// database away) is every post's: trying them one by one would only
    /// make each caller wait for as many failures.
    private static func stored(_ requests: [PublishRequest], in store: Store) async -> [Result<NotificationRecord?, any Error>] {
        do {
            let stored = try await store(requests)
            guard stored.count == requests.count else { throw BatchMismatch(sent: requests.count, answered: stored.count) }
            return stored.map { .success($0) }
        } catch {
            guard requests.count > 1, case .invalidInput = error as? StoreError else {
                return requests.map { _ in .failure(error) }
            }
            var outcomes: [Result<NotificationRecord?, any Error>] = []
            for request in requests {
                do {
                    let stored = try await store([request])
                    outcomes.append(stored.count == 1 ? .success(stored[0]) : .failure(BatchMismatch(sent: 1, answered: stored.count)))
                } catch {
                    outcomes.append(.failure(error))
                }
            }
            return outcomes
        }
    }
}
