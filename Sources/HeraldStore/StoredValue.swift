import Foundation
import HeraldCore
import Logging

/// A value Herald stored, read back. One it cannot read is refused loudly,
/// naming the table, the column and the row (`StoreError.unreadableRow`),
/// never read as nil or a default: a severity read as none would demote an
/// alarm's pushes, an alarm status read as none would stop its write-back,
/// attributes read as none would let a filter pass what it refuses.
///
/// The leniency old rows need is named here and nowhere else: a severity
/// is read with its aliases (`Severity(parsing:)`), as releases before the
/// closed set stored what senders sent (migration 0003 cleared the rest).
enum StoredValue {
    /// The value of a nullable column: nil when NULL, else parsed or refused.
    static func parse<T>(_ raw: String?, as parse: (String) -> T?, _ table: String, _ column: String, row: some CustomStringConvertible) throws -> T? {
        guard let raw else { return nil }
        guard let value = parse(raw) else {
            throw StoreError.unreadableRow("\(table).\(column) of row \(row) = '\(raw.prefix(80))' cannot be read as a \(T.self)")
        }
        return value
    }

    /// Where one row is read among many for work (a claim, the quiet-hours
    /// cache every push consults), refusing the whole read would let one bad
    /// row stop everyone's: the row is left out and an error names it.
    static func orSkipped<T>(_ read: () throws -> T?, logger: Logger) -> T? {
        do {
            return try read()
        } catch {
            logger.error("a stored row cannot be read and is left out", metadata: ["error": "\(error)"])
            return nil
        }
    }

    static func severity(_ raw: String?, _ table: String, row: Int64) throws -> Severity? {
        try parse(raw, as: Severity.init(parsing:), table, "severity", row: row)
    }

    static func attributes(_ raw: String?, _ table: String, row: Int64) throws -> NotificationAttributes? {
        try parse(raw, as: NotificationAttributes.init(json:), table, "attributes", row: row)
    }

    /// A person's quiet hours, for the cache every push consults: an
    /// unreadable one is left out (they are pushed as usual) and named.
    static func quietHours(_ json: String, of userID: UserID, logger: Logger) -> QuietHours? {
        orSkipped({ try parse(json, as: QuietHours.init(json:), "quiet_hours", "settings", row: userID) }, logger: logger)
    }
}
