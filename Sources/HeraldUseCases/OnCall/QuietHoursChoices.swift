import Foundation
import HeraldCore
import Logging

/// A person's own quiet hours and snoozes (issue 26): their windows in their
/// time zone, the severity that breaks through (critical unless they say),
/// and whether what does not break through arrives quietly or only in the
/// inbox; a service snoozed for an hour, eight, or until tomorrow morning.
/// Each change is one of the person's budgeted writes (`UserChangeBrake`);
/// the demo account, which anyone may sign in as, changes none of it.
public struct QuietHoursChoices: Sendable {
    public struct WindowInput: Sendable, Equatable {
        /// `mon` … `sun`.
        public var days: [String]
        /// `22:00`.
        public var from: String
        /// `07:00` (the next morning when not after `from`; equal: the whole day).
        public var until: String

        public init(days: [String], from: String, until: String) {
            self.days = days
            self.from = from
            self.until = until
        }
    }

    /// How long a snooze lasts: an hour, eight, or until tomorrow at 07:00 in
    /// the person's zone (UTC without quiet hours).
    public enum SnoozeLength: String, Sendable, CaseIterable {
        case hour = "1h"
        case eightHours = "8h"
        case tomorrow
    }

    public static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    public static let maxWindows = 14

    let store: any QuietHoursStore & ServiceStore
    let visibility: ServiceVisibility
    let brake: UserChangeBrake
    let clock: WallClock

    public init(store: any QuietHoursStore & ServiceStore, visibility: ServiceVisibility, brake: UserChangeBrake, clock: WallClock) {
        self.store = store
        self.visibility = visibility
        self.brake = brake
        self.clock = clock
    }

    public func quietHours(of user: User) async throws -> QuietHours? {
        try await store.quietHours(userID: user.id)
    }

    public func set(
        timeZone: String, windows: [WindowInput], breakThrough: String?, quieting: String?, for user: User, logger: Logger
    ) async throws -> QuietHours {
        try refuseDemo(user)
        var problems: [FieldProblem] = []
        // Kept under the name given: Foundation would answer `GMT` for `UTC`.
        let zone = NamedTimeZone(timeZone)
        if zone == nil { problems.append(FieldProblem(field: "time_zone", message: "Not a time zone name (such as Europe/Stockholm)")) }
        if windows.count > Self.maxWindows { problems.append(FieldProblem(field: "windows", message: "At most \(Self.maxWindows) windows")) }
        var parsed: [QuietHours.Window] = []
        for (index, window) in windows.prefix(Self.maxWindows).enumerated() {
            let days = window.days.map { Self.dayNames.firstIndex(of: $0.lowercased()).map { $0 + 1 } }
            if window.days.isEmpty || days.contains(nil) {
                problems.append(FieldProblem(field: "windows.\(index).days", message: "Days are mon, tue, wed, thu, fri, sat and sun (at least one)"))
            }
            let from = Self.minutes(window.from)
            let until = Self.minutes(window.until)
            if from == nil { problems.append(FieldProblem(field: "windows.\(index).from", message: "A local time, as HH:MM")) }
            if until == nil { problems.append(FieldProblem(field: "windows.\(index).until", message: "A local time, as HH:MM")) }
            if let from, let until, !days.contains(nil) {
                parsed.append(QuietHours.Window(weekdays: Set(days.compactMap { $0 }), from: from, until: until))
            }
        }
        let severity = breakThrough.map { Severity(parsing: $0) } ?? .critical
        if severity == nil { problems.append(FieldProblem(field: "break_through", message: "Not a severity; one of \(Severity.names)", type: "enum")) }
        let quiet = quieting.map { QuietHours.Quieting(rawValue: $0) } ?? .quietly
        if quiet == nil { problems.append(FieldProblem(field: "quieting", message: "quietly or inbox_only", type: "enum")) }
        guard problems.isEmpty, let zone, let severity, let quiet else { throw UseCaseError.rejected(problems) }
        try brake.take(user)
        let hours = QuietHours(zone: zone, windows: parsed, breakThrough: severity, quieting: quiet)
        try await store.setQuietHours(userID: user.id, hours, at: clock.now())
        logger.info("quiet hours set", metadata: ["user": "\(user.username)", "windows": "\(parsed.count)"])
        return hours
    }

    public func clear(for user: User, logger: Logger) async throws {
        try refuseDemo(user)
        try brake.take(user)
        try await store.setQuietHours(userID: user.id, nil, at: clock.now())
        logger.info("quiet hours cleared", metadata: ["user": "\(user.username)"])
    }

    /// The person's running snoozes.
    public func snoozes(of user: User) async throws -> [UUID: Date] {
        try await store.snoozes(userID: user.id, now: clock.now())
    }

    /// Snoozes a service the person can see; nil `length` ends the snooze. Returns until when.
    public func snooze(_ serviceID: UUID, for length: SnoozeLength?, user: User, logger: Logger) async throws -> Date? {
        try refuseDemo(user)
        guard let service = try await store.service(id: serviceID), try await visibility.isVisible(service, to: user) else {
            throw UseCaseError.notFound("Service")
        }
        try brake.take(user)
        let now = clock.now()
        let until: Date? = switch length {
        case nil: nil
        case .hour: now.addingTimeInterval(3_600)
        case .eightHours: now.addingTimeInterval(8 * 3_600)
        case .tomorrow: Self.tomorrowMorning(after: now, in: try await store.quietHours(userID: user.id)?.timeZone ?? TimeZone(identifier: "UTC")!)
        }
        try await store.snooze(userID: user.id, serviceID: serviceID, until: until)
        logger.info(until == nil ? "snooze ended" : "service snoozed", metadata: ["user": "\(user.username)", "service": "\(serviceID.wireString)"])
        return until
    }

    /// Tomorrow at 07:00 in `zone`.
    static func tomorrowMorning(after now: Date, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) ?? now.addingTimeInterval(86_400)
        return calendar.date(bySettingHour: 7, minute: 0, second: 0, of: tomorrow) ?? tomorrow
    }

    /// `HH:MM` as minutes after midnight.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard text.count == 5, parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    func refuseDemo(_ user: User) throws {
        guard !visibility.isConfined(user) else { throw UseCaseError.forbidden("The demo account is shared; its quiet hours cannot be changed") }
    }
}
