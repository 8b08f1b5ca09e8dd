import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore {
    /// Advisory lock class for per-service alert state (the second key is the service).
    static let alertLockClass: Int32 = 0x4852_4C44  // "HRLD"

    public func publishAlerts(
        serviceID: UUID, _ alerts: [AlertObservation], renotifyAfter: TimeInterval?, at now: Date, compose: AlertComposer
    ) async throws -> [HeraldCore.Notification]? {
        try await client.withTransaction(logger: logger) { connection in
            // Serialises replicas that receive the same alerts (HA Alertmanager pairs).
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(Self.alertLockClass), hashtext(\(serviceID.uuidString.lowercased())))", logger: logger
            ).discard()
            let exists = try await connection.query("SELECT count(*) FROM services WHERE id = \(serviceID)", logger: logger).decode(Int64.self).all()
            guard exists.first == 1 else { return nil }

            var previous: [String: AlertState] = [:]
            let rows = try await connection.query(
                "SELECT fingerprint, status, starts_at, notified_at FROM alert_states WHERE service_id = \(serviceID) AND fingerprint = ANY(\(alerts.map(\.fingerprint)))",
                logger: logger
            )
            for try await (fingerprint, status, startsAt, notifiedAt) in rows.decode((String, String, String, ExactTimestamp).self) {
                previous[fingerprint] = AlertState(status: .init(rawValue: status) ?? .firing, startsAt: startsAt, notifiedAt: notifiedAt.date)
            }
            let decision = AlertDecision(alerts: alerts, previous: previous, now: now, renotifyAfter: renotifyAfter)

            var published: [HeraldCore.Notification] = []
            for draft in compose(decision.toNotify) {
                let rows = try await connection.query(Self.publishStatement(draft, serviceID: serviceID, at: now), logger: logger)
                published += try await rows.decode(NotificationRow.self).all().map(Self.notification)
            }
            let states = decision.newStates
            try await connection.query(
                """
                INSERT INTO alert_states (service_id, fingerprint, status, starts_at, notified_at)
                SELECT \(serviceID), v.fingerprint, v.status, v.starts_at, v.notified_at
                FROM unnest(\(states.map(\.fingerprint))::text[], \(states.map(\.state.status.rawValue))::text[],
                    \(states.map(\.state.startsAt))::text[], \(states.map { ExactTimestamp($0.state.notifiedAt) })::timestamptz[])
                    AS v(fingerprint, status, starts_at, notified_at)
                ON CONFLICT (service_id, fingerprint) DO UPDATE SET
                    status = excluded.status, starts_at = excluded.starts_at, notified_at = excluded.notified_at
                """,
                logger: logger
            ).discard()
            return published
        }
    }

    public func createServiceToken(serviceID: UUID, name: String, tokenHash: String, at now: Date) async throws -> ServiceToken? {
        try await serviceTokens(
            """
            INSERT INTO service_tokens (service_id, name, token_hash, created_at)
            SELECT id, \(name), \(tokenHash), \(ExactTimestamp(now)) FROM services WHERE id = \(serviceID)
            RETURNING id, service_id, name, created_at, last_used_at
            """
        ).first
    }

    public func serviceTokens(serviceID: UUID) async throws -> [ServiceToken] {
        try await serviceTokens("SELECT id, service_id, name, created_at, last_used_at FROM service_tokens WHERE service_id = \(serviceID) ORDER BY id")
    }

    public func deleteServiceToken(serviceID: UUID, id: Int64) async throws -> Bool {
        try await !query("DELETE FROM service_tokens WHERE service_id = \(serviceID) AND id = \(id) RETURNING id").decode(Int64.self).all().isEmpty
    }

    public func useServiceToken(serviceID: UUID, tokenHash: String, at now: Date) async throws -> Bool {
        let rows = try await query(
            "UPDATE service_tokens SET last_used_at = \(ExactTimestamp(now)) WHERE service_id = \(serviceID) AND token_hash = \(tokenHash) RETURNING id"
        )
        return try await !rows.decode(Int64.self).all().isEmpty
    }

    private func serviceTokens(_ statement: PostgresQuery) async throws -> [ServiceToken] {
        try await query(statement).decode((Int64, UUID, String, ExactTimestamp, ExactTimestamp?).self).all().map {
            ServiceToken(id: $0.0, serviceID: $0.1, name: $0.2, createdAt: $0.3.date, lastUsedAt: $0.4?.date)
        }
    }

    public func serviceTemplates(serviceID: UUID) async throws -> NotificationTemplates? {
        let rows = try await query("SELECT title, subtitle, url, severity FROM service_templates WHERE service_id = \(serviceID)")
        return try await rows.decode((String, String, String, String).self).all().first.map {
            NotificationTemplates(title: $0.0, subtitle: $0.1, url: $0.2, severity: $0.3)
        }
    }

    public func setServiceTemplates(serviceID: UUID, _ templates: NotificationTemplates?, at now: Date) async throws -> Bool {
        guard let templates else {
            let rows = try await query("DELETE FROM service_templates WHERE service_id = \(serviceID) RETURNING service_id")
            return try await !rows.decode(UUID.self).all().isEmpty
        }
        let rows = try await query(
            """
            INSERT INTO service_templates (service_id, title, subtitle, url, severity, updated_at)
            SELECT id, \(templates.title), \(templates.subtitle), \(templates.url), \(templates.severity), \(ExactTimestamp(now))
            FROM services WHERE id = \(serviceID)
            ON CONFLICT (service_id) DO UPDATE SET title = excluded.title, subtitle = excluded.subtitle, url = excluded.url,
                severity = excluded.severity, updated_at = excluded.updated_at
            RETURNING service_id
            """
        )
        return try await !rows.decode(UUID.self).all().isEmpty
    }
}
