import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// What a delete takes along, held on both backends: each does it by
/// foreign key (or in the same transaction), and a backend that did not
/// would keep what production must not (a deleted service's schedule still
/// claimed, a deleted user's filter still evaluated, their star keeping a
/// notification past retention).
@Suite("Store cascades")
struct CascadeTests {
    static let future = Date().addingTimeInterval(3600)

    @Test(arguments: Backend.allCases)
    func deletingAServiceTakesItsSchedulesFeedsAndFiltersAlong(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let now = Timestamp.now()
            let gone = try await store.createService(ServiceDraft(category: "gone", color: "000000", owner: "o"))
            let stays = try await store.createService(ServiceDraft(category: "stays", color: "000000", owner: "o"))
            let user = try await store.createUser(username: "u", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: user.id, [gone.id: true, stays.id: true])
            for service in [gone, stays] {
                let filter = SubscriptionFilter(expression: "title ~ \"\(service.category)\"")
                #expect(try await store.setFilter(userID: user.id, serviceID: service.id, filter))
                #expect(try await store.schedule(NotificationDraft(title: "held"), serviceID: service.id, deliverAt: now.addingTimeInterval(60), at: now) != nil)
                #expect(
                    try await store.createRecurring(
                        NotificationDraft(title: "daily"), serviceID: service.id, cron: "0 8 * * *", timeZone: "UTC", nextRunAt: now.addingTimeInterval(60), at: now
                    ) != nil
                )
                #expect(try await store.createFeed(FeedDraft(url: "https://feeds.example/\(service.category)", intervalSeconds: 60), serviceID: service.id, at: now) != nil)
            }

            #expect(try await store.deleteService(id: gone.id))

            #expect(try await store.scheduled(serviceID: gone.id).isEmpty)
            #expect(try await store.scheduledCount(serviceID: gone.id) == 0)
            #expect(try await store.recurring(serviceID: gone.id).isEmpty)
            #expect(try await store.recurringCount(serviceID: gone.id) == 0)
            #expect(try await store.feeds(serviceID: gone.id).isEmpty)
            #expect(try await store.filter(userID: user.id, serviceID: gone.id) == nil)
            #expect(try await store.filters(userID: user.id).keys.sorted() == [stays.id])
            #expect(try await store.filters(serviceIDs: [gone.id], after: 0).isEmpty)
            // The schedulers and the feed poller see only what is left.
            let later = Self.future
            #expect(try await store.claimDueScheduled(now: later, leaseUntil: later.addingTimeInterval(60), limit: 10).map(\.serviceID) == [stays.id])
            #expect(try await store.claimDueRecurring(now: later, leaseUntil: later.addingTimeInterval(60), limit: 10).map(\.serviceID) == [stays.id])
            #expect(try await store.claimDueFeeds(now: later, leaseUntil: later.addingTimeInterval(60), limit: 10).map(\.serviceID) == [stays.id])
            // Nothing of the deleted service is left for retention to find.
            #expect(try await store.pruneUnusedFilters(limit: 100) == 0)
        }
    }

    @Test(arguments: Backend.allCases)
    func deletingAUserTakesTheirFiltersStarsAndRemovedDevicesAlong(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "c", color: "000000", owner: "o"))
            let gone = try await store.createUser(username: "gone", passwordHash: nil, isAdmin: false)
            let stays = try await store.createUser(username: "stays", passwordHash: nil, isAdmin: false)
            for (user, word) in [(gone, "beam"), (stays, "vacuum")] {
                try await store.setSubscriptions(userID: user.id, [service.id: true])
                #expect(try await store.setFilter(userID: user.id, serviceID: service.id, SubscriptionFilter(includeKeywords: [word])))
            }
            _ = try await store.registerDevice(userID: gone.id, token: "dead-token", platform: .fcm, at: Timestamp.now())
            let notification = try #require(try await store.publish(NotificationDraft(title: "beam vacuum"), serviceID: service.id, at: Timestamp.now()))
            try await store.updateInbox(userID: gone.id, [notification.id: .starred], at: Timestamp.now())
            // The provider says the token is dead: the device is removed, and kept with the reason.
            let now = Date()
            let claimed = try await store.claimDeliveries(limit: 10, now: now, leaseUntil: now.addingTimeInterval(60))
            #expect(claimed.count == 1)
            try await store.recordDeliveries(claimed.map { DeliveryResult(delivery: $0, outcome: .dropped(reason: "UNREGISTERED")) }, at: now)
            #expect(try await store.removedDevices(since: .distantPast, limit: 10).map(\.userID) == [gone.id])

            #expect(try await store.deleteUser(id: gone.id))

            #expect(try await store.removedDevices(since: .distantPast, limit: 10).isEmpty)
            #expect(try await store.filters(userID: gone.id).isEmpty)
            #expect(try await store.filters(userID: stays.id).count == 1)
            // The deleted user's filter is held by nobody now: retention removes it, and only it.
            #expect(try await store.pruneUnusedFilters(limit: 100) == 1)
            #expect(try await store.filters(serviceIDs: [service.id], after: 0).map(\.filter) == [SubscriptionFilter(includeKeywords: ["vacuum"])])
            // Their star no longer keeps the notification past retention.
            #expect(try await store.pruneNotifications(createdBefore: Self.future, limit: 100) == 1)
        }
    }

    @Test(arguments: Backend.allCases)
    func deletingAUserKeepsTheirAcknowledgementAndWithdrawalByName(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "c", color: "000000", owner: "o"))
            let gone = try await store.createUser(username: "gone", passwordHash: nil, isAdmin: false)
            let stays = try await store.createUser(username: "stays", passwordHash: nil, isAdmin: false)
            for user in [gone, stays] { try await store.setSubscriptions(userID: user.id, [service.id: true]) }
            let withdrawn = try #require(try await store.publish(NotificationDraft(title: "withdrawn"), serviceID: service.id, at: Timestamp.now()))
            let taken = try #require(try await store.publish(NotificationDraft(title: "taken"), serviceID: service.id, at: Timestamp.now()))
            let now = Date()
            #expect(try await store.acknowledge(notificationID: withdrawn.id, by: gone, comment: nil, effects: AcknowledgementEffects(), at: now)?.isNew == true)
            #expect(try await store.withdrawAcknowledgement(notificationID: withdrawn.id, by: gone, resume: nil, at: now) != nil)
            #expect(try await store.acknowledge(notificationID: taken.id, by: gone, comment: "mine", effects: AcknowledgementEffects(), at: now)?.isNew == true)
            #expect(try await store.lastWithdrawal(notificationID: withdrawn.id)?.userID == gone.id)

            #expect(try await store.deleteUser(id: gone.id))

            // Who took or gave back the alarm outlives the account: the name stays, the id goes.
            let withdrawal = try #require(try await store.lastWithdrawal(notificationID: withdrawn.id))
            #expect(withdrawal.userID == nil)
            #expect(withdrawal.username == "gone")
            let acknowledgement = try #require(try await store.acknowledgements(of: [taken.id])[taken.id])
            #expect(acknowledgement.userID == nil)
            #expect(acknowledgement.username == "gone")
            #expect(acknowledgement.comment == "mine")
            // The one left still sees it as taken, and cannot take it again.
            #expect(try await store.acknowledge(notificationID: taken.id, by: stays, comment: nil, effects: AcknowledgementEffects(), at: now)?.isNew == false)
        }
    }
}
