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
        let at = ExactTimestamp(order.at)
        appendLiteral(
            """
            INSERT INTO deliveries (notification_id, device_id, user_id, platform, next_attempt_at, created_at, updated_at, priority, purpose, bulk)
                SELECT a.notification_id, d.id, d.user_id, d.platform, 
            """
        )
        appendInterpolation(at)
        appendLiteral(", a.created_at, ")
        appendInterpolation(at)
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
            appendLiteral("\n    WHERE NOT EXISTS (SELECT 1 FROM deliveries w WHERE w.notification_id = a.notification_id AND w.device_id = d.id AND w.purpose = ")
            appendInterpolation(order.purpose.rawValue)
            appendLiteral(")\n        AND NOT EXISTS (SELECT 1 FROM delivery_history w WHERE w.notification_id = a.notification_id AND w.device_id = d.id AND w.purpose = ")
            appendInterpolation(order.purpose.rawValue)
            appendLiteral(")")
        }
        appendLiteral("\n    RETURNING deliveries.user_id, deliveries.priority")
    }
}
