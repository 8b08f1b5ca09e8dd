import Foundation
import HeraldCore
import Logging
import PostgresNIO

extension PostgresStore: FanoutStore {
    public func claimFanouts(owner: String, limit: Int, until: Date, now: Date) async throws -> [FanoutJob] {
        try await rows(
            """
            UPDATE fanouts f SET claimed_by = \(owner), claimed_until = \(ExactTimestamp(until))
            WHERE (f.notification_id, f.kind) IN (
                SELECT notification_id, kind FROM fanouts
                WHERE claimed_until IS NULL OR claimed_until <= \(ExactTimestamp(now))
                ORDER BY notification_id, kind LIMIT \(limit)
                FOR UPDATE SKIP LOCKED
            )
            RETURNING f.notification_id, f.service_id, f.after_user, f.kind, (SELECT n.severity FROM notifications n WHERE n.id = f.notification_id), f.platforms
            """,
            as: (Int64, UUID, Int64, String, String?, [String]).self
        ).map {
            FanoutJob(
                notificationID: $0.0, serviceID: $0.1, afterUser: $0.2, kind: try StoreError.parse($0.3, as: FanoutJob.Kind.self, column: "fanouts.kind"),
                severity: try StoredValue.severity($0.4, "notifications", row: $0.0, forWork: logger),
                platforms: try StoredValue.platforms($0.5, "fanouts", row: $0.0, forWork: logger)
            )
        }
    }

