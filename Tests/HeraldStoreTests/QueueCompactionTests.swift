import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Logging
import PostgresNIO
import Testing

/// After a large drain the PostgreSQL queue is empty but its pages still
/// hold the dead rows; compacting it gives them back, so later claims
/// read what is queued, not what was. Claims read it in their own order.
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

    /// Claims read the queue in their own order (migration 0031): with a
    /// fan-out's 5,000 pushes due and the statistics the compaction keeps,
    /// both lanes' selections walk the claim index and sort nothing, where
    /// they read and sorted the whole due range before. The selections are
    /// the claim's (`claimDeliveries`), with the database's clock for its
    /// parameters.
    @Test func claimsReadTheQueueInClaimOrderWithoutSorting() async throws {
        try await TestDatabase.withFreshDatabase(.postgres) { location in
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                _ = try await Self.lines(
                    """
                    INSERT INTO deliveries (notification_id, device_id, user_id, platform, next_attempt_at, created_at, updated_at, priority, bulk)
                    SELECT 1, i, i, 'fcm', now() - interval '1 second', now(), now(), \(Severity.info.rank), true FROM generate_series(1, 5000) AS i
                    """,
                    in: location
                )
                try await store.compactQueue()
                for lane in ["", "AND priority >= \(DeliveryPriority.urgent)"] {
                    let plan = try await Self.lines(
                        """
                        EXPLAIN SELECT id FROM deliveries
                        WHERE state IN ('pending', 'retrying') AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until <= now()) \(lane)
                        ORDER BY priority DESC, bulk, next_attempt_at LIMIT 500
                        FOR UPDATE SKIP LOCKED
                        """,
                        in: location
                    ).joined(separator: "\n")
                    #expect(plan.contains("deliveries_claim_idx") && !plan.contains("Sort"), "lane [\(lane)]:\n\(plan)")
                }
            }
        }
    }

    /// The queue table's size in pages, read as an operator would.
    static func pages(_ location: DatabaseLocation) async throws -> Int64 {
        let answer = try await lines("SELECT (pg_relation_size('deliveries') / current_setting('block_size')::int8)::text", in: location)
        return try #require(answer.first.flatMap { Int64($0) })
    }

    /// Runs one statement on its own connection; its rows' first column as text.
    static func lines(_ sql: String, in location: DatabaseLocation) async throws -> [String] {
        try await PostgresTestSession.run(in: location, [PostgresQuery(unsafeSQL: sql)])
    }
}
