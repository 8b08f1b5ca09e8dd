import Foundation
import NIOConcurrencyHelpers

/// The spare PostgreSQL cluster scripts/test starts for tests that stop and
/// start a database. Tests run in parallel, so each takes it exclusively.
public struct SpareCluster: Sendable {
    public let url: String
    let control: String
    let directory: String

    /// Nil outside scripts/test (the caller fails with its own message).
    public init?() {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["HERALD_TEST_PG_SPARE_URL"], let control = environment["HERALD_TEST_PG_SPARE_CTL"],
            let directory = environment["HERALD_TEST_PG_SPARE_DIR"]
        else { return nil }
        self.url = url
        self.control = control
        self.directory = directory
    }

    /// `pg-cluster stop` or `start`; the program's exit status and output.
    public func run(_ verb: String) async throws -> (status: Int32, output: String) {
        try await runProgram(control, [verb, directory])
    }

    /// Runs `body` while no other test uses the spare cluster.
    public func exclusively<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await Self.mutex.lock()
        do {
            let result = try await body()
            Self.mutex.unlock()
            return result
        } catch {
            Self.mutex.unlock()
            throw error
        }
    }

    private static let mutex = AsyncMutex()
}

/// A mutex that waits without blocking a thread.
final class AsyncMutex: Sendable {
    private let state = NIOLockedValueBox<(locked: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func lock() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLockedValue { state -> Bool in
                if state.locked {
                    state.waiters.append(continuation)
                    return false
                }
                state.locked = true
                return true
            }
            if acquired { continuation.resume() }
        }
    }

    func unlock() {
        let next = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            if state.waiters.isEmpty {
                state.locked = false
                return nil
            }
            return state.waiters.removeFirst()  // stays locked: handed over
        }
        next?.resume()
    }
}
