import Foundation
import HeraldCore
import Logging

/// Decides, just before an escalation's calls are sent, whether the alarm
/// still wants them: a call queued before the alarm was acknowledged or
/// resolved (a step's pushes waiting for a retry, or a `subscribers` call
/// still being fanned out) is kept for the inbox with the reason, not
/// pushed, so nobody is woken for an alarm someone already took. The
/// acknowledgement itself is read, not how the escalation ended: the last
/// step's call leaves its escalation `exhausted` at once, and an
/// acknowledgement after that must hold its call back all the same. The
/// alarm's state comes with the claim (read fresh from the notification);
/// the acknowledgements are read in one query per batch that holds calls,
/// never cached, since a second's staleness is exactly the late ring this
/// prevents. When they cannot be read the calls go (a call too many beats
/// one lost) and the error is logged.
final class CallDecider: Sendable {
    let store: (any AcknowledgementStore)?
    let logger: Logger

    init(store: (any AcknowledgementStore)?, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Why a call is not sent, given whether its alarm is acknowledged now
    /// and its state; nil when it should be.
    static func reason(acknowledged: Bool, alarm: AlarmStatus?) -> String? {
        if acknowledged { return "acknowledged before the call went out: kept for the inbox" }
        if alarm == .resolved { return "resolved before the call went out: kept for the inbox" }
        return nil
    }

    /// The batch with `heldBack` set on the calls their alarm no longer wants.
    func decide(_ batch: [ClaimedDelivery]) async -> [ClaimedDelivery] {
        guard let store, batch.contains(where: Self.isCall) else { return batch }
        let acknowledged: Set<NotificationID>
        do {
            acknowledged = Set(try await store.acknowledgements(of: Array(Set(batch.filter(Self.isCall).map(\.notification.id)))).keys)
        } catch {
            logger.warning("cannot read whether alarms were taken; their calls go", metadata: ["error": "\(String(reflecting: error))"])
            return batch
        }
        var decided = batch
        for index in decided.indices where Self.isCall(decided[index]) && decided[index].heldBack == nil {
            let notification = decided[index].notification
            decided[index].heldBack = Self.reason(acknowledged: acknowledged.contains(notification.id), alarm: notification.alarm)
        }
        return decided
    }

    /// An escalation's call, or any message to a contact method (issue 42):
    /// a text or call due after its step's delay is not sent once someone
    /// took the alarm or it resolved.
    private static func isCall(_ delivery: ClaimedDelivery) -> Bool {
        delivery.purpose == .call || delivery.purpose == .subscribersCall || delivery.platform.isContact
    }
}
