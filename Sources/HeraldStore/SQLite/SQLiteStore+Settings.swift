import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: SharedSettings {
    public func sharedSetting(_ name: String, ifAbsent candidate: String) async throws -> String {
        try await database.transaction { db in
            try await db.execute("INSERT INTO settings (name, value) VALUES (\(name), \(candidate)) ON CONFLICT (name) DO NOTHING")
            return try await db.first("SELECT value FROM settings WHERE name = \(name)")?.text("value") ?? candidate
        }
    }
}

extension SQLiteStore: SchemaStatus {
    public func appliedMigrations() async throws -> Set<Int> {
        try await database.read { db in
            Set(try await db.rows("SELECT version FROM schema_migrations").map { Int(try $0.int64("version")) })
        }
    }
}
