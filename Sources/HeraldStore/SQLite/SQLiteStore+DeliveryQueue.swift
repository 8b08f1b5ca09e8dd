import Foundation
import HeraldCore
import Logging
import SQLiteNIO

extension SQLiteStore: DeliveryQueue {
    public func deliveryReport(notificationID: NotificationID) async throws -> [DeliveryReportRow] {
        try await database.read { db in
            try await db.rows(
                """
                SELECT d.id, d.user_id, d.platform, substr(dv.token, -6) AS hint, d.state, d.attempts, d.last_error, d.updated_at, d.purpose
                FROM all_deliveries d LEFT JOIN devices dv ON dv.id = d.device_id
                WHERE d.notification_id = \(notificationID) ORDER BY d.id
                """
            ).map {
                var row = DeliveryReportRow(
                    id: try $0.int64("id"), userID: try $0.int64("user_id"), platform: try $0.value("platform", as: Platform.self),
                    tokenHint: try $0.optionalText("hint"), state: try $0.value("state", as: DeliveryState.self),
                    attempts: Int(try $0.int64("attempts")), lastError: try $0.optionalText("last_error"), updatedAt: try $0.date("updated_at")
                )
                row.purpose = try $0.value("purpose", as: DeliveryPurpose.self)
                return row
            }
        }
    }

    public func claimDeliveries(
        limit: Int, now: Date, leaseUntil: Date, holder: Int64?, minimumPriority: Int, withholdingBulkOf withheld: Set<Platform>,
        leavingExpressDueAfter expressCutoff: Date?
    ) async throws -> [ClaimedDelivery] {
        try await database.transaction { db in
            let claimed = try await db.rows(
                """
                UPDATE deliveries SET lease_until = \(leaseUntil), attempts = attempts + 1, updated_at = \(now)
                WHERE id IN (
                    SELECT id FROM deliveries
                    WHERE state IN ('pending', 'retrying') AND next_attempt_at <= \(now) AND (lease_until IS NULL OR lease_until <= \(now)) \(SQLiteQuery(stringLiteral: QueueSQL.atLeast(minimumPriority)))
                        \(SQLiteQuery(stringLiteral: QueueSQL.withholdingBulk(of: withheld)))
                        AND NOT (\(expressCutoff != nil) AND \(SQLiteQuery(stringLiteral: QueueSQL.isExpress)) AND next_attempt_at > \(expressCutoff ?? now)
                            AND created_at > \(expressCutoff ?? now))
                    ORDER BY priority DESC, bulk, next_attempt_at LIMIT \(limit)
                )
                RETURNING id
                """
            ).map { try $0.int64("id") }
            guard !claimed.isEmpty else { return [] }
            var origins: [NotificationID: NotificationOrigin?] = [:]
            return try await db.rows(
                """
                SELECT d.id, d.platform, d.device_id, dv.token, coalesce(u.is_active, 0) AS is_active, u.login_expires_at, d.attempts, d.created_at AS queued_at,
                    n.id AS notification_id, n.service_id, n.created_at, n.title, n.subtitle, n.url, n.severity, n.attributes, n.expires_at, n.key, n.alarm, n.alarm_source, n.alarm_identity,
                    CASE WHEN d.platform = \(Platform.apns.rawValue) THEN (SELECT count(*) FROM (
                        SELECT 1 FROM inbox i JOIN notifications n ON n.id = i.notification_id
                        WHERE i.user_id = d.user_id AND i.is_read = 0 AND \(Self.unexpired()) LIMIT \(ClaimedDelivery.maxBadge)
                    )) ELSE 0 END AS badge, n.trace_context, n.request_id, d.purpose, d.user_id AS owner_id, d.bulk
                FROM deliveries d
                    JOIN notifications n ON n.id = d.notification_id
                    LEFT JOIN users u ON u.id = d.user_id
                    LEFT JOIN devices dv ON dv.id = d.device_id
                WHERE d.id IN (SELECT value FROM json_each(\(jsonArray: claimed)))
                """
            ).map { row in
                var notification = try Self.notification(from: row, id: "notification_id", forWork: logger)
                // Every delivery of a fan-out carries its notification's origin: read it once per notification.
                if let known = origins[notification.id] {
                    notification.origin = known
                } else {
                    notification.origin = NotificationOrigin(traceContextJSON: try row.optionalText("trace_context"), requestID: try row.optionalText("request_id"))
                    origins[notification.id] = notification.origin
                }
                var delivery = ClaimedDelivery(
                    id: try row.int64("id"), notification: notification,
                    platform: try row.value("platform", as: Platform.self),
                    deviceID: try row.optionalInt64("device_id"), token: try row.optionalText("token"),
                    userIsActive: try row.bool("is_active"), loginExpiresAt: try row.optionalDate("login_expires_at"),
                    badge: Int(try row.int64("badge")), attempts: Int(try row.int64("attempts")), queuedAt: try row.date("queued_at")
                )
                delivery.purpose = try row.value("purpose", as: DeliveryPurpose.self)
                delivery.userID = try row.int64("owner_id")
                delivery.bulk = try row.bool("bulk")
                return delivery
            }
        }
    }

