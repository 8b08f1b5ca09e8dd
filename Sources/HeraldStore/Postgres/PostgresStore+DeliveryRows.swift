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
    /// The people of `audience` for each notification `source` yields (a
    /// relation the statement defined, with any joins): the columns
    /// `notification_id`, `user_id`, `priority` and `created_at` that
    /// `queue(_:to:)` takes. `notification` and `service` name the
    /// notification's id and service in `source`. Read as the statement
    /// begins: those it links itself are not holders here.
    mutating func appendInterpolation(audience: Audience, of source: String, notification: String, service: String, priority: Int, at: Date) {
        appendLiteral("SELECT \(notification) AS notification_id, p.user_id, ")
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
    }

    /// Links the people of `relation` (an `appendInterpolation(audience:...)`)
    /// when `audience` links, each once; returns each linked `user_id`.
    mutating func appendInterpolation(link audience: Audience, from relation: String) {
        appendLiteral("INSERT INTO inbox (user_id, notification_id, changed_at)\n    SELECT user_id, notification_id, created_at FROM \(relation) WHERE ")
        appendInterpolation(audience.links)
        appendLiteral("\n    ON CONFLICT (user_id, notification_id) DO NOTHING\n    RETURNING user_id")
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
