import Foundation
import HeraldCore
import HeraldMigrations
import Logging

/// Applies `migrations/sqlite` in order. Each migration runs in its own
/// BEGIN IMMEDIATE transaction that first re-reads what is applied, so two
/// processes opening the same file at once apply each migration once.
struct SQLiteMigrator {
    let database: SQLiteDatabaseHandle
    let logger: Logger

    func migrate() async throws {
        try await whileLockedRetried {
            try await database.transaction { db in
                try await db.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)"
                )
            }
        }
        for migration in try Migrations.all(for: .sqlite) {
            try await whileLockedRetried { try await apply(migration) }
        }
    }

    /// Another process migrating the same file can hold its write lock
    /// past the busy timeout (10 s, seen on a loaded machine with two
    /// opening a new file at once): the migration is tried again, up to
    /// five times, each time re-reading what is applied.
    private func whileLockedRetried(_ work: () async throws -> Void) async throws {
        for attempt in 1... {
            do {
                return try await work()
            } catch StoreError.unavailable(let reason) where attempt < 5 && (reason.contains("locked") || reason.contains("busy")) {
                logger.notice("the database file is locked, by another process's migration perhaps; trying again", metadata: ["attempt": "\(attempt)"])
            }
        }
    }

    private func apply(_ migration: Migration) async throws {
        try await database.transaction { db in
            let applied = try await db.first("SELECT 1 AS applied FROM schema_migrations WHERE version = \(migration.version)")
            guard applied == nil else { return }
            for statement in migration.statements {
                do {
                    try await db.execute(SQLiteQuery(stringLiteral: statement))
                } catch {
                    throw StoreErrorDescribing.migration(migration, error)
                }
            }
            try await db.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (\(migration.version), \(migration.name), \(Date()))"
            )
            logger.info("applied migration", metadata: ["version": "\(migration.version)", "name": "\(migration.name)"])
        }
    }
}
