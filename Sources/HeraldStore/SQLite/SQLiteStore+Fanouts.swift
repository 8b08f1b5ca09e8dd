import Foundation
import HeraldCore
import Logging
import SQLiteNIO

extension SQLiteStore: FanoutStore {
    public func claimFanouts(owner: String, limit: Int, until: Date, now: Date) async throws -> [FanoutJob] {
        // Looked for at every post: a read first, so the writer is taken only when there is one.
        let any = try await database.read { db in
            try await db.first("SELECT 1 AS one FROM fanouts WHERE claimed_until IS NULL OR claimed_until <= \(now) LIMIT 1") != nil
        }
        guard any else { return [] }
        return try await database.transaction { db in
            try await db.rows(
                """
                UPDATE fanouts SET claimed_by = \(owner), claimed_until = \(until)
                WHERE rowid IN (
                    SELECT rowid FROM fanouts WHERE claimed_until IS NULL OR claimed_until <= \(now)
                    ORDER BY notification_id, kind LIMIT \(limit)
                )
                RETURNING notification_id, service_id, after_user, kind, (SELECT n.severity FROM notifications n WHERE n.id = fanouts.notification_id) AS severity,
                    platforms
                """
            ).map {
                FanoutJob(
                    notificationID: try $0.int64("notification_id"), serviceID: try $0.uuid("service_id"), afterUser: try $0.int64("after_user"),
                    kind: try $0.value("kind", as: FanoutJob.Kind.self),
                    severity: try StoredValue.severity(try $0.optionalText("severity"), "notifications", row: try $0.int64("notification_id"), forWork: logger),
                    platforms: try StoredValue.platforms(json: try $0.text("platforms"), "fanouts", row: try $0.int64("notification_id"), forWork: logger)
                )
            }
        }
    }

    /// One transaction (see `FanoutStore.expandFanout`).
    public func expandFanout(_ job: FanoutJob, owner: String, chunk: Int, until: Date, now: Date) async throws -> FanoutStep {
        let chunk = max(1, chunk)
        let step = try await database.transaction { db -> FanoutStep in
            guard
                let held = try await db.first(
                    """
                    SELECT f.posted_at, f.refused_filters, n.created_at, n.severity
                    FROM fanouts f JOIN notifications n ON n.id = f.notification_id
                    WHERE f.notification_id = \(job.notificationID) AND f.kind = \(job.kind.rawValue) AND f.claimed_by = \(owner)
                        AND f.after_user = \(job.afterUser) AND f.service_id = \(job.serviceID)
                    """
                )
            else { return .lost }
            let ahead = try await db.first(
                """
                SELECT count(*) AS c FROM (
                    SELECT 1 FROM deliveries WHERE notification_id = \(job.notificationID) AND state = 'pending'
                        AND (lease_until IS NULL OR lease_until <= \(now)) LIMIT \(chunk)
                )
                """
            )?.int64("c") ?? 0
            guard ahead < Int64(chunk) else {
                try await db.execute("UPDATE fanouts SET claimed_until = \(until) WHERE notification_id = \(job.notificationID) AND kind = \(job.kind.rawValue)")
                return .waiting(ahead: Int(ahead))
            }
            if job.kind == .withdrawal { return try await Self.expandWithdrawals(job, chunk: chunk, until: until, now: now, in: db) }
            guard
                let last = try await db.first(
                    """
                    SELECT max(user_id) AS last FROM (
                        SELECT user_id FROM subscriptions WHERE service_id = \(job.serviceID) AND user_id > \(job.afterUser) ORDER BY user_id LIMIT \(chunk)
                    )
                    """
                )?.optionalInt64("last")
            else {
                try await db.execute("DELETE FROM fanouts WHERE notification_id = \(job.notificationID) AND kind = \(job.kind.rawValue)")
                return .finished
            }
            // A post's audience gets it as posted; a call's (issue 39) now, as a critical alarm.
            let created = job.kind == .call ? now : try held.date("created_at")
            // At the notification's severity now: an alarm raised (or lowered)
            // while its fan-out runs is pushed at its new priority.
            var current = job
            current.severity = try StoredValue.severity(try held.optionalText("severity"), "notifications", row: job.notificationID, forWork: logger)
            // The subscribers at the post in this stretch of user ids, less the refusing filters' holders.
            let audience: SQLiteQuery = """
                SELECT \(job.notificationID) AS notification_id, s.user_id, \(current.priority) AS priority, \(created) AS created_at FROM subscriptions s
                WHERE s.service_id = \(job.serviceID) AND s.user_id > \(job.afterUser) AND s.user_id <= \(last)
                    AND s.created_at <= \(try held.int64("posted_at"))
                    AND NOT EXISTS (
                        SELECT 1 FROM user_filters f
                        WHERE f.user_id = s.user_id AND f.service_id = s.service_id
                            AND f.filter_id IN (SELECT value FROM json_each(\(try held.text("refused_filters"))))
                    )
                """
            let linked = try await db.rows(
                """
                INSERT INTO inbox (user_id, notification_id, changed_at) SELECT user_id, notification_id, created_at FROM (\(audience)) WHERE true
                ON CONFLICT DO NOTHING
                RETURNING 1
                """
            ).count
            let queued = try await db.rows(Self.queue(job.order(at: now), to: audience, counted: true)).count
            try await db.execute(
                "UPDATE fanouts SET after_user = \(last), claimed_until = \(until) WHERE notification_id = \(job.notificationID) AND kind = \(job.kind.rawValue)"
            )
            var moved = job
            moved.afterUser = last
            return .expanded(job: moved, linked: linked, queued: queued)
        }
        if case .expanded(_, let linked, _) = step, linked > 0 { inboxSignals.send(.published(job.notificationID)) }
        return step
    }

    /// The next holders' withdrawals (a large audience's, issue 39): each of
    /// their devices on the job's platforms that has had none for the notification.
    private static func expandWithdrawals(
        _ job: FanoutJob, chunk: Int, until: Date, now: Date, in db: SQLiteExecutor
    ) async throws -> FanoutStep {
        guard
            let last = try await db.first(
                """
                SELECT max(user_id) AS last FROM (
                    SELECT user_id FROM inbox WHERE notification_id = \(job.notificationID) AND user_id > \(job.afterUser) ORDER BY user_id LIMIT \(chunk)
                )
                """
            )?.optionalInt64("last")
        else {
            try await db.execute("DELETE FROM fanouts WHERE notification_id = \(job.notificationID) AND kind = \(job.kind.rawValue)")
            return .finished
        }
        let holders: SQLiteQuery = """
            SELECT notification_id, user_id, \(DeliveryPriority.withdrawal) AS priority, \(now) AS created_at FROM inbox
            WHERE notification_id = \(job.notificationID) AND user_id > \(job.afterUser) AND user_id <= \(last)
            """
        let queued = try await db.rows(queue(job.order(at: now), to: holders, counted: true)).count
        try await db.execute(
            "UPDATE fanouts SET after_user = \(last), claimed_until = \(until) WHERE notification_id = \(job.notificationID) AND kind = \(job.kind.rawValue)"
        )
        var moved = job
        moved.afterUser = last
        return .expanded(job: moved, linked: 0, queued: queued)
    }

    public func pendingFanouts() async throws -> Int {
        try await database.read { db in Int(try await db.first("SELECT count(*) AS c FROM fanouts")?.int64("c") ?? 0) }
    }
}
