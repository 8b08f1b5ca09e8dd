import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Fan-out after the answer (issue 27), one contract on every store: a
/// post to more subscribers than the publish links itself stores a job,
/// not rows; the job is claimed once, expanded a chunk at a time in
/// subscriber order (never while a chunk of its pushes still waits),
/// reaches exactly the subscribers at the post less those whose filter
/// refused it, goes on from its last chunk when its owner's claim lapses
/// (the old owner can no longer touch it), and is gone when done. Claims
/// serve the most severe notification's pushes first.
@Suite("Fan-out store")
struct FanoutStoreTests {
    /// A job goes with its notification, as both databases' foreign keys
    /// take it: a deleted service leaves no fan-out to claim.
    @Test(arguments: Backend.allCases)
    func aJobGoesWithItsNotification(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Newsletter", color: "00ff00", owner: "ops"))
            for index in 1...3 {
                let user = try await store.createUser(username: "reader\(index)", passwordHash: "-", isAdmin: false)
                try await store.setSubscriptions(userID: user.id, [service.id: true])
            }
            let request = PublishRequest(NotificationDraft(title: "Weekly news"), serviceID: service.id, at: Timestamp.now(), inlineAudience: 1)
            _ = try await store.publish([request])
            #expect(try await store.pendingFanouts() == 1)
            #expect(try await store.deleteService(id: service.id))
            #expect(try await store.pendingFanouts() == 0)
            #expect(try await store.claimFanouts(owner: "a", limit: 10, until: Date().addingTimeInterval(3), now: Date()).isEmpty)
        }
    }

    /// Each chunk pushes at the notification's severity as it is then: an
    /// alarm raised to critical while its fan-out runs goes on at critical.
    @Test(arguments: Backend.allCases)
    func aChunkPushesAtTheSeverityOfItsTime(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops"))
            for index in 1...3 {
                let user = try await store.createUser(username: "reader\(index)", passwordHash: "-", isAdmin: false)
                _ = try await store.registerDevice(userID: user.id, token: DeliveryHarness.apnsToken(index), platform: .apns, at: Date())
                try await store.setSubscriptions(userID: user.id, [service.id: true])
            }
            let now = Timestamp.now()
            let draft = NotificationDraft(title: "Pressure rising", severity: .minor, key: "cryo")
            let posted = try #require(try await store.publish([PublishRequest(draft, serviceID: service.id, at: now, inlineAudience: 0)]).notifications.first ?? nil)
            let job = try #require(try await store.claimFanouts(owner: "a", limit: 1, until: now.addingTimeInterval(60), now: now).first)
            #expect(job.priority == DeliveryPriority.of(.minor), "as claimed")
            var raised = draft
            raised.severity = .critical
            #expect(try await store.updateNotification(id: posted.id, with: raised, reaching: .newlyMatching(filters: []), at: now) != nil)
            guard case .expanded = try await store.expandFanout(job, owner: "a", chunk: 100, until: now.addingTimeInterval(60), now: now) else {
                Issue.record("the chunk was not expanded")
                return
            }
            let urgent = try await store.claimDeliveries(limit: 100, now: now.addingTimeInterval(1), leaseUntil: now.addingTimeInterval(60), holder: nil, minimumPriority: DeliveryPriority.urgent)
            #expect(urgent.count == 3, "the chunk's pushes at the raised severity's priority")
        }
    }

    @Test(arguments: Backend.allCases)
    func aLargeAudienceIsExpandedAfterThePostOnceInOrderAndGoesOnAfterALapse(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Newsletter", color: "00ff00", owner: "ops"))
            var users: [User] = []
            for index in 1...6 {
                let user = try await store.createUser(username: "reader\(index)", passwordHash: "-", isAdmin: false)
                _ = try await store.registerDevice(userID: user.id, token: DeliveryHarness.apnsToken(index), platform: .apns, at: Date())
                users.append(user)
            }
            for user in users.prefix(5) { try await store.setSubscriptions(userID: user.id, [service.id: true]) }
            // reader3's filter refuses what is posted.
            #expect(try await store.setFilter(userID: users[2].id, serviceID: service.id, SubscriptionFilter(includeKeywords: ["vacuum"])))
            let refusing = try #require(try await store.filters(serviceIDs: [service.id], after: 0).first?.id)
            // Database clocks count the subscriptions' times: reader6's must be later than the post's.
            try await Task.sleep(for: .milliseconds(20))

            let now = Timestamp.now()
            let request = PublishRequest(
                NotificationDraft(title: "Weekly news", severity: .info), serviceID: service.id, at: now, filters: FilterVerdicts(rejected: [refusing]),
                inlineAudience: 2
            )
            let published = try await store.publish([request])
            let news = try #require(published.notifications.first ?? nil)
            #expect(published.queuedDeliveries, "the workers are told something is coming")
            #expect(try await store.pendingFanouts() == 1)
            #expect(try await store.queueDepth() == 0, "no push queued in the post itself")
            #expect(try await store.inbox(userID: users[0].id, limit: 10, order: .descending).isEmpty, "no inbox row in the post itself")
            try await Task.sleep(for: .milliseconds(20))
            try await store.setSubscriptions(userID: users[5].id, [service.id: true])

            // Claimed once; another owner gets nothing while the claim holds.
            let jobs = try await store.claimFanouts(owner: "a", limit: 10, until: now.addingTimeInterval(3), now: now)
            #expect(jobs == [FanoutJob(notificationID: news.id, serviceID: service.id, afterUser: 0, severity: news.severity)])
            #expect(jobs.first?.priority == DeliveryPriority.of(news.severity), "its pushes at the notification's own priority, decided in Swift")
            #expect(try await store.claimFanouts(owner: "b", limit: 10, until: now.addingTimeInterval(3), now: now).isEmpty)
            var job = try #require(jobs.first)

            // The first chunk: readers 1 and 2.
            guard case .expanded(let first, let linked, let queued) = try await store.expandFanout(job, owner: "a", chunk: 2, until: now.addingTimeInterval(3), now: now) else {
                Issue.record("the first chunk was not expanded")
                return
            }
            #expect(first.afterUser == users[1].id && linked == 2 && queued == 2)
            job = first
            // Two of its pushes still wait: nothing more is added until they are sent.
            #expect(try await store.expandFanout(job, owner: "a", chunk: 2, until: now.addingTimeInterval(3), now: now) == .waiting(ahead: 2))
            let claimed = try await store.claimDeliveries(limit: 10, now: now, leaseUntil: now.addingTimeInterval(60), holder: nil)
            #expect(Set(claimed.map(\.token)) == [DeliveryHarness.apnsToken(1), DeliveryHarness.apnsToken(2)])
            try await store.recordDeliveries(claimed.map { DeliveryResult(delivery: $0, outcome: .sent) }, at: now)

            // The next: reader3 (refused) and reader4.
            guard case .expanded(let second, let linked2, let queued2) = try await store.expandFanout(job, owner: "a", chunk: 2, until: now.addingTimeInterval(3), now: now)
            else {
                Issue.record("the second chunk was not expanded")
                return
            }
            #expect(second.afterUser == users[3].id && linked2 == 1 && queued2 == 1)

            // Owner "a" is killed here: its claim lapses and "b" goes on from the last chunk.
            let later = now.addingTimeInterval(4)
            let taken = try await store.claimFanouts(owner: "b", limit: 10, until: later.addingTimeInterval(3), now: later)
            #expect(taken == [second])
            #expect(try await store.expandFanout(second, owner: "a", chunk: 2, until: later.addingTimeInterval(3), now: later) == .lost, "the old owner can no longer touch it")
            guard case .expanded(let third, let linked3, _) = try await store.expandFanout(second, owner: "b", chunk: 10, until: later.addingTimeInterval(3), now: later) else {
                Issue.record("the third chunk was not expanded")
                return
            }
            // reader5; reader6 subscribed after the post (a database reads past it, the memory store never knew it).
            #expect(third.afterUser >= users[4].id && linked3 == 1)
            #expect(try await store.expandFanout(third, owner: "b", chunk: 10, until: later.addingTimeInterval(3), now: later) == .finished)
            #expect(try await store.pendingFanouts() == 0)

            // Exactly the subscribers at the post, less the refused one; one push each.
            for (index, user) in users.enumerated() {
                let holds = try await store.inbox(userID: user.id, limit: 10, order: .descending).map(\.notification.id) == [news.id]
                #expect(holds == [0, 1, 3, 4].contains(index), "reader\(index + 1)")
            }
            let rest = try await store.claimDeliveries(limit: 10, now: later, leaseUntil: later.addingTimeInterval(60), holder: nil)
            #expect(Set(rest.map(\.token)) == [DeliveryHarness.apnsToken(4), DeliveryHarness.apnsToken(5)])
        }
    }

    @Test(arguments: Backend.allCases)
    func claimsServeTheMostSevereFirst(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let routine = try await store.createService(ServiceDraft(category: "Routine", color: "00ff00", owner: "ops"))
            let urgent = try await store.createService(ServiceDraft(category: "Urgent", color: "ff0000", owner: "ops"))
            _ = try await Self.subscribers(1...5, named: "r", to: routine, in: store)
            _ = try await Self.subscribers(99...99, named: "operator", to: urgent, in: store)
            let now = Timestamp.now()
            _ = try await store.publish(NotificationDraft(title: "Newsletter", severity: .info), serviceID: routine.id, at: now)
            _ = try await store.publish(NotificationDraft(title: "Beam lost", severity: .critical), serviceID: urgent.id, at: now.addingTimeInterval(1))
            // The critical one was queued last, and is claimed first.
            let first = try await store.claimDeliveries(limit: 1, now: now.addingTimeInterval(2), leaseUntil: now.addingTimeInterval(60), holder: nil)
            #expect(first.map(\.token) == [DeliveryHarness.apnsToken(99)])
            #expect(first.first?.notification.title == "Beam lost")
        }
    }

    /// The worker's express lane claims only urgent pushes (critical
    /// notifications, escalation calls), and leaves the rest to the main lane.
    @Test(arguments: Backend.allCases)
    func theUrgentLaneClaimsOnlyUrgentPushes(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Mixed", color: "ff0000", owner: "ops"))
            _ = try await Self.subscribers(1...3, named: "u", to: service, in: store)
            let now = Timestamp.now()
            for (offset, severity) in [Severity.info, .high, nil, .critical].enumerated() {
                _ = try await store.publish(NotificationDraft(title: severity?.rawValue ?? "plain", severity: severity), serviceID: service.id, at: now.addingTimeInterval(Double(offset)))
            }
            let later = now.addingTimeInterval(10)
            let urgent = try await store.claimDeliveries(
                limit: 10, now: later, leaseUntil: later.addingTimeInterval(60), holder: nil, minimumPriority: DeliveryPriority.urgent
            )
            #expect(urgent.map(\.notification.title) == ["critical", "critical", "critical"])
            #expect(try await store.claimDeliveries(limit: 10, now: later, leaseUntil: later.addingTimeInterval(60), holder: nil, minimumPriority: DeliveryPriority.urgent).isEmpty)
            let next = try await store.claimDeliveries(limit: 3, now: later, leaseUntil: later.addingTimeInterval(60), holder: nil)
            #expect(next.map(\.notification.title) == ["high", "high", "high"], "the most severe first")
            #expect(try await store.claimDeliveries(limit: 20, now: later, leaseUntil: later.addingTimeInterval(60), holder: nil).count == 6)
        }
    }

    /// At one severity a fan-out's pushes come after the others': a
    /// notification to a few people posted after a newsletter's chunks were
    /// queued is claimed first, in the main lane and the urgent one alike.
    @Test(arguments: Backend.allCases)
    func aFanoutsPushesGoAfterSmallNotificationsOfTheSameSeverity(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let (newsletter, shift) = try await Self.newsletterAndShift(in: store)

            var now = Timestamp.now()
            for severity in [Severity.info, .critical] {
                // The newsletter, to more than the publish links itself: a fan-out, expanded at once.
                _ = try await store.publish([PublishRequest(NotificationDraft(title: "News", severity: severity), serviceID: newsletter.id, at: now, inlineAudience: 2)])
                let job = try #require(try await store.claimFanouts(owner: "a", limit: 1, until: now.addingTimeInterval(3), now: now).first)
                guard case .expanded(let moved, _, let queued) = try await store.expandFanout(job, owner: "a", chunk: 10, until: now.addingTimeInterval(3), now: now) else {
                    Issue.record("the fan-out was not expanded")
                    return
                }
                #expect(queued == 4)
                #expect(try await store.expandFanout(moved, owner: "a", chunk: 10, until: now.addingTimeInterval(3), now: now) == .finished)
                // Then one notification of the same severity to one person.
                _ = try await store.publish(NotificationDraft(title: "Shift", severity: severity), serviceID: shift.id, at: now.addingTimeInterval(1))
                let later = now.addingTimeInterval(2)
                let lane = severity == .critical ? DeliveryPriority.urgent : 0
                let first = try await store.claimDeliveries(limit: 1, now: later, leaseUntil: later.addingTimeInterval(60), holder: nil, minimumPriority: lane)
                #expect(first.map(\.notification.title) == ["Shift"], "\(severity)")
                #expect(first.map(\.token) == [DeliveryHarness.apnsToken(99)], "\(severity)")
                let rest = try await store.claimDeliveries(limit: 10, now: later, leaseUntil: later.addingTimeInterval(60), holder: nil, minimumPriority: lane)
                #expect(rest.map(\.notification.title) == Array(repeating: "News", count: 4), "\(severity)")
                try await store.recordDeliveries((first + rest).map { DeliveryResult(delivery: $0, outcome: .sent) }, at: later)
                now = later.addingTimeInterval(1)
            }
        }
    }

    /// The main lane leaves the express lane's fresh pushes (urgent, not a
    /// fan-out's) to it, and takes a critical fan-out's and any other; once
    /// one has waited past the cutoff, the main lane takes it too.
    @Test(arguments: Backend.allCases)
    func theMainLaneLeavesFreshExpressPushesToTheExpressLane(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let (newsletter, shift) = try await Self.newsletterAndShift(in: store)
            let now = Timestamp.now()
            _ = try await store.publish([PublishRequest(NotificationDraft(title: "Evacuate", severity: .critical), serviceID: newsletter.id, at: now, inlineAudience: 2)])
            let job = try #require(try await store.claimFanouts(owner: "a", limit: 1, until: now.addingTimeInterval(3), now: now).first)
            guard case .expanded(_, _, 4) = try await store.expandFanout(job, owner: "a", chunk: 10, until: now.addingTimeInterval(3), now: now) else {
                Issue.record("the fan-out was not expanded")
                return
            }
            _ = try await store.publish(NotificationDraft(title: "Beam lost", severity: .critical), serviceID: shift.id, at: now)
            _ = try await store.publish(NotificationDraft(title: "Shift change", severity: .info), serviceID: shift.id, at: now)

            let soon = now.addingTimeInterval(0.5)
            let main = try await store.claimDeliveries(
                limit: 10, now: soon, leaseUntil: soon.addingTimeInterval(60), holder: nil, minimumPriority: 0, withholdingBulkOf: [],
                leavingExpressDueAfter: soon.addingTimeInterval(-1)
            )
            #expect(main.map(\.notification.title) == Array(repeating: "Evacuate", count: 4) + ["Shift change"], "the fresh critical push to one person is left")
            #expect(main.filter(\.isExpress).isEmpty)

            let late = now.addingTimeInterval(2)
            let waited = try await store.claimDeliveries(
                limit: 10, now: late, leaseUntil: late.addingTimeInterval(60), holder: nil, minimumPriority: 0, withholdingBulkOf: [],
                leavingExpressDueAfter: late.addingTimeInterval(-1)
            )
            #expect(waited.map(\.notification.title) == ["Beam lost"], "past the cutoff the main lane takes it")
            #expect(waited.filter(\.isExpress).count == 1)
        }
    }

    /// The pushes a worker has claimed are on their way: they no longer
    /// hold the next chunk back, so the workers are never left without work
    /// while the claimed ones are sent.
    @Test(arguments: Backend.allCases)
    func claimedPushesDoNotHoldTheNextChunkBack(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Newsletter", color: "00ff00", owner: "ops"))
            _ = try await Self.subscribers(1...4, named: "reader", to: service, in: store)
            try await Task.sleep(for: .milliseconds(20))
            let now = Timestamp.now()
            _ = try await store.publish([PublishRequest(NotificationDraft(title: "News"), serviceID: service.id, at: now, inlineAudience: 1)])
            var job = try #require(try await store.claimFanouts(owner: "a", limit: 1, until: now.addingTimeInterval(3), now: now).first)
            guard case .expanded(let moved, _, 2) = try await store.expandFanout(job, owner: "a", chunk: 2, until: now.addingTimeInterval(3), now: now) else {
                Issue.record("the first chunk was not expanded")
                return
            }
            job = moved
            #expect(try await store.expandFanout(job, owner: "a", chunk: 2, until: now.addingTimeInterval(3), now: now) == .waiting(ahead: 2))
            // One is claimed (not yet sent): one still waits, so the next chunk goes in.
            #expect(try await store.claimDeliveries(limit: 1, now: now, leaseUntil: now.addingTimeInterval(60), holder: nil).count == 1)
            guard case .expanded(let second, _, 2) = try await store.expandFanout(job, owner: "a", chunk: 2, until: now.addingTimeInterval(3), now: now) else {
                Issue.record("the claimed push still held the next chunk back")
                return
            }
            // Three wait unclaimed now: nothing more goes in.
            #expect(try await store.expandFanout(second, owner: "a", chunk: 2, until: now.addingTimeInterval(3), now: now) == .waiting(ahead: 2))
            // A claim whose lease ran out waits again (sent by whoever claims it next).
            let lapsed = now.addingTimeInterval(61)
            #expect(try await store.claimDeliveries(limit: 10, now: lapsed, leaseUntil: lapsed.addingTimeInterval(60), holder: nil).count == 4)
        }
    }

    /// A newsletter with four readers and a shift service with one operator
    /// (the APNs phone of 99), their subscriptions a moment in the past.
    static func newsletterAndShift(in store: any HeraldStore) async throws -> (newsletter: ServiceRecord, shift: ServiceRecord) {
        let newsletter = try await store.createService(ServiceDraft(category: "Newsletter", color: "00ff00", owner: "ops"))
        let shift = try await store.createService(ServiceDraft(category: "Shift", color: "0000ff", owner: "ops"))
        _ = try await subscribers(1...4, named: "reader", to: newsletter, in: store)
        _ = try await subscribers(99...99, named: "operator", to: shift, in: store)
        try await Task.sleep(for: .milliseconds(20))
        return (newsletter, shift)
    }

    /// Users `name1`, `name2`… for `numbers`, each with the APNs phone of
    /// that number, subscribed to `service`.
    static func subscribers(_ numbers: ClosedRange<Int>, named name: String, to service: ServiceRecord, in store: any HeraldStore) async throws -> [User] {
        var users: [User] = []
        for index in numbers {
            let user = try await store.createUser(username: "\(name)\(index)", passwordHash: "-", isAdmin: false)
            _ = try await store.registerDevice(userID: user.id, token: DeliveryHarness.apnsToken(index), platform: .apns, at: Date())
            try await store.setSubscriptions(userID: user.id, [service.id: true])
            users.append(user)
        }
        return users
    }

    /// Issue 39: a large audience's withdrawals are a fan-out job the
    /// acknowledgement stores (no withdrawal in its own transaction),
    /// expanded a chunk of holders at a time, to each device on the job's
    /// platforms once per notification however often it is acknowledged.
    @Test(arguments: Backend.allCases)
    func aLargeAudiencesWithdrawalsAreAJobOfTheirOwn(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Site", color: "00ff00", owner: "ops"))
            var users: [User] = []
            for index in 1...5 {
                let user = try await store.createUser(username: "holder\(index)", passwordHash: "-", isAdmin: false)
                _ = try await store.registerDevice(userID: user.id, token: DeliveryHarness.apnsToken(index), platform: .apns, at: Date())
                _ = try await store.registerDevice(userID: user.id, token: DeliveryHarness.fcmToken(index), platform: .fcm, at: Date())
                try await store.setSubscriptions(userID: user.id, [service.id: true])
                users.append(user)
            }
            let alarm = try #require(try await store.publish(NotificationDraft(title: "Site alarm", severity: .critical), serviceID: service.id, at: Timestamp.now()))
            // The post's own pushes out of the way (sent), so a chunk is never held back for them.
            let now = Timestamp.now()
            let sent = try await store.claimDeliveries(limit: 100, now: now, leaseUntil: now.addingTimeInterval(60))
            try await store.recordDeliveries(sent.map { DeliveryResult(delivery: $0, outcome: .sent) }, at: now)
            let effects = AcknowledgementEffects(withdrawOn: [.apns], withdrawalsAsFanout: true)
            func withdrawals() async throws -> [DeliveryReportRow] { try await store.deliveryReport(notificationID: alarm.id).filter { $0.purpose == .withdrawal } }

            #expect(try await store.acknowledge(notificationID: alarm.id, by: users[0], comment: nil, effects: effects, at: now)?.isNew == true)
            #expect(try await withdrawals().isEmpty, "none in the acknowledgement's transaction")
            #expect(try await store.pendingFanouts() == 1)
            func drain() async throws -> [Int] {
                var queued: [Int] = []
                let later = Timestamp.now()
                for job in try await store.claimFanouts(owner: "w", limit: 10, until: later.addingTimeInterval(30), now: later) {
                    var current = job
                    while case .expanded(let moved, _, let count) = try await store.expandFanout(current, owner: "w", chunk: 2, until: later.addingTimeInterval(30), now: later) {
                        queued.append(count)
                        current = moved
                        // The chunk's pushes sent, so the next is not held back for them.
                        let claimed = try await store.claimDeliveries(limit: 100, now: later, leaseUntil: later.addingTimeInterval(60))
                        try await store.recordDeliveries(claimed.map { DeliveryResult(delivery: $0, outcome: .sent) }, at: later)
                    }
                }
                return queued
            }
            #expect(try await drain() == [2, 2, 1], "a chunk of holders at a time, their APNs devices only")
            #expect(try await store.pendingFanouts() == 0)
            let first = try await withdrawals()
            #expect(first.count == 5 && Set(first.map(\.platform)) == [.apns])
            for _ in 0..<2 {
                #expect(try await store.withdrawAcknowledgement(notificationID: alarm.id, by: users[4], resume: nil, at: Timestamp.now()) != nil)
                #expect(try await store.acknowledge(notificationID: alarm.id, by: users[1], comment: nil, effects: effects, at: Timestamp.now())?.isNew == true)
                #expect(try await drain() == [0, 0, 0], "each device had its one")
            }
            #expect(try await withdrawals().count == 5)
        }
    }
}
