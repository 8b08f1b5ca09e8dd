import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Testing

@Suite("Store, on every backend")
struct StoreTests {
    @Test(arguments: Backend.allCases)
    func usersAreUniqueAndSortedByName(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let zed = try await store.createUser(username: "zed", passwordHash: "h1", isAdmin: false)
            _ = try await store.createUser(username: "amy", passwordHash: nil, isAdmin: true)
            await #expect(throws: StoreError.conflict("user zed")) {
                try await store.createUser(username: "zed", passwordHash: nil, isAdmin: false)
            }
            #expect(try await store.users().map(\.username) == ["amy", "zed"])
            #expect(try await store.passwordHash(username: "zed") == "h1")
            #expect(try await store.passwordHash(username: "amy") == nil)
            #expect(try await store.adminCount() == 1)
            let updated = try await store.updateUser(id: zed.id, UserPatch(isActive: false))
            #expect(updated?.isActive == false && updated?.isAdmin == false)
            #expect(try await store.updateUser(id: 999_999, UserPatch(isAdmin: true)) == nil)
            #expect(try await store.setPasswordHash(username: "zed", hash: "h2", at: Timestamp.now()))
            #expect(try await store.passwordHash(username: "zed") == "h2")
            #expect(try await !store.setPasswordHash(username: "nobody", hash: "h", at: Timestamp.now()))
        }
    }

    @Test(arguments: Backend.allCases)
    func loginExpiryRoundTripsToTheMicrosecond(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let user = try await store.createUser(username: "u", passwordHash: nil, isAdmin: false)
            let expiry = Timestamp.now().addingTimeInterval(3600)
            try await store.recordLogin(userID: user.id, expiresAt: expiry)
            #expect(try await store.user(id: user.id)?.loginExpiresAt == expiry)
        }
    }

    @Test(arguments: Backend.allCases)
    func aDeviceTokenBelongsToTheLastUserWhoRegisteredIt(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            let bob = try await store.createUser(username: "bob", passwordHash: nil, isAdmin: false)
            let now = Timestamp.now()
            #expect(try await store.registerDevice(userID: ann.id, token: "t1", platform: .fcm, at: now) == .added)
            #expect(try await store.registerDevice(userID: ann.id, token: "t1", platform: .fcm, at: now) == .alreadyRegistered)
            #expect(try await store.registerDevice(userID: ann.id, token: "t2", platform: .apns, at: now) == .added)
            #expect(try await store.registerDevice(userID: bob.id, token: "t1", platform: .fcm, at: now) == .added)
            let tokens = try await store.deviceTokens(userIDs: [ann.id, bob.id])
            #expect(tokens[ann.id] == ["t2"])
            #expect(tokens[bob.id] == ["t1"])
            #expect(try await store.removeDevice(userID: bob.id, token: "t1"))
            #expect(try await !store.removeDevice(userID: bob.id, token: "t1"))
        }
    }

    @Test(arguments: Backend.allCases)
    func publishLinksCurrentSubscribersAndQueuesOneDeliveryPerDevice(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Vacuum", color: "00ff00", owner: "ops"))
            let other = try await store.createService(ServiceDraft(category: "Cooling", color: "0000ff", owner: "ops"))
            let ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            let bob = try await store.createUser(username: "bob", passwordHash: nil, isAdmin: false)
            let cid = try await store.createUser(username: "cid", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: ann.id, [service.id: true])
            try await store.setSubscriptions(userID: bob.id, [service.id: true, other.id: true])
            try await store.setSubscriptions(userID: cid.id, [other.id: true])
            let now = Timestamp.now()
            _ = try await store.registerDevice(userID: ann.id, token: String(repeating: "a", count: 64), platform: .apns, at: now)
            _ = try await store.registerDevice(userID: ann.id, token: "fcm-ann", platform: .fcm, at: now)
            _ = try await store.registerDevice(userID: bob.id, token: "fcm-bob", platform: .fcm, at: now)
            _ = try await store.registerDevice(userID: cid.id, token: "fcm-cid", platform: .fcm, at: now)

            let notification = try #require(try await store.publish(NotificationDraft(title: "Pump down", subtitle: "s", url: "u"), serviceID: service.id, at: now))
            #expect(notification.serviceID == service.id && notification.timestamp == now && notification.title == "Pump down")
            #expect(try await store.deliveryCounts(notificationID: notification.id) == [.pending: 3])
            #expect(try await store.unreadCount(userID: ann.id) == 1)
            #expect(try await store.unreadCount(userID: bob.id) == 1)
            #expect(try await store.unreadCount(userID: cid.id) == 0)

            // Later subscribers do not see earlier notifications.
            try await store.setSubscriptions(userID: cid.id, [service.id: true])
            #expect(try await store.inbox(userID: cid.id, limit: 50, order: .ascending).isEmpty)
            #expect(try await store.publish(NotificationDraft(title: "x"), serviceID: UUID(), at: now) == nil)
        }
    }

    /// The badge tests' reader: ann, subscribed to a Vacuum service.
    static func annSubscribed(in store: any HeraldStore) async throws -> (service: ServiceRecord, ann: User) {
        let service = try await store.createService(ServiceDraft(category: "Vacuum", color: "00ff00", owner: "ops"))
        let ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
        try await store.setSubscriptions(userID: ann.id, [service.id: true])
        return (service, ann)
    }

    /// `annSubscribed`, with an iPhone and an Android phone.
    static func annWithTwoPhones(in store: any HeraldStore) async throws -> (service: ServiceRecord, ann: User) {
        let (service, ann) = try await annSubscribed(in: store)
        let now = Timestamp.now()
        _ = try await store.registerDevice(userID: ann.id, token: String(repeating: "a", count: 64), platform: .apns, at: now)
        _ = try await store.registerDevice(userID: ann.id, token: "fcm-token-of-ann", platform: .fcm, at: now)
        return (service, ann)
    }

    /// A push's badge is the user's unread count as the inbox shows it
    /// (read or not per notification, expired ones gone), and stops at 999
    /// however many wait.
    @Test(arguments: Backend.allCases)
    func theBadgeCountsUnreadNotificationsUpTo999(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let (service, ann) = try await Self.annSubscribed(in: store)
            let now = Timestamp.now()
            func badge() async throws -> Int? {
                let claimed = try await store.claimDeliveries(limit: 1, now: Date(), leaseUntil: Date().addingTimeInterval(60))
                try await store.recordDeliveries(claimed.map { DeliveryResult(delivery: $0, outcome: .sent) }, at: Date())
                return claimed.first?.badge
            }
            var first: [NotificationID] = []
            for index in 0..<3 { first.append(try #require(try await store.publish(NotificationDraft(title: "n\(index)"), serviceID: service.id, at: now)).id) }
            try await store.updateInbox(userID: ann.id, [first[0]: .read])
            var expired = NotificationDraft(title: "gone")
            expired.expiresAt = Date().addingTimeInterval(-1)
            _ = try #require(try await store.publish(expired, serviceID: service.id, at: now))
            _ = try await store.registerDevice(userID: ann.id, token: String(repeating: "a", count: 64), platform: .apns, at: now)
            _ = try #require(try await store.publish(NotificationDraft(title: "pushed"), serviceID: service.id, at: now))
            #expect(try await badge() == 3, "two unread before (not the expired one), and this one")
            for index in 0..<1_000 { _ = try await store.publish(NotificationDraft(title: "flood \(index)"), serviceID: service.id, at: now) }
            #expect(try await store.unreadCount(userID: ann.id) == 1_003, "the count itself is exact")
            #expect(try await badge() == 999)
        }
    }

    /// Only APNs shows a badge: the other providers' pushes skip the count.
    @Test(arguments: Backend.allCases)
    func theBadgeIsCountedForAPNsPushesOnly(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let (service, _) = try await Self.annWithTwoPhones(in: store)
            let now = Timestamp.now()
            for index in 0..<2 { _ = try #require(try await store.publish(NotificationDraft(title: "n\(index)"), serviceID: service.id, at: now)) }
            let claimed = try await store.claimDeliveries(limit: 10, now: Date(), leaseUntil: Date().addingTimeInterval(60))
            #expect(claimed.filter { $0.platform == .apns }.map(\.badge) == [2, 2])
            #expect(claimed.filter { $0.platform == .fcm }.map(\.badge) == [0, 0])
        }
    }

    /// One claim holding pushes of several notifications: each push comes
    /// with its own notification, origin included (on PostgreSQL each
    /// notification is read once, with the first of its pushes).
    @Test(arguments: Backend.allCases)
    func aClaimCarriesEachPushsOwnNotification(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let (service, _) = try await Self.annWithTwoPhones(in: store)
            let now = Timestamp.now()
            var published: [NotificationID: String] = [:]
            for index in 0..<3 {
                let origin = NotificationOrigin(traceContext: [:], requestID: "request-\(index)")
                let draft = NotificationDraft(title: "n\(index)", attributes: NotificationAttributes(json: #"{"n":\#(index)}"#), origin: origin)
                published[try #require(try await store.publish(draft, serviceID: service.id, at: now)).id] = "\(index)"
            }
            let claimed = try await store.claimDeliveries(limit: 10, now: Date(), leaseUntil: Date().addingTimeInterval(60))
            #expect(claimed.count == 6)
            for delivery in claimed {
                let index = try #require(published[delivery.notification.id])
                #expect(delivery.notification.draft.title == "n\(index)")
                #expect(delivery.notification.draft.attributes?.json == #"{"n":\#(index)}"#)
                #expect(delivery.notification.origin?.requestID == "request-\(index)")
            }
            #expect(Dictionary(grouping: claimed, by: \.notification.id).mapValues(\.count) == published.mapValues { _ in 2 })
        }
    }

    @Test(arguments: Backend.allCases)
    func inboxReturnsTheNewestPageInEitherOrder(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "c", color: "000000", owner: ""))
            let user = try await store.createUser(username: "u", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: user.id, [service.id: true])
            let start = Timestamp.now()
            var ids: [NotificationID] = []
            for index in 0..<5 {
                let published = try await store.publish(NotificationDraft(title: "n\(index)"), serviceID: service.id, at: start.addingTimeInterval(Double(index)))
                ids.append(try #require(published).id)
            }
            #expect(try await store.inbox(userID: user.id, limit: 3, order: .descending).map(\.notification.id) == [ids[4], ids[3], ids[2]])
            #expect(try await store.inbox(userID: user.id, limit: 3, order: .ascending).map(\.notification.id) == [ids[2], ids[3], ids[4]])

            try await store.updateInbox(userID: user.id, [ids[0]: .read, ids[1]: .deleted, 424_242: .read])
            let all = try await store.inbox(userID: user.id, limit: 50, order: .ascending)
            #expect(all.map(\.notification.id) == [ids[0], ids[2], ids[3], ids[4]])
            #expect(all.map(\.isRead) == [true, false, false, false])
            #expect(try await store.unreadCount(userID: user.id) == 3)
            try await store.updateInbox(userID: user.id, [ids[0]: .unread])
            #expect(try await store.unreadCount(userID: user.id) == 4)
        }
    }

    @Test(arguments: Backend.allCases)
    func deletingAServiceTakesItsNotificationsInboxAndDeliveriesAlong(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "c", color: "000000", owner: "o"))
            let user = try await store.createUser(username: "u", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: user.id, [service.id: true])
            _ = try await store.registerDevice(userID: user.id, token: "tok", platform: .fcm, at: Timestamp.now())
            let notification = try #require(try await store.publish(NotificationDraft(title: "t"), serviceID: service.id, at: Timestamp.now()))
            #expect(try await store.deleteService(id: service.id))
            #expect(try await !store.deleteService(id: service.id))
            #expect(try await store.inbox(userID: user.id, limit: 50, order: .ascending).isEmpty)
            #expect(try await store.deliveryCounts(notificationID: notification.id).isEmpty)
            #expect(try await store.userServices(userID: user.id).isEmpty)
        }
    }

    @Test(arguments: Backend.allCases)
    func servicesSortByCategoryAndPatchOnlyWhatIsGiven(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let b = try await store.createService(ServiceDraft(category: "B", color: "111111", owner: "x"))
            let a = try await store.createService(ServiceDraft(category: "A", color: "222222", owner: "y"))
            #expect(try await store.services().map(\.id) == [a.id, b.id])
            let patched = try await store.updateService(id: b.id, ServicePatch(color: "abcdef"))
            #expect(patched == ServiceRecord(id: b.id, category: "B", color: "abcdef", owner: "x"))
            #expect(try await store.updateService(id: UUID(), ServicePatch(color: "abcdef")) == nil)
            #expect(try await store.service(id: a.id) == a)
        }
    }

    /// Several notifications in one call (the publisher's group commit):
    /// each gets its inbox rows and deliveries, answers come in the
    /// requests' order, and a missing service's slot is nil without
    /// failing the others.
    @Test(arguments: Backend.allCases)
    func aBatchOfPublishesIsStoredTogetherInOrder(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let vacuum = try await store.createService(ServiceDraft(category: "Vacuum", color: "00ff00", owner: "ops"))
            let cooling = try await store.createService(ServiceDraft(category: "Cooling", color: "0000ff", owner: "ops"))
            let ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: ann.id, [vacuum.id: true])
            let now = Timestamp.now()
            _ = try await store.registerDevice(userID: ann.id, token: "fcm-ann", platform: .fcm, at: now)
            let origin = NotificationOrigin(traceContext: ["traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"], requestID: "r1")
            let batch = try await store.publish([
                PublishRequest(NotificationDraft(title: "a", subtitle: "s", url: "https://example.org/a", severity: .critical, origin: origin), serviceID: vacuum.id, at: now),
                PublishRequest(NotificationDraft(title: "b"), serviceID: UUID(), at: now),
                PublishRequest(NotificationDraft(title: "c"), serviceID: cooling.id, at: now.addingTimeInterval(0.001)),
                PublishRequest(NotificationDraft(title: "d"), serviceID: vacuum.id, at: now.addingTimeInterval(0.002)),
            ])
            #expect(batch.queuedDeliveries, "ann's device gets a and d")
            let stored = batch.notifications
            #expect(stored.map { $0?.title } == ["a", nil, "c", "d"])
            let a = try #require(stored[0])
            #expect(a.serviceID == vacuum.id && a.subtitle == "s" && a.url == "https://example.org/a" && a.severity == .critical && a.timestamp == now)
            #expect(stored[3].map(\.id) ?? 0 > a.id, "ids in the requests' order")
            #expect(try await store.inbox(userID: ann.id, limit: 10, order: .ascending).map(\.notification.title) == ["a", "d"])
            #expect(try await store.deliveryCounts(notificationID: a.id) == [.pending: 1])
            #expect(try await store.deliveryCounts(notificationID: try #require(stored[2]).id).isEmpty, "nobody subscribes to cooling")
            let claimed = try await store.claimDeliveries(limit: 10, now: now.addingTimeInterval(1), leaseUntil: now.addingTimeInterval(5))
                .sorted { $0.notification.id < $1.notification.id }
            #expect(claimed.map(\.notification.title) == ["a", "d"])
            #expect(claimed.first?.notification.origin == origin, "the origin travels with the notification")
            #expect(try await store.publish([PublishRequest]()).notifications.isEmpty)
            if backend != .sqlite {
                // (SQLite does not count what it queued and always says it may have.)
                let unheard = try await store.publish([PublishRequest(NotificationDraft(title: "e"), serviceID: cooling.id, at: now)])
                #expect(unheard.notifications.count == 1 && !unheard.queuedDeliveries, "nobody subscribes to cooling: nothing to wake the workers for")
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func theFirstSharedSettingWins(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let first = try await store.sharedSetting("k", ifAbsent: "first")
            let second = try await store.sharedSetting("k", ifAbsent: "second")
            #expect([first, second] == ["first", "first"])
        }
    }

    @Test(arguments: Backend.allCases)
    func migratingTwiceConcurrentlyAppliesEachMigrationOnce(_ backend: Backend) async throws {
        try await TestDatabase.withFreshDatabase(backend) { location in
            // Two "replicas" open the same empty database at once.
            async let first = StoreFactory.withStore(location, logger: TestDatabase.logger) { try await $0.services().count }
            async let second = StoreFactory.withStore(location, logger: TestDatabase.logger) { try await $0.services().count }
            #expect(try await [first, second] == [0, 0])
            let again = try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                try await store.createService(ServiceDraft(category: "c", color: "000000", owner: "o")).category
            }
            #expect(again == "c")
        }
    }

    @Test(arguments: Backend.allCases)
    func deletingAUserRemovesTheirInboxAndTheirQueuedPushesAreSkipped(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "c", color: "000000", owner: "o"))
            let user = try await store.createUser(username: "gone", passwordHash: nil, isAdmin: false)
            let stays = try await store.createUser(username: "stays", passwordHash: nil, isAdmin: false)
            for id in [user.id, stays.id] {
                try await store.setSubscriptions(userID: id, [service.id: true])
                _ = try await store.registerDevice(userID: id, token: "tok-\(id)", platform: .fcm, at: Timestamp.now())
            }
            let notification = try #require(try await store.publish(NotificationDraft(title: "t"), serviceID: service.id, at: Timestamp.now()))
            #expect(try await store.deleteUser(named: "gone"))
            #expect(try await !store.deleteUser(named: "gone"))
            #expect(try await store.unreadCount(userID: user.id) == 0)
            #expect(try await store.unreadCount(userID: stays.id) == 1)
            let now = Date()
            let claimed = try await store.claimDeliveries(limit: 10, now: now, leaseUntil: now.addingTimeInterval(60))
            #expect(claimed.count == 2)
            let orphan = try #require(claimed.first { $0.deviceID != nil && $0.token == nil })
            #expect(!orphan.userIsActive)
            #expect(claimed.first { $0.token == "tok-\(stays.id)" }?.userIsActive == true)
            #expect(try await store.deliveryCounts(notificationID: notification.id) == [.pending: 2])
        }
    }
}
