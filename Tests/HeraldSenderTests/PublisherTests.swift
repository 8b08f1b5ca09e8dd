import Foundation
import HeraldSender
import NIOConcurrencyHelpers
import Testing

/// Answers from a script, recording what was posted.
final class ScriptedTransport: PublishTransport, @unchecked Sendable {
    typealias Reply = Result<(status: Int, body: Data, retryAfter: String?), TransportFailure>
    private let state: NIOLockedValueBox<(replies: [Reply], posted: [(path: String, body: Data)])>

    init(_ replies: [Reply]) { state = NIOLockedValueBox((replies, [])) }

    var posted: [(path: String, body: Data)] { state.withLockedValue { $0.posted } }

    func post(path: String, body: Data) async throws -> (status: Int, body: Data, retryAfter: String?) {
        let reply = state.withLockedValue { state -> Reply in
            state.posted.append((path, body))
            return state.replies.isEmpty ? .success((201, Data(#"{"id": 1}"#.utf8), nil)) : state.replies.removeFirst()
        }
        return try reply.get()
    }

    static func status(_ code: Int, _ body: String = "{}", retryAfter: String? = nil) -> Reply { .success((code, Data(body.utf8), retryAfter)) }
}

/// Time that moves only by the publisher's own sleeps.
final class StepClock: SenderClock, @unchecked Sendable {
    private let slept = NIOLockedValueBox<[Duration]>([])
    var sleeps: [Duration] { slept.withLockedValue { $0 } }
    var elapsed: Duration { slept.withLockedValue { $0.reduce(.zero, +) } }
    var date: Date { Date(timeIntervalSince1970: 1_800_000_000) + TimeInterval(elapsed.components.seconds) }
    func sleep(for duration: Duration) async throws { slept.withLockedValue { $0.append(duration) } }
}

@Suite("Posting with retries")
struct PublisherTests {
    let service = UUID()

    func publisher(_ transport: ScriptedTransport, _ clock: StepClock, budget: Duration = .seconds(60)) -> Publisher {
        Publisher(transport: transport, plan: RetryPlan(budget: budget), clock: clock, jitter: { 1 })
    }

    func body(_ posted: (path: String, body: Data)) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: posted.body) as? [String: Any])
    }

