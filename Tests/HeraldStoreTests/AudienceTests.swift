import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import PostgresNIO
import Testing

/// Who a change to a stored notification reaches is an `Audience` decided
/// in Swift; each backend's one translator only evaluates the set it names
/// (issue 40). Driven through an update, which applies whatever audience it
/// is handed, so each kind is checked on every backend alike.
@Suite("Audiences, on every backend")
struct AudienceTests {
    @Test(arguments: Backend.allCases)
    func eachAudienceLinksAndPushesExactlyThePeopleItNames(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops"))
            var tokens: [String: String] = [:]
            /// A person with one device (named by its token), subscribed or not, with a filter or none.
            func person(_ name: String, _ number: Int, subscribed: Bool, filter: String? = nil) async throws -> User {
                let user = try await store.createUser(username: name, passwordHash: "-", isAdmin: false)
                let token = DeliveryHarness.apnsToken(number)
                tokens[token] = name
                _ = try await store.registerDevice(userID: user.id, token: token, platform: .apns, at: Date())
                if let filter { #expect(try await store.setFilter(userID: user.id, serviceID: service.id, SubscriptionFilter(includeKeywords: [filter]))) }
                if subscribed { try await store.setSubscriptions(userID: user.id, [service.id: true]) }
                return user
            }
            let holder = try await person("holder", 1, subscribed: true)
            let matcher = try await person("matcher", 2, subscribed: true, filter: "pump")
            let lapsed = try await person("lapsed", 3, subscribed: false, filter: "pump")
            let other = try await person("other", 4, subscribed: true, filter: "valve")
            let gone = try await person("gone", 5, subscribed: true)
            #expect(try await store.deleteUser(id: gone.id))
            let filters = try await store.filters(serviceIDs: [service.id], after: 0)
            let pump = try #require(filters.first { $0.filter == SubscriptionFilter(includeKeywords: ["pump"]) }?.id)
            let valve = try #require(filters.first { $0.filter == SubscriptionFilter(includeKeywords: ["valve"]) }?.id)

            var clock = Timestamp.now()
            let draft = NotificationDraft(title: "Compressor", severity: .major)
            let refused = FilterVerdicts(rejected: [pump, valve])
            let posted = try #require(try await store.publish([PublishRequest(draft, serviceID: service.id, at: clock, filters: refused)]).notifications.first ?? nil)
            /// Who holds it now, and whose devices were pushed since the last look.
            func reached() async throws -> (holders: Set<UserID>, pushed: [String]) {
                clock = clock.addingTimeInterval(1)
                let claimed = try await store.claimDeliveries(limit: 100, now: clock, leaseUntil: clock.addingTimeInterval(3_600))
                let holders = try await store.inboxItems(notificationID: posted.id, userIDs: [holder.id, matcher.id, lapsed.id, other.id])
                return (Set(holders.keys), claimed.compactMap { $0.token.flatMap { tokens[$0] } }.sorted())
            }
            /// The update applying `audience`; whether pushes were queued.
            func update(reaching audience: Audience) async throws -> Bool {
                try #require(try await store.updateNotification(id: posted.id, with: draft, reaching: audience, at: clock)).queued
            }
            var now = try await reached()
            #expect(now.holders == [holder.id] && now.pushed == ["holder"], "the post: subscribers less the refusing filters' holders")

            #expect(try await update(reaching: .newlyMatching(filters: [pump])))
            now = try await reached()
            #expect(now.holders == [holder.id, matcher.id], "a subscriber holding the filter is given it")
            #expect(now.pushed == ["matcher"], "the holder is left alone; who holds the filter unsubscribed is not reached")

            #expect(try await update(reaching: .newlyMatching(filters: [pump])) == false, "nobody is new the second time")
            #expect(try await reached().pushed.isEmpty)

            #expect(try await update(reaching: .holders))
            now = try await reached()
            #expect(now.pushed == ["holder", "matcher"] && now.holders == [holder.id, matcher.id], "its holders, pushed again, nobody linked")

            #expect(try await update(reaching: .called([holder.id, other.id, gone.id], pushHolders: false)))
            now = try await reached()
            #expect(now.holders == [holder.id, matcher.id, other.id], "a callee is given it; a deleted account's id names nobody")
            #expect(now.pushed == ["other"], "a first step leaves those who hold it be")

            #expect(try await update(reaching: .called([holder.id, gone.id], pushHolders: true)))
            #expect(try await reached().pushed == ["holder"], "a later step pushes callees who hold it")

            #expect(try await update(reaching: .called([gone.id], pushHolders: true)) == false, "nobody to call, nothing queued")
            #expect(try await update(reaching: .newlyMatching(filters: [])) == false)
            #expect(try await reached() == ([holder.id, matcher.id, other.id], []))
        }
    }

