import Foundation
import HeraldCore

extension InMemoryStore: AlertStateStore {
    public func publishAlertChanges(
        serviceID: UUID, _ alerts: [AlertObservation], renotifyAfter: TimeInterval?, at now: Date, filters: FilterJudge?, compose: AlertComposer
    ) async throws -> [NotificationRecord]? {
        let published = try withState(.publishAlertChanges) { state -> [NotificationRecord]? in
            guard state.services[serviceID] != nil else { return nil }
            let decision = AlertDecision(alerts: alerts, previous: state.alertStates[serviceID] ?? [:], now: now, renotifyAfter: renotifyAfter)
            let published = compose(decision.toNotify).compactMap {
                Self.publish($0, serviceID: serviceID, at: now, filters: filters?($0, now) ?? FilterVerdicts(), in: &state)
            }
            for recorded in decision.newStates { state.alertStates[serviceID, default: [:]][recorded.fingerprint] = recorded.state }
            return published
        }
        for notification in published ?? [] { inboxSignals.send(.published(notification.id)) }
        return published
    }

    public func park(_ message: ParkedMessageDraft, at now: Date) async throws {
        try withState(.park) { state in state.parked.append(ParkedMessage(id: state.nextID(), message: message, parkedAt: now)) }
    }

    public func parkedMessages(limit: Int) async throws -> [ParkedMessage] {
        try withState { Array($0.parked.sorted { ($0.parkedAt, $0.id) > ($1.parkedAt, $1.id) }.prefix(limit)) }
    }
}
