import Foundation
import HeraldCore

extension InMemoryStore: WriteBackStore {
    public func claimWriteBacks(owner: String, limit: Int, until: Date, now: Date) async throws -> [WriteBackRecord] {
        try withState { state in
            let due = state.writeBacks.values.filter { entry in
                (entry.record.needsTry(at: now) || (entry.record.watchAt.map { $0 <= now } ?? false)) && (entry.claimedUntil.map { $0 < now } ?? true)
            }
            .sorted { min($0.record.nextAttemptAt, $0.record.watchAt ?? .distantFuture) < min($1.record.nextAttemptAt, $1.record.watchAt ?? .distantFuture) }
            .prefix(limit)
            for entry in due { state.writeBacks[entry.record.notificationID] = (entry.record, owner, until) }
            return due.map(\.record)
        }
    }

    public func finishWriteBack(
        _ id: NotificationID, owner: String, achieved: WriteBackGoal, reference: String?, detail: String?, watchAt: Date?, snapshot: String?, at now: Date
    ) async throws {
        try withState { state in
            guard var entry = state.writeBacks[id], entry.claimedBy == owner else { return }
            (entry.record.achieved, entry.record.reference, entry.record.detail, entry.record.attempts) = (achieved, reference, detail, 0)
            entry.record.watchAt = entry.record.wanted == achieved ? watchAt : nil
            entry.record.snapshot = snapshot ?? entry.record.snapshot
            entry.record.updatedAt = now
            state.writeBacks[id] = (entry.record, nil, nil)
        }
    }

    public func watchedWriteBack(_ id: NotificationID, owner: String, watchAt: Date?, at now: Date) async throws {
        try withState { state in
            guard var entry = state.writeBacks[id], entry.claimedBy == owner else { return }
            entry.record.watchAt = entry.record.wanted == .acknowledged ? watchAt : nil
            state.writeBacks[id] = (entry.record, nil, nil)
        }
    }

    public func failWriteBack(_ id: NotificationID, owner: String, detail: String, retryAt: Date?, at now: Date) async throws {
        try withState { state in
            guard var entry = state.writeBacks[id], entry.claimedBy == owner else { return }
            entry.record.attempts += 1
            (entry.record.detail, entry.record.refused, entry.record.nextAttemptAt, entry.record.updatedAt) = (detail, retryAt == nil, retryAt ?? now, now)
            state.writeBacks[id] = (entry.record, nil, nil)
        }
    }

    public func writeBack(of id: NotificationID) async throws -> WriteBackRecord? {
        try withState { $0.writeBacks[id]?.record }
    }
}

extension InMemoryStore: ServiceWriteBackStore {
    public func serviceWriteBack(serviceID: UUID) async throws -> WriteBackTarget? {
        try withState { $0.writeBackTargets[serviceID] }
    }

    public func setServiceWriteBack(serviceID: UUID, _ target: WriteBackTarget?, at now: Date) async throws -> Bool {
        try withState { state in
            guard state.services[serviceID] != nil else { return false }
            state.writeBackTargets[serviceID] = target
            return true
        }
    }
}

extension InMemoryStore.State {
    /// A new goal for a notification's write-back (only from `from`, when
    /// given), due at once, as the databases' statements set it.
    mutating func setWriteBackGoal(_ goal: WriteBackGoal, of id: NotificationID, from: WriteBackGoal?, at now: Date) {
        guard var entry = writeBacks[id], from.map({ entry.record.wanted == $0 }) ?? true else { return }
        (entry.record.wanted, entry.record.refused, entry.record.attempts, entry.record.watchAt) = (goal, false, 0, nil)
        (entry.record.nextAttemptAt, entry.record.updatedAt) = (now, now)
        writeBacks[id] = entry
    }
}