    private struct RecordedRow: Encodable {
        var id: Int64
        var state: String
        var due: Int64
        var reason: String?
    }

    public func recordDeliveries(_ results: [DeliveryResult], at now: Date) async throws {
        guard !results.isEmpty else { return }
        let rows = results.map { result -> RecordedRow in
            var due = now
            if case .retry(let at, _) = result.outcome { due = at }
            return RecordedRow(id: result.delivery.id, state: result.outcome.state.rawValue, due: due.microsecondsSince1970, reason: result.outcome.reason)
        }
        let dropped = results.filter { $0.outcome.state == .dropped && $0.delivery.deviceID != nil }.map {
            DroppedRow(id: $0.delivery.deviceID ?? 0, reason: $0.outcome.reason ?? "", since: ($0.invalidSince ?? .distantFuture).microsecondsSince1970)
        }
        try await database.transaction { db in
            // Retries stay queued; every other outcome moves the row to the history.
            let recorded: SQLiteQuery = """
                WITH v AS (
                    SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.state') AS state,
                        json_extract(value, '$.due') AS due, json_extract(value, '$.reason') AS reason
                    FROM json_each(\(jsonArray: rows))
                )
                """
            try await db.execute(
                """
                \(recorded)
                UPDATE deliveries SET state = v.state, next_attempt_at = v.due, lease_until = NULL, last_error = v.reason, updated_at = \(now)
                FROM v WHERE deliveries.id = v.id AND v.state IN ('pending', 'retrying')
                """
            )
            try await db.execute(
                """
                \(recorded)
                INSERT OR IGNORE INTO delivery_history (id, notification_id, device_id, user_id, platform, state, attempts, last_error, created_at, finished_at, purpose)
                SELECT d.id, d.notification_id, d.device_id, d.user_id, d.platform, v.state, d.attempts, v.reason, d.created_at, \(now), d.purpose
                FROM deliveries d JOIN v ON v.id = d.id
                WHERE v.state NOT IN ('pending', 'retrying')
                """
            )
            try await db.execute(
                "\(recorded) DELETE FROM deliveries WHERE id IN (SELECT id FROM v WHERE state NOT IN ('pending', 'retrying'))"
            )
            if !dropped.isEmpty {
                // Moved, not deleted; a device seen after the token was declared invalid stays.
                try await db.execute(
                    """
                    INSERT INTO removed_devices (id, user_id, token, platform, created_at, last_seen_at, removed_at, reason)
                    SELECT d.id, d.user_id, d.token, d.platform, d.created_at, d.last_seen_at, \(now), v.reason
                    FROM devices d JOIN (
                        SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.reason') AS reason, json_extract(value, '$.since') AS since
                        FROM json_each(\(jsonArray: dropped))
                    ) AS v ON d.id = v.id
                    WHERE d.last_seen_at <= v.since
                    ON CONFLICT (id) DO UPDATE SET removed_at = excluded.removed_at, reason = excluded.reason
                    """
                )
                try await db.execute(
                    """
                    DELETE FROM devices WHERE id IN (SELECT json_extract(value, '$.id') FROM json_each(\(jsonArray: dropped)))
                        AND id IN (SELECT id FROM removed_devices WHERE removed_at = \(now))
                    """
                )
            }
        }
    }

