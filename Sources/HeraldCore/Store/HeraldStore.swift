import Foundation

/// Everything Herald keeps, as a few small protocols by concern. Each has a
/// PostgreSQL implementation (production, several replicas on one database)
/// and a SQLite one (the embedded single-node default); the test support
/// target wraps either in a `FaultyStore` that fails operations on demand.
/// Each operation is one transaction.
///
/// A part of Herald asks for the concerns it uses (the worker for the
/// `DeliveryQueue`, the publisher for `NotificationStore` and
/// `AlertStateStore`); the composition root holds the whole store.
public typealias HeraldStore = SharedSettings & SchemaStatus & LegacyImportStore & AccountStore & ServiceStore & FilterStore & NotificationStore & DeliveryQueue
    & AlertStateStore & RetentionStore & ScheduleStore & RecurringStore & FeedStore & SessionStore & ServiceAlertingStore & AcknowledgementStore
    & WriteBackStore & ServiceWriteBackStore & RotaStore & EscalationStore & QuietHoursStore & FanoutStore & AccessStore & AuditStore & ContactStore & ContactFollowUpStore & ChatRoomStore & LanguageStore

/// Values every replica must agree on (the generated token signing key).
public protocol SharedSettings: Sendable {
    /// The value stored under `name`, storing `candidate` first when there is
    /// none: the first replica to ask decides, the others read its choice.
    func sharedSetting(_ name: String, ifAbsent candidate: String) async throws -> String
}

/// What readiness asks of the database: that it answers, and which
/// migrations it has applied.
public protocol SchemaStatus: Sendable {
    /// The versions recorded in `schema_migrations`, in one round trip.
    func appliedMigrations() async throws -> Set<Int>
}

public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// A unique value (a username) is already taken.
    case conflict(String)
    /// The database URL is not one Herald understands.
    case invalidDatabaseURL(String)
    /// A migration failed; the message names it.
    case migrationFailed(String)
    /// The database refused a value as data (PostgreSQL's SQLSTATE class 22,
    /// an index entry too large, SQLite's TOOBIG/MISMATCH/RANGE): bad input,
    /// answered with a 4xx at the edge, never a 500.
    case invalidInput(String)
    /// A stored value Herald does not understand (an unknown platform, a
    /// malformed UUID): refused loudly instead of read as a default.
    case unreadableRow(String)
    /// The database is away or cannot take work now (no connection, disk
    /// full, read-only): a 503 at the edge; nothing was changed.
    case unavailable(String)

    public var description: String {
        switch self {
        case .conflict(let what): "\(what) already exists"
        case .invalidDatabaseURL(let reason): "invalid database URL: \(reason)"
        case .migrationFailed(let reason): "migration failed: \(reason)"
        case .invalidInput(let reason): "the database refused a value: \(reason)"
        case .unreadableRow(let reason): "unreadable stored value: \(reason)"
        case .unavailable(let reason): "the database is unavailable: \(reason)"
        }
    }

    /// Parses a stored enumeration value, or says which one it could not.
    public static func parse<T: RawRepresentable>(_ raw: String, as type: T.Type, column: String) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: raw) else { throw StoreError.unreadableRow("\(column) = '\(raw)' is not a \(T.self)") }
        return value
    }

    /// Parses a stored UUID.
    public static func parseUUID(_ raw: String, column: String) throws -> UUID {
        guard let value = UUID(uuidString: raw) else { throw StoreError.unreadableRow("\(column) = '\(raw)' is not a UUID") }
        return value
    }
}
