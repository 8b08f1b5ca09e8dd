import NIOConcurrencyHelpers

/// Group commit: items submitted concurrently are written together in one
/// call of `write` (one transaction, one commit), and each caller is
/// answered only once that call has returned. Nothing waits on a timer: an
/// item with no write in progress is written at once, alone; items that
/// arrive while one is written wait for it and then go together. So a quiet
/// server writes as before, and a busy one in batches as large as its
/// concurrency (up to `maxBatch` items).
///
/// No task of its own: a caller that finds fewer than `maxConcurrent`
/// writes running writes the batch (it leads); when it is done, it hands the
/// lead to the first caller still waiting, so every caller writes at most
/// one batch. Two writes at once let a batch start while the previous one
/// waits for its commit's flush (the database can share one flush between
/// them), so no caller waits for a whole batch before its own begins.
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
        var running = 0
    }

    private let state = NIOLockedValueBox(State())
    private let write: Write
    public let maxBatch: Int
    public let maxConcurrent: Int

    public init(maxBatch: Int, maxConcurrent: Int = 1, write: @escaping Write) {
        self.maxBatch = max(1, maxBatch)
        self.maxConcurrent = max(1, maxConcurrent)
        self.write = write
    }

    /// Callers waiting for a batch to be written (for tests).
    public var waitingCount: Int { state.withLockedValue { $0.waiting.count } }

    /// Returns (or throws) once the batch holding `item` has been written.
    public func submit(_ item: Item) async throws -> Output {
        let turn = await withCheckedContinuation { (turn: CheckedContinuation<Turn, Never>) in
            let leads = state.withLockedValue { state -> Bool in
                guard state.running < maxConcurrent else {
                    state.waiting.append(Waiting(item: item, turn: turn))
                    return false
                }
                state.running += 1
                return true
            }
            if leads { turn.resume(returning: .lead) }
        }
        switch turn {
        case .done(let result):
            return try result.get()
        case .lead:
            return try await lead(with: item)
        }
    }

    /// Writes `own` with the items waiting (up to `maxBatch` in all),
    /// answers their callers, and hands the lead to the first caller still
    /// waiting. A caller is taken out of `waiting` when it is given the lead,
    /// so no two leads are ever given to one caller.
    private func lead(with own: Item) async throws -> Output {
        let others = state.withLockedValue { state -> [Waiting] in
            let others = Array(state.waiting.prefix(maxBatch - 1))
            state.waiting.removeFirst(others.count)
            return others
        }
        let items = [own] + others.map(\.item)
        var outcomes = await write(items)
        if outcomes.count != items.count {
            outcomes = Array(repeating: .failure(BatchMismatch(sent: items.count, answered: outcomes.count)), count: items.count)
        }
        let next = state.withLockedValue { state -> Waiting? in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        if let next {
            // Its own write answers it: `lead(with:)` on its task.
            next.turn.resume(returning: .lead)
        }
        for (index, waiting) in others.enumerated() {
            waiting.turn.resume(returning: .done(outcomes[index + 1]))
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
