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
}
