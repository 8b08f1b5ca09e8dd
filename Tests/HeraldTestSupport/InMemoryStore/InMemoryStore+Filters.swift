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

    public func setFilter(userID: UserID, serviceID: UUID, _ filter: SubscriptionFilter, maxDistinct: Int) async throws -> FilterChange {
        try withState { state in
            guard state.services[serviceID] != nil else { return .serviceNotFound }
            let held = state.userFilters[userID]?[serviceID]
            var kept: Int64?
            if filter.isEmpty {
                state.userFilters[userID]?[serviceID] = nil
            } else if let known = state.filterRows.values.first(where: { $0.serviceID == serviceID && $0.filter == filter })?.id {
                kept = known
            } else {
                let others = Set(state.userFilters.filter { $0.key != userID }.compactMap { $0.value[serviceID] })
                if others.count >= maxDistinct { return .overLimit }
                let id = state.nextID()
                state.filterRows[id] = StoredFilter(id: id, serviceID: serviceID, filter: filter)
                kept = id
            }
            if let kept { state.userFilters[userID, default: [:]][serviceID] = kept }
            if let held, held != kept, !state.userFilters.values.contains(where: { $0.values.contains(held) }) {
                state.filterRows[held] = nil
            }
            return .saved
        }
    }

    public func filters(serviceIDs: [UUID], after id: Int64) async throws -> [StoredFilter] {
        try withState { state in
            state.filterRows.values.filter { $0.id > id && serviceIDs.contains($0.serviceID) }.sorted { $0.id < $1.id }
        }
    }
}
