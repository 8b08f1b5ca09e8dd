import Foundation
import HeraldCore
import NIOConcurrencyHelpers

extension InMemoryStore: AlertStateStore {
    public func withAlertStates<T: Sendable>(of serviceID: UUID, _ work: (any AlertStateTransaction) async throws -> T) async throws -> T? {
        if let error = faults.take(.publishAlertChanges) { throw error }
        // The databases lock the service's alert states for the unit of
        // work; here one unit at a time does the same.
        await alertUnits.lock()
        defer { alertUnits.unlock() }
        guard try withState(nil, { $0.services[serviceID] != nil }) else { return nil }
        let states = AlertStates(store: self, serviceID: serviceID)
        let value = try await work(states)
        for id in states.published.withLockedValue({ $0 }) { inboxSignals.send(.published(id)) }
        return value
    }

    /// A service's alert states, each step under the state's lock. Unlike a
    /// transaction it does not roll back a step when a later one throws
    /// (no caller's work throws between them).
    struct AlertStates: AlertStateTransaction {
        let store: InMemoryStore
        let serviceID: UUID
        let published = NIOLockedValueBox<[NotificationID]>([])

        func states(of fingerprints: [String]) async throws -> [String: AlertState] {
            try store.withState { state in
                let recorded = state.alertStates[serviceID] ?? [:]
                return recorded.filter { fingerprints.contains($0.key) }
            }
        }

        func publish(_ requests: [PublishRequest]) async throws -> [NotificationRecord] {
            let records = try store.withState { state in
                requests.compactMap { InMemoryStore.publish($0.draft, serviceID: $0.serviceID, at: $0.at, filters: $0.filters, in: &state) }
            }
            published.withLockedValue { $0 += records.map(\.id) }
            return records
        }

        func notifications(keys: [String]) async throws -> [String: NotificationRecord] {
            try store.withState { state in
                var found: [String: NotificationRecord] = [:]
                for record in state.notifications.values where record.serviceID == serviceID {
                    if let key = record.key, keys.contains(key) { found[key] = record }
                }
                return found
            }
        }

        func republish(_ changes: [AlarmChange], at now: Date) async throws -> [NotificationRecord] {
            let records = try store.withState { state in
                changes.compactMap { change -> NotificationRecord? in
                    guard var notification = state.notifications[change.id], notification.serviceID == serviceID else { return nil }
                    let (key, origin) = (notification.key, notification.origin)
                    notification.draft = change.draft
                    (notification.key, notification.origin) = (key, origin)
                    state.notifications[change.id] = notification
                    state.startEscalation(of: change.id, serviceID: serviceID, changedTo: change.draft, at: now)
                    if change.draft.alarm == .resolved { state.setWriteBackGoal(.resolved, of: change.id, from: .acknowledged, at: now) }
                    let holders = state.inbox.keys.filter { state.inbox[$0]?[change.id] != nil }
                    for user in holders { state.inboxChangedAt[user, default: [:]][change.id] = now }
                    for device in state.devices.values.sorted(by: { $0.id < $1.id }) where holders.contains(device.userID) {
                        let delivery = state.nextID()
                        state.deliveries[delivery] = InMemoryStore.DeliveryRow(
                            id: delivery, notificationID: change.id, deviceID: device.id, userID: device.userID, platform: device.platform,
                            nextAttemptAt: now, createdAt: now, updatedAt: now,
                            priority: DeliveryPriority.of(change.draft.severity)  // as both databases queue it
                        )
                    }
                    return notification
                }
            }
            published.withLockedValue { $0 += records.map(\.id) }
            return records
        }

        func retireKeys(of ids: [NotificationID]) async throws {
            try store.withState { state in
                for id in ids where state.notifications[id]?.serviceID == serviceID { state.notifications[id]?.key = nil }
            }
        }

        func save(_ states: [AlertDecision.Recorded]) async throws {
            try store.withState { state in
                for recorded in states { state.alertStates[serviceID, default: [:]][recorded.fingerprint] = recorded.state }
            }
        }
    }

    public func alertLabels(serviceID: UUID, fingerprint: String) async throws -> [String: String]? {
        try withState { state in state.alertStates[serviceID]?[fingerprint]?.labels }
    }

    public func park(_ message: ParkedMessageDraft, at now: Date) async throws {
        try withState(.park) { state in state.parked.append(ParkedMessage(id: state.nextID(), message: message, parkedAt: now)) }
    }

    public func parkedMessages(limit: Int) async throws -> [ParkedMessage] {
        try withState { Array($0.parked.sorted { ($0.parkedAt, $0.id) > ($1.parkedAt, $1.id) }.prefix(limit)) }
    }
}
