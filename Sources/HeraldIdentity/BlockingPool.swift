import NIOConcurrencyHelpers
import NIOPosix

/// Threads of its own for blocking login work (bcrypt, directory binds), so
/// it never runs on an event loop nor on NIO's shared pool (which SQLite
/// uses). At most `threads` jobs run and `queue` more wait; beyond that a job
/// is refused at once (`AuthenticationUnavailable`, a 503), so a flood of
/// logins cannot pile up without limit.
public final class BlockingPool: Sendable {
    private let pool: NIOThreadPool
    private let capacity: Int
    private let admitted = NIOLockedValueBox(0)

    public init(threads: Int, queue: Int) {
        pool = NIOThreadPool(numberOfThreads: max(1, threads))
        capacity = max(1, threads) + max(0, queue)
        pool.start()
    }

    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let entered = admitted.withLockedValue { count -> Bool in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        guard entered else { throw AuthenticationUnavailable("too many logins are being checked", retryAfter: 1) }
        defer { admitted.withLockedValue { $0 -= 1 } }
        return try await pool.runIfActive(work)
    }

    /// Jobs running or waiting now.
    public var load: Int { admitted.withLockedValue { $0 } }

    public func shutdown() async throws {
        try await pool.shutdownGracefully()
    }
}