    @Test func aV2PostGetsAKeySoARetryIsTheSameNotification() async throws {
        let transport = ScriptedTransport([.failure(.answerLost("reset")), ScriptedTransport.status(503, retryAfter: "2"), ScriptedTransport.status(200, #"{"id": 9}"#)])
        let clock = StepClock()
        let retried = NIOLockedValueBox<[String]>([])
        let result = try await publisher(transport, clock).publish(PublishRequest(service: service, fields: ["title": .string("Cooling lost")])) { retry in
            retried.withLockedValue { $0.append(retry.reason) }
        }
        #expect(result.answer == .accepted(status: 200, id: 9) && result.attempts == 3 && result.stoppedBecause == nil)
        #expect(result.exitCode == .published)
        #expect(retried.withLockedValue { $0 } == ["no answer: reset", "HTTP 503"])
        // The backoff after the lost answer, then Retry-After's 2 s (longer than the second backoff).
        #expect(clock.sleeps == [.milliseconds(500), .seconds(2)])
        let keys = try transport.posted.map { try body($0)["key"] as? String }
        #expect(keys.count == 3 && Set(keys).count == 1 && keys[0]?.hasPrefix("herald-publish:") == true, "\(keys)")
        #expect(transport.posted.allSatisfy { $0.path == "/api/v2/services/\(service.uuidString.lowercased())/notifications" })
    }

    @Test func theSendersOwnKeyIsKept() async throws {
        let transport = ScriptedTransport([])
        _ = try await publisher(transport, StepClock()).publish(PublishRequest(service: service, fields: ["title": .string("t"), "key": .string("pv:CRYO-01")]))
        #expect(try body(transport.posted[0])["key"] as? String == "pv:CRYO-01")
    }

    @Test func aV1PostHasNoKeyAndALostAnswerIsNotRetried() async throws {
        let transport = ScriptedTransport([.failure(.notSent("refused")), .failure(.answerLost("timed out"))])
        let clock = StepClock()
        let request = PublishRequest(service: service, version: .v1, fields: ["title": .string("t"), "subtitle": .string("s")])
        let result = try await publisher(transport, clock).publish(request)
        #expect(result.attempts == 2 && result.exitCode == .tryLater)
        #expect(result.stoppedBecause?.contains("could post it twice") == true)
        #expect(try body(transport.posted[0])["key"] == nil)
        #expect(transport.posted[0].path.hasPrefix("/api/v1/services/"))
        // Not sent at all: safe to retry on v1 too.
        #expect(clock.sleeps == [.milliseconds(500)])
    }

    /// Without a key only what surely stored nothing is retried (429, 503):
    /// a 500, 502 or 504 may come after the commit.
    @Test func aV1PostIsRetriedOnlyWhenNothingWasStored() async throws {
        for (status, retried) in [(429, true), (503, true), (500, false), (502, false), (504, false)] {
            let transport = ScriptedTransport([ScriptedTransport.status(status)])
            let request = PublishRequest(service: service, version: .v1, fields: ["title": .string("t")])
            let result = try await publisher(transport, StepClock()).publish(request)
            #expect((result.attempts == 2) == retried, "\(status): \(result)")
            #expect(retried ? result.exitCode == .published : result.stoppedBecause?.contains("may come after it was stored") == true)
            // With a key (v2), every one of them is retried.
            let keyed = try await publisher(ScriptedTransport([ScriptedTransport.status(status)]), StepClock()).publish(PublishRequest(service: service, fields: ["title": .string("t")]))
            #expect(keyed.attempts == 2 && keyed.exitCode == .published)
        }
    }

    @Test func refusalsAreNeverRetried() async throws {
        for status in [400, 401, 403, 404, 413, 422] {
            let transport = ScriptedTransport([ScriptedTransport.status(status, #"{"detail": "no"}"#)])
            let clock = StepClock()
            let result = try await publisher(transport, clock).publish(PublishRequest(service: service, fields: ["title": .string("t")]))
            #expect(result.attempts == 1 && clock.sleeps.isEmpty && result.answer == .refused(status: status, reason: "no"))
        }
    }

    @Test func theBudgetEndsTheRetries() async throws {
        let transport = ScriptedTransport(Array(repeating: ScriptedTransport.status(503), count: 100))
        let clock = StepClock()
        let result = try await publisher(transport, clock, budget: .seconds(10)).publish(PublishRequest(service: service, fields: ["title": .string("t")]))
        #expect(result.exitCode == .tryLater && result.stoppedBecause == "no time left to retry (--retry-for)")
        #expect(clock.elapsed == .seconds(10))
        // 0.5 + 1 + 2 + 4, then the 2.5 s left.
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .milliseconds(2500)])
        #expect(result.attempts == 6)
        // A Retry-After past the budget stops at once.
        let impatient = ScriptedTransport([ScriptedTransport.status(429, #"{"detail": "Rate limit exceeded"}"#, retryAfter: "3600")])
        let stopped = try await publisher(impatient, StepClock()).publish(PublishRequest(service: service, fields: ["title": .string("t")]))
        #expect(stopped.attempts == 1 && stopped.stoppedBecause?.contains("3600 s") == true)
    }

    @Test func whatCannotBeSentIsSaidBeforeSending() {
        #expect(PublishRequest(service: service, fields: [:]).problem?.contains("title") == true)
        #expect(PublishRequest(service: service, fields: ["title": .string("  ")]).problem != nil)
        #expect(PublishRequest(service: service, fields: ["title": .integer(3)]).problem != nil)
        #expect(PublishRequest(service: service, version: .v1, fields: ["title": .string("t"), "severity": .string("major")]).problem?.contains("severity") == true)
        #expect(PublishRequest(service: service, fields: ["title": .string("t"), "severity": .string("major")]).problem == nil)
        #expect(JSONValue.guessing("17.9") == .number(17.9))
        #expect(JSONValue.guessing("42") == .integer(42))
        #expect(JSONValue.guessing("true") == .bool(true))
        #expect(JSONValue.guessing("inf") == .string("inf"))
        #expect(JSONValue.guessing("CRTS") == .string("CRTS"))
    }
}
