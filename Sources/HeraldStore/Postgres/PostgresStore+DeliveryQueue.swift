import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: DeliveryQueue {
    public func claimDeliveries(
        limit: Int, now: Date, leaseUntil: Date, holder: Int64?, minimumPriority: Int, withholdingBulkOf withheld: Set<Platform>,
        leavingExpressDueAfter expressCutoff: Date?
    ) async throws -> [ClaimedDelivery] {
        // SKIP LOCKED lets concurrent workers (threads or replicas) each take
        // different rows; a crashed worker's rows return when its session
        // ends (claimed_by, releaseClaimsOfStoppedHolders) or its lease runs out.
        // The shape fixes the plan to index lookups: `= ANY(ARRAY(...))` and
        // the LATERAL ... OFFSET 0 joins are read by primary key for each
        // claimed row. Written as IN and plain joins, the planner chose hash
        // joins over whole-table scans of the queue, users and devices once
        // they held some 50,000 rows: 47 ms per 500-row claim instead of 4.4.
        //
        // Each notification comes with the first of its claimed pushes only
        // (`first`; the others' notification columns are NULL), in the same
        // statement: a fan-out's claim is hundreds of pushes of one
        // notification, and reading and decoding its title, body and
        // attributes for each was a tenth of the claim's time; a second
        // statement for them cost every claim, the express lane's included,
        // another round trip (a critical alarm's claim waits for each on a
        // busy database). A notification deleted since (retention, its
        // service) takes its claimed pushes with it.
        // Every row is decoded as far as `first`; only a notification's first
        // row is decoded whole (a fan-out's claim of 500 is one notification:
        // decoding 15 NULL columns in each of the others was a tenth of the
        // worker's CPU per push).
        typealias Push = (Int64, String, Int64?, String?, Bool, ExactTimestamp?, Int32, ExactTimestamp, Int64, Int64, String, Int64, Bool, Bool)
        typealias Row = (
            Int64, String, Int64?, String?, Bool, ExactTimestamp?, Int32, ExactTimestamp, Int64, Int64, String, Int64, Bool, Bool,
            Int64?, UUID?, ExactTimestamp?, String?, String?, String?, String?, String?, ExactTimestamp?, String?, String?, String?, String?, String?, String?
        )
        let claimed = try await rawRows(
            """
            WITH claimed AS (
                UPDATE deliveries d SET lease_until = \(ExactTimestamp(leaseUntil)), claimed_by = \(holder), attempts = d.attempts + 1,
                    updated_at = \(ExactTimestamp(now))
                WHERE d.id = ANY(ARRAY(
                    SELECT id FROM deliveries
                    WHERE state IN ('pending', 'retrying') AND next_attempt_at <= \(ExactTimestamp(now))
                        AND (lease_until IS NULL OR lease_until <= \(ExactTimestamp(now))) \(unescaped: QueueSQL.atLeast(minimumPriority))
                        \(unescaped: QueueSQL.withholdingBulk(of: withheld))
                        AND NOT (\(expressCutoff != nil) AND \(unescaped: QueueSQL.isExpress) AND next_attempt_at > \(ExactTimestamp(expressCutoff ?? now))
                            AND created_at > \(ExactTimestamp(expressCutoff ?? now)))
                    ORDER BY priority DESC, bulk, next_attempt_at LIMIT \(limit)
                    FOR UPDATE SKIP LOCKED
                ))
                RETURNING d.id, d.notification_id, d.device_id, d.user_id, d.platform, d.attempts, d.created_at, d.purpose, d.bulk
            ),
            marked AS (
                SELECT c.*, row_number() OVER (PARTITION BY c.notification_id ORDER BY c.id) = 1 AS first FROM claimed c
            )
            SELECT c.id, c.platform, c.device_id, dv.token, coalesce(u.is_active, false), u.login_expires_at, c.attempts, c.created_at,
                c.notification_id, \(unescaped: Self.badge), c.purpose, c.user_id, c.bulk, c.first,
                \(unescaped: Self.notificationColumns), n.trace_context, n.request_id
            FROM marked c
                LEFT JOIN LATERAL (SELECT is_active, login_expires_at FROM users u WHERE u.id = c.user_id OFFSET 0) AS u ON true
                LEFT JOIN LATERAL (SELECT token FROM devices dv WHERE dv.id = c.device_id OFFSET 0) AS dv ON true
                LEFT JOIN LATERAL (SELECT * FROM notifications n WHERE c.first AND n.id = c.notification_id OFFSET 0) AS n ON true
            """
        )
        var notifications: [NotificationID: NotificationRecord] = [:]
        let pushes = try Self.decoding(claimed) { row in
            let push = try row.decode(Push.self)
            guard push.13 else { return push }
            let whole = try row.decode(Row.self)
            guard let id = whole.14, let service = whole.15, let created = whole.16, let title = whole.17, let subtitle = whole.18, let url = whole.19 else { return push }
            var notification = try Self.notification((id, service, created, title, subtitle, url, whole.20, whole.21, whole.22, whole.23, whole.24, whole.25, whole.26), forWork: logger)
            notification.origin = NotificationOrigin(traceContextJSON: whole.27, requestID: whole.28)
            notifications[id] = notification
            return push
        }
        return try pushes.compactMap { row in
            guard let notification = notifications[row.8] else { return nil }
            var delivery = ClaimedDelivery(
                id: row.0, notification: notification,
                platform: try StoreError.parse(row.1, as: Platform.self, column: "deliveries.platform"), deviceID: row.2, token: row.3,
                userIsActive: row.4, loginExpiresAt: row.5?.date, badge: Int(row.9), attempts: Int(row.6), queuedAt: row.7.date
            )
            delivery.purpose = try StoreError.parse(row.10, as: DeliveryPurpose.self, column: "deliveries.purpose")
            delivery.userID = row.11
            delivery.bulk = row.12
            return delivery
        }
    }

    /// A claimed push's badge, counted only where it is shown: APNs puts it
    /// on the app's icon; FCM and Web Push carry none, so their pushes skip
    /// the count (half of a mixed fan-out's per-push reads). The unread
    /// entries are joined one by one: as a plain join, the planner hashed
    /// the whole notifications table for every push while it was small.
    static let badge = """
        CASE WHEN c.platform = '\(Platform.apns.rawValue)' THEN (SELECT count(*) FROM (
            SELECT 1 FROM inbox i CROSS JOIN LATERAL (SELECT expires_at FROM notifications n WHERE n.id = i.notification_id OFFSET 0) AS n
            WHERE i.user_id = c.user_id AND NOT i.is_read AND \(unexpired) LIMIT \(ClaimedDelivery.maxBadge)
        ) AS unread) ELSE 0 END
        """

    public func renewLeases(_ ids: [DeliveryID], until: Date) async throws -> Int {
        guard !ids.isEmpty else { return 0 }
        return try await count(
            """
            WITH renewed AS (
                -- Rows another transaction holds are skipped, not waited for: that
                -- is the outcomes' write finishing them. Waiting deadlocked with it
                -- (the two lock a batch's rows in different orders): the renewal of
                -- 1,000 claims failed, their leases ran out and they were sent twice.
                UPDATE deliveries SET lease_until = \(ExactTimestamp(until))
                WHERE id = ANY(ARRAY(
                    SELECT id FROM deliveries
                    WHERE id = ANY(\(ids)) AND lease_until IS NOT NULL AND state IN ('pending', 'retrying')
                    FOR UPDATE SKIP LOCKED
                ))
                RETURNING 1
            )
            SELECT count(*) FROM renewed
            """
        )
    }

    public func recordDeliveries(_ results: [DeliveryResult], at now: Date) async throws {
        guard !results.isEmpty else { return }
        let ids = results.map(\.delivery.id)
        let states = results.map(\.outcome.state.rawValue)
        let reasons = results.map { $0.outcome.reason ?? "" }
        let due = results.map { result -> ExactTimestamp in
            if case .retry(let at, _) = result.outcome { return ExactTimestamp(at) }
            return ExactTimestamp(now)
        }
        let dropped = results.filter { $0.outcome.state == .dropped && $0.delivery.deviceID != nil }
        let droppedDevices = dropped.compactMap(\.delivery.deviceID)
        let droppedReasons = dropped.map { $0.outcome.reason ?? "" }
        // A device seen after the token was declared invalid stays (no such date: always before).
        let invalidSince = dropped.map { ExactTimestamp($0.invalidSince ?? .distantFuture) }
        try await transaction { connection in
            // Retries stay queued; every other outcome moves the row to the history.
            try await connection.execute(
                """
                WITH v AS (
                    SELECT * FROM unnest(\(ids)::int8[], \(states)::text[], \(due)::timestamptz[], \(reasons)::text[]) AS v(id, state, due, reason)
                ),
                retried AS (
                    UPDATE deliveries d SET state = v.state, next_attempt_at = v.due, lease_until = NULL, claimed_by = NULL,
                        last_error = NULLIF(v.reason, ''), updated_at = \(ExactTimestamp(now))
                    FROM v WHERE d.id = v.id AND v.state IN ('pending', 'retrying')
                ),
                finished AS (
                    DELETE FROM deliveries d USING v WHERE d.id = v.id AND v.state NOT IN ('pending', 'retrying')
                    RETURNING d.id, d.notification_id, d.device_id, d.user_id, d.platform, v.state, d.attempts, NULLIF(v.reason, '') AS last_error, d.created_at,
                        d.purpose
                )
                INSERT INTO delivery_history (id, notification_id, device_id, user_id, platform, state, attempts, last_error, created_at, finished_at, purpose)
                SELECT id, notification_id, device_id, user_id, platform, state, attempts, last_error, created_at, \(ExactTimestamp(now)), purpose FROM finished
                ON CONFLICT (id) DO NOTHING
                """,
                logger: logger
            )
            if !droppedDevices.isEmpty {
                try await connection.execute(
                    """
                    WITH dropped AS (
                        SELECT * FROM unnest(\(droppedDevices)::int8[], \(droppedReasons)::text[], \(invalidSince)::timestamptz[]) AS v(id, reason, invalid_since)
                    ), gone AS (
                        DELETE FROM devices d USING dropped v WHERE d.id = v.id AND d.last_seen_at <= v.invalid_since
                        RETURNING d.id, d.user_id, d.token, d.platform, d.created_at, d.last_seen_at, v.reason
                    )
                    INSERT INTO removed_devices (id, user_id, token, platform, created_at, last_seen_at, removed_at, reason)
                    SELECT id, user_id, token, platform, created_at, last_seen_at, \(ExactTimestamp(now)), reason FROM gone
                    ON CONFLICT (id) DO UPDATE SET removed_at = excluded.removed_at, reason = excluded.reason
                    """,
                    logger: logger
                )
            }
        }
    }

    public func hastenRetries(platform: Platform, limit: Int?, now: Date) async throws -> Int {
        // Leased rows are in flight: their worker records them.
        try await count(
            """
            WITH hastened AS (
                UPDATE deliveries SET next_attempt_at = \(ExactTimestamp(now))
                WHERE id IN (
                    SELECT id FROM deliveries
                    WHERE state = 'retrying' AND platform = \(platform.rawValue) AND next_attempt_at > \(ExactTimestamp(now))
                        AND last_error LIKE ('%' || \(DeliveryOutcome.transportFailure) || '%')
                        AND (lease_until IS NULL OR lease_until <= \(ExactTimestamp(now)))
                    ORDER BY next_attempt_at LIMIT \(limit ?? Int(Int32.max))
                    FOR UPDATE SKIP LOCKED
                )
                RETURNING 1
            )
            SELECT count(*) FROM hastened
            """
        )
    }

    public func queueDepth() async throws -> Int {
        try await count("SELECT count(*) FROM deliveries WHERE state IN ('pending', 'retrying')")
    }

    public func compactQueue() async throws {
        // Outside a transaction (VACUUM refuses to run in one); SKIP_LOCKED:
        // a vacuum already running (another replica's, autovacuum) does it.
        try await execute("VACUUM (SKIP_LOCKED, ANALYZE) deliveries")
    }

    public func listenForDeliveries(holding holder: ClaimHolder, _ wake: @escaping @Sendable (_ urgent: Bool) -> Void) async throws {
        try await withOpenConnection { connection in
            try await hold(holder, on: connection)
            // However listening ends, the key is no longer shown held. A
            // connection still open (cancelled: the worker stops) goes back
            // to the pool, so the lock must not stay on it.
            func letGo() async {
                holder.lost()
                if !connection.isClosed {
                    try? await connection.execute("SELECT pg_advisory_unlock(\(holder.key))", logger: logger)
                }
            }
            do {
                // listen(on:) sends UNLISTEN when it returns, so a connection
                // going back to the pool stops hearing the channel.
                try await connection.listen(on: Self.deliveryChannel) { notifications in
                    for try await notification in notifications { wake(notification.payload == Self.urgentPayload) }
                }
            } catch {
                await letGo()
                throw error
            }
            await letGo()
        }
    }

    /// Takes the holder's key as a session lock and lists it. The key held
    /// before is taken again if it is free, so the claims made under it stay
    /// this worker's; if its old session still has it (the database has not
    /// yet noticed that session gone), a new key is drawn.
    private func hold(_ holder: ClaimHolder, on connection: PostgresConnection) async throws {
        var key = holder.key
        while true {
            let locked: [Bool] = try await connection.rows("SELECT pg_try_advisory_lock(\(key))", as: Bool.self, logger: logger)
            if locked.first == true { break }
            key = .random(in: 1...Int64.max)
        }
        try await connection.execute("INSERT INTO delivery_holders (holder) VALUES (\(key)) ON CONFLICT (holder) DO NOTHING", logger: logger)
        holder.held(key)
    }

    public func releaseClaimsOfStoppedHolders() async throws -> Int {
        // A holder's key that can be locked has no session holding it. The
        // transaction keeps it locked while its claims are released, so no
        // two workers release the same holder's claims at once.
        try await transaction { connection in
            let stopped = try await connection.rows(
                "SELECT holder FROM delivery_holders WHERE pg_try_advisory_xact_lock(holder)", as: Int64.self, logger: logger
            )
            guard !stopped.isEmpty else { return 0 }
            let released = try await connection.rows(
                """
                UPDATE deliveries SET lease_until = NULL, claimed_by = NULL
                WHERE claimed_by = ANY(\(stopped)) AND lease_until IS NOT NULL AND state IN ('pending', 'retrying')
                RETURNING 1
                """,
                as: Int32.self, logger: logger
            ).count
            try await connection.execute("DELETE FROM delivery_holders WHERE holder = ANY(\(stopped))", logger: logger)
            return released
        }
    }


    public func deliveryReport(notificationID: NotificationID) async throws -> [DeliveryReportRow] {
        try await rows(
            """
            SELECT d.id, d.user_id, d.platform, right(dv.token, 6), d.state, d.attempts, d.last_error, d.updated_at, d.purpose
            FROM all_deliveries d LEFT JOIN devices dv ON dv.id = d.device_id
            WHERE d.notification_id = \(notificationID) ORDER BY d.id
            """,
            as: (Int64, Int64, String, String?, String, Int32, String?, ExactTimestamp, String).self
        ).map {
            var row = DeliveryReportRow(
                id: $0.0, userID: $0.1, platform: try StoreError.parse($0.2, as: Platform.self, column: "deliveries.platform"), tokenHint: $0.3,
                state: try StoreError.parse($0.4, as: DeliveryState.self, column: "deliveries.state"),
                attempts: Int($0.5), lastError: $0.6, updatedAt: $0.7.date
            )
            row.purpose = try StoreError.parse($0.8, as: DeliveryPurpose.self, column: "deliveries.purpose")
            return row
        }
    }

    public func removedDevices(since: Date, limit: Int) async throws -> [RemovedDevice] {
        try await rows(
            """
            SELECT id, user_id, token, platform, removed_at, reason FROM removed_devices
            WHERE removed_at >= \(ExactTimestamp(since)) ORDER BY removed_at DESC, id DESC LIMIT \(limit)
            """,
            as: (Int64, Int64, String, String, ExactTimestamp, String).self
        ).map {
            RemovedDevice(
                id: $0.0, userID: $0.1, token: $0.2, platform: try StoreError.parse($0.3, as: Platform.self, column: "removed_devices.platform"),
                removedAt: $0.4.date, reason: $0.5
            )
        }
    }

    public func restoreDevices(removedSince since: Date) async throws -> Int {
        try await transaction { connection in
            try await connection.rows(
                """
                WITH back AS (
                    DELETE FROM removed_devices r WHERE removed_at >= \(ExactTimestamp(since))
                        AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.token = r.token OR d.id = r.id)
                    RETURNING id, user_id, token, platform, created_at, last_seen_at
                )
                INSERT INTO devices (id, user_id, token, platform, created_at, last_seen_at)
                SELECT id, user_id, token, platform, created_at, last_seen_at FROM back
                RETURNING id
                """,
                as: Int64.self, logger: logger
            ).count
        }
    }

    public func purgeRemovedDevices(removedBefore before: Date) async throws -> Int {
        try await rows("DELETE FROM removed_devices WHERE removed_at < \(ExactTimestamp(before)) RETURNING id", as: Int64.self).count
    }
}
