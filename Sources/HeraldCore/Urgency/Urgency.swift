/// How insistently a notification claims its reader's attention, quietest
/// first: what a severity means on a phone. Named after APNs' interruption
/// levels, the richest of the providers' scales; each provider's client
/// translates it into its own fields (docs/urgency.md has the table).
public enum Urgency: String, Sendable, CaseIterable, Comparable {
    /// Into the list without sound or waking the screen.
    case passive
    /// An ordinary alert: what every push was before severities counted.
    case active
    /// Breaks through Focus.
    case timeSensitive = "time-sensitive"
    /// Breaks through mute and Do Not Disturb where the app may (Apple's
    /// critical-alert entitlement); elsewhere the same as time-sensitive.
    case critical

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// Which urgency each severity gets. A notification without a severity is
/// always `active`, so senders that never name one (the old server's) see
/// no change; a site changes the levels it disagrees with
/// (`SEVERITY_URGENCY`).
public struct UrgencyTable: Sendable, Equatable {
    public private(set) var levels: [Severity: Urgency]

    /// The documented defaults (README, docs/urgency.md).
    public static let standard = UrgencyTable(levels: [
        .none: .passive, .ok: .passive, .info: .passive, .low: .passive,
        .warning: .active, .minor: .active,
        .major: .timeSensitive, .error: .timeSensitive, .high: .timeSensitive, .invalid: .timeSensitive, .undefined: .timeSensitive,
        .critical: .critical,
    ])

    private init(levels: [Severity: Urgency]) {
        self.levels = levels
    }

    /// The urgency of a notification with this severity (nil: none given).
    public func urgency(for severity: Severity?) -> Urgency {
        guard let severity else { return .active }
        return levels[severity] ?? .active
    }

    /// This table with the levels `text` names changed, e.g.
    /// `"info=active, major=critical"`; a severity's common spellings are
    /// read (`warn=passive`). Throws a message naming what is wrong.
    public func overridden(by text: String) throws(UrgencyTableError) -> UrgencyTable {
        var table = self
        for entry in text.split(separator: ",") where !entry.trimmingWhitespace().isEmpty {
            let parts = entry.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
            guard parts.count == 2 else { throw UrgencyTableError("'\(entry.trimmingWhitespace())' is not severity=urgency") }
            guard let severity = Severity(parsing: parts[0]) else {
                throw UrgencyTableError("'\(parts[0])' is not a severity (\(Severity.names))")
            }
            guard let urgency = Urgency(rawValue: parts[1].lowercased()) else {
                throw UrgencyTableError("'\(parts[1])' is not an urgency (\(Urgency.names))")
            }
            table.set(severity, urgency)
        }
        return table
    }

    mutating func set(_ severity: Severity, _ urgency: Urgency) {
        levels[severity] = urgency
    }

    /// `severity=urgency` for every severity, in severity order: the form
    /// `overridden(by:)` reads.
    public var description: String {
        Severity.allCases.map { "\($0.rawValue)=\(urgency(for: $0).rawValue)" }.joined(separator: ",")
    }
}

public struct UrgencyTableError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The site's urgency settings, as every provider's client reads them.
public struct UrgencySettings: Sendable, Equatable {
    /// Which urgency each severity gets (SEVERITY_URGENCY changes levels).
    public var table: UrgencyTable
    /// The site's iOS app holds Apple's critical-alert entitlement
    /// (APNS_CRITICAL_ALERTS): critical notifications go to APNs as
    /// `interruption-level: critical` with a critical sound. Without it they
    /// go as time-sensitive, which every app may send.
    public var criticalAlerts: Bool

    public init(table: UrgencyTable = .standard, criticalAlerts: Bool = false) {
        self.table = table
        self.criticalAlerts = criticalAlerts
    }
}
