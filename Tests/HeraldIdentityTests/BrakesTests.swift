import Dispatch
import Foundation
import HeraldCore
import HeraldIdentity
import HeraldTestSupport
import NIOConcurrencyHelpers
import Testing

@Suite("Login brakes and escaping")
struct BrakesTests {
    @Test func failuresPerKeyAreBrakedForAMinute() {
        let limiter = FailedLoginLimiter(limit: 3)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let keys = FailedLoginLimiter.keys(client: IPAddress("10.0.0.1"), username: "alice")
        for second in 0..<3 {
            #expect(limiter.retryAfter(keys, now: start.addingTimeInterval(Double(second))) == nil)
            limiter.recordFailure(keys, now: start.addingTimeInterval(Double(second)))
        }
        #expect(limiter.retryAfter(keys, now: start.addingTimeInterval(3)) == 57)
        // Another user from another address is not braked by it.
        #expect(limiter.retryAfter(FailedLoginLimiter.keys(client: IPAddress("10.0.0.2"), username: "bob"), now: start.addingTimeInterval(3)) == nil)
        // The address is braked for any name; the name only from that
        // address: its owner signs in from elsewhere (issue 23: guesses
        // from anywhere used to lock the admin out).
        #expect(limiter.retryAfter(FailedLoginLimiter.keys(client: IPAddress("10.0.0.1"), username: "bob"), now: start.addingTimeInterval(3)) != nil)
        #expect(limiter.retryAfter(FailedLoginLimiter.keys(client: IPAddress("10.0.0.2"), username: "alice"), now: start.addingTimeInterval(3)) == nil)
        // The oldest failure leaves the window a minute after it.
        #expect(limiter.retryAfter(keys, now: start.addingTimeInterval(60.5)) == nil)
    }

    /// Issue 39: a name guessed at from many addresses, each under its own
    /// brake, is slowed past its hourly ceiling rather than locked: one check
    /// is let through, the rest of the crowd waits, and each further failure
    /// doubles the pause up to a minute. Its owner's usual address is never
    /// held back; an hour after the guessing stops, nothing is left.
    @Test func anAccountGuessedAtFromEverywhereIsSlowedNotLockedOut() {
        let limiter = FailedLoginLimiter(limit: 10, accountLimit: 5)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let home = IPAddress("198.51.100.1")
        func guesser(_ number: Int) -> IPAddress? { IPAddress("203.0.113.\(number)") }
        #expect(limiter.admit(username: "alice", client: home, now: start) == .check(.clean))
        limiter.recordSuccess(username: "alice", client: home, now: start)
        for number in 0..<5 {
            // The first is a login like any; after it, the account has failed lately.
            #expect(limiter.admit(username: "alice", client: guesser(number), now: start) == .check(number == 0 ? .clean : .suspect))
            limiter.recordFailure(username: "alice", client: guesser(number), now: start)
        }
        // Others' logins are suspect only from an address that failed.
        #expect(limiter.admit(username: "bob", client: guesser(0), now: start) == .check(.suspect))
        #expect(limiter.admit(username: "bob", client: IPAddress("192.0.2.1"), now: start) == .check(.clean))
        // At the ceiling: one check goes, whoever else asks at once waits.
        var now = start.addingTimeInterval(1)
        #expect(limiter.admit(username: "alice", client: guesser(5), now: now) == .check(.suspect))
        #expect(limiter.admit(username: "alice", client: guesser(6), now: now) == .wait(seconds: 2, account: true))
        limiter.recordFailure(username: "alice", client: guesser(5), now: now)
        var pauses: [Int] = []
        for number in 7..<15 {
            guard case .wait(let seconds, account: true) = limiter.admit(username: "alice", client: guesser(number), now: now) else {
                Issue.record("not held back at \(now)")
                return
            }
            // The owner, from home, is never held back (nor counted suspect).
            #expect(limiter.admit(username: "alice", client: home, now: now) == .check(.clean))
            pauses.append(seconds)
            now.addTimeInterval(Double(seconds))
            #expect(limiter.admit(username: "alice", client: guesser(number), now: now) == .check(.suspect))
            limiter.recordFailure(username: "alice", client: guesser(number), now: now)
        }
        #expect(pauses == [2, 4, 8, 16, 32, 60, 60, 60], "doubling, never more than a minute")
        // The owner from a new address waits like anyone (a minute at most).
        #expect(limiter.admit(username: "alice", client: IPAddress("198.51.100.77"), now: now) == .wait(seconds: 60, account: true))
        // An hour after the last failure, the account is free again.
        #expect(limiter.admit(username: "alice", client: guesser(99), now: now.addingTimeInterval(3600)) == .check(.clean))
    }

    @Test func anIPv6ClientIsBrakedByItsSlash64() {
        let one = FailedLoginLimiter.keys(client: IPAddress("2001:db8:1:2::1"), username: "a")
        let other = FailedLoginLimiter.keys(client: IPAddress("2001:db8:1:2:ffff::9"), username: "b")
        #expect(one.last == other.last)
    }

