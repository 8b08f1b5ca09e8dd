import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore {
    public func publishAlerts(
        serviceID: UUID, _ alerts: [AlertObservation], renotifyAfter: TimeInterval?, at now: Date, compose: AlertComposer
    ) async throws -> [HeraldCore.Notification]? {
        // BEGIN IMMEDIATE already serialises writers on the file.
        try await database.transaction { db in
            guard try await db.first("SELECT 1 AS found FROM services WHERE id = \(serviceID)") != nil else { return nil }
            var previous: [String: AlertState] = [:]
            let rows = try await db.rows(
                """
                SELECT fingerprint, status, starts_at, notified_at FROM alert_states
                WHERE service_id = \(serviceID) AND fingerprint IN (SELECT value FROM json_each(\(jsonArray: alerts.map(\.fingerprint))))
                """
            )
            for row in rows {
                previous[row.text("fingerprint")] = AlertState(
                    status: .init(rawValue: row.text("status")) ?? .firing, startsAt: row.text("starts_at"), notifiedAt: row.date("notified_at")
                )
            }
            let decision = AlertDecision(alerts: alerts, previous: previous, now: now, renotifyAfter: renotifyAfter)
            var published: [HeraldCore.Notification] = []
            for draft in compose(decision.toNotify) {
                if let notification = try await Self.publish(draft, serviceID: serviceID, at: now, in: db) { published.append(notification) }
            }
            for recorded in decision.newStates {
                try await db.execute(
                    """
                    INSERT INTO alert_states (service_id, fingerprint, status, starts_at, notified_at)
                    VALUES (\(serviceID), \(recorded.fingerprint), \(recorded.state.status.rawValue), \(recorded.state.startsAt), \(recorded.state.notifiedAt))
                    ON CONFLICT (service_id, fingerprint) DO UPDATE SET
                        status = excluded.status, starts_at = excluded.starts_at, notified_at = excluded.notified_at
                    """
                )
            }
            return published
        }
    }

    public func createServiceToken(serviceID: UUID, name: String, tokenHash: String, at now: Date) async throws -> ServiceToken? {
        try await database.transaction { db in
            try await db.first(
                """
                INSERT INTO service_tokens (service_id, name, token_hash, created_at)
                SELECT id, \(name), \(tokenHash), \(now) FROM services WHERE id = \(serviceID)
                RETURNING id, service_id, name, created_at, last_used_at
                """
            ).map(Self.serviceToken(from:))
        }
    }

    public func serviceTokens(serviceID: UUID) async throws -> [ServiceToken] {
        try await database.read { db in
            try await db.rows("SELECT id, service_id, name, created_at, last_used_at FROM service_tokens WHERE service_id = \(serviceID) ORDER BY id")
                .map(Self.serviceToken(from:))
        }
    }

    public func deleteServiceToken(serviceID: UUID, id: Int64) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("DELETE FROM service_tokens WHERE service_id = \(serviceID) AND id = \(id)")
            return try await db.changes() > 0
        }
    }

    public func useServiceToken(serviceID: UUID, tokenHash: String, at now: Date) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("UPDATE service_tokens SET last_used_at = \(now) WHERE service_id = \(serviceID) AND token_hash = \(tokenHash)")
            return try await db.changes() > 0
        }
    }

    public func serviceTemplates(serviceID: UUID) async throws -> NotificationTemplates? {
        try await database.read { db in
            try await db.first("SELECT title, subtitle, url, severity FROM service_templates WHERE service_id = \(serviceID)").map {
                NotificationTemplates(title: $0.text("title"), subtitle: $0.text("subtitle"), url: $0.text("url"), severity: $0.text("severity"))
            }
        }
    }

    public func setServiceTemplates(serviceID: UUID, _ templates: NotificationTemplates?, at now: Date) async throws -> Bool {
        try await database.transaction { db in
            guard let templates else {
                try await db.execute("DELETE FROM service_templates WHERE service_id = \(serviceID)")
                return try await db.changes() > 0
            }
            try await db.execute(
                """
                INSERT INTO service_templates (service_id, title, subtitle, url, severity, updated_at)
                SELECT id, \(templates.title), \(templates.subtitle), \(templates.url), \(templates.severity), \(now)
                FROM services WHERE id = \(serviceID)
                ON CONFLICT (service_id) DO UPDATE SET title = excluded.title, subtitle = excluded.subtitle, url = excluded.url,
                    severity = excluded.severity, updated_at = excluded.updated_at
                """
            )
            return try await db.changes() > 0
        }
    }

    static func serviceToken(from row: SQLiteRow) -> ServiceToken {
        ServiceToken(
            id: row.int64("id"), serviceID: row.uuid("service_id"), name: row.text("name"), createdAt: row.date("created_at"),
            lastUsedAt: row.optionalDate("last_used_at")
        )
    }
}
