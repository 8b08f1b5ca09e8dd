import Foundation
import HeraldCore
import HeraldMocks
import HeraldTestSupport
import Testing

/// The worker's express lane (issue 27): urgent pushes are claimed beside
/// the batches in flight, so they never wait for a slot behind routine ones.
@Suite("The urgent lane")
struct ExpressLaneTests {
    /// Every slot of the main lane holds routine pushes that APNs answers
    /// only after 10 s; a critical notification posted meanwhile reaches its
    /// phone before any of them is answered (no slot is free before), and
    /// the routine ones all arrive.
    @Test(arguments: Backend.allCases)
    func aCriticalPushDoesNotWaitForASlotBehindSlowRoutineOnes(_ backend: Backend) async throws {
        try await DeliveryHarness.run(backend, configure: { $0.concurrency = 20; $0.batchSize = 10; $0.answerGroupSize = 10 }) { harness in
            let answerAfter = Duration.seconds(10)
            harness.mocks.apns.behave(.delay(answerAfter))
            let routine = try await harness.seed((0..<60).map { Recipient(DeliveryHarness.apnsToken($0), .apns) })
            let pager = try await harness.seed([Recipient(DeliveryHarness.fcmToken(1), .fcm)])
            let news = try await harness.publish(routine, NotificationDraft(title: "Weekly news", severity: .info))
            try await harness.withWorker {
                // Three batches of ten in flight (concurrency 20, plus one): every slot.
                try await harness.waitUntil("the main lane's slots are all held") { harness.mocks.apns.pushCount >= 30 }
                _ = try await harness.publish(pager, NotificationDraft(title: "Beam lost", severity: .critical))
                try await harness.waitUntil("the critical push arrives", timeout: .seconds(30)) { harness.mocks.fcm.messages.count == 1 }
                let firstRoutine = try #require(harness.mocks.apns.pushes.map(\.arrivedAt).min())
                let critical = try #require(harness.mocks.fcm.messages.first?.arrivedAt)
                #expect(critical < firstRoutine + answerAfter, "the critical push came \(critical - firstRoutine) after the first routine one, answered after \(answerAfter)")
                harness.mocks.apns.behave(.answer)
                #expect(try await harness.waitUntilSettled(news) == [.sent: 60])
            }
        }
    }

    /// Which pushes take the express connection: an urgent notification's
    /// own, and escalation calls; a critical notification to a large
    /// audience (a fan-out's, `bulk`) does not, or it would stand in front
    /// of the next alarm.
    @Test func theExpressConnectionCarriesUrgentPushesThatAreNotAFanOuts() {
        func delivery(_ severity: Severity?, bulk: Bool = false, purpose: DeliveryPurpose = .alert) -> ClaimedDelivery {
            let record = NotificationRecord(id: 1, serviceID: UUID(), timestamp: Date(), draft: NotificationDraft(title: "t", severity: severity))
            var delivery = ClaimedDelivery(
                id: 1, notification: record, platform: .apns, deviceID: 1, token: "t", userIsActive: true, loginExpiresAt: nil, badge: 0, attempts: 1, queuedAt: Date()
            )
            delivery.bulk = bulk
            delivery.purpose = purpose
            return delivery
        }
        #expect(delivery(.critical).isExpress)
        #expect(!delivery(.critical, bulk: true).isExpress)
        #expect(!delivery(.error).isExpress && !delivery(nil).isExpress)
        #expect(delivery(nil, purpose: .call).isExpress)
    }

    /// An urgent push goes over a connection the others never use: written
    /// behind a fan-out's pushes on a shared one, it was answered after all
    /// of them (80-107 ms in a 10^6 fan-out). Here the routine pushes wait
    /// unanswered on theirs while the critical one, to the same provider,
    /// arrives on its own.
    @Test(arguments: Backend.allCases)
    func anUrgentPushHasAProviderConnectionOfItsOwn(_ backend: Backend) async throws {
        try await DeliveryHarness.run(backend, configure: { $0.concurrency = 20; $0.batchSize = 10; $0.answerGroupSize = 10 }) { harness in
            harness.mocks.apns.behave(.delay(.seconds(10)))
            let routine = try await harness.seed((0..<60).map { Recipient(DeliveryHarness.apnsToken($0), .apns) })
            let pagerToken = DeliveryHarness.apnsToken(1_000)
            let pager = try await harness.seed([Recipient(pagerToken, .apns)])
            let news = try await harness.publish(routine, NotificationDraft(title: "Weekly news", severity: .info))
            try await harness.withWorker {
                try await harness.waitUntil("the routine pushes are out") { harness.mocks.apns.pushCount >= 30 }
                _ = try await harness.publish(pager, NotificationDraft(title: "Beam lost", severity: .critical))
                try await harness.waitUntil("the critical push arrives", timeout: .seconds(30)) {
                    harness.mocks.apns.pushes.contains { $0.token == pagerToken }
                }
                let pushes = harness.mocks.apns.pushes
                let critical = try #require(pushes.first { $0.token == pagerToken })
                let routineConnections = Set(pushes.filter { $0.token != pagerToken }.map(\.connection))
                #expect(!routineConnections.isEmpty && !routineConnections.contains(critical.connection), "critical on \(critical.connection), routine on \(routineConnections)")
                #expect(routineConnections.count == harness.settings.connectionsPerProvider, "the routine pushes use every other connection")
                harness.mocks.apns.behave(.answer)
                #expect(try await harness.waitUntilSettled(news) == [.sent: 60])
            }
        }
    }
}
