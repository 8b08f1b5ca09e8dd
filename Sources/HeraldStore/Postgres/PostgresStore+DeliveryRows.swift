import Foundation
import HeraldCore
import PostgresNIO

/// The one `INSERT INTO deliveries` on PostgreSQL: every statement that
/// queues pushes (a post, a fan-out chunk, a changed alarm, an update's
/// newly matching filters, an acknowledgement's withdrawals, an escalation
/// step's calls) applies its `DeliveryOrder` through this, so the values a
/// row gets are the order's and nothing here decides (issue 40).
extension PostgresQuery.StringInterpolation {
    /// A row for each device of each person in `audience`: a relation the
    /// statement defined (a CTE's name) with the columns `notification_id`,
    /// `user_id`, `priority` (bound from `DeliveryPriority`) and
    /// `created_at`. Returns each row's `user_id` and `priority` (the
    /// wake-up reads the highest, `PostgresStore.wakeWorkers`).
    mutating func appendInterpolation(queue order: DeliveryOrder, to audience: String) {
        appendLiteral(
            """
            INSERT INTO deliveries (notification_id, device_id, user_id, platform, next_attempt_at, created_at, updated_at, priority, purpose, bulk)
                SELECT a.notification_id, d.id, d.user_id, d.platform, 
            """
        )
        // Due now, or (nil) each at its notification's own time.
        if let at = order.at {
            appendInterpolation(ExactTimestamp(at))
            appendLiteral(", a.created_at, ")
            appendInterpolation(ExactTimestamp(at))
        } else {
            appendLiteral("a.created_at, a.created_at, a.created_at")
        }
        appendLiteral(", a.priority, ")
        appendInterpolation(order.purpose.rawValue)
        appendLiteral(", ")
        appendInterpolation(order.bulk)
        appendLiteral("\n    FROM \(audience) a JOIN devices d ON d.user_id = a.user_id")
        if let platforms = order.platforms {
            appendLiteral(" AND d.platform = ANY(")
            appendInterpolation(platforms.map(\.rawValue))
            appendLiteral("::text[])")
        }
        if order.oncePerDevice {
            // The purpose as a literal (a constant of the enum), so a generic
            // plan can still use the partial indexes on it (migration 0032).
            let purpose = "'\(order.purpose.rawValue)'"
            appendLiteral(
                """

                    WHERE NOT EXISTS (SELECT 1 FROM deliveries w WHERE w.notification_id = a.notification_id AND w.device_id = d.id AND w.purpose = \(purpose))
                        AND NOT EXISTS (SELECT 1 FROM delivery_history w WHERE w.notification_id = a.notification_id AND w.device_id = d.id AND w.purpose = \(purpose))
                """
            )
        }
        appendLiteral("\n    RETURNING deliveries.user_id, deliveries.priority")
    }
}
