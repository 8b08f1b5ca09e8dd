import Foundation
import HeraldCore
import Logging

/// A value Herald stored, read back. One it cannot read is refused loudly,
/// naming the table, the column and the row (`StoreError.unreadableRow`),
/// never read as nil or a default: a severity read as none would demote an
/// alarm's pushes, an alarm status read as none would stop its write-back,
/// attributes read as none would let a filter pass what it refuses.
///
/// The leniencies are named here and nowhere else:
/// - a severity is read with its aliases (`Severity(parsing:)`), as
///   releases before the closed set stored what senders sent (migration
///   0003 cleared the rest);
/// - a row read for work (a claim of deliveries, fan-outs, write-backs,
///   held or recurring notifications or escalations; the quiet-hours
///   cache every push consults) reads an unreadable value as none and logs
///   an error naming it (`forWork:`): refusing the read would stop that
///   work for everyone, again at every lease, for one bad row (a row a
///   newer release wrote, after a rollback).
enum StoredValue {
    /// The value of a nullable column: nil when NULL, else parsed; one that
    /// cannot be read is refused, or, read for work, logged and nil.
    static func parse<T>(
        _ raw: String?, as parse: (String) -> T?, _ table: String, _ column: String, row: some CustomStringConvertible, forWork logger: Logger? = nil
    ) throws -> T? {
        guard let raw else { return nil }
        if let value = parse(raw) { return value }
        // Quoted and cut short: a stored value is no one's to write into the log
        // as it is (control characters, a URL's credentials past the cut).
        let shown = String(reflecting: String(raw.prefix(40)))
        let error = StoreError.unreadableRow("\(table).\(column) of row \(row) = \(shown) cannot be read as a \(T.self)")
        guard let logger else { throw error }
        logger.error("a stored value cannot be read; read as none for this work", metadata: ["error": "\(error)"])
        return nil
    }

    static func severity(_ raw: String?, _ table: String, row: Int64, forWork logger: Logger? = nil) throws -> Severity? {
        try parse(raw, as: Severity.init(parsing:), table, "severity", row: row, forWork: logger)
    }

    static func attributes(_ raw: String?, _ table: String, row: Int64, forWork logger: Logger? = nil) throws -> NotificationAttributes? {
        try parse(raw, as: NotificationAttributes.init(json:), table, "attributes", row: row, forWork: logger)
    }

    /// A notification's alarm (`alarm_source`, `alarm_identity`); an unknown
    /// source, or one column without the other, cannot be read.
    /// Where neither is stored, the one named leniency for rows written
    /// before migration 33 (or, during a rolling upgrade, by a replica of an
    /// older release): its key says which alarm it is when it starts as an
    /// alert source's keys do (`alert:`, `alarm:`; reserved, so no sender
    /// posts under them), else it stands for none.
    static func alarmIdentity(source: String?, name: String?, key: String?, row: Int64, forWork logger: Logger? = nil) throws -> AlarmIdentity? {
        if source == nil, name == nil { return key.flatMap(AlarmIdentity.init(key:)) }
        return try parse(
            "\(source ?? "")\u{1f}\(name ?? "")", as: { _ in AlarmIdentity(source: source, name: name) }, "notifications", "alarm_source/alarm_identity", row: row, forWork: logger
        )
    }

    /// A list of platforms (a withdrawal fan-out's): one that cannot be read is refused, or, read for work, logged and left out.
    static func platforms(_ raw: [String], _ table: String, row: Int64, forWork logger: Logger? = nil) throws -> [Platform] {
        try raw.compactMap { try parse($0, as: Platform.init(rawValue:), table, "platforms", row: row, forWork: logger) }
    }

    /// The same, stored as a JSON array (SQLite).
    static func platforms(json: String, _ table: String, row: Int64, forWork logger: Logger? = nil) throws -> [Platform] {
        let list = try parse(json, as: { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) }, table, "platforms", row: row, forWork: logger)
        return try platforms(list ?? [], table, row: row, forWork: logger)
    }

    /// A person's quiet hours, for the cache every push consults: an
    /// unreadable one is left out (they are pushed as usual) and named.
    static func quietHours(_ json: String, of userID: UserID, logger: Logger) -> QuietHours? {
        // A logger given, `parse` logs and returns nil instead of throwing.
        (try? parse(json, as: QuietHours.init(json:), "quiet_hours", "settings", row: userID, forWork: logger)) ?? nil
    }
}

extension StoredValue {
    /// A granted role (`service_roles.role`).
    static func role(_ raw: String, row: Int64) throws -> ServiceRole {
        try parse(raw, as: ServiceRole.init(rawValue:), "service_roles", "role", row: row)!
    }

    /// A team's source (`teams.source_kind`, `source_ref`).
    static func teamSource(kind: String, reference: String?, row: Int64) throws -> TeamSource {
        try parse(kind, as: { TeamSource(kind: $0, reference: reference) }, "teams", "source_kind", row: row)!
    }
}
