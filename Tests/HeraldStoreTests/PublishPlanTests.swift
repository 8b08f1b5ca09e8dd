import Foundation
import HeraldCore
@testable import HeraldStore
import HeraldTestSupport
import PostgresNIO
import Testing

/// The publish statement as PostgreSQL plans it beside a large service: a
/// notification to a small service reads that service's subscriptions by
/// the index, never the large one's. (Its inbox signal's check once read
/// every subscription of a 10^6 fan-out's service to find the one of a
/// critical alarm's: 374 ms for one subscriber.)
@Suite("Publish plan")
struct PublishPlanTests {
    @Test func aPublishToASmallServiceReadsNoOtherServicesSubscriptions() async throws {
        try await TestDatabase.withFreshDatabase(.postgres) { location in
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                let large = try await store.createService(ServiceDraft(category: "everyone", color: "000000", owner: "o"))
                let small = try await store.createService(ServiceDraft(category: "alarm", color: "000000", owner: "o"))
                // The large service's subscribers first, the small one's last,
                // as a site that adds on-call services to a big install. With
                // three services the planner scanned the table for the one
                // subscriber from about 400,000 subscriptions (200,000: not yet).
                _ = try await QueueCompactionTests.lines(
                    """
                    WITH made AS (
                        INSERT INTO users (username, login_expires_at) SELECT 'many-' || i, now() + interval '1 day' FROM generate_series(1, 400000) AS i
                        RETURNING id
                    )
                    INSERT INTO subscriptions (service_id, user_id) SELECT '\(large.id.uuidString)', id FROM made
                    """,
                    in: location
                )
                let other = try await store.createService(ServiceDraft(category: "another alarm", color: "000000", owner: "o"))
                let oncall = try await store.createUser(username: "oncall", passwordHash: nil, isAdmin: false)
                try await store.setSubscriptions(userID: oncall.id, [small.id: true, other.id: true])
                _ = try await QueueCompactionTests.lines("ANALYZE", in: location)

                let request = PublishRequest(NotificationDraft(title: "pump down", severity: .critical), serviceID: small.id, at: Date())
                let statement = PostgresStore.publishStatement([request])
                let plan = try await Self.plan(of: statement, in: location)
                #expect(!plan.contains("Seq Scan on subscriptions"), "\(plan)")
                #expect(plan.contains("subscriptions_pkey"), "\(plan)")
                // And the statement still does its work.
                let published = try await store.publish([request])
                #expect(published.notifications.count == 1 && published.queuedDeliveries == false, "the on-call person has no phone yet")
                #expect(try await store.unreadCount(userID: oncall.id) == 1)
            }
        }
    }

    /// `EXPLAIN` of a statement with its values, as a connection of the
    /// store's would run it (a custom plan, the values known).
    static func plan(of statement: PostgresQuery, in location: DatabaseLocation) async throws -> String {
        let explain = PostgresQuery(unsafeSQL: "EXPLAIN " + statement.sql, binds: statement.binds)
        return try await QueueCompactionTests.lines(explain, in: location).joined(separator: "\n")
    }
}
