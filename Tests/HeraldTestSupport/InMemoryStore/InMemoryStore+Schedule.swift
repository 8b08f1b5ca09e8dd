import Foundation
import HeraldCore

extension InMemoryStore: ScheduleStore {
    public func schedule(_ draft: NotificationDraft, serviceID: UUID, deliverAt: Date, at now: Date) async throws -> ScheduledNotification? {
        try withState { state in
            guard state.services[serviceID] != nil else { return nil }
            let held = ScheduledNotification(id: state.nextID(), serviceID: serviceID, deliverAt: deliverAt, draft: draft, createdAt: now)
            state.scheduled[held.id] = (held, nil)
            return held
        }
    }

    public func scheduled(serviceID: UUID, after: Int64, limit: Int) async throws -> [ScheduledNotification] {
        try withState { state in
            Array(
                state.scheduled.values.map(\.0).filter { $0.serviceID == serviceID && $0.id > after && state.services[serviceID] != nil }
                    .sorted { $0.id < $1.id }.prefix(limit)
            )
        }
    }

    public func scheduledCount(serviceID: UUID) async throws -> Int {
        try withState { state in state.scheduled.values.filter { $0.0.serviceID == serviceID && state.services[serviceID] != nil }.count }
    }

    public func cancelScheduled(id: Int64, serviceID: UUID) async throws -> Bool {
        try withState { state in
            guard state.scheduled[id]?.0.serviceID == serviceID else { return false }
            state.scheduled[id] = nil
            return true
        }
    }

    public func claimDueScheduled(now: Date, leaseUntil: Date, limit: Int) async throws -> [ScheduledNotification] {
        try withState { state in
            let due = state.scheduled.values.filter { $0.0.deliverAt <= now && ($0.1 ?? .distantPast) <= now && state.services[$0.0.serviceID] != nil }
                .map(\.0).sorted { ($0.deliverAt, $0.id) < ($1.deliverAt, $1.id) }.prefix(limit)
            for held in due { state.scheduled[held.id]?.1 = leaseUntil }
            return Array(due)
        }
    }

    public func finishScheduled(ids: [Int64]) async throws {
        try withState { state in for id in ids { state.scheduled[id] = nil } }
    }

    public func nextScheduledTime() async throws -> Date? {
        try withState { state in state.scheduled.values.map(\.0.deliverAt).min() }
    }
}

extension InMemoryStore: RecurringStore {
    public func createRecurring(
        _ draft: NotificationDraft, serviceID: UUID, cron: String, timeZone: String, nextRunAt: Date?, at now: Date
    ) async throws -> RecurringNotification? {
        try withState { state in
            guard state.services[serviceID] != nil else { return nil }
            let schedule = RecurringNotification(
                id: state.nextID(), serviceID: serviceID, cron: cron, timeZone: timeZone, draft: draft, nextRunAt: nextRunAt, lastRunAt: nil, createdAt: now
            )
            state.recurring[schedule.id] = (schedule, nil)
            return schedule
        }
    }

    public func recurring(serviceID: UUID, after: Int64, limit: Int) async throws -> [RecurringNotification] {
        try withState { state in
            Array(state.recurring.values.map(\.0).filter { $0.serviceID == serviceID && $0.id > after }.sorted { $0.id < $1.id }.prefix(limit))
        }
    }

    public func recurringCount(serviceID: UUID) async throws -> Int {
        try withState { state in state.recurring.values.filter { $0.0.serviceID == serviceID }.count }
    }

    public func deleteRecurring(id: Int64, serviceID: UUID) async throws -> Bool {
        try withState { state in
            guard state.recurring[id]?.0.serviceID == serviceID else { return false }
            state.recurring[id] = nil
            return true
        }
    }

    public func claimDueRecurring(now: Date, leaseUntil: Date, limit: Int) async throws -> [RecurringNotification] {
        try withState { state in
            let due = state.recurring.values.filter { ($0.0.nextRunAt ?? .distantFuture) <= now && ($0.1 ?? .distantPast) <= now }.map(\.0)
                .sorted { ($0.nextRunAt ?? .distantFuture) < ($1.nextRunAt ?? .distantFuture) }.prefix(limit)
            for schedule in due { state.recurring[schedule.id]?.1 = leaseUntil }
            return Array(due)
        }
    }

    public func recordRecurringRun(id: Int64, ranAt: Date, nextRunAt: Date?) async throws {
        try withState { state in
            guard var schedule = state.recurring[id]?.0 else { return }
            schedule.lastRunAt = ranAt
            schedule.nextRunAt = nextRunAt
            state.recurring[id] = (schedule, nil)
        }
    }
}
