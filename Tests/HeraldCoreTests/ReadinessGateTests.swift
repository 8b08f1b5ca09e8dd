import HeraldCore
import Testing

@Suite("Readiness gate")
struct ReadinessGateTests {
    @Test func waitersResumeWhenTheGateOpens() async throws {
        let gate = ReadinessGate()
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<3 { group.addTask { await gate.wait(); return gate.isOpen } }
            // All three parked: a waiter that had returned without the gate would not be.
            try await Self.waitUntil { gate.waiterCount == 3 }
            gate.open()
            for try await opened in group { #expect(opened) }
        }
        #expect(gate.waiterCount == 0)
        await gate.wait()  // once open, at once
    }

    /// A shutdown before the schema is migrated (or a failed migration)
    /// cancels the parts waiting; they must not hang the process.
    @Test func aCancelledWaiterResumesWithTheGateStillClosed() async throws {
        let gate = ReadinessGate()
        let waiter = Task { await gate.wait(); return gate.isOpen }
        // Parked first, so the cancellation takes the parked path (the late one is below).
        try await Self.waitUntil { gate.waiterCount == 1 }
        waiter.cancel()
        #expect(await waiter.value == false)
        // Cancelled before it asked: returns at once too.
        let late = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await gate.wait()
            return Task.isCancelled
        }
        #expect(await late.value)
    }

    /// Polls `condition` (a hang guard of a minute, not a bound).
    static func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
