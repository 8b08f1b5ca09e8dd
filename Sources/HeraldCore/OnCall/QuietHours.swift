import Foundation

/// A person's quiet hours (issue 26): windows in their own time zone
/// ("weekdays 22:00–07:00", "weekends all day") during which what is below
/// their break-through severity (critical unless they say otherwise)
/// reaches them quietly, or only in the inbox, as they choose. Pure: the
/// worker will ask it per push; an on-call person is awake for their rota's
/// alarms (decided by the caller, which knows the rotas).
public struct QuietHours: Sendable, Equatable {
    /// One window, starting on each of `weekdays` (1 Sunday … 7 Saturday, as
    /// `Calendar` counts) at `from` minutes after local midnight and ending
    /// at `until`: on the next day when `until` is not after `from`, so
    /// 22:00–07:00 is one night, and `from == until` a whole day.
    public struct Window: Sendable, Equatable {
        public var weekdays: Set<Int>
        public var from: Int
        public var until: Int

        public init(weekdays: Set<Int>, from: Int, until: Int) {
            self.weekdays = weekdays
            self.from = from
            self.until = until
        }

        public static let weekdays: Set<Int> = [2, 3, 4, 5, 6]
        public static let weekend: Set<Int> = [1, 7]
    }

    /// What the person chose for what does not break through.
    public enum Quieting: String, Sendable, Equatable, CaseIterable {
        /// Pushed without sound (passive).
        case quietly
        /// Not pushed at all: the inbox has it in the morning.
        case inboxOnly = "inbox_only"
    }

    /// What becomes of one notification for this person at one moment.
    public enum Treatment: Sendable, Equatable {
        case asUsual
        case quietly
        case inboxOnly
    }

    /// The zone under the name the person set (`UTC` stays `UTC`).
    public var zone: NamedTimeZone
    public var windows: [Window]
    public var breakThrough: Severity
    public var quieting: Quieting

    public var timeZone: TimeZone { zone.timeZone }

    public init(zone: NamedTimeZone, windows: [Window], breakThrough: Severity = .critical, quieting: Quieting = .quietly) {
        self.zone = zone
        self.windows = windows
        self.breakThrough = breakThrough
        self.quieting = quieting
    }

    public init(timeZone: TimeZone, windows: [Window], breakThrough: Severity = .critical, quieting: Quieting = .quietly) {
        self.init(zone: NamedTimeZone(timeZone), windows: windows, breakThrough: breakThrough, quieting: quieting)
    }

    /// Whether `date` falls in one of the windows, in the person's zone.
    public func isQuiet(at date: Date) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        guard let weekday = parts.weekday, let hour = parts.hour, let minute = parts.minute else { return false }
        let now = hour * 60 + minute
        let yesterday = weekday == 1 ? 7 : weekday - 1
        return windows.contains { window in
            let wraps = window.until <= window.from
            // Begun today, or begun yesterday and running past midnight.
            let today = window.weekdays.contains(weekday) && now >= window.from && (wraps || now < window.until)
            let fromYesterday = wraps && window.weekdays.contains(yesterday) && now < window.until
            return today || fromYesterday
        }
    }

    /// How a notification of `severity` (nil: none given, which never
    /// breaks through) reaches the person at `date`.
    public func treatment(of severity: Severity?, at date: Date) -> Treatment {
        guard isQuiet(at: date) else { return .asUsual }
        if let severity, severity >= breakThrough { return .asUsual }
        return quieting == .quietly ? .quietly : .inboxOnly
    }
}

extension QuietHours {
    /// How a notification reaches one person, everything considered: on
    /// call for a rota the service's policy calls, they are awake; a
    /// service they snoozed is kept for the inbox unless it breaks through
    /// (their break-through severity, critical without quiet hours); else
    /// their quiet hours decide.
    public static func treatment(
        of severity: Severity?, at date: Date, quietHours: QuietHours?, snoozedUntil: Date?, onCall: Bool
    ) -> Treatment {
        if onCall { return .asUsual }
        if let snoozedUntil, snoozedUntil > date {
            let breakThrough = quietHours?.breakThrough ?? .critical
            if let severity, severity >= breakThrough { return .asUsual }
            return .inboxOnly
        }
        return quietHours?.treatment(of: severity, at: date) ?? .asUsual
    }
}
