import Foundation
import HeraldCore
import Logging
import NIOConcurrencyHelpers

/// Holds back the pushes to a confined account (the demo account, an
/// untrusted realm's login: `Confinement`) of any service but the demo one,
/// just before they are sent (issue 39): whatever subscription, escalation
/// or import linked them, such an account receives only the demo service's
/// notifications. The confined accounts are read whole (few) once per
/// `freshFor`, so a batch without confined accounts costs nothing; a batch
/// with some reads each of their services once, as it is now (a service
/// renamed away from the demo one is never pushed to them again). When the
/// accounts cannot be read the last ones read stand (none before the first
/// read) and the error is logged; a service that cannot be read is not
/// pushed to them.
final class ConfinementDecider: Sendable {
    let store: (any AccountStore & ServiceStore)?
    let confinement: Confinement
    let clock: WallClock
    let logger: Logger
    static let freshFor: TimeInterval = 5
    private let confined = NIOLockedValueBox<(ids: Set<UserID>, readAt: Date)?>(nil)

    init(store: (any AccountStore & ServiceStore)?, confinement: Confinement, clock: WallClock, logger: Logger) {
        self.store = store
        self.confinement = confinement
        self.clock = clock
        self.logger = logger
    }

    /// The batch with a confined account's pushes of other services held back.
    func decide(_ batch: [ClaimedDelivery]) async -> [ClaimedDelivery] {
        guard let store else { return batch }
        let now = clock.now()
        let ids = await confinedAccounts(store: store, now: now)
        guard !ids.isEmpty, batch.contains(where: { $0.userID.map(ids.contains) ?? false }) else { return batch }
        var decided = batch
        var shown: [UUID: Bool] = [:]
        for index in decided.indices where decided[index].purpose != .withdrawal {
            guard let userID = decided[index].userID, ids.contains(userID) else { continue }
            let serviceID = decided[index].notification.serviceID
            if shown[serviceID] == nil {
                do {
                    shown[serviceID] = try await store.service(id: serviceID).map(confinement.shows) ?? false
                } catch {
                    // Not known to be the demo service: not pushed to a confined account.
                    logger.warning("cannot read a service for a confined account's push; it is held back", metadata: ["error": "\(String(reflecting: error))"])
                    shown[serviceID] = false
                }
            }
            if shown[serviceID] != true { decided[index].heldBack = "confined to the demo service: not pushed" }
        }
        return decided
    }

    private func confinedAccounts(store: any AccountStore, now: Date) async -> Set<UserID> {
        if let kept = confined.withLockedValue({ $0 }), now.timeIntervalSince(kept.readAt) < Self.freshFor { return kept.ids }
        do {
            let read = try await store.confinedUserIDs()
            confined.withLockedValue { $0 = (read, now) }
            return read
        } catch {
            logger.warning("cannot read the confined accounts; the last ones read stand", metadata: ["error": "\(String(reflecting: error))"])
            return confined.withLockedValue { $0?.ids } ?? []
        }
    }
}
