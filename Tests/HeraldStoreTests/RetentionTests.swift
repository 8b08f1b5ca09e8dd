import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Testing

/// Finished deliveries leave the queue for the history, and retention
/// forgets old notifications (with their inbox rows and deliveries), old
/// history and old resolved alerts, one bounded batch at a time.
@Suite("Retention and the delivery history")
struct RetentionTests {
    @Test(arguments: Backend.allCases)
    func oldNotificationsGoInBatchesWithTheirInboxRowsAndDeliveries(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "c", color: "000000", owner: "o"))
            let ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: ann.id, [service.id: true])
            let now = Timestamp.now()
            _ = try await store.registerDevice(userID: ann.id, token: "fcm-ann", platform: .fcm, at: now)
            var old: [NotificationRecord] = []
            for day in 0..<5 {
                old.append(try #require(try await store.publish(NotificationDraft(title: "old \(day)"), serviceID: service.id, at: now.addingTimeInterval(Double(-40 + day) * 86_400))))
            }
            let new = try #require(try await store.publish(NotificationDraft(title: "new"), serviceID: service.id, at: now))
            // One of the old ones was sent (its delivery is in the history), the others still queued.
            let claimed = try await store.claimDeliveries(limit: 1, now: now, leaseUntil: now.addingTimeInterval(5))
            try await store.recordDeliveries(claimed.map { DeliveryResult(delivery: $0, outcome: .sent) }, at: now)

            let cutoff = now.addingTimeInterval(-30 * 86_400)
            var batches: [Int] = []
            // Bounded: a prune that never reaches 0 fails here, not hangs.
            for _ in 0..<10 {
                let pruned = try await store.pruneNotifications(createdBefore: cutoff, limit: 2)
                batches.append(pruned)
                if pruned == 0 { break }
            }
            #expect(batches == [2, 2, 1, 0], "oldest first, two at a time")
            #expect(try await store.notifications(serviceID: service.id).map(\.title) == ["new"])
            #expect(try await store.inbox(userID: ann.id, limit: 50, order: .ascending).map(\.notification.id) == [new.id])
            for notification in old { #expect(try await store.deliveryCounts(notificationID: notification.id).isEmpty) }
            #expect(try await store.deliveryCounts(notificationID: new.id) == [.pending: 1])
            #expect(try await store.queueDepth() == 1)
        }
    }

    /// Bookmarks: a starred item is listed on its own, carries its flag in
    /// every read of the inbox, and keeps its notification past retention
    /// until it is unstarred.
    @Test(arguments: Backend.allCases)
    func starredNotificationsAreListedOnTheirOwnAndOutliveRetention(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "c", color: "000000", owner: "o"))
            let ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            let bob = try await store.createUser(username: "bob", passwordHash: nil, isAdmin: false)
            for user in [ann, bob] { try await store.setSubscriptions(userID: user.id, [service.id: true]) }
            let now = Timestamp.now()
            let kept = try #require(try await store.publish(NotificationDraft(title: "kept"), serviceID: service.id, at: now.addingTimeInterval(-40 * 86_400)))
            let dropped = try #require(try await store.publish(NotificationDraft(title: "dropped"), serviceID: service.id, at: now.addingTimeInterval(-39 * 86_400)))
            try await store.updateInbox(userID: ann.id, [kept.id: .starred, dropped.id: .read], at: now)

            let starred = try await store.inboxPage(userID: ann.id, from: .newest, limit: 10, filter: InboxFilter(isStarred: true))
            #expect(starred.map(\.notification.id) == [kept.id] && starred.allSatisfy(\.isStarred))
            #expect(try await store.inboxPage(userID: ann.id, from: .newest, limit: 10, filter: InboxFilter(isStarred: false)).map(\.notification.id) == [dropped.id])
            let inbox = try await store.inbox(userID: ann.id, limit: 10, order: .ascending)
            #expect(inbox.map(\.isStarred) == [true, false] && inbox.map(\.isRead) == [false, true], "starring is not reading")
            #expect(try await store.inboxItems(notificationID: kept.id, userIDs: [ann.id, bob.id]).mapValues(\.isStarred) == [ann.id: true, bob.id: false])
            let changes = try await store.inboxChanges(userID: ann.id, since: now.addingTimeInterval(-1), limit: 10)
            #expect(changes.contains { if case .upserted(let item) = $0.kind { item.notification.id == kept.id && item.isStarred } else { false } })

            let cutoff = now.addingTimeInterval(-30 * 86_400)
            #expect(try await store.pruneNotifications(createdBefore: cutoff, limit: 10) == 1)
            #expect(try await store.notifications(serviceID: service.id).map(\.title) == ["kept"], "starred by one user: kept for everyone")
            #expect(try await store.inbox(userID: bob.id, limit: 10, order: .ascending).map(\.notification.id) == [kept.id])

            try await store.updateInbox(userID: ann.id, [kept.id: .unstarred], at: now)
            #expect(try await store.inboxPage(userID: ann.id, from: .newest, limit: 10, filter: InboxFilter(isStarred: true)).isEmpty)
            #expect(try await store.pruneNotifications(createdBefore: cutoff, limit: 10) == 1)
            #expect(try await store.notifications(serviceID: service.id).isEmpty)
        }
    }

    /// A finished delivery leaves the queue but still counts in its
    /// notification's report, until the history is pruned.
    @Test(arguments: Backend.allCases)
    func finishedDeliveriesAreReportedFromTheHistoryUntilPruned(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "c", color: "000000", owner: "o"))
            let now = Timestamp.now()
            for name in ["ann", "bob", "cid"] {
                let user = try await store.createUser(username: name, passwordHash: nil, isAdmin: false)
                try await store.setSubscriptions(userID: user.id, [service.id: true])
                _ = try await store.registerDevice(userID: user.id, token: "fcm-\(name)", platform: .fcm, at: now)
            }
            let notification = try #require(try await store.publish(NotificationDraft(title: "n"), serviceID: service.id, at: now))
            let claimed = try await store.claimDeliveries(limit: 3, now: now, leaseUntil: now.addingTimeInterval(5))
            try #require(claimed.count == 3)
            try await store.recordDeliveries(
                [
                    DeliveryResult(delivery: claimed[0], outcome: .sent),
                    DeliveryResult(delivery: claimed[1], outcome: .failed(reason: "refused", cause: .refused)),
                    DeliveryResult(delivery: claimed[2], outcome: .retry(at: now.addingTimeInterval(60), reason: "busy")),
                ],
                at: now
            )
            #expect(try await store.deliveryCounts(notificationID: notification.id) == [.sent: 1, .failed: 1, .retrying: 1])
            #expect(try await store.queueDepth() == 1, "only the retry is still queued")
            let report = try await store.deliveryReport(notificationID: notification.id)
            #expect(report.map(\.id) == claimed.map(\.id).sorted())
            #expect(report.first { $0.state == .failed }?.lastError == "refused")
            #expect(report.allSatisfy { $0.attempts == 1 })
            // A late second record of a finished delivery (a worker whose claim ran out) changes nothing.
            try await store.recordDeliveries([DeliveryResult(delivery: claimed[0], outcome: .retry(at: now, reason: "late"))], at: now)
            #expect(try await store.deliveryCounts(notificationID: notification.id) == [.sent: 1, .failed: 1, .retrying: 1])

            #expect(try await store.pruneDeliveryHistory(finishedBefore: now, limit: 10) == 0, "recorded at `now`, not before")
            #expect(try await store.pruneDeliveryHistory(finishedBefore: now.addingTimeInterval(1), limit: 1) == 1)
            #expect(try await store.pruneDeliveryHistory(finishedBefore: now.addingTimeInterval(1), limit: 10) == 1)
            #expect(try await store.deliveryCounts(notificationID: notification.id) == [.retrying: 1])
        }
    }

    /// Resolved alerts are forgotten after a while; firing ones are kept
    /// however old, so a repeat is still recognised.
    @Test(arguments: Backend.allCases)
    func oldResolvedAlertsAreForgottenFiringOnesKept(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "c", color: "000000", owner: "o"))
            let then = Timestamp.now().addingTimeInterval(-10 * 86_400)
            let compose: AlertComposer = { alerts in alerts.map { NotificationDraft(title: $0.fingerprint) } }
            let observations = [
                AlertObservation(fingerprint: "a", status: .firing, startsAt: "t0"), AlertObservation(fingerprint: "b", status: .firing, startsAt: "t0"),
            ]
            _ = try await AlertDecision.publish(observations, to: service.id, in: store, renotifyAfter: nil, at: then, compose: compose)
            _ = try await AlertDecision.publish([AlertObservation(fingerprint: "a", status: .resolved, startsAt: "t0")], to: service.id, in: store, renotifyAfter: nil, at: then, compose: compose
            )
            #expect(try await store.pruneResolvedAlerts(notifiedBefore: then, limit: 10) == 0)
            #expect(try await store.pruneResolvedAlerts(notifiedBefore: then.addingTimeInterval(86_400), limit: 10) == 1)
            // The firing one is still known: seen again, it is not news.
            let again = try await AlertDecision.publish([observations[1]], to: service.id, in: store, renotifyAfter: nil, at: Timestamp.now(), compose: compose)
            #expect(again?.isEmpty == true)
        }
    }

    /// A filter nobody holds any more (changed or cleared by everyone who
    /// had it) is forgotten at once, by the change that let it go (issue 23:
    /// it used to wait for retention, and publishing kept evaluating it);
    /// one still held stays; set again, it is stored anew under a higher
    /// id, which publishing reads as new. Retention finds nothing left.
    @Test(arguments: Backend.allCases)
    func filtersNobodyHoldsAreForgotten(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "c", color: "000000", owner: "o"))
            let ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            let bob = try await store.createUser(username: "bob", passwordHash: nil, isAdmin: false)
            let comets = SubscriptionFilter(expression: "class = comet")
            let bright = SubscriptionFilter(expression: "magnitude <= 12")
            #expect(try await store.setFilter(userID: ann.id, serviceID: service.id, comets))
            #expect(try await store.setFilter(userID: bob.id, serviceID: service.id, comets))
            let first = try #require(try await store.filters(serviceIDs: [service.id], after: 0).first)
            #expect(try await store.pruneUnusedFilters(limit: 10) == 0, "both hold it")

            #expect(try await store.setFilter(userID: ann.id, serviceID: service.id, bright))
            #expect(try await store.pruneUnusedFilters(limit: 10) == 0, "bob still holds it")
            #expect(try await store.setFilter(userID: bob.id, serviceID: service.id, SubscriptionFilter()))
            #expect(try await store.pruneUnusedFilters(limit: 10) == 0, "gone with bob's change")
            #expect(try await store.filters(serviceIDs: [service.id], after: 0).map(\.filter) == [bright])
            #expect(try await store.filter(userID: ann.id, serviceID: service.id) == bright)

            #expect(try await store.setFilter(userID: bob.id, serviceID: service.id, comets))
            let again = try #require(try await store.filters(serviceIDs: [service.id], after: 0).first { $0.filter == comets })
            #expect(again.id > first.id)
            #expect(try await store.filter(userID: bob.id, serviceID: service.id) == comets)
        }
    }
}
