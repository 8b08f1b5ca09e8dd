import NIOConcurrencyHelpers

/// Group commit: items submitted concurrently are written together in one
/// call of `write` (one transaction, one commit), and each caller is
/// answered only once that call has returned. Nothing waits on a timer: an
/// item with no write in progress is written at once, alone; items that
/// arrive while one is written wait for it and then go together. So a quiet
/// server writes as before, and a busy one in batches as large as its
/// concurrency (up to `maxBatch` items).
///
/// No task of its own: the caller that finds nothing running writes the
/// batch (it leads); when it is done, it hands the lead to the first caller
/// still waiting, so every caller writes at most one batch.
///
/// Used for publishes (each caller's notification is durable when answered)
/// and for delivery outcomes (recorded as the answers come in).
public final class GroupCommit<Item: Sendable, Output: Sendable>: Sendable {
    /// Writes a batch; answers with one result per item, in their order.
    public typealias Write = @Sendable ([Item]) async -> [Result<Output, any Error>]

    private enum Turn: Sendable {
        case done(Result<Output, any Error>)
        case lead
    }

    private struct Waiting: Sendable {
        let item: Item
        let turn: CheckedContinuation<Turn, Never>
    }

    private struct State: Sendable {
        var waiting: [Waiting] = []
        var running = false
    }

    private let state = NIOLockedValueBox(State())
    private let write: Write
    public let maxBatch: Int

    public init(maxBatch: Int, write: @escaping Write) {
        self.maxBatch = max(1, maxBatch)
        self.write = write
    }

    /// Callers waiting for a batch to be written (for tests).
    public var waitingCount: Int { state.withLockedValue { $0.waiting.count } }

    /// Returns (or throws) once the batch holding `item` has been written.
    public func submit(_ item: Item) async throws -> Output {
        let turn = await withCheckedContinuation { (turn: CheckedContinuation<Turn, Never>) in
            let leads = state.withLockedValue { state -> Bool in
                state.waiting.append(Waiting(item: item, turn: turn))
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

    /// Writes the waiting items (this caller's first: it was the first
    /// waiting when it was given the lead), answers the others, and hands
    /// the lead on.
    private func lead() async throws -> Output {
        let batch = state.withLockedValue { state -> [Waiting] in
            let batch = Array(state.waiting.prefix(maxBatch))
            state.waiting.removeFirst(batch.count)
            return batch
        }
        var outcomes = await write(batch.map(\.item))
        if outcomes.count != batch.count {
            outcomes = Array(repeating: .failure(BatchMismatch(sent: batch.count, answered: outcomes.count)), count: batch.count)
        }
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
}

/// A batch was answered with the wrong number of results (a bug).
public struct BatchMismatch: Error, CustomStringConvertible {
    public var sent: Int
    public var answered: Int
    public var description: String { "a batch of \(sent) was answered with \(answered) results" }

    public init(sent: Int, answered: Int) {
        self.sent = sent
        self.answered = answered
    }
}