    /// Two updates of one notification at once on PostgreSQL (READ
    /// COMMITTED): both read their audience before either linked anyone,
    /// so the second finds the newly matching subscriber already linked by
    /// the first. It pushes only whom it linked itself: one push, not two.
    /// The updates come from two replicas (one process's pool would run
    /// them one after the other), both held on the notification's row
    /// lock until each is seen waiting, so they overlap every run.
    @Test func concurrentUpdatesPushANewlyMatchingSubscriberOnce() async throws {
        try await TestDatabase.withFreshDatabase(.postgres) { location in
            guard case .postgres(let settings) = location else { return }
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                try await StoreFactory.withStore(location, logger: TestDatabase.logger) { replica in
                    let service = try await store.createService(ServiceDraft(category: "RF", color: "00ff00", owner: "ops"))
                    let user = try await store.createUser(username: "expert", passwordHash: "-", isAdmin: false)
                    _ = try await store.registerDevice(userID: user.id, token: DeliveryHarness.apnsToken(7), platform: .apns, at: Date())
                    #expect(try await store.setFilter(userID: user.id, serviceID: service.id, SubscriptionFilter(includeKeywords: ["klystron"])))
                    try await store.setSubscriptions(userID: user.id, [service.id: true])
                    let filter = try #require(try await store.filters(serviceIDs: [service.id], after: 0).first?.id)
                    let now = Timestamp.now()
                    let draft = NotificationDraft(title: "RF trip", severity: .major, key: "rf")
                    let posted = try #require(
                        try await store.publish([PublishRequest(draft, serviceID: service.id, at: now, filters: FilterVerdicts(rejected: [filter]))]).notifications.first ?? nil
                    )
                    #expect(try await store.claimDeliveries(limit: 10, now: now.addingTimeInterval(1), leaseUntil: now.addingTimeInterval(3_600)).isEmpty)

                    let lock = try await PostgresConnection.connect(
                        configuration: .init(
                            host: settings.host, port: settings.port, username: settings.username, password: settings.password, database: settings.database, tls: .disable
                        ),
                        id: 11, logger: TestDatabase.logger
                    )
                    do {
                        _ = try await lock.query("BEGIN", logger: TestDatabase.logger).collect()
                        _ = try await lock.query("SELECT 1 FROM notifications WHERE id = \(posted.id) FOR UPDATE", logger: TestDatabase.logger).collect()
                        var raised = draft
                        raised.title = "RF trip: klystron"
                        let update = raised
                        async let first = store.updateNotification(id: posted.id, with: update, reaching: .newlyMatching(filters: [filter]), at: now.addingTimeInterval(2))
                        async let second = replica.updateNotification(id: posted.id, with: update, reaching: .newlyMatching(filters: [filter]), at: now.addingTimeInterval(2))
                        // Both statements begun (their snapshots taken) and waiting on the lock.
                        var waiting = 0
                        do {
                            for _ in 0..<600 where waiting < 2 {
                                let rows = try await lock.query(
                                    "SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
                                    logger: TestDatabase.logger
                                ).collect()
                                waiting = try rows.first?.decode(Int.self) ?? 0
                                if waiting < 2 { try await Task.sleep(for: .milliseconds(50)) }
                            }
                        } catch {
                            // The lock let go first: the updates waiting on it end, and so can this scope.
                            try? await lock.close()
                            throw error
                        }
                        #expect(waiting == 2, "both updates waiting on the row")
                        _ = try await lock.query("COMMIT", logger: TestDatabase.logger).collect()
                        let queued = [try await first?.queued, try await second?.queued]
                        #expect(queued.filter { $0 == true }.count == 1, "one of them queued the push: \(queued)")
                        try await lock.close()
                    } catch {
                        try? await lock.close()
                        throw error
                    }
                    let pushes = try await store.claimDeliveries(limit: 10, now: now.addingTimeInterval(3), leaseUntil: now.addingTimeInterval(3_600))
                    #expect(pushes.count == 1, "the newly matching subscriber's phone is pushed once")
                    #expect(try await store.inboxItems(notificationID: posted.id, userIDs: [user.id])[user.id] != nil)
                }
            }
        }
    }
}
