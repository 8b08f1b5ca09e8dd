import Foundation
import HeraldCore
import PostgresNIO

/// The one `INSERT INTO deliveries` on PostgreSQL: every statement that
/// queues pushes (a post, a fan-out chunk, a changed alarm, an update's
/// newly matching filters, an acknowledgement's withdrawals, an escalation
/// step's calls) applies its `DeliveryOrder` through this, so the values a
/// row gets are the order's and nothing here decides (issue 40). Beside
/// it, the one translator of an `Audience` (who a change to a stored
/// notification reaches, decided in Swift) into the rows it links and
/// queues.
extension PostgresQuery.StringInterpolation {
    /// The three relations of a change's `audience`, as CTEs of the
    /// statement: `name` (its people, read as the statement begins, with
    /// the columns `queue(_:to:)` takes), `name_linked` (whom it put in
    /// their inbox: `user_id`) and `name_pushed` (whom to push: `queue`
    /// takes it). `source` yields the notification (a relation the
    /// statement defined, with any joins); `notification` and `service`
    /// name its id and service there. An audience that links and leaves
    /// out holders pushes only those it linked itself: the one a
    /// concurrent change linked first (committed after this statement's
    /// snapshot) has had its push from that change.
    mutating func appendInterpolation(
        reach audience: Audience, named name: String, of source: String, notification: String, service: String, priority: Int, at: Date
    ) {
        appendLiteral("\(name) AS (\n    SELECT \(notification) AS notification_id, p.user_id, ")
        appendInterpolation(Int32(priority))
        appendLiteral("::int4 AS priority, ")
        appendInterpolation(ExactTimestamp(at))
        appendLiteral("::timestamptz AS created_at\n    FROM \(source)")
        switch audience.people {
        case .holders:
            appendLiteral(" JOIN inbox p ON p.notification_id = \(notification)")
        case .subscribersHolding(let filters):
            appendLiteral(" JOIN user_filters p ON p.service_id = \(service) AND p.filter_id = ANY(")
            appendInterpolation(filters)
            appendLiteral("::int8[])\n        JOIN subscriptions s ON s.service_id = p.service_id AND s.user_id = p.user_id")
        case .named(let people):
            appendLiteral(" JOIN (SELECT u.id AS user_id FROM users u WHERE u.id = ANY(")
            appendInterpolation(people)
            appendLiteral("::int8[])) p ON true")
        }
        if audience.lessHolders {
            appendLiteral("\n    WHERE NOT EXISTS (SELECT 1 FROM inbox h WHERE h.notification_id = \(notification) AND h.user_id = p.user_id)")
        }
        appendLiteral("\n),\n\(name)_linked AS (\n    INSERT INTO inbox (user_id, notification_id, changed_at)\n    SELECT user_id, notification_id, created_at FROM \(name) WHERE ")
        appendInterpolation(audience.links)
        appendLiteral("\n    ON CONFLICT (user_id, notification_id) DO NOTHING\n    RETURNING user_id\n),\n\(name)_pushed AS (\n    SELECT * FROM \(name) WHERE NOT ")
        appendInterpolation(audience.links && audience.lessHolders)
        appendLiteral(" OR user_id IN (SELECT user_id FROM \(name)_linked)\n)")
    }

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
        // Due now, or (nil) each at its notification's own time; a contact
        // method's message that much later as its person's step says.
        let contacts = Self.contactSteps(order)
        if let at = order.at {
            appendInterpolation(ExactTimestamp(at))
            appendLiteral("::timestamptz\(contacts.delay), a.created_at, ")
            appendInterpolation(ExactTimestamp(at))
        } else {
            appendLiteral("a.created_at\(contacts.delay), a.created_at, a.created_at")
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
        appendLiteral(contacts.join)
        appendLiteral("\n    WHERE \(contacts.which)")
        if order.oncePerDevice {
            // The purpose as a literal (a constant of the enum), so a generic
            // plan can still use the partial indexes on it (migration 0032).
            let purpose = "'\(order.purpose.rawValue)'"
            appendLiteral(
                """

                        AND NOT EXISTS (SELECT 1 FROM deliveries w WHERE w.notification_id = a.notification_id AND w.device_id = d.id AND w.purpose = \(purpose))
                        AND NOT EXISTS (SELECT 1 FROM delivery_history w WHERE w.notification_id = a.notification_id AND w.device_id = d.id AND w.purpose = \(purpose))
                    """
            )
        }
        appendLiteral("\n    RETURNING deliveries.user_id, deliveries.priority")
    }

    /// How an order reaches contact devices (issue 42): the person's step
    /// for the order's rule (`DeliveryOrder.contactRule`, decided in Swift)
    /// joined, a device without one left out, its message due the step's
    /// delay later; once per notification where the order says so. Only
    /// constants of the enums are written into the statement.
    static func contactSteps(_ order: DeliveryOrder) -> (join: String, which: String, delay: String) {
        let match: String
        switch order.contactRule {
        case .none:
            return ("", "d.platform IN ('apns', 'fcm', 'webpush')", "")
        case .bySeverity:
            match = "a.priority BETWEEN cs.min_priority AND cs.max_priority AND cs.rule_class <> 'call'"
        case .rule(let ruleClass):
            match = "cs.rule_class = '\(ruleClass.rawValue)'"
        }
        let purpose = "'\(order.purpose.rawValue)'"
        let once =
            order.contactOncePerNotification
            ? """
                 AND NOT EXISTS (SELECT 1 FROM deliveries w WHERE w.notification_id = a.notification_id AND w.device_id = d.id AND w.purpose = \(purpose))
                        AND NOT EXISTS (SELECT 1 FROM delivery_history w WHERE w.notification_id = a.notification_id AND w.device_id = d.id AND w.purpose = \(purpose))
                """ : ""
        return (
            "\n    LEFT JOIN contact_steps cs ON cs.device_id = d.id AND d.platform IN ('sms', 'voice', 'email', 'ntfy', 'pushover', 'matrix', 'slack', 'mattermost') AND \(match)",
            "(d.platform IN ('apns', 'fcm', 'webpush') OR (cs.device_id IS NOT NULL\(once)))",
            " + make_interval(secs => coalesce(cs.delay_seconds, 0))"
        )
    }
}
