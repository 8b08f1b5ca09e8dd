import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: AcknowledgementStore {
    public func acknowledge(
        notificationID: NotificationID, by user: User, comment: String?, effects: AcknowledgementEffects, at now: Date
    ) async throws -> (acknowledgement: Acknowledgement, isNew: Bool)? {
        let at = ExactTimestamp(now)
        let platforms = effects.withdrawOn
        // One statement: only a holder's acknowledgement is stored, the
        // first one wins (the primary key), and a new one marks the
        // notification's acknowledgement changed (one row, however many hold
        // it: every holder's inbox changes read it), asks for its write-back (a fresh goal, even
        // after an earlier withdrawal), queues each holder's device its one
        // withdrawal, ends the escalation and wakes the live streams at commit.
        let row = try await first(
                """
                WITH holder AS (SELECT 1 FROM inbox WHERE user_id = \(user.id) AND notification_id = \(notificationID)),
                inserted AS (
                    INSERT INTO acknowledgements (notification_id, user_id, username, comment, acknowledged_at)
                    SELECT \(notificationID), \(user.id), \(user.username), \(comment), \(at) FROM holder
                    ON CONFLICT (notification_id) DO NOTHING
                    RETURNING notification_id
                ),
                touched AS (
                    INSERT INTO acknowledgement_changes (notification_id, changed_at) SELECT notification_id, \(at) FROM inserted
                    ON CONFLICT (notification_id) DO UPDATE SET changed_at = excluded.changed_at
                    RETURNING 1
                ),
                asked AS (
                    INSERT INTO write_backs (notification_id, wanted, next_attempt_at, updated_at)
                    SELECT notification_id, \(WriteBackGoal.acknowledged.rawValue), \(at), \(at) FROM inserted WHERE \(effects.writeBack)
                    ON CONFLICT (notification_id) DO UPDATE SET
                        wanted = excluded.wanted, refused = false, attempts = 0, watch_at = NULL, next_attempt_at = excluded.next_attempt_at, updated_at = excluded.updated_at
                    RETURNING 1
                ),
                -- Every holder, unless a fan-out job takes them (a large audience).
                \(reach: effects.withdrawFrom, named: "audience", of: "inserted x JOIN notifications xn ON xn.id = x.notification_id", notification: "x.notification_id", service: "xn.service_id", priority: DeliveryPriority.withdrawal, at: now),
                inline AS (SELECT * FROM audience_pushed WHERE NOT \(effects.withdrawalsAsFanout)),
                withdrawals AS (\(queue: .withdrawal(on: platforms, at: now), to: "inline")),
                -- A large audience's: bulk work for the fan-out job (once per device all the same).
                withdrawal_job AS (
                    INSERT INTO fanouts (notification_id, service_id, kind, platforms, posted_at)
                    SELECT n.id, n.service_id, \(FanoutJob.Kind.withdrawal.rawValue), \(platforms.map(\.rawValue))::text[], \(at)
                    FROM inserted x JOIN notifications n ON n.id = x.notification_id
                    WHERE \(effects.withdrawalsAsFanout) AND cardinality(\(platforms.map(\.rawValue))::text[]) > 0
                    -- One still walking the holders carries on: a restart would walk them all again.
                    ON CONFLICT (notification_id, kind) DO NOTHING
                    RETURNING 1
                ),
                ended AS (
                    UPDATE escalations SET ended = \(EscalationEnd.acknowledged.rawValue), ended_at = \(at), claimed_by = NULL, claimed_until = NULL
                    WHERE notification_id IN (SELECT notification_id FROM inserted) AND ended IS NULL AND \(effects.endsEscalation)
                    RETURNING notification_id, step, pass
                ),
                ended_event AS (
                    INSERT INTO escalation_events (notification_id, kind, step, pass, who, at)
                    SELECT notification_id, \(EscalationEnd.acknowledged.rawValue), step, pass, \(user.username), \(at) FROM ended
                    RETURNING 1
                ),
                woken AS (
                    SELECT pg_notify(\(Self.inboxChannel), 'n' || notification_id::text) FROM inserted
                    UNION ALL
                    SELECT pg_notify(\(Self.deliveryChannel), '') FROM (SELECT 1 FROM withdrawals LIMIT 1) AS any_row
                )
                SELECT EXISTS (SELECT 1 FROM holder), EXISTS (SELECT 1 FROM inserted), (SELECT count(*) FROM touched), (SELECT count(*) FROM woken),
                    (SELECT count(*) FROM asked), (SELECT count(*) FROM ended_event) + (SELECT count(*) FROM withdrawal_job)
                """,
                as: (Bool, Bool, Int64, Int64, Int64, Int64).self
            )
        guard let row, row.0 else { return nil }
        let isNew = row.1
        guard let stored = try await acknowledgements(of: [notificationID])[notificationID] else {
            // Withdrawn between the two statements: as if it never was.
            return nil
        }
        return (stored, isNew)
    }

    public func withdrawAcknowledgement(
        notificationID: NotificationID, by user: User, resume: EscalationPolicy.Due?, at now: Date
    ) async throws -> Acknowledgement? {
        let who = user.username
        return try await first(
            """
            WITH removed AS (
                DELETE FROM acknowledgements WHERE notification_id = \(notificationID)
                RETURNING notification_id, user_id, username, comment, acknowledged_at
            ),
            touched AS (
                INSERT INTO acknowledgement_changes (notification_id, changed_at) SELECT notification_id, \(ExactTimestamp(now)) FROM removed
                ON CONFLICT (notification_id) DO UPDATE SET changed_at = excluded.changed_at
                RETURNING 1
            ),
            undone AS (
                UPDATE write_backs SET wanted = \(WriteBackGoal.withdrawn.rawValue), refused = false, attempts = 0, watch_at = NULL,
                    next_attempt_at = \(ExactTimestamp(now)), updated_at = \(ExactTimestamp(now))
                WHERE notification_id IN (SELECT notification_id FROM removed) AND wanted = \(WriteBackGoal.acknowledged.rawValue)
                RETURNING 1
            ),
            kept AS (
                INSERT INTO acknowledgement_withdrawals (notification_id, user_id, username, withdrawn_at)
                SELECT notification_id, \(user.id), \(who), \(ExactTimestamp(now)) FROM removed
                ON CONFLICT (notification_id) DO UPDATE SET user_id = excluded.user_id, username = excluded.username, withdrawn_at = excluded.withdrawn_at
                RETURNING 1
            ),
            resumed AS (
                -- Paged again from the step it was at (only if its acknowledgement is what ended it).
                UPDATE escalations SET ended = NULL, ended_at = NULL, step = \(Int32(resume?.step ?? 0)), pass = \(Int32(resume?.pass ?? 0)),
                    due_at = \(ExactTimestamp(resume?.at ?? now)), claimed_by = NULL, claimed_until = NULL
                WHERE notification_id IN (SELECT notification_id FROM removed) AND ended = \(EscalationEnd.acknowledged.rawValue) AND \(resume != nil)
                RETURNING notification_id, step, pass
            ),
            resumed_event AS (
                INSERT INTO escalation_events (notification_id, kind, step, pass, who, at)
                SELECT notification_id, 'resumed', step, pass, \(who), \(ExactTimestamp(now)) FROM resumed
                RETURNING 1
            ),
            woken AS (SELECT pg_notify(\(Self.inboxChannel), 'n' || notification_id::text) FROM removed)
            SELECT notification_id, user_id, username, comment, acknowledged_at
            FROM removed, (SELECT count(*) FROM touched) AS t, (SELECT count(*) FROM woken) AS w, (SELECT count(*) FROM undone) AS u,
                (SELECT count(*) FROM resumed_event) AS r, (SELECT count(*) FROM kept) AS k
            """,
            as: (Int64, Int64?, String, String?, ExactTimestamp).self
        ).map(Self.acknowledgement)
    }

    public func lastWithdrawal(notificationID: NotificationID) async throws -> (userID: UserID?, username: String, at: Date)? {
        try await first(
            "SELECT user_id, username, withdrawn_at FROM acknowledgement_withdrawals WHERE notification_id = \(notificationID)",
            as: (Int64?, String, ExactTimestamp).self
        ).map { ($0.0, $0.1, $0.2.date) }
    }

    public func acknowledgements(of ids: [NotificationID]) async throws -> [NotificationID: Acknowledgement] {
        guard !ids.isEmpty else { return [:] }
        let found = try await rows(
            "SELECT notification_id, user_id, username, comment, acknowledged_at FROM acknowledgements WHERE notification_id = ANY(\(ids))",
            as: (Int64, Int64?, String, String?, ExactTimestamp).self
        )
        return Dictionary(found.map { ($0.0, Self.acknowledgement($0)) }, uniquingKeysWith: { first, _ in first })
    }

    public func readership(notificationID: NotificationID) async throws -> (recipients: Int, read: Int) {
        let counts = try await first(
            "SELECT count(*), count(*) FILTER (WHERE is_read) FROM inbox WHERE notification_id = \(notificationID)", as: (Int64, Int64).self
        )
        return (Int(counts?.0 ?? 0), Int(counts?.1 ?? 0))
    }

    public func owner(ofDevice deviceID: Int64) async throws -> User? {
        guard let userID = try await first("SELECT user_id FROM devices WHERE id = \(deviceID)", as: Int64.self) else { return nil }
        return try await user(id: userID)
    }

    static func acknowledgement(_ row: (Int64, Int64?, String, String?, ExactTimestamp)) -> Acknowledgement {
        Acknowledgement(notificationID: row.0, userID: row.1, username: row.2, comment: row.3, at: row.4.date)
    }

    /// Inbox items with their acknowledgements: one more lookup by primary
    /// key for the page, rather than a join in every inbox read.
    func withAcknowledgements(_ items: [InboxItem]) async throws -> [InboxItem] {
        guard !items.isEmpty else { return items }
        return InboxItem.attaching(try await acknowledgements(of: items.map(\.notification.id)), to: items)
    }
}
