import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Testing

/// A stored value Herald cannot read is refused with the table, the column
/// and the row (`StoredValue`), never read as nil or a default; where one
/// row is read among many for work (an escalation claim), it is left out
/// and the others go on.
@Suite("Unreadable stored values")
struct UnreadableRowTests {
    @Test(arguments: Backend.allCases)
    func anUnreadableValueNamesItsTableColumnAndRow(_ backend: Backend) async throws {
        try await TestDatabase.withFreshDatabase(backend) { location in
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                let service = try await store.createService(ServiceDraft(category: "Cryo", color: "000000", owner: "o"))
                let policy = EscalationPolicy(steps: [.init(targets: [.subscribers], waitSeconds: 60)], minimumSeverity: .major)
                #expect(try await store.setEscalationPolicy(serviceID: service.id, policy, at: Date()))
                let alarm = try #require(try await store.publish(
                    NotificationDraft(title: "Pump", severity: .critical, key: "k1", alarm: .firing), serviceID: service.id, at: Date()
                ))
                let other = try #require(try await store.publish(
                    NotificationDraft(title: "Valve", severity: .critical, key: "k2", alarm: .firing), serviceID: service.id, at: Date()
                ))

                try await StoreEdgeTests.execute("UPDATE notifications SET severity = 'loud' WHERE id = \(alarm.id)", on: location)
                do {
                    _ = try await store.notification(id: alarm.id)
                    Issue.record("an unreadable severity was read")
                } catch StoreError.unreadableRow(let why) {
                    #expect(why.contains("notifications.severity of row \(alarm.id)") && why.contains("\"loud\""), "\(why)")
                }
                try await StoreEdgeTests.execute("UPDATE notifications SET severity = 'MAJOR ', alarm = 'burning' WHERE id = \(alarm.id)", on: location)
                do {
                    _ = try await store.notification(id: alarm.id)
                    Issue.record("an unreadable alarm status was read")
                } catch StoreError.unreadableRow(let why) {
                    #expect(why.contains("notifications.alarm of row \(alarm.id)"), "a severity in other case and spaces is the one named leniency: \(why)")
                }
                // An alarm's source this version does not know, or an identity without its source.
                for broken in ["alarm = NULL, alarm_source = 'nagios', alarm_identity = 'x'", "alarm_source = NULL, alarm_identity = 'x'"] {
                    try await StoreEdgeTests.execute("UPDATE notifications SET \(broken) WHERE id = \(alarm.id)", on: location)
                    do {
                        _ = try await store.notification(id: alarm.id)
                        Issue.record("an unreadable alarm identity was read (\(broken))")
                    } catch StoreError.unreadableRow(let why) {
                        #expect(why.contains("notifications.alarm_source/alarm_identity of row \(alarm.id)"), "\(why)")
                    }
                }

                // A policy nobody can read: the escalation of one alarm is left out of a claim, the other's is claimed.
                try await StoreEdgeTests.execute("UPDATE escalations SET policy = '{not json' WHERE notification_id = \(alarm.id)", on: location)
                let later = Date().addingTimeInterval(3600)
                let claimed = try await store.claimDueEscalations(owner: "test", limit: 10, until: later, now: later)
                #expect(claimed.map(\.notificationID) == [other.id])
                await #expect(throws: StoreError.self) { try await store.escalation(notificationID: alarm.id) }
                try await StoreEdgeTests.execute("UPDATE escalation_policies SET policy = '[]'", on: location)
                do {
                    _ = try await store.escalationPolicy(serviceID: service.id)
                    Issue.record("an unreadable policy was read as none")
                } catch StoreError.unreadableRow(let why) {
                    #expect(why.contains("escalation_policies.policy of row \(service.id)"), "\(why)")
                }
            }
        }
    }

    /// Read for work, an unreadable value is read as none and logged: the
    /// push still goes out, the held notification is still published, and
    /// one bad row does not stop the claims for everyone.
    @Test(arguments: Backend.allCases)
    func aClaimReadsAnUnreadableValueAsNone(_ backend: Backend) async throws {
        try await TestDatabase.withFreshDatabase(backend) { location in
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                let service = try await store.createService(ServiceDraft(category: "Cryo", color: "000000", owner: "o"))
                let user = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
                try await store.setSubscriptions(userID: user.id, [service.id: true])
                _ = try await store.registerDevice(userID: user.id, token: DeliveryHarness.apnsToken(1), platform: .apns, at: Date())
                let posted = try #require(try await store.publish(NotificationDraft(title: "Pump", severity: .major), serviceID: service.id, at: Date()))
                let held = try #require(try await store.schedule(NotificationDraft(title: "later", severity: .minor), serviceID: service.id, deliverAt: Date(), at: Date()))
                try await StoreEdgeTests.execute("UPDATE notifications SET severity = 'loud' WHERE id = \(posted.id)", on: location)
                try await StoreEdgeTests.execute("UPDATE scheduled_notifications SET severity = 'loud' WHERE id = \(held.id)", on: location)

                let later = Date().addingTimeInterval(5)
                let claimed = try await store.claimDeliveries(limit: 10, now: later, leaseUntil: later.addingTimeInterval(60), holder: nil)
                #expect(claimed.map(\.notification.id) == [posted.id])
                #expect(claimed.first?.notification.severity == nil, "read as none for the push")
                let due = try await store.claimDueScheduled(now: later, leaseUntil: later.addingTimeInterval(60), limit: 10)
                #expect(due.map(\.id) == [held.id] && due.first?.draft.severity == nil)
                await #expect(throws: StoreError.self, "read on its own, it is refused") { try await store.notification(id: posted.id) }
            }
        }
    }

    /// A filter's keyword list and a feed's attribute names that cannot be
    /// read are refused where a person reads them; read for work (a
    /// publish's filters, a feed's claim) they are read as none, logged.
    @Test(arguments: Backend.allCases)
    func unreadableKeywordListsAreRefusedAndReadAsNoneForWork(_ backend: Backend) async throws {
        try await TestDatabase.withFreshDatabase(backend) { location in
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                let service = try await store.createService(ServiceDraft(category: "Cryo", color: "000000", owner: "o"))
                let user = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
                try await store.setSubscriptions(userID: user.id, [service.id: true])
                #expect(try await store.setFilter(userID: user.id, serviceID: service.id, SubscriptionFilter(includeKeywords: ["pump"], excludeKeywords: ["test"])))
                try await StoreEdgeTests.execute("UPDATE filters SET exclude_keywords = '{\"test\"'", on: location)
                do {
                    _ = try await store.filter(userID: user.id, serviceID: service.id)
                    Issue.record("an unreadable keyword list was read")
                } catch StoreError.unreadableRow(let why) {
                    #expect(why.contains("filters.exclude_keywords of row"), "\(why)")
                }
                let forWork = try await store.filters(serviceIDs: [service.id], after: 0)
                #expect(forWork.map(\.filter) == [SubscriptionFilter(includeKeywords: ["pump"], excludeKeywords: [])])

                let feed = try #require(try await store.createFeed(FeedDraft(url: "https://example.org/feed", intervalSeconds: 60, attributeNames: ["site"]), serviceID: service.id, at: Date()))
                #expect(feed.draft.attributeNames == ["site"])
                try await StoreEdgeTests.execute("UPDATE feeds SET attribute_names = 'site'", on: location)
                await #expect(throws: StoreError.self, "listed, it is refused") { try await store.feeds(serviceID: service.id) }
                let later = Date().addingTimeInterval(3600)
                let claimed = try await store.claimDueFeeds(now: later, leaseUntil: later.addingTimeInterval(60), limit: 10)
                #expect(claimed.map(\.id) == [feed.id] && claimed.first?.draft.attributeNames == [])
            }
        }
    }
}
