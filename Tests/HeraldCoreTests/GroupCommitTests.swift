import HeraldCore
import NIOConcurrencyHelpers
import Testing

/// Group commit with two writes at once: a second batch starts while the
/// first waits, later callers wait and go together in the next, and every
/// caller is answered once, with its own result.
@Suite("Group commit")
struct GroupCommitTests {
    /// Writes that each wait until released, recording what each wrote.
    final class GatedWrites: Sendable {
        let batches = NIOLockedValueBox<[[Int]]>([])
        /// Writes allowed to finish (several wait at once: no AsyncStream).
        let releases = NIOLockedValueBox(0)

        func write(_ items: [Int]) async -> [Result<Int, any Error>] {
            batches.withLockedValue { $0.append(items) }
            while !releases.withLockedValue({ released in
                guard released > 0 else { return false }
                released -= 1
                return true
            }) {
                try? await Task.sleep(for: .milliseconds(1))
            }
            return items.map { .success($0 * 10) }
        }

        var count: Int { batches.withLockedValue { $0.count } }
    }

    @Test func twoWritesRunAtOnceAndLaterCallersGoTogether() async throws {
        let writes = GatedWrites()
        let commit = GroupCommit<Int, Int>(maxBatch: 10, maxConcurrent: 2) { await writes.write($0) }
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            group.addTask { (1, try await commit.submit(1)) }
            group.addTask { (2, try await commit.submit(2)) }
            // Both lead a write of their own at once.
            while writes.count < 2 { try await Task.sleep(for: .milliseconds(1)) }
            for item in 3...6 { group.addTask { (item, try await commit.submit(item)) } }
            while commit.waitingCount < 4 { try await Task.sleep(for: .milliseconds(1)) }
            #expect(writes.count == 2, "no third write while two run")
            // One write finishes: its caller hands the lead to the first
            // waiting, who takes all four (the other write still runs).
            writes.releases.withLockedValue { $0 = 1 }
            while writes.count < 3 { try await Task.sleep(for: .milliseconds(1)) }
            #expect(commit.waitingCount == 0)
            writes.releases.withLockedValue { $0 += 2 }
            var answers: [Int: Int] = [:]
            for try await (item, answer) in group { answers[item] = answer }
            #expect(answers == [1: 10, 2: 20, 3: 30, 4: 40, 5: 50, 6: 60])
        }
        let sizes = writes.batches.withLockedValue { $0 }.map(\.count)
        #expect(sizes == [1, 1, 4], "two alone at once, then the four that waited, together")
    }
}
