import Foundation
import HeraldCore
import HeraldStore
import Logging
import PostgresNIO

/// The storage backends every store and HTTP test runs against. There is
/// no in-memory stand-in: a test that needs a database to fail wraps a real
/// one in a `FaultyStore`.
public enum Backend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    public var description: String { rawValue }
}

public enum TestDatabase {
    public static let logger: Logger = {
        var logger = Logger(label: "herald-test")
        logger.logLevel = ProcessInfo.processInfo.environment["HERALD_TEST_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .critical
        return logger
    }()

    /// A fresh, empty database of the backend: a temporary SQLite file, or a
    /// new database on the PostgreSQL server that `scripts/test` started.
    /// It is dropped when `body` ends.
    public static func withFreshDatabase<T: Sendable>(_ backend: Backend, _ body: (DatabaseLocation) async throws -> T) async throws -> T {
        switch backend {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-test-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            return try await body(.sqlite(path: directory.appendingPathComponent("herald.sqlite").path))
        case .postgres:
            return try await ScratchDatabase.with(server: try postgresServer(), prefix: "herald_test", logger: logger) { settings in
                try await body(.postgres(settings))
            }
        }
    }

    /// Opens a store on a fresh database, with its services running and its
    /// schema migrated.
    public static func withStore<T: Sendable>(_ backend: Backend, _ body: @Sendable (any HeraldStore) async throws -> T) async throws -> T {
        try await withFreshDatabase(backend) { location in
            try await StoreFactory.withStore(location, logger: logger, body)
        }
    }

    /// A store on a fresh database that fails the operations a test plans.
    public static func withFaultyStore<T: Sendable>(_ backend: Backend, _ body: @Sendable (FaultyStore) async throws -> T) async throws -> T {
        try await withStore(backend) { store in try await body(FaultyStore(store)) }
    }

    /// A fresh store opened (not yet running or migrated: the application
    /// does that) and closed after `body`, which also gets the database's
    /// location. With `faults`, the store fails the operations they plan.
    public static func withOpenedStore<T: Sendable>(
        _ backend: Backend, faults: StoreFaults? = nil, _ body: @Sendable (OpenedStore, DatabaseLocation) async throws -> T
    ) async throws -> T {
        try await withFreshDatabase(backend) { location in
            let opened = try await StoreFactory.open(location, logger: logger)
            do {
                let result = try await body(faults.map { opened.failing($0) } ?? opened, location)
                try await opened.close()
                return result
            } catch {
                // Closed on failure too: SQLiteNIO asserts on a connection
                // dropped open, which would crash the whole test run.
                try? await opened.close()
                throw error
            }
        }
    }

    /// The server from HERALD_TEST_POSTGRES_URL. Missing is a failure, not a
    /// skip: the test command always provides it.
    public static func postgresServer() throws -> DatabaseLocation.PostgresSettings {
        guard let url = ProcessInfo.processInfo.environment["HERALD_TEST_POSTGRES_URL"] else {
            throw TestSetupError("HERALD_TEST_POSTGRES_URL is not set: run the tests with scripts/test, which starts PostgreSQL")
        }
        guard case .postgres(let settings) = try DatabaseLocation(url: url) else {
            throw TestSetupError("HERALD_TEST_POSTGRES_URL is not a postgres:// URL")
        }
        return settings
    }
}

public struct TestSetupError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension OpenedStore {
    /// The same database, its store wrapped in a `FaultyStore`.
    func failing(_ faults: StoreFaults) -> OpenedStore {
        OpenedStore(
            store: FaultyStore(store, faults: faults), services: services, migrate: migrate, close: close, expectedMigrations: expectedMigrations
        )
    }
}
