import Foundation
import HeraldCore
import Logging
import PostgresNIO
import SQLiteNIO

extension TestDatabase {
    /// Runs a statement outside the store, as an operator or another version would.
    public static func execute(_ sql: String, on location: DatabaseLocation) async throws {
        switch location {
        case .sqlite(let path):
            let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: TestDatabase.logger)
            do {
                _ = try await connection.query(sql, [])
            } catch {
                // Closed on failure too: SQLiteNIO asserts on a connection dropped open.
                try? await connection.close()
                throw error
            }
            try await connection.close()
        case .postgres(let settings):
            let connection = try await PostgresConnection.connect(
                configuration: .init(host: settings.host, port: settings.port, username: settings.username, password: settings.password, database: settings.database, tls: .disable),
                id: 9, logger: TestDatabase.logger
            )
            do {
                _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: TestDatabase.logger).collect()
            } catch {
                // Closed on failure too: PostgresNIO asserts on a connection dropped open.
                try? await connection.close()
                throw error
            }
            try await connection.close()
        }
    }
}
