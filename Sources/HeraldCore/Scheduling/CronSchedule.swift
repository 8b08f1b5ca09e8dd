import Foundation

/// A cron expression (minute hour day-of-month month day-of-week) in a time
/// zone: `0 8 * * mon-fri` in Europe/Stockholm is 08:00 local on weekdays,
/// summer and winter. Fields take `*`, numbers, ranges (`1-5`), lists
/// (`1,15`), steps (`*/15`, `8-18/2`) and, for months and weekdays, names
/// (`jan`, `mon`; Sunday is 0 or 7). As in Vixie cron, when both the day of
/// the month and the day of the week are restricted, either may match.
public struct CronSchedule: Sendable, Equatable, CustomStringConvertible {
    public let expression: String
    public let timeZone: TimeZone
    let minutes: Set<Int>
    let hours: Set<Int>
    let days: Set<Int>
    let months: Set<Int>
    let weekdays: Set<Int>
    let daysRestricted: Bool
    let weekdaysRestricted: Bool

    public var description: String { "\(expression) (\(timeZone.identifier))" }

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public init(_ expression: String, timeZone identifier: String = "UTC") throws(Invalid) {
        guard let zone = TimeZone(identifier: identifier) else { throw Invalid(description: "'\(identifier)' is not a time zone (such as Europe/Stockholm or UTC)") }
        let fields = expression.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard fields.count == 5 else { throw Invalid(description: "A cron expression has 5 fields (minute hour day month weekday), this has \(fields.count)") }
        let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        minutes = try Self.field(fields[0], "minute", 0...59)
        hours = try Self.field(fields[1], "hour", 0...23)
        days = try Self.field(fields[2], "day of the month", 1...31)
        months = try Self.field(fields[3], "month", 1...12, names: monthNames, firstName: 1)
        weekdays = Set(try Self.field(fields[4], "day of the week", 0...7, names: dayNames, firstName: 0).map { $0 % 7 })
        daysRestricted = fields[2] != "*"
        weekdaysRestricted = fields[4] != "*"
        self.expression = fields.joined(separator: " ")
        self.timeZone = zone
    }

    static func field(_ text: String, _ name: String, _ range: ClosedRange<Int>, names: [String] = [], firstName: Int = 0) throws(Invalid) -> Set<Int> {
        func value(_ word: Substring) throws(Invalid) -> Int {
            if let number = Int(word), range.contains(number) { return number }
            if let index = names.firstIndex(of: word.lowercased()) { return index + firstName }
            throw Invalid(description: "'\(word)' is not a \(name) (\(range.lowerBound)-\(range.upperBound))")
        }
        var values: Set<Int> = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            var step = 1
            if pieces.count == 2 {
                guard let parsed = Int(pieces[1]), parsed > 0 else { throw Invalid(description: "'\(part)' has no usable step for the \(name)") }
                step = parsed
            }
            let bounds: ClosedRange<Int>
            if pieces[0] == "*" {
                bounds = range
            } else if let dash = pieces[0].firstIndex(of: "-") {
                let low = try value(pieces[0][..<dash])
                let high = try value(pieces[0][pieces[0].index(after: dash)...])
                guard low <= high else { throw Invalid(description: "'\(part)' runs backwards for the \(name)") }
                bounds = low...high
            } else {
                let single = try value(pieces[0])
                bounds = single...(pieces.count == 2 ? range.upperBound : single)
            }
            values.formUnion(stride(from: bounds.lowerBound, through: bounds.upperBound, by: step))
        }
        return values
    }

    /// The first time after `date` the schedule fires (whole minutes), or
    /// nil if none within five years (`0 0 30 2 *`).
    public func next(after date: Date) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        guard var time = calendar.date(bySetting: .second, value: 0, of: date.addingTimeInterval(60)) else { return nil }
        if time <= date { time = time.addingTimeInterval(60) }
        let limit = date.addingTimeInterval(5 * 366 * 86_400)
        while time < limit {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: time)
            guard let month = parts.month, let day = parts.day, let hour = parts.hour, let minute = parts.minute, let weekday = parts.weekday else { return nil }
            if !months.contains(month) {
                guard let start = calendar.date(from: DateComponents(year: parts.year, month: month, day: 1)),
                      let next = calendar.date(byAdding: .month, value: 1, to: start) else { return nil }
                time = next
                continue
            }
            let dayMatches = daysRestricted && weekdaysRestricted
                ? days.contains(day) || weekdays.contains(weekday - 1)
                : days.contains(day) && weekdays.contains(weekday - 1)
            if !dayMatches {
                guard let start = calendar.date(from: DateComponents(year: parts.year, month: month, day: day)),
                      let next = calendar.date(byAdding: .day, value: 1, to: start) else { return nil }
                time = next
                continue
            }
            if !hours.contains(hour) {
                guard let start = calendar.date(from: DateComponents(year: parts.year, month: month, day: day, hour: hour)) else { return nil }
                time = start.addingTimeInterval(3_600)
                continue
            }
            if !minutes.contains(minute) {
                time = time.addingTimeInterval(60)
                continue
            }
            return time
        }
        return nil
    }
}
