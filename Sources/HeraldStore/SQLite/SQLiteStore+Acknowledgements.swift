import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: AcknowledgementStore {
    public func acknowledge(
        notificationID: NotificationID, by user: User, comment: String?, effects: AcknowledgementEffects, at now: Date
    ) async throws -> (acknowledgement: Acknowledgement, isNew: Bool)? {
        let platforms = effects.withdrawOn
        let outcome = try await database.transaction { db -> (Acknowledgement, Bool)? in
            guard try await db.first("SELECT 1 AS held FROM inbox WHERE user_id = \(user.id) AND notification_id = \(notificationID)") != nil else {
                return nil
            }
            // The first one wins (the primary key); a new one marks every
            // holder's item changed for the live streams.
            let inserted = try await db.first(
                """
                INSERT INTO acknowledgements (notification_id, user_id, username, comment, acknowledged_at)
                VALUES (\(notificationID), \(user.id), \(user.username), \(comment), \(now))
                ON CONFLICT (notification_id) DO NOTHING
                RETURNING notification_id
                """
            ) != nil
            if inserted { try await Self.acknowledgementChanged(notificationID, at: now, in: db) }
            if inserted, !platforms.isEmpty, effects.withdrawalsAsFanout {
                // A large audience's: bulk work for the fan-out job (once per device all the same).
                try await db.execute(
                    """
                    INSERT INTO fanouts (notification_id, service_id, kind, platforms, posted_at)
                    SELECT id, service_id, \(FanoutJob.Kind.withdrawal.rawValue), \(jsonArray: platforms.map(\.rawValue)), \(now) FROM notifications WHERE id = \(notificationID)
                    -- One still walking the holders carries on: a restart would walk them all again.
                    ON CONFLICT (notification_id, kind) DO NOTHING
                    """
                )
            } else if inserted, !platforms.isEmpty {
                // What the holders' phones and browsers show is taken down, once per device.
                try await Self.reach(
                    effects.withdrawFrom, of: notificationID, order: .withdrawal(on: platforms, at: now), priority: DeliveryPriority.withdrawal, at: now,
                    counted: false, in: db
                )
            }
            if inserted, effects.endsEscalation {
                _ = try await Self.endEscalation(notificationID, reason: .acknowledged, who: user.username, owner: nil, at: now, in: db)
            }
            if inserted, effects.writeBack {
                // A fresh goal, even after an earlier withdrawal.
                try await db.execute(
                    """
                    INSERT INTO write_backs (notification_id, wanted, next_attempt_at, updated_at)
                    VALUES (\(notificationID), \(WriteBackGoal.acknowledged.rawValue), \(now), \(now))
                    ON CONFLICT (notification_id) DO UPDATE SET
                        wanted = excluded.wanted, refused = 0, attempts = 0, watch_at = NULL, next_attempt_at = excluded.next_attempt_at, updated_at = excluded.updated_at
                    """
                )
            }
            guard let stored = try await Self.acknowledgements(of: [notificationID], in: db)[notificationID] else { return nil }
            return (stored, inserted)
        }
        guard let outcome else { return nil }
        if outcome.1 { inboxSignals.send(.published(notificationID)) }
        return (outcome.0, outcome.1)
    }

    public func withdrawAcknowledgement(
        notificationID: NotificationID, by user: User, resume: EscalationPolicy.Due?, at now: Date
    ) async throws -> Acknowledgement? {
        let who = user.username
        let removed = try await database.transaction { db -> Acknowledgement? in
            guard let existing = try await Self.acknowledgements(of: [notificationID], in: db)[notificationID] else { return nil }
            try await db.execute("DELETE FROM acknowledgements WHERE notification_id = \(notificationID)")
            try await db.execute(
                """
                INSERT INTO acknowledgement_withdrawals (notification_id, user_id, username, withdrawn_at) VALUES (\(notificationID), \(user.id), \(who), \(now))
                ON CONFLICT (notification_id) DO UPDATE SET user_id = excluded.user_id, username = excluded.username, withdrawn_at = excluded.withdrawn_at
                """
            )
            if let resume {
                // Paged again from the step it was at (only if its acknowledgement is what ended it).
                if try await db.first(
                    """
                    UPDATE escalations SET ended = NULL, ended_at = NULL, step = \(resume.step), pass = \(resume.pass), due_at = \(resume.at),
                        claimed_by = NULL, claimed_until = NULL
                    WHERE notification_id = \(notificationID) AND ended = \(EscalationEnd.acknowledged.rawValue)
                    RETURNING 1 AS done
                    """
                ) != nil {
                    try await Self.recordEscalationEvent(
                        EscalationEvent(kind: .resumed, step: resume.step, pass: resume.pass, who: who, at: now), of: notificationID, in: db
                    )
                }
            }
            try await db.execute(
                """
                UPDATE write_backs SET wanted = \(WriteBackGoal.withdrawn.rawValue), refused = 0, attempts = 0, watch_at = NULL, next_attempt_at = \(now), updated_at = \(now)
                WHERE notification_id = \(notificationID) AND wanted = \(WriteBackGoal.acknowledged.rawValue)
                """
            )
            try await Self.acknowledgementChanged(notificationID, at: now, in: db)
            return existing
        }
        if removed != nil { inboxSignals.send(.published(notificationID)) }
        return removed
    }

    /// Marks the notification's acknowledgement changed: one row, however
    /// many hold it (every holder's inbox changes read it; issue 39).
    static func acknowledgementChanged(_ notificationID: NotificationID, at now: Date, in db: SQLiteExecutor) async throws {
        try await db.execute(
            """
            INSERT INTO acknowledgement_changes (notification_id, changed_at) VALUES (\(notificationID), \(now))
            ON CONFLICT (notification_id) DO UPDATE SET changed_at = excluded.changed_at
            """
        )
    }

    public func lastWithdrawal(notificationID: NotificationID) async throws -> (userID: UserID?, username: String, at: Date)? {
        try await database.read { db in
            try await db.first("SELECT user_id, username, withdrawn_at FROM acknowledgement_withdrawals WHERE notification_id = \(notificationID)").map {
                (try $0.optionalInt64("user_id"), try $0.text("username"), try $0.date("withdrawn_at"))
            }
        }
    }

    public func acknowledgements(of ids: [NotificationID]) async throws -> [NotificationID: Acknowledgement] {
        guard !ids.isEmpty else { return [:] }
        return try await database.read { db in try await Self.acknowledgements(of: ids, in: db) }
    }

    public func readership(notificationID: NotificationID) async throws -> (recipients: Int, read: Int) {
        try await database.read { db in
            let row = try await db.first(
                "SELECT count(*) AS recipients, coalesce(sum(is_read), 0) AS read FROM inbox WHERE notification_id = \(notificationID)"
            )
            return (Int(try row?.int64("recipients") ?? 0), Int(try row?.int64("read") ?? 0))
        }
    }

    public func owner(ofDevice deviceID: Int64) async throws -> User? {
        let owner = try await database.read { db in try await db.first("SELECT user_id FROM devices WHERE id = \(deviceID)").map { try $0.int64("user_id") } }
        guard let owner else { return nil }
        return try await user(id: owner)
    }

    static func acknowledgements(of ids: [NotificationID], in db: SQLiteExecutor) async throws -> [NotificationID: Acknowledgement] {
        var found: [NotificationID: Acknowledgement] = [:]
        for row in try await db.rows(
            """
            SELECT notification_id, user_id, username, comment, acknowledged_at FROM acknowledgements
            WHERE notification_id IN (SELECT value FROM json_each(\(jsonArray: ids)))
            """
        ) {
            let id = try row.int64("notification_id")
            found[id] = Acknowledgement(
                notificationID: id, userID: try row.optionalInt64("user_id"), username: try row.text("username"), comment: try row.optionalText("comment"),
                at: try row.date("acknowledged_at")
            )
        }
        return found
    }
}
