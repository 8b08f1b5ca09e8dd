import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// The alarm a notification stands for is kept whole in its own columns
/// (`alarm_source`, `alarm_identity`), on every backend and every way a
/// notification is written and read: a report's publish and re-publish, a
/// keyed update, an inbox page and a claimed push. Its key, an index entry,
/// may be a hash.
@Suite("Alarm identity")
struct AlarmIdentityTests {
    /// Past the 256 bytes a key keeps.
    static let path = "/Acc/Vac/" + String(repeating: "Sector-4-Cryomodule-7-", count: 14) + "PV1"

    static func report(
        _ severity: Severity, at start: String, to serviceID: UUID, in store: any HeraldStore, now: Date
    ) async throws -> NotificationRecord? {
        let alert = AlertObservation(fingerprint: NotificationRules.storableIdentity("kafka:" + path), status: .firing, startsAt: start)
        let records = try await AlertDecision.publish([alert], to: serviceID, in: store, renotifyAfter: nil, at: now) { alerts in
            alerts.map { _ in
                var draft = NotificationDraft(title: "[\(severity.rawValue.uppercased())] Vacuum gauge 1", severity: severity, alarm: .firing)
                draft.standsFor(.phoebus(path))
                return NotificationRules.fitted(draft).draft
            }
        }
        return records?.first
    }

    @Test(arguments: Backend.allCases)
    func anAlarmsIdentityIsKeptWholeWhereItsKeyIsAHash(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Vacuum", color: "2456d6", owner: "ops"))
            let user = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: user.id, [service.id: true])
            _ = try await store.registerDevice(userID: user.id, token: DeliveryHarness.apnsToken(1), platform: .apns, at: Date())
            let t0 = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))

            let minor = try #require(try await Self.report(.minor, at: "1", to: service.id, in: store, now: t0))
            #expect(minor.alarmIdentity == .phoebus(Self.path))
            #expect(minor.key?.hasPrefix("sha256:") == true, "the key is the hash of `alarm:<path>`")
            #expect(try await store.notification(id: minor.id)?.alarmIdentity == .phoebus(Self.path))

            let raised = try #require(try await Self.report(.major, at: "2", to: service.id, in: store, now: t0.addingTimeInterval(10)))
            #expect(raised.id == minor.id && raised.severity == .major && raised.alarmIdentity == .phoebus(Self.path))

            // A keyed update that says nothing of the alarm leaves it as it is.
            let updated = try #require(try await store.updateNotification(
                id: minor.id, with: NotificationDraft(title: "Vacuum gauge 1, by hand", severity: .major, key: minor.key, alarm: .firing),
                reaching: .newlyMatching(filters: []), at: t0.addingTimeInterval(20)
            ))
            #expect(updated.notification.alarmIdentity == .phoebus(Self.path))

            let inbox = try await store.inbox(userID: user.id, limit: 10, order: .descending)
            #expect(inbox.map(\.notification.alarmIdentity) == [.phoebus(Self.path)])
            let later = t0.addingTimeInterval(60)
            let claimed = try await store.claimDeliveries(limit: 10, now: later, leaseUntil: later.addingTimeInterval(60), holder: nil)
            #expect(!claimed.isEmpty && claimed.allSatisfy { $0.notification.alarmIdentity == .phoebus(Self.path) })

            // A plain post stands for no alarm.
            let plain = try #require(try await store.publish(NotificationDraft(title: "Coffee", key: "coffee"), serviceID: service.id, at: t0))
            let readBack = try await store.notification(id: plain.id)
            #expect(plain.alarmIdentity == nil && readBack != nil && readBack?.alarmIdentity == nil)
        }
    }
}