    /// One statement: the job, if this owner holds it at this point; the
    /// next subscribers in user order (only while fewer than a chunk of its
    /// pushes wait); their inbox links and deliveries; the job moved on,
    /// renewed, or deleted when no subscriber is left; the wake-ups.
    public func expandFanout(_ job: FanoutJob, owner: String, chunk: Int, until: Date, now: Date) async throws -> FanoutStep {
        if job.kind == .withdrawal { return try await expandWithdrawals(job, owner: owner, chunk: Int64(max(1, chunk)), until: until, now: now) }
        let chunk = Int64(max(1, chunk))
        // Each chunk at the notification's severity now: an alarm raised (or
        // lowered) while its fan-out runs is pushed at its new priority.
        var job = job
        if let severity = try await first("SELECT severity FROM notifications WHERE id = \(job.notificationID)", as: String?.self) {
            job.severity = try StoredValue.severity(severity, "notifications", row: job.notificationID, forWork: logger)
        }
        let at = ExactTimestamp(now)
        // A post's audience gets it as posted; a call's (issue 39) now, as a critical alarm.
        let call = job.kind == .call
        let order = job.order(at: now)
        guard
            let row = try await first(
                """
                WITH job AS (
                    SELECT f.notification_id, f.service_id, f.posted_at, f.refused_filters, f.after_user,
                        CASE WHEN \(call) THEN \(at) ELSE n.created_at END AS created_at,
                        \(Int32(job.priority)) AS priority
                    FROM fanouts f JOIN notifications n ON n.id = f.notification_id
                    WHERE f.notification_id = \(job.notificationID) AND f.kind = \(job.kind.rawValue) AND f.claimed_by = \(owner)
                        AND f.after_user = \(job.afterUser) AND f.service_id = \(job.serviceID)
                    FOR UPDATE OF f
                ),
                ahead AS (
                    SELECT count(*) AS c FROM (
                        SELECT 1 FROM deliveries d WHERE d.notification_id = \(job.notificationID) AND d.state = 'pending'
                            AND (d.lease_until IS NULL OR d.lease_until <= \(at)) LIMIT \(chunk)
                    ) AS x
                ),
                -- The job's own service and position as the index's range
                -- (the job row holds the same, or nothing is done): joined to
                -- the job instead, the planner read the subscriptions from
                -- the first user on and filtered, so each chunk of a 10^6
                -- fan-out read all those before it (600 ms at the end).
                scanned AS (
                    SELECT s.user_id, s.created_at FROM subscriptions s
                    WHERE s.service_id = \(job.serviceID) AND s.user_id > \(job.afterUser)
                        AND EXISTS (SELECT 1 FROM job) AND (SELECT c FROM ahead) < \(chunk)
                    ORDER BY s.user_id LIMIT \(chunk)
                ),
                audience AS (
                    SELECT job.notification_id, sc.user_id, job.priority, job.created_at FROM scanned sc, job
                    WHERE sc.created_at <= job.posted_at
                        AND NOT EXISTS (
                            SELECT 1 FROM user_filters f
                            WHERE f.user_id = sc.user_id AND f.service_id = job.service_id AND f.filter_id = ANY(job.refused_filters)
                        )
                ),
                linked AS (
                    INSERT INTO inbox (user_id, notification_id, changed_at)
                    SELECT a.user_id, job.notification_id, job.created_at FROM audience a, job
                    ON CONFLICT DO NOTHING
                    RETURNING 1
                ),
                queued AS (\(queue: order, to: "audience")),
                -- Exactly one of these touches the job: moved on, renewed while
                -- its pushes wait, or gone once nobody is left.
                moved AS (
                    UPDATE fanouts f SET after_user = (SELECT max(user_id) FROM scanned), claimed_until = \(ExactTimestamp(until))
                    FROM job WHERE f.notification_id = job.notification_id AND f.kind = \(job.kind.rawValue) AND EXISTS (SELECT 1 FROM scanned)
                    RETURNING f.after_user
                ),
                renewed AS (
                    UPDATE fanouts f SET claimed_until = \(ExactTimestamp(until))
                    FROM job WHERE f.notification_id = job.notification_id AND f.kind = \(job.kind.rawValue) AND (SELECT c FROM ahead) >= \(chunk)
                    RETURNING 1
                ),
                finished AS (
                    DELETE FROM fanouts f USING job
                    WHERE f.notification_id = job.notification_id AND f.kind = \(job.kind.rawValue) AND (SELECT c FROM ahead) < \(chunk)
                        AND NOT EXISTS (SELECT 1 FROM scanned)
                    RETURNING 1
                ),
                woken AS (
                    \(unescaped: Self.wakeWorkers(queued: "queued"))
                    UNION ALL
                    SELECT pg_notify(\(Self.inboxChannel), 'n' || \(job.notificationID)::text) FROM (SELECT 1 FROM linked LIMIT 1) AS any_row
                )
                SELECT (SELECT count(*) FROM job), (SELECT c FROM ahead), (SELECT count(*) FROM scanned), coalesce((SELECT max(after_user) FROM moved), 0),
                    (SELECT count(*) FROM linked), (SELECT count(*) FROM queued), (SELECT count(*) FROM finished), (SELECT count(*) FROM woken),
                    (SELECT count(*) FROM renewed)
                """,
                as: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64).self
            )
        else { return .lost }
        let (held, ahead, scanned, after, linked, queued, finished) = (row.0, row.1, row.2, row.3, row.4, row.5, row.6)
        guard held == 1 else { return .lost }
        if finished == 1 { return .finished }
        if scanned == 0 { return .waiting(ahead: Int(ahead)) }
        var moved = job
        moved.afterUser = after
        return .expanded(job: moved, linked: Int(linked), queued: Int(queued))
    }

    /// The next holders' withdrawals (a large audience's, issue 39), as one
    /// statement like a post's chunk: the holders in user order (one range
    /// of the inbox's notification-and-user index), each of their devices
    /// on the job's platforms that has had none for the notification.
    func expandWithdrawals(_ job: FanoutJob, owner: String, chunk: Int64, until: Date, now: Date) async throws -> FanoutStep {
        let at = ExactTimestamp(now)
        let kind = job.kind.rawValue
        guard
            let row = try await first(
                """
                WITH job AS (
                    SELECT f.notification_id FROM fanouts f
                    WHERE f.notification_id = \(job.notificationID) AND f.kind = \(kind) AND f.claimed_by = \(owner) AND f.after_user = \(job.afterUser)
                        AND f.service_id = \(job.serviceID)
                    FOR UPDATE OF f
                ),
                ahead AS (
                    SELECT count(*) AS c FROM (
                        SELECT 1 FROM deliveries d WHERE d.notification_id = \(job.notificationID) AND d.state = 'pending'
                            AND (d.lease_until IS NULL OR d.lease_until <= \(at)) LIMIT \(chunk)
                    ) AS x
                ),
                scanned AS (
                    SELECT i.user_id FROM inbox i
                    WHERE i.notification_id = \(job.notificationID) AND i.user_id > \(job.afterUser)
                        AND EXISTS (SELECT 1 FROM job) AND (SELECT c FROM ahead) < \(chunk)
                    ORDER BY i.user_id LIMIT \(chunk)
                ),
                audience AS (
                    SELECT \(job.notificationID)::int8 AS notification_id, s.user_id, \(Int32(DeliveryPriority.withdrawal)) AS priority, \(at) AS created_at
                    FROM scanned s, job
                ),
                queued AS (\(queue: job.order(at: now), to: "audience")),
                moved AS (
                    UPDATE fanouts f SET after_user = (SELECT max(user_id) FROM scanned), claimed_until = \(ExactTimestamp(until))
                    FROM job WHERE f.notification_id = job.notification_id AND f.kind = \(kind) AND EXISTS (SELECT 1 FROM scanned)
                    RETURNING f.after_user
                ),
                renewed AS (
                    UPDATE fanouts f SET claimed_until = \(ExactTimestamp(until))
                    FROM job WHERE f.notification_id = job.notification_id AND f.kind = \(kind) AND (SELECT c FROM ahead) >= \(chunk)
                    RETURNING 1
                ),
                finished AS (
                    DELETE FROM fanouts f USING job
                    WHERE f.notification_id = job.notification_id AND f.kind = \(kind) AND (SELECT c FROM ahead) < \(chunk)
                        AND NOT EXISTS (SELECT 1 FROM scanned)
                    RETURNING 1
                ),
                woken AS (\(unescaped: Self.wakeWorkers(queued: "queued")))
                SELECT (SELECT count(*) FROM job), (SELECT c FROM ahead), (SELECT count(*) FROM scanned), coalesce((SELECT max(after_user) FROM moved), 0),
                    (SELECT count(*) FROM queued), (SELECT count(*) FROM finished), (SELECT count(*) FROM woken), (SELECT count(*) FROM renewed)
                """,
                as: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64).self
            )
        else { return .lost }
        let (held, ahead, scanned, after, queued, finished) = (row.0, row.1, row.2, row.3, row.4, row.5)
        guard held == 1 else { return .lost }
        if finished == 1 { return .finished }
        if scanned == 0 { return .waiting(ahead: Int(ahead)) }
        var moved = job
        moved.afterUser = after
        return .expanded(job: moved, linked: 0, queued: Int(queued))
    }

    public func pendingFanouts() async throws -> Int {
        try await count("SELECT count(*) FROM fanouts")
    }
}
