import Foundation
import HeraldSender
import Testing

@Suite("A post's answer, read without a transport")
struct PublishAnswerTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func read(_ status: Int, _ body: String = "", retryAfter: String? = nil) -> PublishAnswer {
        PublishAnswer.read(status: status, body: Data(body.utf8), retryAfter: retryAfter, now: now)
    }

    @Test func storedUpdatedAndHeldAreAccepted() {
        #expect(read(201, #"{"id": 42, "title": "x"}"#) == .accepted(status: 201, id: 42))
        #expect(read(200, #"{"id": 7}"#) == .accepted(status: 200, id: 7))
        #expect(read(202, #"{"id": 3, "deliver_at": "2027-01-01T00:00:00"}"#) == .accepted(status: 202, id: 3))
        #expect(read(201, "not json") == .accepted(status: 201, id: nil))
        #expect(read(201).exitCode == .published)
    }

    @Test func eachRefusalHasTheExitAScriptCanTest() {
        #expect(read(403, #"{"detail": "IP address not allowed"}"#) == .refused(status: 403, reason: "IP address not allowed"))
        #expect(read(403).exitCode == .notAllowed)
        #expect(read(401).exitCode == .notAllowed)
        #expect(read(404, #"{"detail": "Service not found"}"#).exitCode == .unknownService)
        #expect(read(413).exitCode == .refused)
        #expect(read(422).exitCode == .refused)
        #expect(read(409).exitCode == .protocolError)
        #expect(read(429).exitCode == .tryLater)
        #expect(read(503).exitCode == .tryLater)
        #expect(SenderExit.allCases.map(\.rawValue) == [0, 64, 65, 67, 77, 75, 76])
    }

    @Test func aValidationListNamesEachField() {
        let body = #"{"detail": [{"loc": ["body", "expires_at"], "msg": "Expiry should be in the future", "type": "datetime_future"}, {"loc": ["body", "attributes", "x"], "msg": "too long", "type": "x"}]}"#
        #expect(read(422, body) == .refused(status: 422, reason: "expires_at: Expiry should be in the future; attributes.x: too long"))
        #expect(read(422, #"{"detail": []}"#) == .refused(status: 422, reason: "HTTP 422"))
        #expect(read(500, "<html>oops</html>") == .notNow(status: 500, reason: "HTTP 500", retryAfter: nil))
    }

    @Test func notNowCarriesRetryAfterInEitherForm() {
        #expect(read(429, #"{"detail": "Rate limit"}"#, retryAfter: "7") == .notNow(status: 429, reason: "Rate limit", retryAfter: .seconds(7)))
        // An HTTP-date 90 s after `now`.
        let later = "Fri, 15 Jan 2027 08:01:30 GMT"
        // `now` is 1_800_000_000 = Fri, 15 Jan 2027 08:00:00 GMT: the date is read as GMT, 90 s ahead.
        #expect(read(503, retryAfter: later) == .notNow(status: 503, reason: "HTTP 503", retryAfter: .seconds(90)))
    }

    @Test func retryAfterIsReadCarefully() {
        #expect(PublishAnswer.wait("0", now: now) == .zero)
        #expect(PublishAnswer.wait(" 12 ", now: now) == .seconds(12))
        #expect(PublishAnswer.wait("99999999999999999999999", now: now) == .seconds(86_400))
        #expect(PublishAnswer.wait("604800", now: now) == .seconds(86_400))
        #expect(PublishAnswer.wait("-5", now: now) == nil)
        #expect(PublishAnswer.wait("1.5", now: now) == nil)
        #expect(PublishAnswer.wait("soon", now: now) == nil)
        #expect(PublishAnswer.wait("", now: now) == nil)
        // A date already past: no wait.
        #expect(PublishAnswer.wait("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == .zero)
        // A date a week ahead: a day, as a number of seconds that long is.
        #expect(PublishAnswer.wait("Fri, 22 Jan 2027 08:00:00 GMT", now: now) == .seconds(86_400))
    }
}

@Suite("When to try again")
struct RetryPlanTests {
    let plan = RetryPlan(budget: .seconds(60))

    @Test func backoffDoublesToItsCeilingWithJitterInTheUpperHalf() {
        #expect(plan.next(attempt: 1, retryAfter: nil, elapsed: .zero, jitter: 0) == .wait(.milliseconds(250)))
        #expect(plan.next(attempt: 1, retryAfter: nil, elapsed: .zero, jitter: 1) == .wait(.milliseconds(500)))
        #expect(plan.next(attempt: 2, retryAfter: nil, elapsed: .zero, jitter: 1) == .wait(.seconds(1)))
        #expect(plan.next(attempt: 4, retryAfter: nil, elapsed: .zero, jitter: 1) == .wait(.seconds(4)))
        #expect(plan.next(attempt: 9, retryAfter: nil, elapsed: .zero, jitter: 1) == .wait(.seconds(30)))
        #expect(plan.next(attempt: 1_000, retryAfter: nil, elapsed: .zero, jitter: 0.5) == .wait(.milliseconds(22_500)))
    }

    @Test func retryAfterIsAFloorAndTheBudgetACeiling() {
        #expect(plan.next(attempt: 1, retryAfter: .seconds(5), elapsed: .zero, jitter: 1) == .wait(.seconds(5)))
        // Asked for more than is left: stop now rather than sleep past the budget.
        guard case .stop(let reason) = plan.next(attempt: 1, retryAfter: .seconds(61), elapsed: .zero, jitter: 0) else {
            Issue.record("expected a stop"); return
        }
        #expect(reason.contains("61 s") && reason.contains("60 s left"), "\(reason)")
        // Backoff longer than what is left: the rest, then one last try.
        #expect(plan.next(attempt: 9, retryAfter: nil, elapsed: .seconds(50), jitter: 1) == .wait(.seconds(10)))
        #expect(plan.next(attempt: 3, retryAfter: nil, elapsed: .seconds(60), jitter: 1) == .stop(reason: "no time left to retry (--retry-for)"))
        #expect(RetryPlan(budget: .zero).next(attempt: 1, retryAfter: nil, elapsed: .zero, jitter: 0) == .stop(reason: "no time left to retry (--retry-for)"))
    }
}
