import Foundation
import HeraldCore
import Logging
import NIOPosix
import SQLiteNIO

/// Herald's one SQLite connection, in WAL mode with a busy timeout so that the
/// CLI can work on the file while a server runs. All work goes through
/// `read` or `transaction`, which hold the connection for their whole body.
///
/// The connection's calls into libsqlite3 run on a thread of its own, not on
/// NIO's shared blocking pool (as many threads as cores): a statement waiting
/// on the busy timeout for another connection's write lock blocks its thread
/// for up to 10 s, and on the shared pool two such waits took every thread,
/// so the connection holding the lock could not finish and every SQLite
/// store in the process stood still (a test run's live SQLite tests timed
/// out together).
final class SQLiteDatabaseHandle: Sendable {
    private let connection: SQLiteConnection
    private let threads: NIOThreadPool
    private let lock = AsyncLock()

    static func open(path: String, logger: Logger) async throws -> SQLiteDatabaseHandle {
        let threads = NIOThreadPool(numberOfThreads: 1)
        threads.start()
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(
                storage: .file(path: path), threadPool: threads, logger: logger, on: MultiThreadedEventLoopGroup.singleton.any()
            )
        } catch {
            try? await threads.shutdownGracefully()
            throw error
        }
        let handle = SQLiteDatabaseHandle(connection: connection, threads: threads)
        do {
            // The busy timeout first: switching a new file to WAL takes its
            // lock, and a second connection opening it at the same moment
            // would otherwise fail at once. journal_mode answers with a row;
            // the others are plain settings.
            _ = try await connection.query("PRAGMA busy_timeout = 10000", [])
            _ = try await connection.query("PRAGMA journal_mode = WAL", [])
            _ = try await connection.query("PRAGMA foreign_keys = ON", [])
            _ = try await connection.query("PRAGMA synchronous = NORMAL", [])
            try await connection.install(customFunction: Self.sha256).get()
        } catch {
            // Closed before it goes (SQLiteNIO asserts that), with its thread.
            try? await handle.close()
            throw error
        }
        return handle
    }

    /// `herald_sha256(text)`: the SHA-256 of a text's UTF-8 as lower-case
    /// hex, as Herald hashes secrets (`FeedSecret.hash`): migration 0032
    /// hashes the calendar secrets stored in clear before it (PostgreSQL's
    /// own sha256 does it there).
    static let sha256 = SQLiteCustomFunction("herald_sha256", argumentCount: 1, pure: true) { arguments in
        guard case .text(let text) = arguments.first else { return nil }
        return FeedSecret.hash(text)
    }

    private init(connection: SQLiteConnection, threads: NIOThreadPool) {
        self.connection = connection
        self.threads = threads
    }

    /// Closes the connection, then its thread; a close that fails keeps the
    /// thread, so that it can be tried again (the connection must be
    /// closed before it goes).
    ///
    /// Not cancellable: the close runs in a task of its own. In a cancelled
    /// task (a sibling `async let` threw) the thread pool refused the work
    /// with CancellationError, the file stayed open, and SQLiteNIO's
    /// deinit assertion stopped the process (a test-under-load run).
    func close() async throws {
        let connection = connection
        try await Task { try await connection.close() }.value
        try? await threads.shutdownGracefully()
    }

    /// Runs statements outside an explicit transaction (each is atomic alone).
    func read<T: Sendable>(_ body: (SQLiteExecutor) async throws -> T) async throws -> T {
        do {
            return try await lock.withLock { try await body(SQLiteExecutor(connection: connection)) }
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Runs the body in `BEGIN IMMEDIATE ... COMMIT`, rolling back on error.
    /// IMMEDIATE takes the write lock up front, so a second process waits on
    /// the busy timeout at BEGIN instead of failing half way through.
    func transaction<T: Sendable>(_ body: (SQLiteExecutor) async throws -> T) async throws -> T {
        do {
            return try await inTransaction(body)
        } catch {
            throw Self.storeError(error)
        }
    }

    private func inTransaction<T: Sendable>(_ body: (SQLiteExecutor) async throws -> T) async throws -> T {
        try await lock.withLock {
            let executor = SQLiteExecutor(connection: connection)
            try await executor.execute("BEGIN IMMEDIATE")
            do {
                let result = try await body(executor)
                try await executor.execute("COMMIT")
                return result
            } catch {
                try? await executor.execute("ROLLBACK")
                throw error
            }
        }
    }
}

extension SQLiteDatabaseHandle {
    /// SQLite's errors that mean the input was bad (a value too large, a
    /// wrong type, a number out of range) become `StoreError.invalidInput`,
    /// answered with a 4xx at the edge.
    static func storeError(_ error: any Error) -> any Error {
        guard let error = error as? SQLiteError else { return error }
        switch error.reason {
        case .tooBig, .mismatch, .range: return StoreError.invalidInput(error.message)
        // A unique value (a notification key) already stored by a concurrent write.
        case .constraintUniqueFailed: return StoreError.conflict(error.message)
        // The disk is full, the file became read-only or unreadable, or another
        // process holds it: nothing was written, and it may pass.
        case .full, .readOnly, .ioError, .cantOpen, .busy, .locked, .busyTimeout, .readonlyDirectory, .readonlyCantLock, .permission:
            return StoreError.unavailable("SQLite: \(error.message)")
        default: return error
        }
    }
}

/// Runs queries on a connection the caller already holds.
struct SQLiteExecutor: Sendable {
    let connection: SQLiteConnection

    func rows(_ query: SQLiteQuery) async throws -> [SQLiteRow] {
        try await connection.query(query.sql, query.binds)
    }

    func first(_ query: SQLiteQuery) async throws -> SQLiteRow? {
        try await rows(query).first
    }

    func execute(_ query: SQLiteQuery) async throws {
        _ = try await connection.query(query.sql, query.binds)
    }

    /// Rows changed by the last INSERT/UPDATE/DELETE on this connection.
    func changes() async throws -> Int {
        try await first("SELECT changes() AS n")?.column("n")?.integer ?? 0
    }
}
