import Foundation
import HeraldCore

extension InMemoryStore: FilterStore {
    public func filter(userID: UserID, serviceID: UUID) async throws -> SubscriptionFilter? {
        try await filters(userID: userID)[serviceID]
    }

    public func filters(userID: UserID) async throws -> [UUID: SubscriptionFilter] {
        try withState { state in
            (state.userFilters[userID] ?? [:]).compactMapValues { id in
                state.filterRows[id].flatMap { state.services[$0.serviceID] != nil ? $0.filter : nil }
            }
        }
    }

    public func setFilter(userID: UserID, serviceID: UUID, _ filter: SubscriptionFilter) async throws -> Bool {
        try withState { state in
            guard state.services[serviceID] != nil else { return false }
            guard !filter.isEmpty else {
                state.userFilters[userID]?[serviceID] = nil
                return true
            }
            let id = state.filterRows.values.first { $0.serviceID == serviceID && $0.filter == filter }?.id ?? {
                let id = state.nextID()
                state.filterRows[id] = StoredFilter(id: id, serviceID: serviceID, filter: filter)
                return id
            }()
            state.userFilters[userID, default: [:]][serviceID] = id
            return true
        }
    }

    public func filters(serviceIDs: [UUID], after id: Int64) async throws -> [StoredFilter] {
        try withState { state in
            state.filterRows.values.filter { $0.id > id && serviceIDs.contains($0.serviceID) }.sorted { $0.id < $1.id }
        }
    }
}
