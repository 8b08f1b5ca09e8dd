import Foundation
import HeraldCore
import Testing

@Suite("Cron schedules")
struct CronScheduleTests {
    static func date(_ text: String) -> Date { Timestamp.parse(text)! }

    @Test func weekdayMorningsInStockholmThroughTheClockChange() throws {
        let schedule = try CronSchedule("0 8 * * mon-fri", timeZone: "Europe/Stockholm")
        // Friday 2026-10-23 → Monday 2026-10-26, after the clocks went back (CEST → CET).
        #expect(schedule.next(after: Self.date("2026-10-23T06:00:00Z")) == Self.date("2026-10-26T07:00:00Z"))
        #expect(schedule.next(after: Self.date("2026-10-22T05:59:00Z")) == Self.date("2026-10-22T06:00:00Z"), "08:00 CEST")
        #expect(schedule.next(after: Self.date("2026-10-22T06:00:00Z")) == Self.date("2026-10-23T06:00:00Z"), "strictly after")
    }

    @Test func stepsListsRangesAndEitherDay() throws {
        #expect(try CronSchedule("*/15 * * * *").next(after: Self.date("2026-11-24T10:07:30Z")) == Self.date("2026-11-24T10:15:00Z"))
        #expect(try CronSchedule("30 9,17 * * *").next(after: Self.date("2026-11-24T10:00:00Z")) == Self.date("2026-11-24T17:30:00Z"))
        // The 1st of the month or any Sunday (either, as in cron).
        #expect(try CronSchedule("0 0 1 * sun").next(after: Self.date("2026-11-24T00:00:00Z")) == Self.date("2026-11-29T00:00:00Z"))
        #expect(try CronSchedule("0 12 29 feb *").next(after: Self.date("2026-11-24T00:00:00Z")) == Self.date("2028-02-29T12:00:00Z"))
        #expect(try CronSchedule("0 0 30 2 *").next(after: Self.date("2026-11-24T00:00:00Z")) == nil)
        #expect(try CronSchedule("0 7 * * 7").next(after: Self.date("2026-11-24T00:00:00Z")) == Self.date("2026-11-29T07:00:00Z"), "7 is Sunday too")
    }

    @Test func mistakesAreNamed() {
        for (expression, zone, words) in [
            ("0 8 * *", "UTC", "5 fields"), ("60 * * * *", "UTC", "not a minute"), ("0 8 * * funday", "UTC", "not a day of the week"),
            ("*/0 * * * *", "UTC", "no usable step"), ("5-1 * * * *", "UTC", "runs backwards"), ("0 8 * * *", "Mars/Olympus", "not a time zone"),
        ] {
            #expect(throws: CronSchedule.Invalid.self, "\(expression)") { try CronSchedule(expression, timeZone: zone) }
            do { _ = try CronSchedule(expression, timeZone: zone) } catch { #expect(error.description.contains(words), "\(error)") }
        }
    }
}
