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
}
