import Foundation
import HeraldCore
import Logging
import PostgresNIO

extension PostgresStore: AlertStateStore {
    /// Advisory lock class for per-service alert state (the second key is the service).
    static let alertLockClass: Int32 = 0x4852_4C44  // "HRLD"

    public func withAlertStates<T: Sendable>(of serviceID: UUID, _ work: (any AlertStateTransaction) async throws -> T) async throws -> T? {
        try await transaction { connection in
            // Serialises replicas that receive the same alerts (HA Alertmanager pairs).
            try await connection.execute(
                "SELECT pg_advisory_xact_lock(\(Self.alertLockClass), hashtext(\(serviceID.uuidString.lowercased())))", logger: logger
            )
            let exists = try await connection.rows("SELECT count(*) FROM services WHERE id = \(serviceID)", as: Int64.self, logger: logger)
            guard exists.first == 1 else { return nil }
            return try await work(AlertStates(connection: connection, serviceID: serviceID, logger: logger))
        }
    }

    /// A service's alert states on the connection of an open transaction.
    struct AlertStates: AlertStateTransaction {
        let connection: PostgresConnection
        let serviceID: UUID
        let logger: Logger

        func states(of fingerprints: [String]) async throws -> [String: AlertState] {
            var states: [String: AlertState] = [:]
            let rows = try await connection.rows(
                """
                SELECT fingerprint, status, starts_at, notified_at, labels FROM alert_states
                WHERE service_id = \(serviceID) AND fingerprint = ANY(\(fingerprints))
                """,
                as: (String, String, String, ExactTimestamp, String?).self, logger: logger
            )
            for (fingerprint, status, startsAt, notifiedAt, labels) in rows {
                let status = try StoreError.parse(status, as: AlertObservation.Status.self, column: "alert_states.status")
                states[fingerprint] = AlertState(status: status, startsAt: startsAt, notifiedAt: notifiedAt.date, labels: try AlertLabels.parse(labels))
            }
            return states
        }

        func publish(_ requests: [PublishRequest]) async throws -> [NotificationRecord] {
            guard !requests.isEmpty else { return [] }
            let rows = try await connection.rows(PostgresStore.publishStatement(requests), as: PublishedRow.self, logger: logger)
            return try PostgresStore.inOrder(rows, count: requests.count).notifications.compactMap { $0 }
        }

        func notifications(keys: [String]) async throws -> [String: NotificationRecord] {
            guard !keys.isEmpty else { return [:] }
            let rows = try await connection.rows(
                "SELECT \(unescaped: PostgresStore.notificationColumns) FROM notifications n WHERE service_id = \(serviceID) AND key = ANY(\(keys))",
                as: PostgresStore.NotificationRow.self, logger: logger
            )
            var found: [String: NotificationRecord] = [:]
            for record in try rows.map({ try PostgresStore.notification($0, forWork: logger) }) { if let key = record.key { found[key] = record } }
            return found
        }

