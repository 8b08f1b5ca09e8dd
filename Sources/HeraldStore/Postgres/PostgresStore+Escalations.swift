import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: EscalationStore {
    public func setEscalationPolicy(serviceID: UUID, _ policy: EscalationPolicy, at now: Date) async throws -> Bool {
        try await first(
            """
            INSERT INTO escalation_policies (service_id, policy, minimum_rank, updated_at)
            SELECT id, \(policy.json), \(Int32(policy.minimumSeverity.rank)), \(ExactTimestamp(now)) FROM services WHERE id = \(serviceID)
            ON CONFLICT (service_id) DO UPDATE SET policy = excluded.policy, minimum_rank = excluded.minimum_rank, updated_at = excluded.updated_at
            RETURNING 1
            """,
            as: Int32.self
        ) != nil
    }

    public func escalationPolicy(serviceID: UUID) async throws -> EscalationPolicy? {
        try StoredValue.parse(
            try await first("SELECT policy FROM escalation_policies WHERE service_id = \(serviceID)", as: String.self), as: EscalationPolicy.init(json:),
            "escalation_policies", "policy", row: serviceID
        )
    }

    public func deleteEscalationPolicy(serviceID: UUID) async throws -> Bool {
        try await first("DELETE FROM escalation_policies WHERE service_id = \(serviceID) RETURNING 1", as: Int32.self) != nil
    }

    public func services(callingRota rotaID: Int64) async throws -> [UUID] {
        var calling: [UUID] = []
        for (serviceID, json) in try await rows("SELECT service_id, policy FROM escalation_policies", as: (UUID, String).self) {
            let policy = try StoredValue.parse(json, as: EscalationPolicy.init(json:), "escalation_policies", "policy", row: serviceID)
            if policy?.calls(rota: rotaID) == true { calling.append(serviceID) }
        }
        return calling
    }

    typealias EscalationRow = (Int64, UUID, String, Int32, Int32, ExactTimestamp)

    public func claimDueEscalations(owner: String, limit: Int, until: Date, now: Date) async throws -> [OpenEscalation] {
        try await rows(
            """
            UPDATE escalations SET claimed_by = \(owner), claimed_until = \(ExactTimestamp(until))
            WHERE notification_id IN (
                SELECT notification_id FROM escalations
                WHERE ended IS NULL AND due_at <= \(ExactTimestamp(now)) AND (claimed_until IS NULL OR claimed_until < \(ExactTimestamp(now)))
                ORDER BY due_at LIMIT \(Int64(limit)) FOR UPDATE SKIP LOCKED
            )
            RETURNING notification_id, service_id, policy, step, pass, due_at
            """,
            as: EscalationRow.self
        ).compactMap { (row: EscalationRow) -> OpenEscalation? in
            guard let policy = try StoredValue.parse(row.2, as: EscalationPolicy.init(json:), "escalations", "policy", row: row.0, forWork: logger) else { return nil }
            return OpenEscalation(notificationID: row.0, serviceID: row.1, policy: policy, due: .init(step: Int(row.3), pass: Int(row.4), at: row.5.date))
        }
    }

    public func nextEscalationTime() async throws -> Date? {
        let next: ExactTimestamp?? = try await first("SELECT min(due_at) FROM escalations WHERE ended IS NULL", as: ExactTimestamp?.self)
        return next??.date
    }

    public func runEscalationSteps(_ runs: [EscalationStepRun]) async throws -> [Bool] {
        guard !runs.isEmpty else { return [] }
        // One transaction, one commit (one WAL flush) for the batch: a burst
        // of 1,000 due steps each committed alone took 5 s on a durable
        // PostgreSQL (herald-bench escalation).
        return try await transaction { connection in
            var ran: [Bool] = []
            for run in runs {
                let outcome = try await connection.rows(Self.stepStatement(run), as: (Bool, Int64, Int64, Int64).self, logger: logger)
                ran.append(outcome.first?.0 ?? false)
            }
            return ran
        }
    }

    /// One step's run as one statement: the move to the next step only if
    /// `owner` holds this very step (and nobody acknowledged it meanwhile),
    /// and the inbox links, pushes and calls only if it moved.
    static func stepStatement(_ run: EscalationStepRun) -> PostgresQuery {
        let at = ExactTimestamp(run.at)
        return
            """
            WITH moved AS (
                UPDATE escalations SET step = \(Int32(run.next?.step ?? run.ran.step)), pass = \(Int32(run.next?.pass ?? run.ran.pass)),
                    due_at = \(ExactTimestamp(run.next?.at ?? run.at)),
                    ended = \(run.next == nil ? EscalationEnd.exhausted.rawValue : nil)::text, ended_at = \(run.next == nil ? at : nil)::timestamptz,
                    claimed_by = NULL, claimed_until = NULL
                WHERE notification_id = \(run.notificationID) AND claimed_by = \(run.owner) AND ended IS NULL
                    AND step = \(Int32(run.ran.step)) AND pass = \(Int32(run.ran.pass))
                    AND NOT EXISTS (SELECT 1 FROM acknowledgements a WHERE a.notification_id = escalations.notification_id)
                RETURNING notification_id, service_id
            ),
            exhausted AS (
                INSERT INTO escalation_events (notification_id, kind, step, pass, who, at)
                SELECT notification_id, \(EscalationEnd.exhausted.rawValue), \(Int32(run.ran.step)), \(Int32(run.ran.pass)), NULL, \(at)
                FROM moved WHERE \(run.next == nil)
                RETURNING 1
            ),
            callee AS (
                SELECT DISTINCT ON (c.user_id) c.target, c.user_id
                FROM unnest(\(run.callees.map(\.target))::text[], \(run.callees.map(\.userID))::int8[]) WITH ORDINALITY AS c(target, user_id, ord)
                JOIN users u ON u.id = c.user_id
                ORDER BY c.user_id, c.ord
            ),
            -- The step's audience (`EscalationStepRun.audience`): its callees,
            -- less the holders on the first step; linked, then pushed.
            \(reach: run.audience, named: "dialled", of: "moved m", notification: "m.notification_id", service: "m.service_id", priority: DeliveryPriority.call, at: run.at),
            -- The subscribers through a fan-out job (chunked, behind the express
            -- lane, at the priority of a critical); the first step: the post pushed them.
            rallied AS (
                INSERT INTO fanouts (notification_id, service_id, refused_filters, kind, posted_at)
                SELECT m.notification_id, m.service_id, \(run.refusedFilters)::int8[], \(FanoutJob.Kind.call.rawValue), \(at)
                FROM moved m WHERE \(run.subscribers && run.pushHolders)
                -- One still running carries on (a restart would push its first subscribers again
                -- and might never reach its last): they are called by it.
                ON CONFLICT (notification_id, kind) DO NOTHING
                RETURNING 1
            ),
            pushed AS (\(queue: .call(at: run.at), to: "dialled_pushed")),
            recorded AS (
                INSERT INTO escalation_calls (notification_id, step, pass, target, user_id, username, devices, called_at)
                SELECT m.notification_id, \(Int32(run.ran.step)), \(Int32(run.ran.pass)), c.target, c.user_id, u.username,
                    (SELECT count(*) FROM pushed p WHERE p.user_id = c.user_id), \(at)
                FROM moved m, callee c JOIN users u ON u.id = c.user_id
                UNION ALL
                SELECT m.notification_id, \(Int32(run.ran.step)), \(Int32(run.ran.pass)), \(EscalationCall.subscribersTarget), NULL, '', 0, \(at)
                FROM moved m WHERE \(run.subscribers)
                RETURNING 1
            ),
            woken AS (
                \(unescaped: Self.wakeWorkers(queued: "pushed"))
                UNION ALL
                SELECT pg_notify(\(Self.inboxChannel), 'n' || notification_id::text) FROM moved
            )
            SELECT EXISTS (SELECT 1 FROM moved), (SELECT count(*) FROM dialled_linked), (SELECT count(*) FROM recorded) + (SELECT count(*) FROM exhausted),
                (SELECT count(*) FROM woken) + (SELECT count(*) FROM rallied)
            """
    }

    public func endEscalation(notificationID: NotificationID, owner: String, reason: EscalationEnd, at now: Date) async throws -> Bool {
        try await first(
            """
            WITH ended AS (
                UPDATE escalations SET ended = \(reason.rawValue), ended_at = \(ExactTimestamp(now)), claimed_by = NULL, claimed_until = NULL
                WHERE notification_id = \(notificationID) AND claimed_by = \(owner) AND ended IS NULL RETURNING notification_id, step, pass
            ),
            recorded AS (
                INSERT INTO escalation_events (notification_id, kind, step, pass, who, at)
                SELECT notification_id, \(reason.rawValue), step, pass, NULL, \(ExactTimestamp(now)) FROM ended
                RETURNING 1
            )
            SELECT count(*) FROM recorded
            """,
            as: Int64.self
        ).map { $0 > 0 } ?? false
    }

    public func escalationEvents(notificationID: NotificationID) async throws -> [EscalationEvent] {
        try await rows(
            "SELECT kind, step, pass, who, at FROM escalation_events WHERE notification_id = \(notificationID) ORDER BY id",
            as: (String, Int32, Int32, String?, ExactTimestamp).self
        ).map { row in
            guard let kind = EscalationEvent.kind(stored: row.0) else { throw StoreError.unreadableRow("escalation event kind '\(row.0)'") }
            return EscalationEvent(kind: kind, step: Int(row.1), pass: Int(row.2), who: row.3, at: row.4.date)
        }
    }

    public func escalationsStarted(serviceID: UUID, since: Date) async throws -> Int {
        let count = try await first(
                """
                SELECT count(*) FROM escalations
                WHERE service_id = \(serviceID) AND started_at >= \(ExactTimestamp(since)) AND coalesce(ended, '') <> \(EscalationEnd.heldBack.rawValue)
                    AND NOT (ended IS NULL AND step = 0 AND pass = 0)
                """,
                as: Int64.self
            )
        return Int(count ?? 0)
    }

    public func escalation(notificationID: NotificationID) async throws -> EscalationRecord? {
        guard let row = try await first(
            "SELECT policy, step, pass, due_at, ended, ended_at, started_at FROM escalations WHERE notification_id = \(notificationID)",
            as: (String, Int32, Int32, ExactTimestamp, String?, ExactTimestamp?, ExactTimestamp).self
        ) else { return nil }
        guard let policy = try StoredValue.parse(row.0, as: EscalationPolicy.init(json:), "escalations", "policy", row: notificationID) else { return nil }
        return EscalationRecord(
            notificationID: notificationID, policy: policy, due: .init(step: Int(row.1), pass: Int(row.2), at: row.3.date),
            ended: try StoredValue.parse(row.4, as: EscalationEnd.init(rawValue:), "escalations", "ended", row: notificationID), endedAt: row.5?.date,
            startedAt: row.6.date
        )
    }

    public func escalationCalls(notificationID: NotificationID) async throws -> [EscalationCall] {
        try await rows(
            """
            SELECT step, pass, target, user_id, username, devices, called_at FROM escalation_calls
            WHERE notification_id = \(notificationID) ORDER BY id
            """,
            as: (Int32, Int32, String, Int64?, String, Int32, ExactTimestamp).self
        ).map { EscalationCall(step: Int($0.0), pass: Int($0.1), target: $0.2, userID: $0.3, username: $0.4, devices: Int($0.5), at: $0.6.date) }
    }
}
