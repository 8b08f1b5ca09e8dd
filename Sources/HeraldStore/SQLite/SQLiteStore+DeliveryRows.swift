import Foundation
import HeraldCore

/// The one `INSERT INTO deliveries` on SQLite: every statement that queues
/// pushes (a post, a fan-out chunk, a changed alarm, an update's newly
/// matching filters, an acknowledgement's withdrawals, an escalation
/// step's calls) applies its `DeliveryOrder` through this, so the values a
/// row gets are the order's and nothing here decides (issue 40).
extension SQLiteStore {
    /// A row for each device of each person in `audience`: a query with the
    /// columns `notification_id`, `user_id`, `priority` (bound from
    /// `DeliveryPriority`) and `created_at`. Returns each row's `user_id`.
    static func queue(_ order: DeliveryOrder, to audience: SQLiteQuery) -> SQLiteQuery {
        let platforms: SQLiteQuery =
            if let platforms = order.platforms {
                " AND d.platform IN (SELECT value FROM json_each(\(jsonArray: platforms.map(\.rawValue))))"
            } else {
                ""
            }
        let once: SQLiteQuery =
            if order.oncePerDevice {
                """

                    AND NOT EXISTS (SELECT 1 FROM deliveries w WHERE w.notification_id = a.notification_id AND w.device_id = d.id AND w.purpose = \(order.purpose.rawValue))
                    AND NOT EXISTS (SELECT 1 FROM delivery_history w WHERE w.notification_id = a.notification_id AND w.device_id = d.id AND w.purpose = \(order.purpose.rawValue))
                """
            } else {
                ""
            }
        return """
            INSERT INTO deliveries (notification_id, device_id, user_id, platform, next_attempt_at, created_at, updated_at, priority, purpose, bulk)
            SELECT a.notification_id, d.id, d.user_id, d.platform, \(order.at), a.created_at, \(order.at), a.priority, \(order.purpose.rawValue), \(order.bulk)
            FROM (\(audience)) a JOIN devices d ON d.user_id = a.user_id\(platforms)
            WHERE true\(once)
            RETURNING user_id
            """
    }
}
