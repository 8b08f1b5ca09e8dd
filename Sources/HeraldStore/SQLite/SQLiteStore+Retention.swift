import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: RetentionStore {
    public func pruneNotifications(createdBefore before: Date, limit: Int) async throws -> Int {
        try await database.transaction { db in
            let ids = try await db.rows(
                // Starred (bookmarked) notifications are kept.
                """
                SELECT id FROM notifications n WHERE created_at < \(before)
                    AND NOT EXISTS (SELECT 1 FROM inbox i WHERE i.notification_id = n.id AND i.is_starred)
                ORDER BY created_at LIMIT \(limit)
                """
            ).map { try $0.int64("id") }
            guard !ids.isEmpty else { return 0 }
            try await db.execute("DELETE FROM inbox WHERE notification_id IN (SELECT value FROM json_each(\(jsonArray: ids)))")
            try await db.execute("DELETE FROM deliveries WHERE notification_id IN (SELECT value FROM json_each(\(jsonArray: ids)))")
            try await db.execute("DELETE FROM delivery_history WHERE notification_id IN (SELECT value FROM json_each(\(jsonArray: ids)))")
            try await db.execute("DELETE FROM notifications WHERE id IN (SELECT value FROM json_each(\(jsonArray: ids)))")
            return ids.count
        }
    }

    public func pruneDeliveryHistory(finishedBefore before: Date, limit: Int) async throws -> Int {
        try await database.transaction { db in
            try await db.execute(
                """
                DELETE FROM delivery_history WHERE id IN (
                    SELECT id FROM delivery_history WHERE finished_at < \(before) ORDER BY finished_at LIMIT \(limit)
                )
                """
            )
            return try await db.changes()
        }
    }

    public func pruneUnusedFilters(limit: Int) async throws -> Int {
        // One writer at a time: no link can be made between the look and the delete.
        try await database.transaction { db in
            try await db.execute(
                """
                DELETE FROM filters WHERE id IN (
                    SELECT id FROM filters f WHERE NOT EXISTS (SELECT 1 FROM user_filters u WHERE u.filter_id = f.id) ORDER BY id LIMIT \(limit)
                )
                """
            )
            return try await db.changes()
        }
    }

    public func pruneResolvedAlerts(notifiedBefore before: Date, limit: Int) async throws -> Int {
        try await database.transaction { db in
            try await db.execute(
                """
                DELETE FROM alert_states WHERE rowid IN (
                    SELECT rowid FROM alert_states
                    WHERE status = \(AlertObservation.Status.resolved.rawValue) AND notified_at < \(before)
                    ORDER BY notified_at LIMIT \(limit)
                )
                """
            )
            return try await db.changes()
        }
    }
}
