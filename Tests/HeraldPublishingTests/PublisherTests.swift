import Foundation
import HeraldCore
import HeraldPublishing
import HeraldTestSupport
import Prometheus
import Testing

@Suite("Publisher")
struct PublisherTests {
    /// A service nobody created.
    static let missing = UUID(uuidString: "00000000-0000-4000-8000-00000000dead")!

    struct Fixture {
        let store: any HeraldStore
        let signal = QueueSignal()
        let registry = PrometheusCollectorRegistry()
        let publisher: Publisher
        let service: ServiceRecord
        let subscriber: User

        init(_ store: any HeraldStore) async throws {
            self.store = store
            publisher = Publisher(
                notifications: store, schedules: store, alertStates: store, filters: store, signal: signal, clock: .system, metrics: PublishMetrics(registry: registry),
                logger: TestDatabase.logger
            )
            service = try await store.createService(ServiceDraft(category: "Cryo", color: "0000ff", owner: "ops"))
            subscriber = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: subscriber.id, [service.id: true])
        }

        var metrics: String {
            var buffer: [UInt8] = []
            registry.emit(into: &buffer)
            return String(decoding: buffer, as: UTF8.self)
        }

        /// Whether the worker was woken. The signal is ended first, so a
        /// pending wake-up (they are buffered) is read and the loop then
        /// stops: no waiting to see that nothing comes. Call once, last.
        func woken() async -> Bool {
            signal.finish()
            for await _ in signal.wakes { return true }
            return false
        }
    }

    /// Nothing to push (the subscriber has no device): the notification is
    /// in the inbox, and the workers are left asleep. (SQLite does not count
    /// what it queued and always wakes them.)
    @Test(arguments: [Backend.postgres])
    func aNotificationWithNothingToPushWakesNoWorker(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let fixture = try await Fixture(store)
            _ = try await fixture.publisher.publish(NotificationDraft(title: "Quench"), to: fixture.service.id, from: .api)
            #expect(try await store.unreadCount(userID: fixture.subscriber.id) == 1)
            #expect(await fixture.woken() == false)
        }
    }

    @Test(arguments: Backend.allCases)
    func aGoodDraftIsStoredLinkedAndWakesTheWorker(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let fixture = try await Fixture(store)
            _ = try await store.registerDevice(userID: fixture.subscriber.id, token: "fcm-ann", platform: .fcm, at: Timestamp.now())
            let record = try await fixture.publisher.publish(NotificationDraft(title: "Quench").withSeverityWord("CRIT"), to: fixture.service.id, from: .api)
            #expect(record.severity == .critical, "read as its level")
            #expect(try await store.unreadCount(userID: fixture.subscriber.id) == 1)
            #expect(await fixture.woken())
            #expect(fixture.metrics.contains(#"herald_notifications_published_total{source="api"} 1"#))
        }
    }

    @Test(arguments: Backend.allCases)
    func aBadDraftIsRefusedWithEveryIssueAndLeavesNoTrace(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let fixture = try await Fixture(store)
            await #expect(throws: PublishError.self) {
                try await fixture.publisher.publish(NotificationDraft(title: "\u{0}", url: "file:///etc/passwd"), to: fixture.service.id, from: .webhook)
            }
            do {
                _ = try await fixture.publisher.publish(NotificationDraft(title: "\u{0}", url: "file:///etc/passwd"), to: fixture.service.id, from: .webhook)
            } catch PublishError.rejected(let issues) {
                #expect(issues.map(\.field) == [.title, .url])
            }
            #expect(try await store.notifications(serviceID: fixture.service.id).isEmpty)
            #expect(await !fixture.woken())
            #expect(fixture.metrics.contains(#"herald_notifications_rejected_total{source="webhook"} 2"#))
            await #expect(throws: PublishError.serviceNotFound(Self.missing)) {
                try await fixture.publisher.publish(NotificationDraft(title: "t"), to: Self.missing, from: .api)
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func alertChangesAreFittedDeduplicatedAndComposedFromWhatTheSourceGave(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let fixture = try await Fixture(store)
            let fingerprint = String(repeating: "x", count: 5_000)
            let observation = AlertObservation(fingerprint: fingerprint, status: .firing, startsAt: "2024-01-01T00:00:00Z")
            let seen = LockedList()
            let compose: AlertComposer = { chosen in
                seen.append(contentsOf: chosen.map(\.fingerprint))
                return chosen.map { _ in NotificationDraft(title: "Disk\u{0} full", url: "javascript:x").withSeverityWord("p1") }
            }
            let first = try await fixture.publisher.publishAlertChanges([observation], to: fixture.service.id, from: .kafka, compose: compose)
            #expect(first.map(\.title) == ["Disk full"])
            #expect(first.first?.url == "" && first.first?.severity == nil)
            #expect(seen.items == [fingerprint], "compose sees the identity the source gave, not the stored hash")
            let repeated = try await fixture.publisher.publishAlertChanges([observation], to: fixture.service.id, from: .kafka, compose: compose)
            #expect(repeated.isEmpty)
            #expect(fixture.metrics.contains(#"herald_notification_fields_fitted_total{source="kafka",field="title"} 1"#))
            #expect(fixture.metrics.contains(#"herald_notification_fields_fitted_total{source="kafka",field="severity"} 1"#))
            await #expect(throws: PublishError.serviceNotFound(Self.missing)) {
                try await fixture.publisher.publishAlertChanges([observation], to: Self.missing, from: .kafka, compose: compose)
            }
        }
    }
}

/// A list appended to from the store's transaction.
final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    var items: [String] { lock.withLock { list } }
    func append(contentsOf items: [String]) { lock.withLock { list.append(contentsOf: items) } }
}

