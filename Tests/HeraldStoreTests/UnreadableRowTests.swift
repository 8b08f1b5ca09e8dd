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
                    #expect(why.contains("notifications.severity of row \(alarm.id)") && why.contains("'loud'"), "\(why)")
                }
                try await StoreEdgeTests.execute("UPDATE notifications SET severity = 'MAJOR ', alarm = 'burning' WHERE id = \(alarm.id)", on: location)
                do {
                    _ = try await store.notification(id: alarm.id)
                    Issue.record("an unreadable alarm status was read")
                } catch StoreError.unreadableRow(let why) {
                    #expect(why.contains("notifications.alarm of row \(alarm.id)"), "a severity in other case and spaces is the one named leniency: \(why)")
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
}
