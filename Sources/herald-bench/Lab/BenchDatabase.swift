import Foundation
import HeraldCore
import HeraldTestSupport
import Logging
import PostgresNIO

/// One session on a run's PostgreSQL database, outside Herald: seeds what a
/// mode needs in a few set-based statements (100,000 subscribers in seconds,
/// where the API would take minutes) and reads figures by index lookups, so
/// that watching a run costs it little.
final class BenchDatabase: Sendable {
    private let connection: PostgresConnection
    private let logger: Logger

    private init(connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    static func connect(_ settings: DatabaseLocation.PostgresSettings, logger: Logger) async throws -> BenchDatabase {
        BenchDatabase(connection: try await ScratchDatabase.connect(settings, logger: logger), logger: logger)
    }

    func close() async throws { try await connection.close() }

    func execute(_ query: PostgresQuery) async throws {
        _ = try await rows(query)
    }

    /// Every row; a database error comes with its message (postgres-nio's
    /// own description hides it).
    private func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        do {
            return try await connection.query(query, logger: logger).collect()
        } catch let error as PSQLError {
            throw BenchError("\(error.serverInfo?[.message] ?? String(reflecting: error)): \(query.sql.prefix(200))")
        }
    }

    /// The first column of the first row, as an integer (0 when NULL).
    func integer(_ query: PostgresQuery) async throws -> Int {
        try await rows(query).first?.decode(Int?.self) ?? 0
    }

    /// The first column of the first row, as a number (nil when NULL).
    func number(_ query: PostgresQuery) async throws -> Double? {
        try await rows(query).first?.decode(Double?.self) ?? nil
    }

    /// The first column of every row, as ids.
    func ids(_ query: PostgresQuery) async throws -> [Int64] {
        try await rows(query).map { try $0.decode(Int64.self) }
    }

    /// Deliveries recorded as sent.
    func recordedSent() async throws -> Int {
        try await integer("SELECT count(*) FROM delivery_history WHERE state = 'sent'")
    }

    /// Waits until the delivery queue is empty (every delivery recorded) and
    /// no fan-out is left to expand.
    func waitUntilQueueEmpty(timeout: Duration, interval: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while try await integer("SELECT (SELECT count(*) FROM deliveries) + (SELECT count(*) FROM fanouts)") > 0 {
            guard ContinuousClock.now < deadline else { throw BenchError("the queue did not drain in \(timeout)") }
            try await Task.sleep(for: interval)
        }
    }

    /// A service and `subscribers` new users with one device each (even ids
    /// APNs, odd ones FCM) and a live login, subscribed to it.
    func seed(service: UUID, name: String, subscribers: Int) async throws {
        try await execute("INSERT INTO services (id, category, color, owner) VALUES (\(service), \(name), '000000', 'bench')")
        guard subscribers > 0 else { return }
        let prefix = "\(name.lowercased())-"
        try await execute(
            """
            WITH made AS (
                INSERT INTO users (username, login_expires_at)
                SELECT \(prefix) || i, now() + interval '1 day' FROM generate_series(1, \(subscribers)) AS i
                RETURNING id
            ), subscribed AS (
                INSERT INTO subscriptions (service_id, user_id) SELECT \(service), id FROM made
            )
            INSERT INTO devices (user_id, token, platform, created_at, last_seen_at)
            SELECT id, CASE WHEN id % 2 = 0 THEN lpad(to_hex(id), 64, '0') ELSE 'fcm-' || id || ':bench' END,
                CASE WHEN id % 2 = 0 THEN 'apns' ELSE 'fcm' END, now(), now()
            FROM made
            """
        )
        try await execute("ANALYZE")
    }
}
