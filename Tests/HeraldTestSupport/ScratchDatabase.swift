import Foundation
import HeraldCore
import Logging
import NIOSSL
import PostgresNIO

/// A database created for one run (tests, benchmarks) on a server and
/// dropped afterwards, so nothing touches the database the URL names.
public enum ScratchDatabase {
    public static func with<T: Sendable>(
        server: DatabaseLocation.PostgresSettings, prefix: String, logger: Logger,
        _ body: (DatabaseLocation.PostgresSettings) async throws -> T
    ) async throws -> T {
        let name = "\(prefix)_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
        try await maintenance(server, "CREATE DATABASE \(name)", logger: logger)
        var settings = server
        settings.database = name
        do {
            let result = try await body(settings)
            try await maintenance(server, "DROP DATABASE \(name) WITH (FORCE)", logger: logger)
            return result
        } catch {
            try? await maintenance(server, "DROP DATABASE \(name) WITH (FORCE)", logger: logger)
            throw error
        }
    }

    /// How many sessions on `database` wait on a LISTEN: a worker's wake-up
    /// channel is open once this counts it.
    public static func listeners(on database: DatabaseLocation.PostgresSettings, logger: Logger) async throws -> Int {
        var server = database
        server.database = "postgres"
        return try await integer(
            "SELECT count(*)::int FROM pg_stat_activity WHERE datname = \(database.database) AND state = 'idle' AND query ILIKE 'LISTEN %'",
            on: server, logger: logger
        )
    }

    /// Runs a statement that answers one integer in `database`, outside the
    /// store (as an operator or another process would).
    public static func integer(_ query: PostgresQuery, on database: DatabaseLocation.PostgresSettings, logger: Logger) async throws -> Int {
        let connection = try await connect(database, logger: logger)
        do {
            var value: Int?
            for try await (column) in try await connection.query(query, logger: logger).decode(Int.self) { value = column }
            try await connection.close()
            guard let value else { throw TestSetupError("no row from \(query.sql)") }
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// A session on `server` outside any store (scratch databases, benchmarks' seeding).
    public static func connect(_ server: DatabaseLocation.PostgresSettings, logger: Logger) async throws -> PostgresConnection {
        try await PostgresConnection.connect(
            configuration: .init(
                host: server.host, port: server.port, username: server.username, password: server.password,
                database: server.database, tls: server.tls == .disable ? .disable : .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            ),
            id: 1, logger: logger
        )
    }

    /// Runs one statement on the server's own database (CREATE/DROP DATABASE
    /// cannot run in the database they affect).
    static func maintenance(_ server: DatabaseLocation.PostgresSettings, _ sql: String, logger: Logger) async throws {
        let connection = try await connect(server, logger: logger)
        do {
            for try await _ in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) {}
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
