import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: SharedSettings {
    public func sharedSetting(_ name: String, ifAbsent candidate: String) async throws -> String {
        // The no-op update makes RETURNING answer on conflict too, in one statement.
        try await first(
            """
            INSERT INTO settings (name, value) VALUES (\(name), \(candidate))
            ON CONFLICT (name) DO UPDATE SET value = settings.value RETURNING value
            """,
            as: String.self
        ) ?? candidate
    }
}

extension PostgresStore: SchemaStatus {
    public func appliedMigrations() async throws -> Set<Int> {
        let versions: [Int32] = try await rows("SELECT version FROM schema_migrations", as: Int32.self)
        return Set(versions.map { Int($0) })
    }
}
