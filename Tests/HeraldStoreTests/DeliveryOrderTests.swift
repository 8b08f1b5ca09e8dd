import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Every statement that queues pushes applies a `DeliveryOrder` through its
/// backend's one `INSERT INTO deliveries` (issue 40): the rows carry the
/// order's purpose, lane and platforms and the priority the statement
/// binds, on every backend alike. (The fan-out's chunks are in
/// `FanoutStoreTests`; the calls of an escalation step in the escalation
/// tests.)
@Suite("Delivery orders, on every backend")
struct DeliveryOrderTests {
    /// A post, a changed alarm, an acknowledgement's withdrawals (only on
    /// the platforms asked for, once per device however often it is taken
    /// again) and an update's newly matching filters' holders.
    @Test(arguments: Backend.allCases)
    func eachChangeQueuesWhatItsOrderSays(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let (service, user) = try await Self.subscriber("operator", to: "Vacuum", device: 1, on: [.apns, .fcm], in: store)
            let start = Timestamp.now()
            var clock = start
            /// The pushes queued since the last call, claimed at or above `priority`.
            func claimed(atLeast priority: Int) async throws -> [ClaimedDelivery] {
                clock = clock.addingTimeInterval(1)
                return try await store.claimDeliveries(limit: 100, now: clock, leaseUntil: clock.addingTimeInterval(3_600), holder: nil, minimumPriority: priority)
            }

            let draft = NotificationDraft(title: "Pressure high", severity: .major, key: "vac-1")
            let posted = try #require(try await store.publish([PublishRequest(draft, serviceID: service.id, at: start)]).notifications.first ?? nil)
            #expect(try await claimed(atLeast: DeliveryPriority.of(.major) + 1).isEmpty, "nothing above the post's severity")
            let post = try await claimed(atLeast: DeliveryPriority.of(.major))
            #expect(post.count == 2 && post.allSatisfy { $0.purpose == .alert && !$0.bulk }, "each device once, shown, in the common lane")

            var raised = draft
            raised.severity = .critical
            #expect(try await store.updateNotification(id: posted.id, with: raised, reaching: .newlyMatching(filters: []), at: clock) != nil)
            #expect(try await claimed(atLeast: 0).isEmpty, "an update reaches only newly matching filters' holders")

            let effects = AcknowledgementEffects(withdrawOn: [.apns])
            #expect(try await store.acknowledge(notificationID: posted.id, by: user, comment: nil, effects: effects, at: clock)?.isNew == true)
            #expect(try await claimed(atLeast: DeliveryPriority.withdrawal + 1).isEmpty, "a withdrawal wakes nobody")
            let withdrawals = try await claimed(atLeast: DeliveryPriority.withdrawal)
            #expect(withdrawals.map(\.platform) == [.apns] && withdrawals.allSatisfy { $0.purpose == .withdrawal && !$0.bulk })
            for _ in 0..<2 {
                #expect(try await store.withdrawAcknowledgement(notificationID: posted.id, by: user, resume: nil, at: clock) != nil)
                #expect(try await store.acknowledge(notificationID: posted.id, by: user, comment: nil, effects: effects, at: clock)?.isNew == true)
                #expect(try await claimed(atLeast: 0).isEmpty, "the device had its one")
            }
            let report = try await store.deliveryReport(notificationID: posted.id)
            #expect(report.filter { $0.purpose == .withdrawal }.count == 1)
            #expect(report.filter { $0.purpose == .alert }.count == 2)
        }
    }

    /// A changed alarm's holders are pushed again at its new severity's
    /// priority (the alarm path's re-push, `AlarmChange`).
    @Test(arguments: Backend.allCases)
    func aChangedAlarmIsPushedToItsHoldersAtItsNewPriority(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let (service, _) = try await Self.subscriber("expert", to: "RF", device: 2, on: [.apns], in: store)
            let now = Timestamp.now()
            let draft = NotificationDraft(title: "RF trip", severity: .minor, key: "rf-1", alarm: .firing)
            let posted = try #require(try await store.publish([PublishRequest(draft, serviceID: service.id, at: now)]).notifications.first ?? nil)
            let first = try await store.claimDeliveries(limit: 10, now: now.addingTimeInterval(1), leaseUntil: now.addingTimeInterval(3_600))
            #expect(first.count == 1)
            var raised = draft
            raised.severity = .critical
            let changed = try await store.withAlertStates(of: service.id) { unit in
                try await unit.republish([AlarmChange(id: posted.id, draft: raised, reaching: .holders)], at: now.addingTimeInterval(2))
            }
            #expect(changed?.count == 1)
            let again = try await store.claimDeliveries(
                limit: 10, now: now.addingTimeInterval(3), leaseUntil: now.addingTimeInterval(3_600), holder: nil, minimumPriority: DeliveryPriority.urgent
            )
            #expect(again.count == 1 && again.first?.purpose == .alert, "pushed again, in the urgent lane's priority")
        }
    }

    /// A batch of posts: each one's pushes fall due at its own post, so
    /// the queue serves them first in, first out.
    @Test(arguments: Backend.allCases)
    func eachPostOfABatchIsDueAtItsOwnTime(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let (service, _) = try await Self.subscriber("reader", to: "Cryo", device: 3, on: [.apns], in: store)
            let now = Timestamp.now()
            let batch = [
                PublishRequest(NotificationDraft(title: "First"), serviceID: service.id, at: now),
                PublishRequest(NotificationDraft(title: "Second"), serviceID: service.id, at: now.addingTimeInterval(10)),
            ]
            let posted = try await store.publish(batch).notifications.compactMap { $0 }
            #expect(posted.count == 2)
            let due = try await store.claimDeliveries(limit: 10, now: now.addingTimeInterval(5), leaseUntil: now.addingTimeInterval(3_600))
            #expect(due.map(\.notification.id) == [posted[0].id], "only the first is due before the second's post")
        }
    }

    /// A service and one subscriber with a device on each of `platforms`.
    static func subscriber(
        _ username: String, to category: String, device number: Int, on platforms: [Platform], in store: any HeraldStore
    ) async throws -> (ServiceRecord, User) {
        let service = try await store.createService(ServiceDraft(category: category, color: "00ff00", owner: "ops"))
        let user = try await store.createUser(username: username, passwordHash: "-", isAdmin: false)
        for platform in platforms {
            let token = platform == .apns ? DeliveryHarness.apnsToken(number) : DeliveryHarness.fcmToken(number)
            _ = try await store.registerDevice(userID: user.id, token: token, platform: platform, at: Date())
        }
        try await store.setSubscriptions(userID: user.id, [service.id: true])
        return (service, user)
    }
}
