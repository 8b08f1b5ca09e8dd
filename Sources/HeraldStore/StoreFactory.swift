import HeraldCore
import HeraldMigrations
import Logging
import NIOSSL
import PostgresNIO
import ServiceLifecycle

/// A store opened from a `DatabaseLocation`, with what it needs to run.
public struct OpenedStore: Sendable {
    public let store: any HeraldStore
    /// Long-running parts to run in the service group (the PostgreSQL pool).
    public let services: [any ServiceLifecycle.Service]
    /// Brings the schema up to date; needs `services` running.
    public let migrate: @Sendable () async throws -> Void
    /// Releases what `services` do not (the SQLite file handle).
    public let close: @Sendable () async throws -> Void
    /// The migration versions this build ships for the store, which
    /// readiness expects to find applied.
    public let expectedMigrations: Set<Int>

    public init(
        store: any HeraldStore, services: [any ServiceLifecycle.Service] = [], migrate: @escaping @Sendable () async throws -> Void = {},
        close: @escaping @Sendable () async throws -> Void = {}, expectedMigrations: Set<Int> = []
    ) {
        self.store = store
        self.services = services
        self.migrate = migrate
        self.close = close
        self.expectedMigrations = expectedMigrations
    }
}

public enum StoreFactory {
    public static func open(_ location: DatabaseLocation, logger: Logger) async throws -> OpenedStore {
        switch location {
        case .sqlite(let path):
            let store = try await SQLiteStore.open(path: path, logger: logger)
            return OpenedStore(
                store: store, services: [], migrate: { try await store.migrate() }, close: { try await store.close() },
                expectedMigrations: Set(try Migrations.all(for: .sqlite).map(\.version))
            )
        case .postgres(let settings):
            let pool = try PostgresPool(settings: settings, logger: logger)
            let store = PostgresStore(pool: pool, logger: logger)
            return OpenedStore(
                store: store, services: [pool],
                migrate: {
                    try await probe(settings, logger: logger)
                    try await PostgresMigrator(client: pool.client, logger: logger).migrate()
                },
                close: {},
                expectedMigrations: Set(try Migrations.all(for: .postgres).map(\.version))
            )
        }
    }

    /// Opens, migrates, runs `body`, and shuts down: for commands that use
    /// the database briefly (migrate, user, delete-notifications).
    public static func withStore<T: Sendable>(
        _ location: DatabaseLocation, logger: Logger, _ body: @Sendable (any HeraldStore) async throws -> T
    ) async throws -> T {
        let opened = try await open(location, logger: logger)
        do {
            let result = try await withRunningServices(opened.services, logger: logger) {
                try await opened.migrate()
                return try await body(opened.store)
            }
            try await opened.close()
            return result
        } catch {
            try? await opened.close()
            throw error
        }
    }

    /// One direct connection before the pool is first used, so that a server
    /// that is down or refuses us is reported at once with the reason,
    /// instead of after the pool's minute of retries.
    static func probe(_ settings: DatabaseLocation.PostgresSettings, logger: Logger) async throws {
        let configuration = try directConfiguration(settings, connectTimeout: .seconds(10))
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            try await connection.close()
        } catch {
            throw DatabaseUnavailable(
                "cannot use PostgreSQL at \(settings.host):\(settings.port), database \(settings.database): \(String(reflecting: error))"
            )
        }
    }

    /// One connection outside the pool (the start-up probe, the pool's
    /// watch), with TLS as DATABASE_URL's sslmode asks.
    static func directConfiguration(_ settings: DatabaseLocation.PostgresSettings, connectTimeout: Duration) throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS =
            switch settings.tls {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        var configuration = PostgresConnection.Configuration(
            host: settings.host, port: settings.port, username: settings.username, password: settings.password, database: settings.database, tls: tls
        )
        configuration.options.connectTimeout = TimeAmount(connectTimeout)
        configuration.options.additionalStartupParameters = [("application_name", settings.sessionName)]
        return configuration
    }

    public static func configuration(_ settings: DatabaseLocation.PostgresSettings) throws -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch settings.tls {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        var configuration = PostgresClient.Configuration(
            host: settings.host, port: settings.port, username: settings.username,
            password: settings.password, database: settings.database, tls: tls
        )
        configuration.options.maximumConnections = 20
        configuration.options.additionalStartupParameters = [("application_name", settings.sessionName)]
        return configuration
    }
}

/// The database could not be reached or refused us at start.
public struct DatabaseUnavailable: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
