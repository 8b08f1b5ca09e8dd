import HeraldCore
import NIOConcurrencyHelpers

/// Group commit for publishes: concurrent callers are gathered into one
/// store call (one transaction, one commit, one wake-up), and each is
/// answered only once that call has returned, i.e. once its notification is
/// durable. Nothing waits on a timer: a publish with none in progress runs
/// at once, alone; publishes that arrive while one runs wait for it and then
/// go together. So a quiet server answers as before, and a busy one commits
/// in batches as large as its concurrency (up to `maxBatch`).
///
/// No task of its own: the caller that finds nothing running runs the
/// batch (it leads); when it is done, it hands the lead to the first caller
/// still waiting, so every caller runs at most one batch.
final class PublishBatcher: Sendable {
    typealias Store = @Sendable ([PublishRequest]) async throws -> [NotificationRecord?]

    private enum Turn: Sendable {
        case done(Result<NotificationRecord?, any Error>)
        case lead
    }

    private struct Waiting {
        let request: PublishRequest
        let turn: CheckedContinuation<Turn, Never>
    }

    private struct State {
        var waiting: [Waiting] = []
        var running = false
    }

    private let state = NIOLockedValueBox(State())
    private let store: Store
    let maxBatch: Int

    init(maxBatch: Int = 256, store: @escaping Store) {
        self.maxBatch = maxBatch
        self.store = store
    }

    /// Callers waiting for a batch to be run (for tests).
    var waitingCount: Int { state.withLockedValue { $0.waiting.count } }

    func publish(_ request: PublishRequest) async throws -> NotificationRecord? {
        let turn = await withCheckedContinuation { (turn: CheckedContinuation<Turn, Never>) in
            let leads = state.withLockedValue { state -> Bool in
                state.waiting.append(Waiting(request: request, turn: turn))
                guard !state.running else { return false }
                state.running = true
                return true
            }
            if leads { turn.resume(returning: .lead) }
        }
        switch turn {
        case .done(let result):
            return try result.get()
        case .lead:
            return try await lead()
        }
    }

    /// Runs the waiting requests (this caller's first: it was the first
    /// waiting when it was given the lead), answers the others, and hands
    /// the lead on.
    private func lead() async throws -> NotificationRecord? {
        let batch = state.withLockedValue { state -> [Waiting] in
            let batch = Array(state.waiting.prefix(maxBatch))
            state.waiting.removeFirst(batch.count)
            return batch
        }
        let outcomes = await stored(batch.map(\.request))
        let next = state.withLockedValue { state -> Waiting? in
            if let first = state.waiting.first { return first }
            state.running = false
            return nil
        }
        next?.turn.resume(returning: .lead)
        for (index, waiting) in batch.enumerated().dropFirst() {
            waiting.turn.resume(returning: .done(outcomes[index]))
        }
        return try outcomes[0].get()
    }

    /// Each request's outcome. When the database refuses a batch for a
    /// value in it, each of its posts is tried once on its own, so one bad
    /// post never fails the others beside it. Any other failure (the
    /// database away) is every post's: trying them one by one would only
    /// make each caller wait for as many failures.
    private func stored(_ requests: [PublishRequest]) async -> [Result<NotificationRecord?, any Error>] {
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

/// The store answered a batch with the wrong number of results (a bug).
struct BatchMismatch: Error, CustomStringConvertible {
    var sent: Int
    var answered: Int
    var description: String { "a batch of \(sent) publishes was answered with \(answered) results" }
}
