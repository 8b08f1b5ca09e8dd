import Foundation
import HeraldCore
import Logging
import NIOConcurrencyHelpers
import SQLiteNIO

extension SQLiteStore: AlertStateStore {
    public func withAlertStates<T: Sendable>(of serviceID: UUID, _ work: (any AlertStateTransaction) async throws -> T) async throws -> T? {
        // BEGIN IMMEDIATE already serialises writers on the file.
        let outcome = try await database.transaction { db -> (T, [NotificationID])? in
            guard try await db.first("SELECT 1 AS found FROM services WHERE id = \(serviceID)") != nil else { return nil }
            let states = AlertStates(db: db, serviceID: serviceID, logger: logger)
            let value = try await work(states)
            return (value, states.published.withLockedValue { $0 })
        }
        guard let (value, published) = outcome else { return nil }
        // The inbox streams hear of them once they are committed.
        for id in published { inboxSignals.send(.published(id)) }
        return value
    }

    /// A service's alert states in an open transaction.
    struct AlertStates: AlertStateTransaction {
        let db: SQLiteExecutor
        let serviceID: UUID
        /// For `StoredValue`'s leniency: an alert source's batch is work.
        let logger: Logger
        /// What this unit published, announced after the commit.
        let published = NIOLockedValueBox<[NotificationID]>([])

        func states(of fingerprints: [String]) async throws -> [String: AlertState] {
            var states: [String: AlertState] = [:]
            let rows = try await db.rows(
                """
                SELECT fingerprint, status, starts_at, notified_at, labels FROM alert_states
                WHERE service_id = \(serviceID) AND fingerprint IN (SELECT value FROM json_each(\(jsonArray: fingerprints)))
                """
            )
            for row in rows {
                states[try row.text("fingerprint")] = AlertState(
                    status: try row.value("status", as: AlertObservation.Status.self), startsAt: try row.text("starts_at"),
                    notifiedAt: try row.date("notified_at"), labels: try AlertLabels.parse(try row.optionalText("labels"))
                )
            }
            return states
        }

        func publish(_ requests: [PublishRequest]) async throws -> [NotificationRecord] {
            var records: [NotificationRecord] = []
            for request in requests {
                if let record = try await SQLiteStore.publish(request.draft, serviceID: request.serviceID, at: request.at, filters: request.filters, in: db)?.record {
                    records.append(record)
                }
            }
            published.withLockedValue { $0 += records.map(\.id) }
            return records
        }

        func notifications(keys: [String]) async throws -> [String: NotificationRecord] {
            guard !keys.isEmpty else { return [:] }
            var found: [String: NotificationRecord] = [:]
            for row in try await db.rows(
                """
                SELECT \(SQLiteStore.notificationColumns) FROM notifications n
                WHERE service_id = \(serviceID) AND key IN (SELECT value FROM json_each(\(jsonArray: keys)))
                """
            ) {
                let record = try SQLiteStore.notification(from: row, forWork: logger)
                if let key = record.key { found[key] = record }
            }
            return found
        }

        func republish(_ changes: [AlarmChange], at now: Date) async throws -> [NotificationRecord] {
            var records: [NotificationRecord] = []
            for change in changes {
                let draft = change.draft
                guard
                    let row = try await db.first(
                        """
                        UPDATE notifications SET title = \(draft.title), subtitle = \(draft.subtitle), url = \(draft.url), severity = \(draft.severity?.rawValue),
                            attributes = \(draft.attributes?.json), expires_at = \(draft.expiresAt), alarm = \(draft.alarm?.rawValue),
                            alarm_source = coalesce(\(draft.alarmIdentity?.source.rawValue), alarm_source),
                            alarm_identity = coalesce(\(draft.alarmIdentity?.name), alarm_identity)
                        WHERE id = \(change.id) AND service_id = \(serviceID)
                        RETURNING id, service_id, created_at, title, subtitle, url, severity, attributes, expires_at, key, alarm, alarm_source, alarm_identity
                        """
                    )
                else { continue }
                try await db.execute("UPDATE inbox SET changed_at = \(now) WHERE notification_id = \(change.id)")
                // Its followed messages (ntfy, Pushover) are looked at now (issue 43).
                try await db.execute("UPDATE contact_follow_ups SET hastened = 1, next_check_at = min(next_check_at, \(now)) WHERE notification_id = \(change.id)")
                // Its posts in chat rooms are edited now.
                try await db.execute(
                    "UPDATE chat_posts SET hastened = 1, due_at = min(coalesce(due_at, \(now)), \(now)) WHERE notification_id = \(change.id) AND state IN ('new', 'handed', 'posted')"
                )
                // The change's audience (its holders), so each phone replaces what it shows.
                try await SQLiteStore.reach(
                    change.audience, of: change.id, order: .alert(at: now), priority: DeliveryPriority.of(draft.severity), at: now, counted: false, in: db
                )
                // Raised to its policy's minimum (a Phoebus PV from MINOR to MAJOR): called as a JSON update's would be.
                try await SQLiteStore.startEscalation(of: change.id, serviceID: serviceID, changedTo: draft, at: now, in: db, logger: logger)
                if draft.alarm == .resolved {
                    // Its acknowledgement is undone at the source (the silence expires).
                    try await db.execute(
                        """
                        UPDATE write_backs SET wanted = \(WriteBackGoal.resolved.rawValue), refused = 0, attempts = 0, watch_at = NULL, next_attempt_at = \(now), updated_at = \(now)
                        WHERE notification_id = \(change.id) AND wanted = \(WriteBackGoal.acknowledged.rawValue)
                        """
                    )
                }
                records.append(try SQLiteStore.notification(from: row))
            }
            published.withLockedValue { $0 += records.map(\.id) }
            return records
        }

        func retireKeys(of ids: [NotificationID]) async throws {
            guard !ids.isEmpty else { return }
            try await db.execute(
                "UPDATE notifications SET key = NULL WHERE service_id = \(serviceID) AND id IN (SELECT value FROM json_each(\(jsonArray: ids)))"
            )
        }

        func save(_ states: [AlertDecision.Recorded]) async throws {
            for recorded in states {
                try await db.execute(
                    """
                    INSERT INTO alert_states (service_id, fingerprint, status, starts_at, notified_at, labels)
                    VALUES (
                        \(serviceID), \(recorded.fingerprint), \(recorded.state.status.rawValue), \(recorded.state.startsAt), \(recorded.state.notifiedAt),
                        \(AlertLabels.json(recorded.state.labels))
                    )
                    ON CONFLICT (service_id, fingerprint) DO UPDATE SET
                        status = excluded.status, starts_at = excluded.starts_at, notified_at = excluded.notified_at, labels = excluded.labels
                    """
                )
            }
        }
    }

    public func alertLabels(serviceID: UUID, fingerprint: String) async throws -> [String: String]? {
        let text = try await database.read { db in
            try await db.first("SELECT labels FROM alert_states WHERE service_id = \(serviceID) AND fingerprint = \(fingerprint)")?.optionalText("labels")
        }
        return try AlertLabels.parse(text)
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
