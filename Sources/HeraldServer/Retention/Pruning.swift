import Foundation
import HeraldCore
import Logging

/// Deletes what retention says is old, a bounded batch per statement, and
/// says how far it got. `RetentionService` runs it on a schedule;
/// `herald delete-notifications` runs its first step by hand.
public struct Pruning: Sendable {
    /// What one pass deleted.
    public struct Pass: Sendable, Equatable {
        public var notifications = 0
        public var deliveries = 0
        public var resolvedAlerts = 0
        public var unusedFilters = 0
        public var expiredSessions = 0
        public var auditEntries = 0
        public var total: Int { notifications + deliveries + resolvedAlerts + unusedFilters + expiredSessions + auditEntries }
    }

    let store: any RetentionStore & SessionStore & AuditStore
    let batchSize: Int

    public init(store: any RetentionStore & SessionStore & AuditStore, batchSize: Int) {
        self.store = store
        self.batchSize = batchSize
    }

    /// Deletes notifications created before `before` until none is left,
    /// calling `progress` with the running total after each batch. Stops
    /// early (between batches) when the task is cancelled.
    public func notifications(createdBefore before: Date, progress: (Int) -> Void = { _ in }) async throws -> Int {
        try await repeatedly({ try await store.pruneNotifications(createdBefore: before, limit: $0) }, progress: progress)
    }

    /// One pass of everything `settings` asks to forget, as of `now`.
    func pass(_ settings: RetentionSettings, now: Date, progress: (String, Int) -> Void = { _, _ in }) async throws -> Pass {
        var pass = Pass()
        if settings.notificationDays > 0 {
            let before = now.addingTimeInterval(-settings.notificationDays * 86_400)
            pass.notifications = try await notifications(createdBefore: before) { progress("notifications", $0) }
            pass.resolvedAlerts = try await repeatedly({ try await store.pruneResolvedAlerts(notifiedBefore: before, limit: $0) }) {
                progress("resolved alerts", $0)
            }
        }
        if settings.deliveryHistoryDays > 0 {
            let before = now.addingTimeInterval(-settings.deliveryHistoryDays * 86_400)
            pass.deliveries = try await repeatedly({ try await store.pruneDeliveryHistory(finishedBefore: before, limit: $0) }) {
                progress("finished deliveries", $0)
            }
        }
        if settings.auditDays > 0 {
            let before = now.addingTimeInterval(-settings.auditDays * 86_400)
            pass.auditEntries = try await repeatedly({ try await store.pruneAudit(before: before, limit: $0) }) { progress("audit entries", $0) }
        }
        // Filters nobody holds are not data anyone keeps: whatever the retention settings.
        pass.unusedFilters = try await repeatedly({ try await store.pruneUnusedFilters(limit: $0) }) { progress("unused filters", $0) }
        // Sessions past their expiry open nothing: their rows go (one statement; there are few).
        pass.expiredSessions = try await store.pruneSessions(expiredBefore: now)
        if pass.expiredSessions > 0 { progress("expired web sessions", pass.expiredSessions) }
        return pass
    }

    private func repeatedly(_ batch: (Int) async throws -> Int, progress: (Int) -> Void) async throws -> Int {
        var total = 0
        while !Task.isCancelled {
            let deleted = try await batch(batchSize)
            total += deleted
            if deleted > 0 { progress(total) }
            if deleted < batchSize { break }
            // Let the publishers and the worker have the database between batches.
            await Task.yield()
        }
        return total
    }
}
