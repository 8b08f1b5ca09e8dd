import Foundation

/// One post over HTTP, whatever carries it: the core below never sees a socket.
public protocol PublishTransport: Sendable {
    /// Posts `body` to `path`; throws `TransportFailure` when no answer came.
    func post(path: String, body: Data) async throws -> (status: Int, body: Data, retryAfter: String?)
}

/// No answer: either the request surely never reached the server (no
/// connection could be made), or it may have (it was sent; the answer was lost).
public enum TransportFailure: Error, Sendable, Equatable {
    case notSent(String)
    case answerLost(String)
}

/// The time a publisher reads and waits on (tests pass one that moves only when told).
public protocol SenderClock: Sendable {
    /// Time since some fixed start (monotonic).
    var elapsed: Duration { get }
    /// The wall clock, for Retry-After's date form.
    var date: Date { get }
    func sleep(for duration: Duration) async throws
}

public struct SystemSenderClock: SenderClock {
    let start = ContinuousClock.now
    public init() {}
    public var elapsed: Duration { ContinuousClock.now - start }
    public var date: Date { Date() }
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}

/// Posts a notification, trying again while the server says "not now"
/// (honouring Retry-After) or no connection could be made, within the
/// plan's budget. A v2 post carries a key (the sender's, else a fresh one),
/// so a retry after a lost answer is the same notification, never two; a
/// v1 post has no key, so a lost answer is not retried.
public struct Publisher: Sendable {
    public struct Result: Sendable, Equatable {
        public var answer: PublishAnswer
        public var attempts: Int
        /// Why the retries stopped short, when they did.
        public var stoppedBecause: String?
        public var exitCode: SenderExit { answer.exitCode }
    }

    /// One retry about to happen, for the sender's log.
    public struct Retry: Sendable {
        public var attempt: Int
        public var reason: String
        public var wait: Duration
    }

    let transport: any PublishTransport
    let plan: RetryPlan
    let clock: any SenderClock
    let jitter: @Sendable () -> Double

    public init(
        transport: any PublishTransport, plan: RetryPlan, clock: any SenderClock = SystemSenderClock(),
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.transport = transport
        self.plan = plan
        self.clock = clock
        self.jitter = jitter
    }

    public func publish(_ request: PublishRequest, onRetry: (Retry) -> Void = { _ in }) async throws -> Result {
        let request = request.keyedForRetries { "herald-publish:\(UUID().uuidString.lowercased())" }
        let body = try request.body()
        let start = clock.elapsed
        var attempt = 0
        while true {
            attempt += 1
            let answer: PublishAnswer
            do {
                let reply = try await transport.post(path: request.path, body: body)
                answer = PublishAnswer.read(status: reply.status, body: reply.body, retryAfter: reply.retryAfter, now: clock.date)
            } catch let failure as TransportFailure {
                switch failure {
                case .notSent(let why):
                    answer = .notNow(status: 0, reason: "no connection: \(why)", retryAfter: nil)
                case .answerLost(let why) where request.version == .v1:
                    return Result(
                        answer: .notNow(status: 0, reason: "no answer: \(why)", retryAfter: nil), attempts: attempt,
                        stoppedBecause: "a v1 post carries no key, so a retry could post it twice; check the service's notifications before sending again"
                    )
                case .answerLost(let why):
                    answer = .notNow(status: 0, reason: "no answer: \(why)", retryAfter: nil)
                }
            }
            guard case .notNow(let status, let reason, let retryAfter) = answer else {
                return Result(answer: answer, attempts: attempt, stoppedBecause: nil)
            }
            // Without a key only "nothing was stored" is safe to retry: a
            // gateway's 502 or 504, or a 500 after the commit, may have stored it.
            if request.version == .v1, [500, 502, 504].contains(status) {
                return Result(
                    answer: answer, attempts: attempt,
                    stoppedBecause: "a v1 post carries no key and HTTP \(status) may come after it was stored; check the service's notifications before sending again"
                )
            }
            switch plan.next(attempt: attempt, retryAfter: retryAfter, elapsed: clock.elapsed - start, jitter: jitter()) {
            case .stop(let why):
                return Result(answer: answer, attempts: attempt, stoppedBecause: why)
            case .wait(let wait):
                onRetry(Retry(attempt: attempt, reason: reason, wait: wait))
                try await clock.sleep(for: wait)
            }
        }
    }
}