    @Test func theKeysKeptAreBounded() {
        let limiter = FailedLoginLimiter(limit: 1, maxKeys: 100)
        let now = Date()
        for index in 0..<1_000 { limiter.recordFailure(["user:u\(index)"], now: now.addingTimeInterval(Double(index) / 1000)) }
        // The newest are kept.
        #expect(limiter.retryAfter(["user:u999"], now: now.addingTimeInterval(1)) != nil)
    }

    @Test func distinguishedNameValuesAndFilterValuesAreEscaped() {
        #expect(LDAPEscaping.dnValue("anne,marie") == "anne\\,marie")
        #expect(LDAPEscaping.dnValue("a+b=c\"<>;\\") == "a\\+b\\=c\\\"\\<\\>\\;\\\\")
        #expect(LDAPEscaping.dnValue("#lead") == "\\#lead")
        #expect(LDAPEscaping.dnValue(" both ") == "\\ both\\ ")
        #expect(LDAPEscaping.dnValue("mid#dle") == "mid#dle")
        #expect(LDAPEscaping.filterValue("*)(uid=*") == "\\2a\\29\\28uid=\\2a")
        #expect(LDAPEscaping.filterValue("back\\slash") == "back\\5cslash")
    }

    /// A full login pool refuses at once instead of queueing without limit.
    @Test func aFullPoolRefusesAtOnce() async throws {
        let pool = BlockingPool(threads: 1, queue: 1)
        let release = DispatchSemaphore(value: 0)
        let started = NIOLockedValueBox(false)
        async let running: Void = pool.run { started.withLockedValue { $0 = true }; release.wait() }
        try await eventually("the first job to start") { started.withLockedValue { $0 } ? true : nil }
        async let waiting: Void = pool.run {}
        // Running one and one waiting: the third is refused.
        try await eventually("one running and one waiting (load \(pool.load))") { pool.load >= 2 ? true : nil }
        await #expect(throws: AuthenticationUnavailable.self) { try await pool.run {} }
        release.signal()
        _ = try await (running, waiting)
        try await pool.run {}
        try await pool.shutdown()
    }

    /// Issue 39: suspect logins (their account or address failed lately)
    /// run on at most half the threads and hold at most half the places,
    /// and a waiting clean login starts before them: a guessing flood
    /// cannot take the pool everyone else's logins need.
    @Test func suspectLoginsLeaveTheirShareOfThePoolToOthers() async throws {
        let pool = BlockingPool(threads: 2, queue: 2)
        let release = DispatchSemaphore(value: 0)
        let started = NIOLockedValueBox(0)
        let suspect: @Sendable () async throws -> Void = {
            try await BlockingPool.$lane.withValue(.suspect) {
                try await pool.run { started.withLockedValue { $0 += 1 }; release.wait() }
            }
        }
        async let first: Void = suspect()
        try await eventually("a suspect check to run") { started.withLockedValue { $0 } == 1 ? true : nil }
        async let second: Void = suspect()
        try await eventually("the second suspect check to wait (load \(pool.load))") { pool.load >= 2 ? true : nil }
        // Half the places are the suspects': a third is refused at once.
        await #expect {
            try await LoginDeadline.run(seconds: 30) { try await BlockingPool.$lane.withValue(.suspect) { try await pool.run {} } }
        } throws: { error in
            (error as? AuthenticationUnavailable)?.description.contains("too many logins") == true
        }
        // A clean login runs on the thread kept for it (the bound only
        // keeps a failure from hanging the run).
        try await LoginDeadline.run(seconds: 30) { try await pool.run {} }
        #expect(started.withLockedValue { $0 } == 1, "the second suspect check still waits")
        release.signal()
        release.signal()
        _ = try await (first, second)
        try await pool.shutdown()
    }

    /// With one thread nothing can be kept apart: a waiting clean login
    /// goes before the suspect ones that were waiting longer.
    @Test func aCleanLoginGoesFirstInASingleThreadedPool() async throws {
        let pool = BlockingPool(threads: 1, queue: 4)
        let release = DispatchSemaphore(value: 0)
        let order = NIOLockedValueBox<[String]>([])
        async let running: Void = BlockingPool.$lane.withValue(.suspect) {
            try await pool.run { order.withLockedValue { $0.append("running") }; release.wait() }
        }
        try await eventually("the first check to run") { order.withLockedValue { $0 }.isEmpty ? nil : true }
        async let suspect: Void = BlockingPool.$lane.withValue(.suspect) { try await pool.run { order.withLockedValue { $0.append("suspect") } } }
        try await eventually("the suspect check to wait") { pool.load == 2 ? true : nil }
        async let clean: Void = pool.run { order.withLockedValue { $0.append("clean") } }
        try await eventually("the clean check to wait") { pool.load == 3 ? true : nil }
        release.signal()
        _ = try await (running, suspect, clean)
        #expect(order.withLockedValue { $0 } == ["running", "clean", "suspect"])
        try await pool.shutdown()
    }
}
