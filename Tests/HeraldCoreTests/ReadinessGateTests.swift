import HeraldCore
import Testing

@Suite("Readiness gate")
struct ReadinessGateTests {
    @Test func waitersResumeWhenTheGateOpens() async {
        let gate = ReadinessGate()
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<3 { group.addTask { await gate.wait(); return gate.isOpen } }
            try? await Task.sleep(for: .milliseconds(50))
            #expect(!gate.isOpen)
            gate.open()
            for await opened in group { #expect(opened) }
        }
        await gate.wait()  // once open, at once
    }

    /// A shutdown before the schema is migrated (or a failed migration)
    /// cancels the parts waiting; they must not hang the process.
    @Test func aCancelledWaiterResumesWithTheGateStillClosed() async {
        let gate = ReadinessGate()
        let waiter = Task { await gate.wait(); return gate.isOpen }
        try? await Task.sleep(for: .milliseconds(50))
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
}
