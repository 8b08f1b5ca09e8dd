import Foundation
import HeraldCore
import Testing

@testable import HeraldDelivery

/// A direct message's Acknowledge button carries the moment it was handed
/// over: a withdrawal before it is not held against the press, one after
/// it is (`Acknowledgements.acknowledge(fromReplyOf:)` compares them).
@Suite("Slack and Mattermost direct messages: the button's time")
struct ChatDirectButtonTests {
    static func message(handedAt: Date) -> ContactMessage {
        let notification = NotificationRecord(id: 42, serviceID: UUID(), timestamp: handedAt, draft: NotificationDraft(title: "Cooling water low"))
        var message = ContactMessage(
            delivery: ClaimedDelivery(
                id: 1, notification: notification, platform: .mattermost, deviceID: 1, token: Platform.contactToken(methodID: 7), userIsActive: true,
                loginExpiresAt: nil, badge: 0, attempts: 0, queuedAt: handedAt
            ),
            address: "ann"
        )
        message.handedAt = handedAt
        return message
    }

    /// Signed in whole seconds, a withdrawal 0.4 s before a hand-over at
    /// x.9 s looked later than the message and refused its own person's
    /// press (CI saw it under load); milliseconds keep the order.
    @Test func aWithdrawalJustBeforeTheHandOverIsBeforeTheSignedTime() throws {
        let handedAt = Date(timeIntervalSince1970: 1_800_000_000.9)
        let withdrawnAt = handedAt.addingTimeInterval(-0.4)
        let button = try #require(Self.message(handedAt: handedAt).directButton)
        #expect(button.method == 7 && button.notification == 42)
        let signed = Date(timeIntervalSince1970: TimeInterval(button.sentAt) / 1_000)
        #expect(withdrawnAt < signed)
        #expect(signed <= handedAt, "never later than the hand-over: a withdrawal after it still counts")
        #expect(handedAt.timeIntervalSince(signed) < 0.001)
    }
}
