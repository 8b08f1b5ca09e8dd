import Foundation
import HeraldCore
import Testing

/// Quiet hours in the person's own zone: a warning at 23:00 arrives
/// quietly, a critical breaks through; nights run past midnight; weekends
/// all day; daylight saving leaves the local hours as they are.
@Suite("Quiet hours")
struct QuietHoursTests {
    static let stockholm = TimeZone(identifier: "Europe/Stockholm")!
    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
    static let nights = QuietHours(
        timeZone: stockholm,
        windows: [.init(weekdays: QuietHours.Window.weekdays, from: 22 * 60, until: 7 * 60), .init(weekdays: QuietHours.Window.weekend, from: 0, until: 0)]
    )

    @Test func aWarningAtElevenAtNightIsQuietACriticalBreaksThrough() {
        // Wednesday 2026-11-25 23:00 in Stockholm (CET) is 22:00Z.
        let lateNight = Self.utc("2026-11-25T22:00:00Z")
        #expect(Self.nights.treatment(of: .warning, at: lateNight) == .quietly)
        #expect(Self.nights.treatment(of: nil, at: lateNight) == .quietly, "no severity never breaks through")
        #expect(Self.nights.treatment(of: .critical, at: lateNight) == .asUsual)
        #expect(Self.nights.treatment(of: .warning, at: Self.utc("2026-11-25T13:00:00Z")) == .asUsual, "14:00: awake")
        var earlier = Self.nights
        (earlier.breakThrough, earlier.quieting) = (.major, .inboxOnly)
        #expect(earlier.treatment(of: .major, at: lateNight) == .asUsual && earlier.treatment(of: .warning, at: lateNight) == .inboxOnly)
    }

    @Test func aNightRunsPastMidnightAndWeekendsAllDay() {
        #expect(Self.nights.isQuiet(at: Self.utc("2026-11-26T05:59:00Z")), "Thursday 06:59: Wednesday's night")
        #expect(!Self.nights.isQuiet(at: Self.utc("2026-11-26T06:00:00Z")), "07:00: over")
        #expect(!Self.nights.isQuiet(at: Self.utc("2026-11-27T20:59:00Z")), "Friday 21:59")
        #expect(Self.nights.isQuiet(at: Self.utc("2026-11-28T12:00:00Z")), "Saturday noon")
        // Windows begin on the days they name: these nights begin Monday to
        // Friday, and Sunday's whole day ends at midnight (a person who
        // wants Sunday night quiet names Sunday among the nights' days).
        #expect(!Self.nights.isQuiet(at: Self.utc("2026-11-30T05:00:00Z")), "Monday 06:00")
        #expect(Self.nights.isQuiet(at: Self.utc("2026-11-29T22:59:00Z")), "Sunday 23:59")
    }

    @Test func theLocalHoursHoldInSummer() {
        // Wednesday 2026-07-15 23:00 CEST is 21:00Z; 21:30 CEST is 19:30Z.
        #expect(Self.nights.isQuiet(at: Self.utc("2026-07-15T21:00:00Z")))
        #expect(!Self.nights.isQuiet(at: Self.utc("2026-07-15T19:30:00Z")))
    }
}
