import HeraldCore
import HeraldStore
import HeraldTestSupport
import PostgresNIO

/// Statements on a PostgreSQL session of the test's own, beside the
/// store's pool: what an operator's psql would see (plans, sizes).
enum PostgresTestSession {
    /// Runs statements in order on one session of its own; the last one's
    /// rows' first column as text.
    static func run(in location: DatabaseLocation, _ statements: [PostgresQuery]) async throws -> [String] {
        guard case .postgres(let settings) = location else { throw StoreError.invalidInput("PostgreSQL only") }
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: settings.host, port: settings.port, username: settings.username, password: settings.password, database: settings.database, tls: .disable
            ),
            id: 10, logger: TestDatabase.logger
        )
        do {
            var lines: [String] = []
            for statement in statements {
                lines = []
                for try await row in try await connection.query(statement, logger: TestDatabase.logger) { lines.append((try? row.decode(String.self)) ?? "") }
            }
            try await connection.close()
            return lines
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
