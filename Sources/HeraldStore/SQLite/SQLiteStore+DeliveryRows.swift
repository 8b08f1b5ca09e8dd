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
    /// `DeliveryPriority`) and `created_at`. `counted`: a row per push
    /// comes back (`RETURNING 1`) for the caller to count; else nothing.
    static func queue(_ order: DeliveryOrder, to audience: SQLiteQuery, counted: Bool = false) -> SQLiteQuery {
        let platforms: SQLiteQuery =
            if let platforms = order.platforms {
                " AND d.platform IN (SELECT value FROM json_each(\(jsonArray: platforms.map(\.rawValue))))"
            } else {
                ""
            }
        // The purpose as a literal (a constant of the enum), as the partial indexes on it name it.
        let once: SQLiteQuery =
            if order.oncePerDevice {
                SQLiteQuery(
                    stringLiteral: """

                            AND NOT EXISTS (SELECT 1 FROM deliveries w WHERE w.notification_id = a.notification_id AND w.device_id = d.id AND w.purpose = '\(order.purpose.rawValue)')
                            AND NOT EXISTS (SELECT 1 FROM delivery_history w WHERE w.notification_id = a.notification_id AND w.device_id = d.id AND w.purpose = '\(order.purpose.rawValue)')
                        """
                )
            } else {
                ""
            }
        // Due now, or (nil) each at its notification's own time.
        let due: SQLiteQuery = if let at = order.at { "\(at), a.created_at, \(at)" } else { "a.created_at, a.created_at, a.created_at" }
        let returning: SQLiteQuery = counted ? "\nRETURNING 1" : ""
        return """
            INSERT INTO deliveries (notification_id, device_id, user_id, platform, next_attempt_at, created_at, updated_at, priority, purpose, bulk)
            SELECT a.notification_id, d.id, d.user_id, d.platform, \(due), a.priority, \(order.purpose.rawValue), \(order.bulk)
            FROM (\(audience)) a JOIN devices d ON d.user_id = a.user_id\(platforms)
            WHERE true\(once)\(returning)
            """
    }
}
