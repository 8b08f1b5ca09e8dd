import Foundation
import HeraldCore
import Logging
import NIOConcurrencyHelpers
import PostgresNIO
import ServiceLifecycle

/// postgres-nio's pooled client, watched. While PostgreSQL is away the pool
/// would hold each query for as long as it keeps trying to connect (a
/// minute and more), and once the database is back it reconnects only after
/// its backoff, which grows to a minute. So a connection of its own, outside
/// the pool (a busy pool cannot make it look dead), is held open: when the
/// server ends it (a stop, a restart, a failover) the database is taken as
/// down, the store refuses queries at once (`StoreError.unavailable`, a 503
/// at the edge) and the pool is replaced, which fails what was waiting in
/// it. While down, a direct connection is tried twice a second; once one is
/// made it becomes the watching connection and a fresh pool (no backoff)
/// takes over.
public final class PostgresPool: Service, Sendable {
    struct State {
        var client: PostgresClient
        /// Set while the database is taken as away.
        var downSince: Date?
        /// The watching connection, kept across pool replacements.
        var watcher: PostgresConnection?
        /// How often the database was taken as away (for tests).
        var timesDown = 0
    }

    let settings: DatabaseLocation.PostgresSettings
    let configuration: PostgresClient.Configuration
    /// The watching connection's (made once: a TLS context is not cheap).
    let direct: PostgresConnection.Configuration
    let logger: Logger
    /// How often a direct connection is tried while the database is away.
    let retryEvery: Duration
    private let state: NIOLockedValueBox<State>

    /// `connectTimeout` bounds each try of the watching connection.
    public init(settings: DatabaseLocation.PostgresSettings, logger: Logger, retryEvery: Duration = .milliseconds(500), connectTimeout: Duration = .seconds(5)) throws {
        self.settings = settings
        self.configuration = try StoreFactory.configuration(settings)
        self.direct = try StoreFactory.directConfiguration(settings, connectTimeout: connectTimeout)
        self.logger = logger
        self.retryEvery = retryEvery
        self.state = NIOLockedValueBox(State(client: PostgresClient(configuration: configuration, backgroundLogger: logger)))
    }

    /// The pool queries go to now (also while the database is away: the migrator's).
    var client: PostgresClient { state.withLockedValue { $0.client } }

    /// Nil while the database answers; else why queries are refused.
    var unavailable: StoreError? {
        do {
            _ = try availableClient()
            return nil
        } catch {
            return error as? StoreError
        }
    }

    /// The pool queries go to now; refuses at once while the database is
    /// known to be away.
    func availableClient() throws -> PostgresClient {
        try state.withLockedValue { state in
            if state.downSince != nil { throw StoreError.unavailable("PostgreSQL at \(settings.host):\(settings.port) does not answer") }
            return state.client
        }
    }

    /// The pooled connections whose session settings were made (kept, so an
    /// identity cannot be reused by a later connection; closed ones are
    /// dropped as others are added).
    private let prepared = NIOLockedValueBox<[ObjectIdentifier: PostgresConnection]>([:])

    /// What every session of Herald's sets, once per pooled connection
    /// before its first statement. JIT compilation off: Herald's statements
    /// are short, and once an estimate crossed `jit_above_cost` (a claim's
    /// badge count on an inbox analysed before a fan-out filled it) each
    /// claim compiled 42 functions first. A 10^6 fan-out took 78 s with it
    /// and 65 s without. Set here rather than as a start-up parameter, which
    /// PgBouncer refuses for any setting it does not track.
    static let sessionSettings = "SET jit = off"

    /// Makes the session settings on a connection the first time it is handed out.
    func prepareSession(_ connection: PostgresConnection, logger: Logger) async throws {
        let id = ObjectIdentifier(connection)
        if prepared.withLockedValue({ $0[id] != nil }) { return }
        do {
            try await connection.execute(PostgresQuery(unsafeSQL: Self.sessionSettings), logger: logger)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42704" {
            // A server without JIT (before PostgreSQL 11, or a compatible
            // database) has no such setting: nothing to turn off.
            logger.debug("no jit setting on this server", metadata: ["error": "\(String(reflecting: error))"])
        }
        prepared.withLockedValue { known in
            known = known.filter { !$0.value.isClosed }
            known[id] = connection
        }
    }

