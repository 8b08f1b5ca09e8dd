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
                let other = try await store.createService(ServiceDraft(category: "another alarm", color: "000000", owner: "o"))
                let oncall = try await store.createUser(username: "oncall", passwordHash: nil, isAdmin: false)
                try await store.setSubscriptions(userID: oncall.id, [small.id: true, other.id: true])
                let request = PublishRequest(NotificationDraft(title: "pump down", severity: .critical), serviceID: small.id, at: Date())
                let statement = PostgresStore.publishStatement([request])
                // The large service's subscribers first, the small ones' last,
                // as a site that adds on-call services to a big install. With
                // three services the planner scanned the table for the one
                // subscriber from about 400,000 subscriptions (200,000: not
                // yet). They go in a temporary copy of the table that the
                // session's statements read instead: no WAL and no flush, so
                // 400,000 rows do not stall the other tests' disk writes (as
                // rows of the real table, with their users, they did).
                let plan = try await PostgresTestSession.run(
                    in: location,
                    [
                        PostgresQuery(unsafeSQL: "CREATE TEMPORARY TABLE subscriptions (LIKE public.subscriptions INCLUDING ALL)"),
                        PostgresQuery(
                            unsafeSQL: """
                                INSERT INTO pg_temp.subscriptions (service_id, user_id)
                                SELECT '\(large.id.uuidString)', i FROM generate_series(1, 400000) AS i
                                UNION ALL SELECT service_id, user_id FROM public.subscriptions
                                """
                        ),
                        PostgresQuery(unsafeSQL: "ANALYZE pg_temp.subscriptions"),
                        PostgresQuery(unsafeSQL: "SET search_path = pg_temp, public"),
                        PostgresQuery(unsafeSQL: "EXPLAIN " + statement.sql, binds: statement.binds),
                    ]
                ).joined(separator: "\n")
                #expect(plan.contains("on subscriptions"), "the plan reads the copy: \(plan)")
                #expect(!plan.contains("Seq Scan on subscriptions"), "\(plan)")
                // And the statement still does its work (on the real table).
                let published = try await store.publish([request])
                #expect(published.notifications.count == 1 && published.queuedDeliveries == false, "the on-call person has no phone yet")
                #expect(try await store.unreadCount(userID: oncall.id) == 1)
            }
        }
    }
}
