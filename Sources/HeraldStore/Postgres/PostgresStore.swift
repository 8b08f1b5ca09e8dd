import Foundation
import HeraldCore
import Logging
import PostgresNIO

/// The production store: PostgreSQL through postgres-nio's pooled client,
/// shared by any number of Herald replicas. One extension per concern.
public final class PostgresStore: Sendable {
    /// The LISTEN/NOTIFY channel on which publishing wakes delivery workers.
    public static let deliveryChannel = "herald_deliveries"
    /// The delivery wake-up's payload when some of what was queued is
    /// urgent (`DeliveryPriority.urgent`): the workers' express lane claims it.
    static let urgentPayload = "urgent"
    /// The workers' wake-up at commit when `queued` (a CTE returning each
    /// queued push's `priority`) holds anything, urgent when one of them is;
    /// nothing when it is empty (a NOTIFY takes a database-wide lock at commit).
    static func wakeWorkers(queued: String) -> String {
        "SELECT pg_notify('\(deliveryChannel)', CASE WHEN max(priority) >= \(DeliveryPriority.urgent) THEN '\(urgentPayload)' ELSE '' END) FROM \(queued) HAVING count(*) > 0"
    }
    /// The LISTEN/NOTIFY channel on which publishing and inbox changes reach
    /// every replica's live streams.
    public static let inboxChannel = "herald_inbox"
    /// How long deleted inbox items are remembered for reconnecting streams.
    static let removalsKeptFor: TimeInterval = 86_400

    let pool: PostgresPool
    let logger: Logger
    /// Whether a service has more subscribers than the publish links itself,
    /// known for a minute: the publish statement then names only the
    /// small audiences' services, so the planner never reads a large one's
    /// subscriptions (it planned a hash join over all of them: 144 ms for a
    /// post to 10^6 that links nobody). A service that grows or shrinks
    /// across the limit is treated by its old size for at most that long
    /// (linked in the post, or fanned out after it: either is correct).
    /// Each look is a round trip in a post's path: at 5 s, a critical alarm
    /// posted every second during a 10^6 fan-out paid one every fifth post,
    /// 1-12 ms on the busy database.
    let largeAudiences = PerServiceCache<Bool>(ttl: 60)
    /// Quiet hours and snoozes changed through this store (`QuietHoursStore.quietChoicesChangedHere`).
    public let quietChoicesChangedHere = LocalChangeCount()

    /// The pool must be running (in the service group) before any call;
    /// see `StoreFactory`.
    public init(pool: PostgresPool, logger: Logger) {
        self.pool = pool
        self.logger = logger
    }

    /// The pool's client; refuses at once while the database is known to be away.
    var client: PostgresClient {
        get throws { try pool.availableClient() }
    }

    /// Runs a statement and decodes every row it returns.
    func rows<each Column: PostgresDecodable & Sendable>(_ query: PostgresQuery, as type: (repeat each Column).Type) async throws -> [(repeat each Column)] {
        try Self.decoding(try await rawRows(query)) { try $0.decode(type) }
    }

    /// Runs a statement and returns its rows undecoded (decoded by the caller as far as it needs).
    func rawRows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        do {
            return try await withOpenConnection { try await $0.allRows(query, logger: logger) }
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Rows from `rawRows` decoded by `decode`; a row that does not decode is a store error.
    static func decoding<Value>(_ rows: [PostgresRow], _ decode: (PostgresRow) throws -> Value) throws -> [Value] {
        do {
            return try rows.map(decode)
        } catch {
            throw storeError(error)
        }
    }

    /// The first row, if any.
    func first<each Column: PostgresDecodable & Sendable>(_ query: PostgresQuery, as type: (repeat each Column).Type) async throws -> (repeat each Column)? {
        try await rows(query, as: type).first
    }

    /// A statement's single `count(*)`.
    func count(_ query: PostgresQuery) async throws -> Int {
        let value: Int64? = try await first(query, as: Int64.self)
        return Int(value ?? 0)
    }

    /// Runs a statement to its end, ignoring any rows.
    func execute(_ query: PostgresQuery) async throws {
        do {
            try await withOpenConnection { try await $0.execute(query, logger: logger) }
        } catch {
            throw Self.storeError(error)
        }
    }

    /// A pooled connection that is still open: the pool can hand out one the
    /// server has just ended (it learns of the close a moment later), which
    /// is what happens while PostgreSQL goes away, and to the pool's next
    /// user after one session is ended (a killed worker's LISTEN session:
    /// `scripts/test-under-load` saw the next query fail, twice). Nothing
    /// was sent on it, so another is asked for, after 20 ms and then twice
    /// as long each time, for about 1.3 s (on a starved machine the pool
    /// hears of the close late: 60 ms was not enough) before the database
    /// counts as away. (Queries check again as they are written: `allRows`.)
    func withOpenConnection<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        for attempt in 0..<6 {
            do {
                return try await client.withConnection { connection in
                    guard !connection.isClosed else { throw ClosedWhenHandedOut() }
                    try await pool.prepareSession(connection, logger: logger)
                    return try await body(connection)
                }
            } catch is ClosedWhenHandedOut {
                try await Task.sleep(for: .milliseconds(20 << attempt))
            }
        }
        throw StoreError.unavailable("PostgreSQL connection lost (every pooled connection handed out was closed)")
    }

