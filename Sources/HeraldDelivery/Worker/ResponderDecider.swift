import Foundation
import HeraldCore
import Logging

/// Decides, just before Web Push pushes are sent, which carry the
/// lock-screen "Acknowledge" action (issue 39): on a handled service's
/// alarm only a responder's device is offered it (`AlarmResponders`), so
/// nobody is shown a button whose press would be refused. Each
/// notification's responders are read once per `freshFor` (a batch of a
/// fan-out's pushes shares one read); when they cannot be read no action is
/// offered and the error is logged (the inbox still offers it to whoever
/// may).
final class ResponderDecider: Sendable {
    let store: (any EscalationStore & RotaStore & ServiceWriteBackStore & AccessStore)?
    let clock: WallClock
    let logger: Logger
    static let freshFor: TimeInterval = 5
    private let responders = KeyedCache<NotificationID, AlarmResponders>(ttl: ResponderDecider.freshFor, capacity: 10_000)

    init(store: (any EscalationStore & RotaStore & ServiceWriteBackStore & AccessStore)?, clock: WallClock, logger: Logger) {
        self.store = store
        self.clock = clock
        self.logger = logger
    }

    /// The batch with `acknowledgeable` set on what offers an Acknowledge
    /// action: Web Push pushes, ntfy messages (their button), Matrix ones
    /// (their ✅), Slack and Mattermost direct messages (their button), issue 43.
    func decide(_ batch: [ClaimedDelivery]) async -> [ClaimedDelivery] {
        guard batch.contains(where: { $0.platform.offersAcknowledgeAction && $0.purpose != .withdrawal }) else { return batch }
        var decided = batch
        let now = clock.now()
        for index in decided.indices where decided[index].platform.offersAcknowledgeAction && decided[index].purpose != .withdrawal {
            guard let store, let userID = decided[index].userID else {
                decided[index].acknowledgeable = store == nil
                continue
            }
            let notification = decided[index].notification
            do {
                let known = try await responders.value(of: notification.id, now: now) { id in
                    try await AlarmResponders.read(serviceID: notification.serviceID, notificationID: id, from: store, now: now)
                }
                decided[index].acknowledgeable = known.offersLink(to: userID)
            } catch {
                logger.warning("cannot read an alarm's responders; its Web Push goes without the Acknowledge action", metadata: ["error": "\(String(reflecting: error))"])
                decided[index].acknowledgeable = false
            }
        }
        return decided
    }
}
