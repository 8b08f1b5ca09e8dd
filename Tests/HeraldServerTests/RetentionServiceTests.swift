import Foundation
import HeraldCore
import HeraldTestSupport
import Logging
import Prometheus
import ServiceLifecycle
import Testing

@testable import HeraldServer

/// `serve` and `worker` prune on their own: a pass deletes old
/// notifications (with inbox rows and deliveries), old finished deliveries
/// and old resolved alerts, keeps everything younger, and says so in
/// `/metrics`.
@Suite("Retention in the server")
struct RetentionServiceTests {
    @Test(arguments: Backend.allCases)
    func aPassPrunesWhatIsOldAndCountsIt(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "c", color: "000000", owner: "o"))
            let ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: ann.id, [service.id: true])
            let now = Timestamp.now()
            _ = try await store.registerDevice(userID: ann.id, token: "fcm-ann", platform: .fcm, at: now)
            let day: TimeInterval = 86_400
            // Three old notifications, sent long ago; one recent, sent two days ago; one fresh, queued.
            for age in [40.0, 35, 31] { _ = try await store.publish(NotificationDraft(title: "old"), serviceID: service.id, at: now.addingTimeInterval(-age * day)) }
            let recent = try #require(try await store.publish(NotificationDraft(title: "recent"), serviceID: service.id, at: now.addingTimeInterval(-3 * day)))
            let sentAt = [now.addingTimeInterval(-31 * day), now.addingTimeInterval(-31 * day), now.addingTimeInterval(-31 * day), now.addingTimeInterval(-2 * day)]
            for at in sentAt {
                let claimed = try await store.claimDeliveries(limit: 1, now: now, leaseUntil: now.addingTimeInterval(5))
                try await store.recordDeliveries(claimed.map { DeliveryResult(delivery: $0, outcome: .sent) }, at: at)
            }
            // Alerts last, so the claims above take the old notifications' deliveries.
            let compose: AlertComposer = { alerts in alerts.map { NotificationDraft(title: $0.fingerprint) } }
            let firing = AlertObservation(fingerprint: "a", status: .firing, startsAt: "t0")
            _ = try await AlertDecision.publish([firing], to: service.id, in: store, renotifyAfter: nil, at: now.addingTimeInterval(-45 * day), compose: compose)
            _ = try await AlertDecision.publish([AlertObservation(fingerprint: "a", status: .resolved, startsAt: "t0")], to: service.id, in: store, renotifyAfter: nil,
                at: now.addingTimeInterval(-44 * day), compose: compose
            )

            let fresh = try #require(try await store.publish(NotificationDraft(title: "fresh"), serviceID: service.id, at: now))
            // Ann's first filter goes when she changes it (in place); her second stays.
            _ = try await store.setFilter(userID: ann.id, serviceID: service.id, SubscriptionFilter(expression: "severity >= major"))
            _ = try await store.setFilter(userID: ann.id, serviceID: service.id, SubscriptionFilter(expression: "severity >= critical"))
            let registry = PrometheusCollectorRegistry()
            let retention = RetentionService(
                store: store, settings: RetentionSettings(notificationDays: 30, deliveryHistoryDays: 1, batchSize: 2), clock: WallClock { now },
                registry: registry, logger: TestDatabase.logger
            )
            await retention.runPass()
            // The alert's two notifications (45 and 44 days old) go with the three old ones.
            #expect(try await store.notifications(serviceID: service.id).map(\.title) == ["recent", "fresh"])
            #expect(try await store.inbox(userID: ann.id, limit: 50, order: .ascending).map(\.notification.title) == ["recent", "fresh"])
            #expect(try await store.deliveryCounts(notificationID: recent.id).isEmpty, "sent two days ago: past the one-day history")
            #expect(try await store.deliveryCounts(notificationID: fresh.id) == [.pending: 1])
            var exposition: [UInt8] = []
            registry.emit(into: &exposition)
            let metrics = String(decoding: exposition, as: UTF8.self)
            #expect(metrics.contains(#"herald_retention_deleted_total{what="notifications"} 5"#), "\(metrics)")
            #expect(metrics.contains(#"herald_retention_deleted_total{what="deliveries"} 1"#))
            #expect(metrics.contains(#"herald_retention_deleted_total{what="resolved_alerts"} 1"#))
            #expect(!metrics.contains(#"herald_retention_deleted_total{what="unused_filters"}"#), "nothing was left for retention")
            #expect(try await store.filters(serviceIDs: [service.id], after: 0).map(\.filter) == [SubscriptionFilter(expression: "severity >= critical")])
            #expect(metrics.contains("herald_retention_last_pass_timestamp_seconds \(Int(now.timeIntervalSince1970))"))

            // A second pass finds nothing more.
            await retention.runPass()
            #expect(try await store.notifications(serviceID: service.id).count == 2)
        }
    }
}
