import Foundation
import HeraldCore
import Logging

/// Decides, just before an escalation's calls are sent, whether the alarm
/// still wants them: a call queued before the alarm was acknowledged or
/// resolved (a step's pushes waiting for a retry, or a `subscribers` call
/// still being fanned out) is kept for the inbox with the reason, not
/// pushed, so nobody is woken for an alarm someone already took. The
/// acknowledgement itself is read, not only how the escalation ended: the
/// last step's call leaves its escalation `exhausted` at once, and an
/// acknowledgement after that must hold its call back all the same. The
/// state is read fresh for each batch that holds calls (two reads per
/// alarm), since a second's staleness is exactly the late ring this
/// prevents; when it cannot be read the call goes (a call too many beats
/// one lost) and the error is logged.
final class CallDecider: Sendable {
    let store: (any EscalationStore & AcknowledgementStore)?
    let logger: Logger

    init(store: (any EscalationStore & AcknowledgementStore)?, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Why a call is not sent, given whether its alarm is acknowledged now
    /// and how its escalation ended; nil when it should be.
    static func reason(acknowledged: Bool, ended: EscalationEnd?) -> String? {
        if acknowledged || ended == .acknowledged { return "acknowledged before the call went out: kept for the inbox" }
        if ended == .resolved { return "resolved before the call went out: kept for the inbox" }
        return nil
    }

    /// The batch with `heldBack` set on the calls their alarm no longer wants.
    func decide(_ batch: [ClaimedDelivery]) async -> [ClaimedDelivery] {
        guard let store, batch.contains(where: Self.isCall) else { return batch }
        let ids = Array(Set(batch.filter(Self.isCall).map(\.notification.id)))
        var reasons: [NotificationID: String] = [:]
        do {
            let acknowledged = try await store.acknowledgements(of: ids)
            for id in ids {
                let ended = try await store.escalation(notificationID: id)?.ended
                reasons[id] = Self.reason(acknowledged: acknowledged[id] != nil, ended: ended)
            }
        } catch {
            logger.warning("cannot read whether alarms were taken; their calls go", metadata: ["error": "\(String(reflecting: error))"])
            return batch
        }
        var decided = batch
        for index in decided.indices where Self.isCall(decided[index]) && decided[index].heldBack == nil {
            decided[index].heldBack = reasons[decided[index].notification.id]
        }
        return decided
    }

    private static func isCall(_ delivery: ClaimedDelivery) -> Bool {
        delivery.purpose == .call || delivery.purpose == .subscribersCall
    }
}
