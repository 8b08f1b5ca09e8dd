import Foundation
import HeraldCore
import Logging
import SQLiteNIO

/// The embedded single-node store: one SQLite file, one connection. One
/// extension per concern.
public final class SQLiteStore: Sendable {
    let database: SQLiteDatabaseHandle

    /// Opens the file, creating it when missing; `migrate()` brings the schema up to date.
    public static func open(path: String, logger: Logger) async throws -> SQLiteStore {
        SQLiteStore(database: try await SQLiteDatabaseHandle.open(path: path, logger: logger), logger: logger)
    }

    let logger: Logger
    /// Only this process writes the file: it tells its own live streams.
    let inboxSignals = SignalBroadcaster<InboxSignal>()
    /// Quiet hours and snoozes changed through this store (`QuietHoursStore.quietChoicesChangedHere`).
    public let quietChoicesChangedHere = LocalChangeCount()

    init(database: SQLiteDatabaseHandle, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    public func migrate() async throws {
        try await SQLiteMigrator(database: database, logger: logger).migrate()
    }

    public func close() async throws {
        try await database.close()
    }
}
