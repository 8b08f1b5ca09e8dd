import Foundation
import HeraldCore
import HeraldMigrations
import Logging
import PostgresNIO

/// Applies `migrations/postgres` in order, each in its own transaction,
/// under a session advisory lock so replicas starting together take turns:
/// the first applies, the others find the work done.
struct PostgresMigrator {
    /// Arbitrary but fixed: the advisory lock key all Herald replicas share.
    static let lockKey: Int64 = 0x4845_5241_4C44  // "HERALD"

    let client: PostgresClient
    let logger: Logger

    func migrate() async throws {
        let migrations = try Migrations.all(for: .postgres)
        try await client.withConnection { connection in
            _ = try await connection.query("SELECT pg_advisory_lock(\(Self.lockKey))", logger: logger)
            do {
                try await apply(migrations, on: connection)
            } catch {
                _ = try? await connection.query("SELECT pg_advisory_unlock(\(Self.lockKey))", logger: logger)
                throw error
            }
            _ = try await connection.query("SELECT pg_advisory_unlock(\(Self.lockKey))", logger: logger)
        }
    }

    private func apply(_ migrations: [Migration], on connection: PostgresConnection) async throws {
        try await connection.query(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
            logger: logger
        ).discard()
        var applied = Set<Int>()
        for try await version in try await connection.query("SELECT version FROM schema_migrations", logger: logger).decode(Int32.self) {
            applied.insert(Int(version))
        }
        for migration in migrations where !applied.contains(migration.version) {
            try await connection.withTransaction(logger: logger) { connection in
                for statement in migration.statements {
                    do {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger).discard()
                    } catch {
                        throw StoreErrorDescribing.migration(migration, error)
                    }
                }
                try await connection.query(
                    "INSERT INTO schema_migrations (version, name) VALUES (\(Int32(migration.version)), \(migration.name))",
                    logger: logger
                ).discard()
            }
            logger.info("applied migration", metadata: ["version": "\(migration.version)", "name": "\(migration.name)"])
        }
    }
}

enum StoreErrorDescribing {
    static func migration(_ migration: Migration, _ error: any Error) -> StoreError {
        let detail = (error as? PSQLError).map { String(reflecting: $0) } ?? "\(error)"
        return .migrationFailed("\(migration.version)_\(migration.name): \(detail)")
    }
}
