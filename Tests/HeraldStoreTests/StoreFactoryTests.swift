import Foundation
import HeraldCore
@testable import HeraldStore
import HeraldTestSupport
import Logging
import PostgresNIO
import Testing

@Suite("Opening a store")
struct StoreFactoryTests {
    @Test func anUnreachablePostgreSQLFailsAtOnceWithTheReason() async throws {
        // A port held bound and never listened on: refused every time.
        let (error, started) = try await withRefusingLoopbackPort { port in
            let location = DatabaseLocation.postgres(.init(host: "127.0.0.1", port: port, username: "herald", password: nil, database: "herald", tls: .disable))
            let started = ContinuousClock.now
            let error = await #expect(throws: DatabaseUnavailable.self) {
                try await StoreFactory.withStore(location, logger: Logger(label: "test")) { _ in }
            }
            return (error, started)
        }
        // A refused connection fails in milliseconds on a quiet machine (17 s
        // seen beside two busy loops): printed, not bounded. Waiting on the
        // pool's retries would never end (the run's hang guard); the reason
        // below tells the probe's failure apart.
        print("StoreFactoryTests: a refused PostgreSQL failed the open after \(ContinuousClock.now - started)")
        #expect(error?.description.contains("127.0.0.1") == true && error?.description.contains("refused") == true)
    }

    /// Every session, pooled or direct (a LISTEN), carries the process's
    /// name in pg_stat_activity, so an operator can tell replicas apart.
    /// A store used by a task that is cancelled (a sibling `async let`
    /// threw) is still closed: before, the close was refused with
    /// CancellationError, the SQLite file stayed open, and SQLiteNIO's
    /// deinit assertion stopped the whole test process. The file is then
    /// opened again, as a new process would.
    @Test func aStoreClosedByACancelledTaskIsClosed() async throws {
        struct Stop: Error {}
        try await TestDatabase.withFreshDatabase(.sqlite) { location in
            let attempt = Task {
                try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                    _ = try await store.services()
                    withUnsafeCurrentTask { $0?.cancel() }
                    throw Stop()
                }
            }
            await #expect(throws: Stop.self) { try await attempt.value }
            let count = try await StoreFactory.withStore(location, logger: TestDatabase.logger) { try await $0.services().count }
            #expect(count == 0)
        }
    }

    @Test func sessionsAreNamedAfterTheProcess() async throws {
        try await TestDatabase.withStore(.postgres) { store in
            let postgres = try #require(store as? PostgresStore)
            let expected = "herald (pid \(ProcessInfo.processInfo.processIdentifier))"
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await store.listenForInboxSignals { _ in } }
                let names = try await eventually("a LISTEN session beside the pooled one") { () -> [String]? in
                    let names = try await postgres.rows(
                        "SELECT application_name FROM pg_stat_activity WHERE datname = current_database() AND (pid = pg_backend_pid() OR query ILIKE 'LISTEN %')",
                        as: String.self
                    )
                    return names.count >= 2 ? names : nil
                }
                #expect(names.allSatisfy { $0 == expected }, "\(names)")
                group.cancelAll()
            }
        }
    }

    /// Every pooled session has JIT compilation off, whichever connection a
    /// statement gets and also after the server ended one: Herald's
    /// statements are short, and compiling them cost more than it saved.
    @Test func pooledSessionsCompileNothing() async throws {
        try await TestDatabase.withStore(.postgres) { store in
            let postgres = try #require(store as? PostgresStore)
            #expect(try await postgres.rows("SELECT current_setting('jit')", as: String.self) == ["off"])
            // Several at once, so that the pool opens more connections.
            let settings = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<8 { group.addTask { try await postgres.rows("SELECT current_setting('jit') FROM pg_sleep(0.05)", as: String.self) } }
                return try await group.reduce(into: [String]()) { $0 += $1 }
            }
            #expect(settings == Array(repeating: "off", count: 8))
            _ = try? await postgres.rows("SELECT pg_terminate_backend(pg_backend_pid())", as: Bool.self)
            let after = try await eventually("a statement on a fresh session") { try? await postgres.rows("SELECT current_setting('jit')", as: String.self) }
            #expect(after == ["off"])
        }
    }
}

/// A PostgreSQL session that ends in the middle of a transaction (the
/// database restarting, an administrator ending it).
@Suite("Sessions ended under a running store")
struct LostConnectionTests {
    /// The transaction fails as "unavailable" (a 503 at the edge) instead of
    /// waiting forever for an answer to its ROLLBACK, and the store goes on
    /// with a new connection. (With postgres-nio's own `withTransaction`
    /// this test never ends: scripts/test's time limit fails the run.)
    @Test func aTransactionWhoseSessionEndsFailsAndTheStoreGoesOn() async throws {
        try await TestDatabase.withStore(.postgres) { store in
            let postgres = try #require(store as? PostgresStore)
            let started = ContinuousClock.now
            do {
                try await postgres.transaction { connection in
                    do {
                        _ = try await connection.query("SELECT pg_terminate_backend(pg_backend_pid())", logger: TestDatabase.logger).collect()
                    } catch {
                        // Fail only once the connection is wholly torn down,
                        // as when the database went away a while before the
                        // answer was read: a ROLLBACK written now is never answered.
                        try await eventually("the terminated connection to close", timeout: .seconds(30)) { connection.isClosed ? true : nil }
                        try await Task.sleep(for: .milliseconds(200))
                        throw error
                    }
                }
                Issue.record("the transaction went on after its session ended")
            } catch StoreError.unavailable(let reason) {
                #expect(!reason.isEmpty)
            }
            print("StoreFactoryTests: a transaction whose session ended failed after \(ContinuousClock.now - started)")
            // The next query gets a connection that is open.
            let service = try await eventually("the store answers again", timeout: .seconds(120)) {
                try? await store.createService(ServiceDraft(category: "After the lost session", color: "00ff00", owner: "ops"))
            }
            #expect(try await store.service(id: service.id)?.category == "After the lost session")
        }
    }
}

extension LostConnectionTests {
    /// Sessions ended by an administrator (or an idle timeout on the server
    /// or a proxy) while the database stays up: the pool's watch makes a new
    /// connection at once and does not take the database as away, so
    /// requests are not refused with 503.
    @Test func sessionsEndedWhileTheDatabaseStaysUpAreNotAnOutage() async throws {
        try await TestDatabase.withStore(.postgres) { store in
            let postgres = try #require(store as? PostgresStore)
            _ = try await store.createService(ServiceDraft(category: "Before", color: "00ff00", owner: "ops"))
            let first = try await eventually("the pool's watching connection", timeout: .seconds(120)) { postgres.pool.watchState.watcher }
            try await postgres.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
            let second = try await eventually("a new watching connection", timeout: .seconds(120)) { () -> PostgresConnection? in
                guard let watcher = postgres.pool.watchState.watcher, watcher !== first, !watcher.isClosed else { return nil }
                return watcher
            }
            #expect(!second.isClosed)
            #expect(postgres.pool.watchState.timesDown == 0, "taken as away though it never was")
            #expect(postgres.pool.unavailable == nil)
            // Pooled connections that were ended fail once at most; then the store answers.
            _ = try await eventually("the store answers", timeout: .seconds(120)) {
                try? await store.createService(ServiceDraft(category: "After", color: "00ff00", owner: "ops"))
            }
        }
    }
}
