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

    /// Runs `work` on a pool thread. A waiter that is cancelled (its login
    /// ran out of time) is answered at once with `CancellationError`; the
    /// job itself cannot be interrupted, so it finishes and keeps its place
    /// in the pool's count until then.
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let entered = admitted.withLockedValue { count -> Bool in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        guard entered else { throw AuthenticationUnavailable("too many logins are being checked", retryAfter: 1) }
        let answer = OnceAnswer<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                answer.wait(continuation)
                pool.submit { [admitted] state in
                    defer { admitted.withLockedValue { $0 -= 1 } }
                    guard state == .active else { return answer.give(.failure(AuthenticationUnavailable("the login pool is shutting down"))) }
                    answer.give(Result { try work() })
                }
            }
        } onCancel: {
            answer.give(.failure(CancellationError()))
        }
    }

    /// Jobs running or waiting now.
    public var load: Int { admitted.withLockedValue { $0 } }

    public func shutdown() async throws {
        try await pool.shutdownGracefully()
    }
}

/// A continuation resumed once, by whichever comes first: the job's
/// answer, or the waiter's cancellation (even before it waited).
final class OnceAnswer<T: Sendable>: Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<T, any Error>)
        case answered(Result<T, any Error>)
        case done
    }
    private let state = NIOLockedValueBox(State.idle)

    func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let early: Result<T, any Error>? = state.withLockedValue { state in
            switch state {
            case .idle:
                state = .waiting(continuation)
                return nil
            case .answered(let result):
                state = .done
                return result
            case .waiting, .done:
                return nil
            }
        }
        if let early { continuation.resume(with: early) }
    }

    func give(_ result: Result<T, any Error>) {
        let waiting: CheckedContinuation<T, any Error>? = state.withLockedValue { state in
            switch state {
            case .idle:
                state = .answered(result)
                return nil
            case .waiting(let continuation):
                state = .done
                return continuation
            case .answered, .done:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}
