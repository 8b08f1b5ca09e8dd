import Foundation
import HeraldCore

/// The one `INSERT INTO deliveries` on SQLite: every statement that queues
/// pushes (a post, a fan-out chunk, a changed alarm, an update's newly
/// matching filters, an acknowledgement's withdrawals, an escalation
/// step's calls) applies its `DeliveryOrder` through this, so the values a
/// row gets are the order's and nothing here decides (issue 40); beside
/// it, the one translator of an `Audience`.
extension SQLiteStore {
    /// A row for each device of each person in `audience`: a query with the
    /// columns `notification_id`, `user_id`, `priority` (bound from
    /// `DeliveryPriority`) and `created_at`. `counted`: a row per push
    /// comes back (its `user_id`) for the caller to count; else nothing.
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
        // Due now, or (nil) each at its notification's own time; a contact
        // method's message that much later as its person's step says.
        let start: SQLiteQuery = if let at = order.at { "\(at)" } else { "a.created_at" }
        let updated: SQLiteQuery = if let at = order.at { "\(at)" } else { "a.created_at" }
        let contacts = contactSteps(order)
        let returning: SQLiteQuery = counted ? "\nRETURNING user_id" : ""
        return """
            INSERT INTO deliveries (notification_id, device_id, user_id, platform, next_attempt_at, created_at, updated_at, priority, purpose, bulk)
            SELECT a.notification_id, d.id, d.user_id, d.platform, \(start)\(contacts.delay), a.created_at, \(updated), a.priority, \(order.purpose.rawValue), \(order.bulk)
            FROM (\(audience)) a JOIN devices d ON d.user_id = a.user_id\(platforms)\(contacts.join)
            WHERE \(contacts.which)\(once)\(returning)
            """
    }

    /// How an order reaches contact devices (issue 42): the person's step
    /// for the order's rule (`DeliveryOrder.contactRule`, decided in Swift)
    /// joined, a device without one left out, its message due the step's
    /// delay later; once per notification where the order says so.
    private static func contactSteps(_ order: DeliveryOrder) -> (join: SQLiteQuery, which: SQLiteQuery, delay: SQLiteQuery) {
        let match: SQLiteQuery
        switch order.contactRule {
        case .none:
            return ("", "d.platform IN ('apns', 'fcm', 'webpush')", "")
        case .bySeverity:
            match = "a.priority BETWEEN cs.min_priority AND cs.max_priority AND cs.rule_class <> 'call'"
        case .rule(let ruleClass):
            match = "cs.rule_class = \(ruleClass.rawValue)"
        }
        let once: SQLiteQuery =
            order.contactOncePerNotification
            ? SQLiteQuery(
                stringLiteral: """
                     AND NOT EXISTS (SELECT 1 FROM deliveries w WHERE w.notification_id = a.notification_id AND w.device_id = d.id AND w.purpose = '\(order.purpose.rawValue)')
                            AND NOT EXISTS (SELECT 1 FROM delivery_history w WHERE w.notification_id = a.notification_id AND w.device_id = d.id AND w.purpose = '\(order.purpose.rawValue)')
                    """
            ) : ""
        return (
            "\n            LEFT JOIN contact_steps cs ON cs.device_id = d.id AND d.platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost') AND \(match)",
            "(d.platform IN ('apns', 'fcm', 'webpush') OR (cs.device_id IS NOT NULL\(once)))",
            " + coalesce(cs.delay_seconds, 0) * 1000000"
        )
    }

    /// The people of `audience` (who a change to notification `id` reaches,
    /// decided in Swift) with the columns `queue(_:to:)` takes: the one
    /// translator of an `Audience` on SQLite.
    static func audience(_ audience: Audience, of id: NotificationID, priority: Int, at: Date) -> SQLiteQuery {
        let people: SQLiteQuery =
            switch audience.people {
            case .holders:
                "SELECT user_id FROM inbox WHERE notification_id = \(id)"
            case .subscribersHolding(let filters):
                """
                SELECT f.user_id FROM user_filters f JOIN subscriptions s ON s.service_id = f.service_id AND s.user_id = f.user_id
                WHERE f.service_id = (SELECT service_id FROM notifications WHERE id = \(id)) AND f.filter_id IN (SELECT value FROM json_each(\(jsonArray: filters)))
                """
            case .named(let people):
                "SELECT id AS user_id FROM users WHERE id IN (SELECT value FROM json_each(\(jsonArray: people)))"
            }
        let lessHolders: SQLiteQuery =
            audience.lessHolders ? "\nWHERE NOT EXISTS (SELECT 1 FROM inbox h WHERE h.notification_id = \(id) AND h.user_id = p.user_id)" : ""
        return "SELECT \(id) AS notification_id, p.user_id, \(priority) AS priority, \(at) AS created_at FROM (\(people)) p\(lessHolders)"
    }

    /// Applies a change's `audience` to notification `id`: links its people
    /// when it links (read before, so those it links are pushed), then
    /// queues `order` to each one's devices. The pushes queued per person
    /// when `counted` (else none: nothing is read back).
    @discardableResult
    static func reach(
        _ audience: Audience, of id: NotificationID, order: DeliveryOrder, priority: Int, at: Date, counted: Bool = true, in db: SQLiteExecutor
    ) async throws -> [UserID: Int] {
        var people = Self.audience(audience, of: id, priority: priority, at: at)
        if audience.links {
            let ids = try await db.rows(people).map { try $0.int64("user_id") }
            guard !ids.isEmpty else { return [:] }
            try await db.execute(
                """
                INSERT INTO inbox (user_id, notification_id, changed_at) SELECT value, \(id), \(at) FROM json_each(\(jsonArray: ids)) WHERE true
                ON CONFLICT (user_id, notification_id) DO NOTHING
                """
            )
            people = "SELECT \(id) AS notification_id, value AS user_id, \(priority) AS priority, \(at) AS created_at FROM json_each(\(jsonArray: ids))"
        }
        guard counted else {
            try await db.execute(queue(order, to: people))
            return [:]
        }
        var pushed: [UserID: Int] = [:]
        for row in try await db.rows(queue(order, to: people, counted: true)) { pushed[try row.int64("user_id"), default: 0] += 1 }
        return pushed
    }
}
