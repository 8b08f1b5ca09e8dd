import Foundation

/// Runs blocking work (waiting for a process, librdkafka's flush) on a
/// thread of its own and waits for it without holding a thread of the
/// cooperative pool: a few tests blocked there stall every other test.
public func onThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try work() })
        }
    }
}
