import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: AlertStateStore {
    public func publishAlertChanges(
        serviceID: UUID, _ alerts: [AlertObservation], renotifyAfter: TimeInterval?, at now: Date, filters: FilterJudge?, compose: AlertComposer
    ) async throws -> [NotificationRecord]? {
        // BEGIN IMMEDIATE already serialises writers on the file.
        let published = try await database.transaction { db -> [NotificationRecord]? in
            guard try await db.first("SELECT 1 AS found FROM services WHERE id = \(serviceID)") != nil else { return nil }
            var previous: [String: AlertState] = [:]
            let rows = try await db.rows(
                """
                SELECT fingerprint, status, starts_at, notified_at FROM alert_states
                WHERE service_id = \(serviceID) AND fingerprint IN (SELECT value FROM json_each(\(jsonArray: alerts.map(\.fingerprint))))
                """
            )
            for row in rows {
                previous[try row.text("fingerprint")] = AlertState(
                    status: try row.value("status", as: AlertObservation.Status.self), startsAt: try row.text("starts_at"),
                    notifiedAt: try row.date("notified_at")
                )
            }
            let decision = AlertDecision(alerts: alerts, previous: previous, now: now, renotifyAfter: renotifyAfter)
            var published: [NotificationRecord] = []
            for draft in compose(decision.toNotify) {
                let verdicts = filters?(draft, now) ?? FilterVerdicts()
                if let notification = try await Self.publish(draft, serviceID: serviceID, at: now, filters: verdicts, in: db) { published.append(notification) }
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
        for notification in published ?? [] { inboxSignals.send(.published(notification.id)) }
        return published
    }

    public func park(_ message: ParkedMessageDraft, at now: Date) async throws {
        try await database.transaction { db in
            try await db.execute(
                """
                INSERT INTO parked_messages (source, reference, payload, reason, attempts, parked_at)
                VALUES (\(message.source), \(message.reference), \(message.payload), \(message.reason), \(message.attempts), \(now))
                """
            )
        }
    }

    public func parkedMessages(limit: Int) async throws -> [ParkedMessage] {
        try await database.read { db in
            try await db.rows(
                "SELECT id, source, reference, payload, reason, attempts, parked_at FROM parked_messages ORDER BY parked_at DESC, id DESC LIMIT \(limit)"
            ).map {
                ParkedMessage(
                    id: try $0.int64("id"),
                    message: ParkedMessageDraft(
                        source: try $0.text("source"), reference: try $0.text("reference"), payload: try $0.optionalBlob("payload"),
                        reason: try $0.text("reason"), attempts: Int(try $0.int64("attempts"))
                    ),
                    parkedAt: try $0.date("parked_at")
                )
            }
        }
    }
}