    /// The watching connection and how often the database was taken as away.
    var watchState: (watcher: PostgresConnection?, timesDown: Int) { state.withLockedValue { ($0.watcher, $0.timesDown) } }


    private enum Ending { case stopped, replace }

    public func run() async throws {
        while true {
            let running = client
            let ending = await withTaskGroup(of: Ending.self) { group in
                group.addTask {
                    await running.run()
                    return .stopped
                }
                group.addTask { await self.watch() }
                let first = await group.next() ?? .stopped
                if first == .replace {
                    // Queries go to the fresh pool from now; the old one is
                    // shut down, failing what still waits in it.
                    let fresh = PostgresClient(configuration: configuration, backgroundLogger: logger)
                    state.withLockedValue { $0.client = fresh }
                    group.cancelAll()
                } else if !Task.isCancelled {
                    // A graceful shutdown: the pool finishes what it has.
                    _ = await group.next()
                }
                return first
            }
            if ending == .stopped || Task.isShuttingDownGracefully || Task.isCancelled {
                await dropWatcher()
                return
            }
        }
    }

    /// Closes the watching connection (postgres-nio asserts that a
    /// connection is closed before it goes away).
    private func dropWatcher() async {
        let watcher = state.withLockedValue { state in
            defer { state.watcher = nil }
            return state.watcher
        }
        try? await watcher?.close()
    }

    /// Returns `.replace` when the database went away or came back, and
    /// `.stopped` on shutdown.
    ///
    /// While up it only waits for the watching connection to close: the
    /// server ends every session when it stops or restarts. It sends no
    /// query on it: postgres-nio never answers a query written to a
    /// connection that has just closed, which would stop the watch for good.
    private func watch() async -> Ending {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            if state.withLockedValue({ $0.downSince == nil }) {
                if let watcher = await watcherOrNil() {
                    await waitForClose(of: watcher)
                    if Task.isCancelled || Task.isShuttingDownGracefully { return .stopped }
                    state.withLockedValue { $0.watcher = nil }
                    // One session ending alone (an idle timeout on the server
                    // or a proxy, an administrator) is not the database going
                    // away: if a new connection is made at once, go on with it.
                    if let fresh = try? await connectDirectly() {
                        state.withLockedValue { $0.watcher = fresh }
                        continue
                    }
                }
                state.withLockedValue { state in
                    state.downSince = Date()
                    state.timesDown += 1
                }
                logger.error("PostgreSQL does not answer: requests are refused with 503 until it is back", metadata: ["host": "\(settings.host):\(settings.port)"])
                return .replace
            }
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: self.retryEvery) }
            } catch {
                return .stopped
            }
            if Task.isCancelled || Task.isShuttingDownGracefully { return .stopped }
            guard let connection = try? await connectDirectly() else { continue }
            let since = state.withLockedValue { state in
                defer {
                    state.watcher = connection
                    state.downSince = nil
                }
                return state.downSince
            }
            let away = since.map { String(format: "%.1f", Date().timeIntervalSince($0)) } ?? "?"
            logger.notice("PostgreSQL answers again: back to normal", metadata: ["away_seconds": "\(away)"])
            return .replace
        }
        return .stopped
    }

    /// The watching connection, opened when there is none; nil when it
    /// cannot be opened (the database is away).
    private func watcherOrNil() async -> PostgresConnection? {
        if let open = state.withLockedValue({ $0.watcher }), !open.isClosed { return open }
        guard let connection = try? await connectDirectly() else { return nil }
        state.withLockedValue { $0.watcher = connection }
        return connection
    }

    /// Returns when the server closed `connection`, or at shutdown (after
    /// closing it ourselves).
    private func waitForClose(of connection: PostgresConnection) async {
        await withGracefulShutdownHandler {
            await withTaskCancellationHandler {
                _ = try? await connection.closeFuture.get()
            } onCancel: {
                connection.close().whenComplete { _ in }
            }
        } onGracefulShutdown: {
            connection.close().whenComplete { _ in }
        }
    }

    private func connectDirectly() async throws -> PostgresConnection {
        try await PostgresConnection.connect(configuration: direct, id: 0, logger: logger)
    }
}

extension PostgresPool: CustomStringConvertible {
    /// The service group names each service by its description, kept for
    /// its life: the default one would be this value reflected whole.
    public var description: String { "postgres pool" }
}
