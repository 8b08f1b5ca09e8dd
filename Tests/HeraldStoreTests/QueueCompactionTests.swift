import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Logging
import PostgresNIO
import Testing

/// After a large drain the PostgreSQL queue is empty but its pages still
/// hold the dead rows; compacting it gives them back, so later claims
/// read what is queued, not what was.
@Suite("Delivery queue compaction")
struct QueueCompactionTests {
    @Test func compactingADrainedQueueGivesItsPagesBack() async throws {
        try await TestDatabase.withFreshDatabase(.postgres) { location in
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                let service = try await store.createService(ServiceDraft(category: "c", color: "000000", owner: "o"))
                let now = Timestamp.now()
                for index in 0..<300 {
                    let user = try await store.createUser(username: "user\(index)", passwordHash: nil, isAdmin: false)
                    try await store.setSubscriptions(userID: user.id, [service.id: true])
                    _ = try await store.registerDevice(userID: user.id, token: "fcm-\(index)", platform: .fcm, at: now)
                }
                _ = try #require(try await store.publish(NotificationDraft(title: "n"), serviceID: service.id, at: now))
                let claimed = try await store.claimDeliveries(limit: 300, now: now, leaseUntil: now.addingTimeInterval(5))
                try await store.recordDeliveries(claimed.map { DeliveryResult(delivery: $0, outcome: .sent) }, at: now)
                #expect(try await store.queueDepth() == 0)
                #expect(try await Self.pages(location) > 0, "the drained queue still holds its dead rows' pages")
                try await store.compactQueue()
                #expect(try await Self.pages(location) == 0)
            }
        }
    }

    /// The queue table's size in pages, read as an operator would.
    static func pages(_ location: DatabaseLocation) async throws -> Int64 {
        guard case .postgres(let settings) = location else { throw StoreError.invalidInput("PostgreSQL only") }
        let connection = try await PostgresConnection.connect(
            configuration: .init(host: settings.host, port: settings.port, username: settings.username, password: settings.password, database: settings.database, tls: .disable),
            id: 9, logger: TestDatabase.logger
        )
        do {
            let rows = try await connection.query("SELECT pg_relation_size('deliveries') / current_setting('block_size')::int8", logger: TestDatabase.logger)
            var pages: Int64 = -1
            for try await value in rows.decode(Int64.self) { pages = value }
            try await connection.close()
            return pages
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
