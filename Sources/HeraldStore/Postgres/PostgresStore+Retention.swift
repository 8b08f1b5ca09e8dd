import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: RetentionStore {
    public func pruneNotifications(createdBefore before: Date, limit: Int) async throws -> Int {
        try await count(
            """
            WITH gone AS (
                DELETE FROM notifications WHERE id IN (
                    -- Starred (bookmarked) notifications are kept.
                    SELECT id FROM notifications n WHERE created_at < \(ExactTimestamp(before))
                        AND NOT EXISTS (SELECT 1 FROM inbox i WHERE i.notification_id = n.id AND i.is_starred)
                    ORDER BY created_at LIMIT \(limit)
                )
                RETURNING id
            ),
            unlinked AS (DELETE FROM inbox WHERE notification_id IN (SELECT id FROM gone)),
            dequeued AS (DELETE FROM deliveries WHERE notification_id IN (SELECT id FROM gone)),
            forgotten AS (DELETE FROM delivery_history WHERE notification_id IN (SELECT id FROM gone))
            SELECT count(*) FROM gone
            """
        )
    }

    public func pruneDeliveryHistory(finishedBefore before: Date, limit: Int) async throws -> Int {
        try await count(
            """
            WITH gone AS (
                DELETE FROM delivery_history WHERE id IN (
                    SELECT id FROM delivery_history WHERE finished_at < \(ExactTimestamp(before)) ORDER BY finished_at LIMIT \(limit)
                )
                RETURNING 1
            )
            SELECT count(*) FROM gone
            """
        )
    }

    public func pruneUnusedFilters(limit: Int) async throws -> Int {
        // Lock first, then look again in a statement of its own: a user who
        // links one of these (setFilter upserts the row, which takes its
        // lock) either holds it already (skipped) or waits, and a link
        // committed before the lock is seen by the second statement's
        // snapshot. One statement would judge by a snapshot taken before
        // the lock, and delete (cascading) a link committed in between.
        try await transaction { connection in
            let candidates = try await connection.rows(
                """
                SELECT id FROM filters f WHERE NOT EXISTS (SELECT 1 FROM user_filters u WHERE u.filter_id = f.id)
                ORDER BY id LIMIT \(limit) FOR UPDATE SKIP LOCKED
                """,
                as: Int64.self, logger: logger
            )
            guard !candidates.isEmpty else { return 0 }
            return try await connection.rows(
                """
                DELETE FROM filters f WHERE f.id = ANY(\(candidates))
                    AND NOT EXISTS (SELECT 1 FROM user_filters u WHERE u.filter_id = f.id)
                RETURNING f.id
                """,
                as: Int64.self, logger: logger
            ).count
        }
    }

    public func pruneResolvedAlerts(notifiedBefore before: Date, limit: Int) async throws -> Int {
        try await count(
            """
            WITH gone AS (
                DELETE FROM alert_states WHERE (service_id, fingerprint) IN (
                    SELECT service_id, fingerprint FROM alert_states
                    WHERE status = \(AlertObservation.Status.resolved.rawValue) AND notified_at < \(ExactTimestamp(before))
                    ORDER BY notified_at LIMIT \(limit)
                )
                RETURNING 1
            )
            SELECT count(*) FROM gone
            """
        )
    }
}
