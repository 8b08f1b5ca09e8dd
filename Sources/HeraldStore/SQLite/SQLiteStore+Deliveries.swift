import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore {

    public func deliveryCounts(notificationID: NotificationID) async throws -> [DeliveryState: Int] {
        try await database.read { db in
            let rows = try await db.rows("SELECT state, count(*) AS n FROM deliveries WHERE notification_id = \(notificationID) GROUP BY state")
            var counts: [DeliveryState: Int] = [:]
            for row in rows { if let state = DeliveryState(rawValue: row.text("state")) { counts[state] = Int(row.int64("n")) } }
            return counts
        }
    }

    public func deliveryReport(notificationID: NotificationID) async throws -> [DeliveryReportRow] {
        try await database.read { db in
            try await db.rows(
                """
                SELECT d.id, d.user_id, d.platform, substr(dv.token, -6) AS hint, d.state, d.attempts, d.last_error, d.updated_at
                FROM deliveries d LEFT JOIN devices dv ON dv.id = d.device_id
                WHERE d.notification_id = \(notificationID) ORDER BY d.id
                """
            ).map {
                DeliveryReportRow(
                    id: $0.int64("id"), userID: $0.int64("user_id"), platform: Platform(rawValue: $0.text("platform")) ?? .fcm,
                    tokenHint: $0.optionalText("hint"), state: DeliveryState(rawValue: $0.text("state")) ?? .pending,
                    attempts: Int($0.int64("attempts")), lastError: $0.optionalText("last_error"), updatedAt: $0.date("updated_at")
                )
            }
        }
    }

    public func claimDeliveries(limit: Int, now: Date, leaseUntil: Date) async throws -> [ClaimedDelivery] {
        try await database.transaction { db in
            let claimed = try await db.rows(
                """
                UPDATE deliveries SET lease_until = \(leaseUntil), attempts = attempts + 1, updated_at = \(now)
                WHERE id IN (
                    SELECT id FROM deliveries
                    WHERE state IN ('pending', 'retrying') AND next_attempt_at <= \(now) AND (lease_until IS NULL OR lease_until <= \(now))
                    ORDER BY next_attempt_at LIMIT \(limit)
                )
                RETURNING id
                """
            ).map { $0.int64("id") }
            guard !claimed.isEmpty else { return [] }
            return try await db.rows(
                """
                SELECT d.id, d.platform, d.device_id, dv.token, coalesce(u.is_active, 0) AS is_active, u.login_expires_at, d.attempts, d.created_at AS queued_at,
                    n.id AS notification_id, n.service_id, n.created_at, n.title, n.subtitle, n.url, n.severity,
                    (SELECT count(*) FROM inbox i WHERE i.user_id = d.user_id AND i.is_read = 0) AS badge
                FROM deliveries d
                    JOIN notifications n ON n.id = d.notification_id
                    LEFT JOIN users u ON u.id = d.user_id
                    LEFT JOIN devices dv ON dv.id = d.device_id
                WHERE d.id IN (SELECT value FROM json_each(\(jsonArray: claimed)))
                """
            ).map { row in
                ClaimedDelivery(
                    id: row.int64("id"),
                    notification: Notification(
                        id: row.int64("notification_id"), serviceID: row.uuid("service_id"), timestamp: row.date("created_at"),
                        title: row.text("title"), subtitle: row.text("subtitle"), url: row.text("url"),
                        severity: row.optionalText("severity")
                    ),
                    platform: Platform(rawValue: row.text("platform")) ?? .fcm,
                    deviceID: row.column("device_id")?.integer.map(Int64.init), token: row.optionalText("token"),
                    userIsActive: row.bool("is_active"), loginExpiresAt: row.optionalDate("login_expires_at"),
                    badge: Int(row.int64("badge")), attempts: Int(row.int64("attempts")), queuedAt: row.date("queued_at")
                )
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
        let droppedDevices = results.compactMap { $0.outcome.state == .dropped ? $0.delivery.deviceID : nil }
        try await database.transaction { db in
            try await db.execute(
                """
                UPDATE deliveries SET state = v.state, next_attempt_at = v.due, lease_until = NULL, last_error = v.reason, updated_at = \(now)
                FROM (
                    SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.state') AS state,
                        json_extract(value, '$.due') AS due, json_extract(value, '$.reason') AS reason
                    FROM json_each(\(jsonArray: rows))
                ) AS v
                WHERE deliveries.id = v.id
                """
            )
            if !droppedDevices.isEmpty {
                try await db.execute("DELETE FROM devices WHERE id IN (SELECT value FROM json_each(\(jsonArray: droppedDevices)))")
            }
        }
    }

    public func queueDepth() async throws -> Int {
        try await database.read { db in
            Int(try await db.first("SELECT count(*) AS n FROM deliveries WHERE state IN ('pending', 'retrying')")?.int64("n") ?? 0)
        }
    }

    public func listenForDeliveries(_ wake: @escaping @Sendable () -> Void) async throws {
        // Only this process writes the file, and it wakes its worker directly.
        while !Task.isCancelled {
            try await Task.sleep(for: .seconds(3600))
        }
    }
}
