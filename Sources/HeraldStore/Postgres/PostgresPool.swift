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
/// the pool (a busy pool cannot make it look dead), asks `SELECT 1` once a
/// second. When that fails the database is taken as down: the store refuses
/// queries at once (`StoreError.unavailable`, a 503 at the edge) and the pool
/// is replaced, which fails what was waiting in it. While down, a direct
/// connection is tried twice a second; when one answers it becomes the
/// watching connection and a fresh pool (no backoff) takes over.
public final class PostgresPool: Service, Sendable {
    struct State {
        var client: PostgresClient
        var isDown = false
        var downSince: Date?
        /// The watching connection, kept across pool replacements.
        var watcher: PostgresConnection?
    }

    let settings: DatabaseLocation.PostgresSettings
    let configuration: PostgresClient.Configuration
    let logger: Logger
    let checkEvery: Duration
    /// How long `SELECT 1` (or connecting) may take before the database is
    /// taken as away. Generous: a false "down" fails the queries in flight.
    let checkTimeout: Duration
    private let state: NIOLockedValueBox<State>

    public init(settings: DatabaseLocation.PostgresSettings, logger: Logger, checkEvery: Duration = .seconds(1), checkTimeout: Duration = .seconds(5)) throws {
        self.settings = settings
        self.configuration = try StoreFactory.configuration(settings)
        self.logger = logger
        self.checkEvery = checkEvery
        self.checkTimeout = checkTimeout
        self.state = NIOLockedValueBox(State(client: PostgresClient(configuration: configuration, backgroundLogger: logger)))
    }

    /// The pool queries go to now.
    var client: PostgresClient { state.withLockedValue { $0.client } }

    /// Nil while the database answers; else why queries are refused.
    var unavailable: StoreError? {
        state.withLockedValue { state in
            guard state.isDown else { return nil }
            return .unavailable("PostgreSQL at \(settings.host):\(settings.port) does not answer")
        }
    }

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
    private func watch() async -> Ending {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let isDown = state.withLockedValue { $0.isDown }
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: isDown ? self.checkEvery / 2 : self.checkEvery) }
            } catch {
                return .stopped
            }
            if Task.isCancelled || Task.isShuttingDownGracefully { return .stopped }
            if !isDown {
                if await answers({ try await self.check() }) { continue }
                if Task.isCancelled || Task.isShuttingDownGracefully { return .stopped }
                state.withLockedValue { state in
                    state.isDown = true
                    state.downSince = Date()
                }
                await dropWatcher()
                logger.error("PostgreSQL does not answer: requests are refused with 503 until it is back", metadata: ["host": "\(settings.host):\(settings.port)"])
                return .replace
            } else if await answers({ try await self.check() }) {
                let since = state.withLockedValue { state in
                    defer {
                        state.isDown = false
                        state.downSince = nil
                    }
                    return state.downSince
                }
                let away = since.map { String(format: "%.1f", Date().timeIntervalSince($0)) } ?? "?"
                logger.notice("PostgreSQL answers again: back to normal", metadata: ["away_seconds": "\(away)"])
                return .replace
            }
        }
        return .stopped
    }

    /// `SELECT 1` on the watching connection, opened first when there is none.
    private func check() async throws {
        let connection: PostgresConnection
        if let open = state.withLockedValue({ $0.watcher }), !open.isClosed {
            connection = open
        } else {
            connection = try await connectDirectly()
            state.withLockedValue { $0.watcher = connection }
        }
        do {
            try await connection.query("SELECT 1", logger: logger).discard()
        } catch {
            state.withLockedValue { state in
                if state.watcher === connection { state.watcher = nil }
            }
            try? await connection.close()
            throw error
        }
    }

    /// Whether `check` finishes without error within `checkTimeout`; the
    /// watching connection is dropped when it does not.
    private func answers(_ check: @escaping @Sendable () async throws -> Void) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { (try? await check()) != nil }
            group.addTask {
                try? await Task.sleep(for: self.checkTimeout)
                return false
            }
            let first = await group.next() ?? false
            if !first {
                // A query on a connection that went silent would wait for
                // TCP to give up: closing it ends the check now.
                await dropWatcher()
            }
            group.cancelAll()
            return first
        }
    }

    private func connectDirectly() async throws -> PostgresConnection {
        var direct = PostgresConnection.Configuration(
            host: settings.host, port: settings.port, username: settings.username, password: settings.password, database: settings.database,
            tls: try StoreFactory.connectionTLS(settings)
        )
        direct.options.connectTimeout = .nanoseconds(Int64(checkTimeout.components.seconds) * 1_000_000_000 + checkTimeout.components.attoseconds / 1_000_000_000)
        return try await PostgresConnection.connect(configuration: direct, id: 0, logger: logger)
    }
}
