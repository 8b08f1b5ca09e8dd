import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import NIOConcurrencyHelpers
import Testing

/// A publish signals (NOTIFY) only what it changed: the inbox of those
/// who receive it, the workers if it queued a push. A notification nobody
/// subscribes to signals nothing (a NOTIFY takes a database-wide lock at
/// commit, which an ingest of unsubscribed notifications need not pay).
@Suite("Wake-ups sent by a publish")
struct WakeUpTests {
    @Test func aNotificationNobodyReceivesSignalsNothing() async throws {
        try await TestDatabase.withStore(.postgres) { store in
            let unheard = try await store.createService(ServiceDraft(category: "unheard", color: "000000", owner: "o"))
            let heard = try await store.createService(ServiceDraft(category: "heard", color: "000000", owner: "o"))
            let user = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: user.id, [heard.id: true])
            let signals = NIOLockedValueBox<[InboxSignal]>([])
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await store.listenForInboxSignals { signal in signals.withLockedValue { $0.append(signal) } } }
                // LISTEN is in place once a probe is heard. The last probe is
                // waited for: signals come in commit order, so none is left.
                let probe = NIOLockedValueBox<NotificationID?>(nil)
                try await eventually("the listener hears a probe") { () -> Bool? in
                    if let last = probe.withLockedValue({ $0 }), signals.withLockedValue({ $0.contains(.published(last)) }) { return true }
                    let sent = try await store.publish(NotificationDraft(title: "probe"), serviceID: heard.id, at: Timestamp.now())
                    probe.withLockedValue { $0 = sent?.id }
                    return nil
                }
                signals.withLockedValue { $0 = [] }
                _ = try await store.publish(NotificationDraft(title: "to nobody"), serviceID: unheard.id, at: Timestamp.now())
                let received = try #require(try await store.publish(NotificationDraft(title: "to ann"), serviceID: heard.id, at: Timestamp.now()))
                // Signals arrive in commit order: the unheard one would come first.
                try await eventually("the second publish's signal") { signals.withLockedValue { $0.isEmpty ? nil : true } }
                #expect(signals.withLockedValue { $0.first } == .published(received.id))
                group.cancelAll()
            }
        }
    }
}