    private struct ClosedWhenHandedOut: Error {}

    /// Runs `body` in one transaction on one connection.
    ///
    /// Not postgres-nio's `withTransaction`: after a failure it always sends
    /// ROLLBACK, and a query written to a connection that is already closed
    /// (the usual reason for the failure: the database went away) is never
    /// answered, so the caller would wait forever. Here every statement goes
    /// through `allRows`, and a closed connection gets no ROLLBACK (the
    /// server rolled the transaction back when the session ended).
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        do {
            return try await withOpenConnection { connection in
                try await connection.execute("BEGIN", logger: logger)
                let value: T
                do {
                    value = try await body(connection)
                } catch {
                    if !connection.isClosed { try? await connection.execute("ROLLBACK", logger: logger) }
                    throw error
                }
                try await connection.execute("COMMIT", logger: logger)
                return value
            }
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Errors that mean the input was bad become `StoreError.invalidInput`
    /// (a 4xx at the edge): SQLSTATE class 22 (data exception: a NUL in
    /// text, a number out of range) and 54000 (an index entry too large).
    /// Errors thrown inside a transaction are unwrapped first.
    ///
    /// Errors that mean the database is away or cannot take work now become
    /// `StoreError.unavailable` (a 503): a lost or refused connection, a
    /// pool that gave up connecting or was replaced, and SQLSTATE classes
    /// 08 (connection), 53 (insufficient resources: disk full, too many
    /// connections), 57P0x (shutting down, starting up) and 25006 (a
    /// read-only standby, as after a failover).
    static func storeError(_ error: any Error) -> any Error {
        if let failed = error as? PostgresTransactionError, let inner = failed.closureError ?? failed.commitError ?? failed.beginError {
            return storeError(inner)
        }
        // The pool's own errors (it gave up connecting: its circuit breaker)
        // come from a module postgres-nio does not export as a product.
        if String(describing: type(of: error)) == "ConnectionPoolError" { return StoreError.unavailable("PostgreSQL cannot be reached (\(error))") }
        guard let error = error as? PSQLError else { return error }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed, .uncleanShutdown, .queryCancelled:
            return StoreError.unavailable("PostgreSQL connection lost (\(error.code))")
        default:
            break
        }
        guard let state = error.serverInfo?[.sqlState] else { return error }
        if state == "23505" {
            // A unique value (a notification key) already stored by a concurrent write.
            return StoreError.conflict("\(error.serverInfo?[.message] ?? "unique value taken") (SQLSTATE \(state))")
        }
        if state.hasPrefix("22") || state == "54000" {
            return StoreError.invalidInput("\(error.serverInfo?[.message] ?? "invalid value") (SQLSTATE \(state))")
        }
        if state.hasPrefix("08") || state.hasPrefix("53") || state.hasPrefix("57P") || state == "25006" {
            return StoreError.unavailable("\(error.serverInfo?[.message] ?? "PostgreSQL cannot take work") (SQLSTATE \(state))")
        }
        return error
    }
}

extension PostgresConnection {
    /// A statement's rows, decoded.
    func rows<each Column: PostgresDecodable & Sendable>(
        _ query: PostgresQuery, as type: (repeat each Column).Type, logger: Logger
    ) async throws -> [(repeat each Column)] {
        try await allRows(query, logger: logger).map { try $0.decode(type) }
    }

    func execute(_ query: PostgresQuery, logger: Logger) async throws {
        _ = try await allRows(query, logger: logger)
    }

    /// Every row of `query`. postgres-nio writes a query to its channel
    /// without checking that it is open, and a query written to a channel
    /// that has closed is never answered: the caller would wait forever (seen
    /// when PostgreSQL stops under load). So the check and the write happen
    /// together on the connection's event loop, where the channel cannot
    /// close in between; a closed connection fails at once as unavailable.
    func allRows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        try await eventLoop.flatSubmit { () -> EventLoopFuture<[PostgresRow]> in
            guard !self.isClosed else { return self.eventLoop.makeFailedFuture(StoreError.unavailable("PostgreSQL connection lost (closed before the statement was written)")) }
            let result: EventLoopFuture<PostgresQueryResult> = self.query(query, logger: logger)
            return result.map(\.rows)
        }.get()
    }
}
