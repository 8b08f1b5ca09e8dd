import Foundation
import HeraldCore
import Testing

/// How each kind of fan-out's chunk is queued, decided in Swift
/// (`FanoutJob.order`, `FanoutJob.priority`): the stores apply it as given.
@Suite("Delivery orders")
struct DeliveryOrderTests {
    @Test func eachFanoutKindQueuesItsChunksInTheBulkLaneAsItsPurposeSays() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let post = FanoutJob(notificationID: 1, serviceID: UUID(), afterUser: 0, kind: .post, severity: .major)
        #expect(post.order(at: now) == DeliveryOrder(purpose: .alert, bulk: true, at: now))
        #expect(post.priority == DeliveryPriority.of(.major))

        let call = FanoutJob(notificationID: 1, serviceID: UUID(), afterUser: 0, kind: .call, severity: .minor)
        #expect(call.order(at: now) == DeliveryOrder(purpose: .subscribersCall, bulk: true, at: now))
        #expect(call.priority == DeliveryPriority.of(.critical), "a call to the subscribers goes as a critical alarm, below an escalation's own call")
        #expect(call.priority < DeliveryPriority.call)

        let withdrawal = FanoutJob(notificationID: 1, serviceID: UUID(), afterUser: 0, kind: .withdrawal, severity: .critical, platforms: [.apns, .webpush])
        #expect(withdrawal.order(at: now) == DeliveryOrder(purpose: .withdrawal, bulk: true, platforms: [.apns, .webpush], oncePerDevice: true, at: now))
        #expect(withdrawal.priority == DeliveryPriority.withdrawal)
    }

    /// Only a withdrawal is limited to platforms and to one per device.
    @Test func onlyAWithdrawalIsOncePerDeviceAndOnSomePlatforms() {
        let now = Date()
        for order in [DeliveryOrder.alert(at: now), .alert(at: now, bulk: true), .call(at: now), .subscribersCall(at: now)] {
            #expect(order.platforms == nil && !order.oncePerDevice)
        }
        let withdrawal = DeliveryOrder.withdrawal(on: [.fcm], at: now)
        #expect(withdrawal.platforms == [.fcm] && withdrawal.oncePerDevice && !withdrawal.bulk)
    }
}
