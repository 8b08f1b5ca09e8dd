import Foundation
import HeraldCore

extension InMemoryStore: RetentionStore {
    public func pruneNotifications(createdBefore before: Date, limit: Int) async throws -> Int {
        try withState { state in
            let starred = Set(state.starred.values.flatMap { $0 })
            let gone = Set(state.notifications.values.filter { $0.timestamp < before && !starred.contains($0.id) }.sorted { ($0.timestamp, $0.id) < ($1.timestamp, $1.id) }.prefix(limit).map(\.id))
            state.forgetNotifications(gone)
            return gone.count
        }
    }

    public func pruneDeliveryHistory(finishedBefore before: Date, limit: Int) async throws -> Int {
        try withState { state in
            let gone = state.deliveries.values.filter { ![.pending, .retrying].contains($0.state) && $0.updatedAt < before }
                .sorted { ($0.updatedAt, $0.id) < ($1.updatedAt, $1.id) }.prefix(limit).map(\.id)
            for id in gone { state.deliveries[id] = nil }
            return gone.count
        }
    }

    public func pruneUnusedFilters(limit: Int) async throws -> Int {
        try withState { state in
            let held = Set(state.userFilters.values.flatMap(\.values))
            let gone = state.filterRows.keys.filter { !held.contains($0) }.sorted().prefix(limit)
            for id in gone { state.filterRows[id] = nil }
            return gone.count
        }
    }

    public func pruneResolvedAlerts(notifiedBefore before: Date, limit: Int) async throws -> Int {
        try withState { state in
            let gone = state.alertStates.flatMap { service, alerts in
                alerts.filter { $0.value.status == .resolved && $0.value.notifiedAt < before }.map { (service, $0.key, $0.value.notifiedAt) }
            }.sorted { $0.2 < $1.2 }.prefix(limit)
            for (service, fingerprint, _) in gone { state.alertStates[service]?[fingerprint] = nil }
            return gone.count
        }
    }
}