        func republish(_ changes: [AlarmChange], at now: Date) async throws -> [NotificationRecord] {
            var records: [NotificationRecord] = []
            let at = ExactTimestamp(now)
            for change in changes {
                let draft = change.draft
                let expiresUs = draft.expiresAt?.microsecondsSince1970 ?? 0
                // One statement per alarm: the new content, every holder's
                // inbox item marked changed, a push queued to each device of
                // the change's audience (its holders), and the wake-ups at commit.
                let row = try await connection.rows(
                    """
                    WITH updated AS (
                        UPDATE notifications SET title = \(draft.title), subtitle = \(draft.subtitle), url = \(draft.url),
                            severity = \(draft.severity?.rawValue), attributes = \(draft.attributes?.json), alarm = \(draft.alarm?.rawValue),
                            alarm_source = coalesce(\(draft.alarmIdentity?.source.rawValue), alarm_source), alarm_identity = coalesce(\(draft.alarmIdentity?.name), alarm_identity),
                            expires_at = (SELECT \(unescaped: PostgresStore.expiryColumn) FROM (SELECT \(expiresUs)::int8 AS expires_us) AS e)
                        WHERE id = \(change.id) AND service_id = \(serviceID)
                        RETURNING id, service_id, created_at, title, subtitle, url, severity, attributes, expires_at, key, alarm, alarm_source, alarm_identity
                    ),
                    touched AS (UPDATE inbox SET changed_at = \(at) WHERE notification_id = (SELECT id FROM updated)),
                    -- Its followed messages (ntfy, Pushover) are looked at now (issue 43).
                    followed AS (
                        UPDATE contact_follow_ups SET hastened = true, next_check_at = least(next_check_at, \(at)) WHERE notification_id = (SELECT id FROM updated)
                    ),
                    -- Its posts in chat rooms are edited now (issue 43).
                    chatted AS (
                        UPDATE chat_posts SET hastened = true, due_at = least(coalesce(due_at, \(at)), \(at))
                        WHERE notification_id = (SELECT id FROM updated) AND state IN ('new', 'handed', 'posted')
                    ),
                    \(reach: change.audience, named: "audience", of: "updated up", notification: "up.id", service: "up.service_id", priority: DeliveryPriority.of(draft.severity), at: now),
                    queued AS (\(queue: .alert(at: now), to: "audience_pushed")),
                    woken AS (
                        \(unescaped: PostgresStore.wakeWorkers(queued: "queued"))
                        UNION ALL
                        SELECT pg_notify(\(PostgresStore.inboxChannel), 'n' || id::text) FROM updated
                    )
                    SELECT id, service_id, created_at, title, subtitle, url, severity, attributes, expires_at, key, alarm, alarm_source, alarm_identity
                    FROM updated, (SELECT count(*) FROM woken) AS w
                    """,
                    as: PostgresStore.NotificationRow.self, logger: logger
                ).first
                if let row {
                    // Raised to its policy's minimum (a Phoebus PV from MINOR to MAJOR): called as a JSON update's would be.
                    try await PostgresStore.startEscalation(of: change.id, serviceID: serviceID, changedTo: draft, at: at, on: connection, logger: logger)
                    records.append(try PostgresStore.notification(row))
                }
            }
            // A resolved alarm's acknowledgement is undone at its source
            // (the silence expires), in this unit of work.
            let resolved = changes.filter { $0.draft.alarm == .resolved }.map(\.id)
            if !resolved.isEmpty {
                try await connection.execute(
                    """
                    UPDATE write_backs SET wanted = \(WriteBackGoal.resolved.rawValue), refused = false, attempts = 0, watch_at = NULL, next_attempt_at = \(at), updated_at = \(at)
                    WHERE notification_id = ANY(\(resolved)) AND wanted = \(WriteBackGoal.acknowledged.rawValue)
                    """,
                    logger: logger
                )
            }
            return records
        }

        func retireKeys(of ids: [NotificationID]) async throws {
            guard !ids.isEmpty else { return }
            try await connection.execute(
                "UPDATE notifications SET key = NULL WHERE service_id = \(serviceID) AND id = ANY(\(ids))", logger: logger
            )
        }

        func save(_ states: [AlertDecision.Recorded]) async throws {
            try await connection.execute(
                """
                INSERT INTO alert_states (service_id, fingerprint, status, starts_at, notified_at, labels)
                SELECT \(serviceID), v.fingerprint, v.status, v.starts_at, v.notified_at, NULLIF(v.labels, '')
                FROM unnest(\(states.map(\.fingerprint))::text[], \(states.map(\.state.status.rawValue))::text[],
                    \(states.map(\.state.startsAt))::text[], \(states.map { ExactTimestamp($0.state.notifiedAt) })::timestamptz[],
                    \(states.map { AlertLabels.json($0.state.labels) ?? "" })::text[])
                    AS v(fingerprint, status, starts_at, notified_at, labels)
                ON CONFLICT (service_id, fingerprint) DO UPDATE SET
                    status = excluded.status, starts_at = excluded.starts_at, notified_at = excluded.notified_at, labels = excluded.labels
                """,
                logger: logger
            )
        }
    }

    public func alertLabels(serviceID: UUID, fingerprint: String) async throws -> [String: String]? {
        let text = try await first(
            "SELECT labels FROM alert_states WHERE service_id = \(serviceID) AND fingerprint = \(fingerprint)", as: String?.self
        )
        return try AlertLabels.parse(text ?? nil)
    }

    public func park(_ message: ParkedMessageDraft, at now: Date) async throws {
        try await execute(
            """
            INSERT INTO parked_messages (source, reference, payload, reason, attempts, parked_at)
            VALUES (\(message.source), \(message.reference), \(message.payload), \(message.reason), \(Int32(clamping: message.attempts)), \(ExactTimestamp(now)))
            """
        )
    }

    public func parkedMessages(limit: Int) async throws -> [ParkedMessage] {
        try await rows(
            "SELECT id, source, reference, payload, reason, attempts, parked_at FROM parked_messages ORDER BY parked_at DESC, id DESC LIMIT \(limit)",
            as: (Int64, String, String, Data?, String, Int32, ExactTimestamp).self
        ).map {
            ParkedMessage(
                id: $0.0, message: ParkedMessageDraft(source: $0.1, reference: $0.2, payload: $0.3, reason: $0.4, attempts: Int($0.5)), parkedAt: $0.6.date
            )
        }
    }
}
