import HeraldCore
import NIOConcurrencyHelpers
import Testing

/// Group commit with two writes at once: a second batch starts while the
/// first waits, later callers wait and go together in the next, and every
/// caller is answered once, with its own result.
@Suite("Group commit")
struct GroupCommitTests {
    /// How long a step may take before the test is called broken: a hang
    /// guard, not a bound (20 s was outlasted beside two busy loops, where
    /// the whole test took 37 s).
    static let hangGuard: Duration = .seconds(120)

    /// Polls `condition` every millisecond; fails after `hangGuard`, saying what it waited for.
    static func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + hangGuard
        while !condition() {
            guard ContinuousClock.now < deadline else { throw WaitedTooLong(what: what) }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    struct WaitedTooLong: Error, CustomStringConvertible {
        let what: String
        var description: String { "waited \(GroupCommitTests.hangGuard) for \(what)" }
    }

    /// Writes that each wait until released, recording what each wrote.
    final class GatedWrites: Sendable {
        let batches = NIOLockedValueBox<[[Int]]>([])
        /// Writes allowed to finish (several wait at once: no AsyncStream).
        let releases = NIOLockedValueBox(0)

        func write(_ items: [Int]) async -> [Result<Int, any Error>] {
            batches.withLockedValue { $0.append(items) }
            // Never released within the hang guard: the test is broken; fail
            // the write instead of hanging the suite.
            let deadline = ContinuousClock.now + GroupCommitTests.hangGuard
            while !releases.withLockedValue({ released in
                guard released > 0 else { return false }
                released -= 1
                return true
            }) {
                guard ContinuousClock.now < deadline else { return items.map { _ in .failure(Unreleased()) } }
                try? await Task.sleep(for: .milliseconds(1))
            }
            return items.map { .success($0 * 10) }
        }

        struct Unreleased: Error {}

        var count: Int { batches.withLockedValue { $0.count } }
    }

    @Test func twoWritesRunAtOnceAndLaterCallersGoTogether() async throws {
        let writes = GatedWrites()
        let commit = GroupCommit<Int, Int>(maxBatch: 10, maxConcurrent: 2) { await writes.write($0) }
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            group.addTask { (1, try await commit.submit(1)) }
            group.addTask { (2, try await commit.submit(2)) }
            // Both lead a write of their own at once.
            try await Self.waitUntil("two writes") { writes.count >= 2 }
            for item in 3...6 { group.addTask { (item, try await commit.submit(item)) } }
            try await Self.waitUntil("four waiting callers") { commit.waitingCount >= 4 }
            #expect(writes.count == 2, "no third write while two run")
            // One write finishes: its caller hands the lead to the first
            // waiting, who takes all four (the other write still runs).
            writes.releases.withLockedValue { $0 = 1 }
            try await Self.waitUntil("a third write") { writes.count >= 3 }
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