    public func renewLeases(_ ids: [DeliveryID], until: Date) async throws -> Int {
        guard !ids.isEmpty else { return 0 }
        return try await database.transaction { db in
            try await db.execute(
                """
                UPDATE deliveries SET lease_until = \(until)
                WHERE id IN (SELECT value FROM json_each(\(jsonArray: ids))) AND lease_until IS NOT NULL AND state IN ('pending', 'retrying')
                """
            )
            return try await db.changes()
        }
    }

    public func hastenRetries(platform: Platform, limit: Int?, now: Date) async throws -> Int {
        try await database.transaction { db in
            try await db.execute(
                """
                UPDATE deliveries SET next_attempt_at = \(now)
                WHERE id IN (
                    SELECT id FROM deliveries
                    WHERE state = 'retrying' AND platform = \(platform.rawValue) AND next_attempt_at > \(now)
                        AND last_error LIKE ('%' || \(DeliveryOutcome.transportFailure) || '%')
                        AND (lease_until IS NULL OR lease_until <= \(now))
                    ORDER BY next_attempt_at LIMIT \(limit ?? Int(Int32.max))
                )
                """
            )
            return try await db.changes()
        }
    }

    public func queueDepth() async throws -> Int {
        try await database.read { db in
            Int(try await db.first("SELECT count(*) AS n FROM deliveries WHERE state IN ('pending', 'retrying')")?.int64("n") ?? 0)
        }
    }

    public func listenForDeliveries(holding holder: ClaimHolder, _ wake: @escaping @Sendable (_ urgent: Bool) -> Void) async throws {
        // Only this process writes the file, and it wakes its worker directly.
        while !Task.isCancelled {
            try await Task.sleep(for: .seconds(3600))
        }
    }

    private struct DroppedRow: Encodable {
        var id: Int64
        var reason: String
        var since: Int64
    }

    public func removedDevices(since: Date, limit: Int) async throws -> [RemovedDevice] {
        try await database.read { db in
            try await db.rows(
                "SELECT id, user_id, token, platform, removed_at, reason FROM removed_devices WHERE removed_at >= \(since) ORDER BY removed_at DESC, id DESC LIMIT \(limit)"
            ).map {
                RemovedDevice(
                    id: try $0.int64("id"), userID: try $0.int64("user_id"), token: try $0.text("token"), platform: try $0.value("platform", as: Platform.self),
                    removedAt: try $0.date("removed_at"), reason: try $0.text("reason")
                )
            }
        }
    }

    public func restoreDevices(removedSince since: Date) async throws -> Int {
        try await database.transaction { db in
            try await db.execute(
                """
                INSERT INTO devices (id, user_id, token, platform, created_at, last_seen_at)
                SELECT id, user_id, token, platform, created_at, last_seen_at FROM removed_devices r
                WHERE removed_at >= \(since) AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.token = r.token OR d.id = r.id)
                """
            )
            let restored = try await db.changes()
            try await db.execute("DELETE FROM removed_devices WHERE id IN (SELECT id FROM devices) AND removed_at >= \(since)")
            return restored
        }
    }

    public func purgeRemovedDevices(removedBefore before: Date) async throws -> Int {
        try await database.transaction { db in
            try await db.execute("DELETE FROM removed_devices WHERE removed_at < \(before)")
            return try await db.changes()
        }
    }
}
