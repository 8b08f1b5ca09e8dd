import Foundation
import HeraldCore
import HeraldDelivery
import HeraldMocks
import HeraldTestSupport
import Testing

/// A batch is sent in groups and each group's outcomes are written as soon
/// as its answers are in, so a crash repeats only the pushes still waiting
/// for an answer, not the whole batch.
@Suite("Delivery outcomes recorded as answers come in")
struct AnswerGroupTests {
    /// One batch of ten, in groups of one: APNs answers at once, FCM holds
    /// its answers for seconds. The APNs outcomes are recorded while the FCM
    /// pushes are still on the wire (recording per batch would show none).
    @Test func answeredGroupsAreRecordedWhileOthersWait() async throws {
        try await DeliveryHarness.run(.postgres, configure: { $0.batchSize = 10; $0.answerGroupSize = 1 }) { harness in
            let apns = (0..<5).map { Recipient(DeliveryHarness.apnsToken($0), .apns) }
            let fcm = (0..<5).map { Recipient(DeliveryHarness.fcmToken($0), .fcm) }
            let service = try await harness.seed(apns + fcm)
            harness.mocks.fcm.behave(.delay(.seconds(8)))
            let notification = try await harness.publish(service)
            try await harness.withWorker {
                try await harness.waitUntil("the APNs outcomes are recorded") { try await harness.counts(notification)[.sent] == 5 }
                #expect(try await harness.counts(notification) == [.sent: 5, .pending: 5], "FCM's outcomes wait for their answers")
                #expect(try await harness.waitUntilSettled(notification) == [.sent: 10])
            }
        }
    }
}
