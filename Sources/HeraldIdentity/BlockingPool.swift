import NIOConcurrencyHelpers
import NIOPosix

/// Threads of its own for blocking login work (bcrypt, directory binds), so
/// it never runs on an event loop nor on NIO's shared pool (which SQLite
/// uses). At most `threads` jobs run and `queue` more wait; beyond that a job
/// is refused at once (`AuthenticationUnavailable`, a 503), so a flood of
/// logins cannot pile up without limit.
///
/// Part of the pool is kept for logins without recent failures: a job of
/// the `suspect` lane (its account or address failed lately, see
/// `FailedLoginLimiter`) runs on at most half the threads and holds at most
/// half the places, and a waiting `clean` job starts before any waiting
/// suspect one. A guessing flood, against one account or many, then fills
/// only its own share, and everyone else's login waits at most for the
/// checks already running.
public final class BlockingPool: Sendable {
    /// Which share of the pool a job may use.
    public enum Lane: Sendable, Equatable {
        case clean
        case suspect
    }

    /// The lane of the login this task checks. A task-local value, so that
    /// every authenticator's pool work (bcrypt here, binds in the directory's)
    /// takes the lane `PasswordLogins` chose without each one passing it on.
    @TaskLocal public static var lane = Lane.clean

    /// A job as queued: runs its work when given true, refuses when false
    /// (the pool is shutting down).
    private typealias Job = @Sendable (_ active: Bool) -> Void

    private struct State {
        var running = 0
        var runningSuspect = 0
        var clean: [Job] = []
        var suspect: [Job] = []
        var closed = false

        var load: Int { running + clean.count + suspect.count }
    }

    private let pool: NIOThreadPool
    private let threads: Int
    private let capacity: Int
    private let suspectThreads: Int
    private let suspectCapacity: Int
    private let state = NIOLockedValueBox(State())

    public init(threads: Int, queue: Int) {
        self.threads = max(1, threads)
        capacity = self.threads + max(0, queue)
        // One thread cannot be split: a clean job then only goes first.
        suspectThreads = max(1, self.threads / 2)
        suspectCapacity = max(1, capacity / 2)
        pool = NIOThreadPool(numberOfThreads: self.threads)
        pool.start()
    }

    /// Runs `work` on a pool thread, in the current task's `lane`. A waiter
    /// that is cancelled (its login ran out of time) is answered at once with
    /// `CancellationError`, and its job is dropped if it has not started;
    /// a started job cannot be interrupted, so it finishes and keeps its
    /// place in the pool's count until then.
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let lane = Self.lane
        let answer = OnceAnswer<T>()
        let job: Job = { active in
            guard active else { return answer.give(.failure(AuthenticationUnavailable("the login pool is shutting down"))) }
            guard !answer.isSettled else { return }
            answer.give(Result { try work() })
        }
        let entered = state.withLockedValue { state -> Bool in
            guard !state.closed, state.load < capacity else { return false }
            switch lane {
            case .clean:
                state.clean.append(job)
            case .suspect:
                guard state.runningSuspect + state.suspect.count < suspectCapacity else { return false }
                state.suspect.append(job)
            }
            return true
        }
        guard entered else { throw AuthenticationUnavailable("too many logins are being checked", retryAfter: 1) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                answer.wait(continuation)
                dispatch()
            }
        } onCancel: {
            answer.give(.failure(CancellationError()))
        }
    }

    /// Starts waiting jobs while threads are free: clean ones first,
    /// suspect ones only within their share of the threads.
    private func dispatch() {
        let starting = state.withLockedValue { state -> [(Job, Lane)] in
            var starting: [(Job, Lane)] = []
            while !state.closed, state.running < threads {
                if !state.clean.isEmpty {
                    starting.append((state.clean.removeFirst(), .clean))
                } else if !state.suspect.isEmpty, state.runningSuspect < suspectThreads {
                    starting.append((state.suspect.removeFirst(), .suspect))
                    state.runningSuspect += 1
                } else {
                    break
                }
                state.running += 1
            }
            return starting
        }
        for (job, lane) in starting {
            pool.submit { [self] work in
                job(work == .active)
                state.withLockedValue { state in
                    state.running -= 1
                    if lane == .suspect { state.runningSuspect -= 1 }
                }
                dispatch()
            }
        }
    }

    /// Jobs running or waiting now.
    public var load: Int { state.withLockedValue { $0.load } }

    public func shutdown() async throws {
        let waiting = state.withLockedValue { state -> [Job] in
            state.closed = true
            defer { (state.clean, state.suspect) = ([], []) }
            return state.clean + state.suspect
        }
        for job in waiting { job(false) }
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

    /// Whether an answer was given already (the waiter was cancelled).
    var isSettled: Bool {
        state.withLockedValue { state in
            switch state {
            case .idle, .waiting: false
            case .answered, .done: true
            }
        }
    }

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
