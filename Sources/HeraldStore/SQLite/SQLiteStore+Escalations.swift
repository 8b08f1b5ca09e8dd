import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: EscalationStore {
    public func setEscalationPolicy(serviceID: UUID, _ policy: EscalationPolicy, at now: Date) async throws -> Bool {
        try await database.transaction { db in
            try await db.first(
                """
                INSERT INTO escalation_policies (service_id, policy, minimum_rank, updated_at)
                SELECT id, \(policy.json), \(policy.minimumSeverity.rank), \(now) FROM services WHERE id = \(serviceID)
                ON CONFLICT (service_id) DO UPDATE SET policy = excluded.policy, minimum_rank = excluded.minimum_rank, updated_at = excluded.updated_at
                RETURNING 1 AS done
                """
            ) != nil
        }
    }

    public func escalationPolicy(serviceID: UUID) async throws -> EscalationPolicy? {
        try await database.read { db in
            try await db.first("SELECT policy FROM escalation_policies WHERE service_id = \(serviceID)")
        }.flatMap { try StoredValue.parse(try $0.text("policy"), as: EscalationPolicy.init(json:), "escalation_policies", "policy", row: serviceID) }
    }

    public func deleteEscalationPolicy(serviceID: UUID) async throws -> Bool {
        try await database.transaction { db in
            try await db.first("DELETE FROM escalation_policies WHERE service_id = \(serviceID) RETURNING 1 AS done") != nil
        }
    }

    public func services(callingRota rotaID: Int64) async throws -> [UUID] {
        try await database.read { db in
            try await db.rows("SELECT service_id, policy FROM escalation_policies").compactMap { row in
                let serviceID = try row.uuid("service_id")
                let policy = try StoredValue.parse(try row.text("policy"), as: EscalationPolicy.init(json:), "escalation_policies", "policy", row: serviceID)
                return policy?.calls(rota: rotaID) == true ? serviceID : nil
            }
        }
    }

    public func claimDueEscalations(owner: String, limit: Int, until: Date, now: Date) async throws -> [OpenEscalation] {
        try await database.transaction { db in
            try await db.rows(
                """
                UPDATE escalations SET claimed_by = \(owner), claimed_until = \(until)
                WHERE notification_id IN (
                    SELECT notification_id FROM escalations
                    WHERE ended IS NULL AND due_at <= \(now) AND (claimed_until IS NULL OR claimed_until < \(now))
                    ORDER BY due_at LIMIT \(limit)
                )
                RETURNING notification_id, service_id, policy, step, pass, due_at
                """
            ).compactMap { row in
                let id = try row.int64("notification_id")
                let text = try row.text("policy")
                guard let policy = try StoredValue.parse(text, as: EscalationPolicy.init(json:), "escalations", "policy", row: id, forWork: logger) else {
                    return nil
                }
                return OpenEscalation(
                    notificationID: try row.int64("notification_id"), serviceID: try row.uuid("service_id"), policy: policy,
                    due: .init(step: Int(try row.int64("step")), pass: Int(try row.int64("pass")), at: try row.date("due_at"))
                )
            }
        }
    }

    public func nextEscalationTime() async throws -> Date? {
        try await database.read { db in try await db.first("SELECT min(due_at) AS due FROM escalations WHERE ended IS NULL")?.optionalDate("due") }
    }

    public func runEscalationSteps(_ runs: [EscalationStepRun]) async throws -> [Bool] {
        guard !runs.isEmpty else { return [] }
        // One transaction for the batch: one commit for a burst of due steps.
        let ran = try await database.transaction { db -> [Bool] in
            var ran: [Bool] = []
            for run in runs { ran.append(try await Self.runStep(run, in: db)) }
            return ran
        }
        for (run, moved) in zip(runs, ran) where moved { inboxSignals.send(.published(run.notificationID)) }
        return ran
    }

    /// One step's run inside the caller's transaction (see `EscalationStore.runEscalationSteps`).
    private static func runStep(_ run: EscalationStepRun, in db: SQLiteExecutor) async throws -> Bool {
        guard let moved = try await db.first(
            """
            UPDATE escalations SET step = \(run.next?.step ?? run.ran.step), pass = \(run.next?.pass ?? run.ran.pass), due_at = \(run.next?.at ?? run.at),
                ended = \(run.next == nil ? EscalationEnd.exhausted.rawValue : nil), ended_at = \(run.next == nil ? run.at : nil),
                claimed_by = NULL, claimed_until = NULL
            WHERE notification_id = \(run.notificationID) AND claimed_by = \(run.owner) AND ended IS NULL
                AND step = \(run.ran.step) AND pass = \(run.ran.pass)
                AND NOT EXISTS (SELECT 1 FROM acknowledgements a WHERE a.notification_id = escalations.notification_id)
            RETURNING service_id
            """
        ) else { return false }
        let serviceID = try moved.uuid("service_id")
        let id = run.notificationID
        if run.next == nil {
            try await recordEscalationEvent(
                EscalationEvent(kind: .ended(.exhausted), step: run.ran.step, pass: run.ran.pass, at: run.at), of: id, in: db
            )
        }
        // Who is called: each person once (their first target names them),
        // of those the runner found reachable (`EscalationDecision.reachable`).
        var callees: [(target: String, userID: UserID, username: String)] = []
        for callee in run.callees where !callees.contains(where: { $0.userID == callee.userID }) {
            if let user = try await db.first("SELECT username FROM users WHERE id = \(callee.userID)") {
                callees.append((callee.target, callee.userID, try user.text("username")))
            }
        }
        // The step's audience (`EscalationStepRun.audience`): linked, and pushed.
        let pushed = try await reach(run.audience, of: id, order: .call(at: run.at), priority: DeliveryPriority.call, at: run.at, in: db)
        for callee in callees {
            try await Self.recordCall(run, target: callee.target, userID: callee.userID, username: callee.username, devices: pushed[callee.userID] ?? 0, in: db)
        }
        if run.subscribers {
            // The subscribers through a fan-out job (chunked, behind the express
            // lane); the first step's were pushed by the post itself.
            if run.pushHolders {
                try await db.execute(
                    """
                    INSERT INTO fanouts (notification_id, service_id, refused_filters, kind, posted_at)
                    VALUES (\(id), \(serviceID), \(jsonArray: run.refusedFilters), \(FanoutJob.Kind.call.rawValue), \(run.at))
                    -- One still running carries on (a restart would push its first subscribers again
                    -- and might never reach its last): they are called by it.
                    ON CONFLICT (notification_id, kind) DO NOTHING
                    """
                )
            }
            try await Self.recordCall(run, target: EscalationCall.subscribersTarget, userID: nil, username: "", devices: 0, in: db)
        }
        return true
    }

    private static func recordCall(_ run: EscalationStepRun, target: String, userID: UserID?, username: String, devices: Int, in db: SQLiteExecutor) async throws {
        try await db.execute(
            """
            INSERT INTO escalation_calls (notification_id, step, pass, target, user_id, username, devices, called_at)
            VALUES (\(run.notificationID), \(run.ran.step), \(run.ran.pass), \(target), \(userID), \(username), \(devices), \(run.at))
            """
        )
    }

    public func endEscalation(notificationID: NotificationID, owner: String, reason: EscalationEnd, at now: Date) async throws -> Bool {
        try await database.transaction { db in try await Self.endEscalation(notificationID, reason: reason, who: nil, owner: owner, at: now, in: db) }
    }

    /// Ends a running escalation (only one `owner` holds, when given) and
    /// records the end; false when it was not running (or not held).
    static func endEscalation(
        _ notificationID: NotificationID, reason: EscalationEnd, who: String?, owner: String?, at now: Date, in db: SQLiteExecutor
    ) async throws -> Bool {
        var held: SQLiteQuery = ""
        if let owner { held = "AND claimed_by = \(owner)" }
        guard let ended = try await db.first(
            """
            UPDATE escalations SET ended = \(reason.rawValue), ended_at = \(now), claimed_by = NULL, claimed_until = NULL
            WHERE notification_id = \(notificationID) \(held) AND ended IS NULL RETURNING step, pass
            """
        ) else { return false }
        try await recordEscalationEvent(
            EscalationEvent(kind: .ended(reason), step: Int(try ended.int64("step")), pass: Int(try ended.int64("pass")), who: who, at: now), of: notificationID, in: db
        )
        return true
    }

    static func recordEscalationEvent(_ event: EscalationEvent, of notificationID: NotificationID, in db: SQLiteExecutor) async throws {
        try await db.execute(
            """
            INSERT INTO escalation_events (notification_id, kind, step, pass, who, at)
            VALUES (\(notificationID), \(event.storedKind), \(event.step), \(event.pass), \(event.who), \(event.at))
            """
        )
    }

    public func escalationEvents(notificationID: NotificationID) async throws -> [EscalationEvent] {
        try await database.read { db in
            try await db.rows("SELECT kind, step, pass, who, at FROM escalation_events WHERE notification_id = \(notificationID) ORDER BY id").compactMap { row in
                guard let kind = EscalationEvent.kind(stored: try row.text("kind")) else { throw StoreError.unreadableRow("escalation event kind") }
                return EscalationEvent(
                    kind: kind, step: Int(try row.int64("step")), pass: Int(try row.int64("pass")), who: try row.optionalText("who"), at: try row.date("at")
                )
            }
        }
    }

    public func escalationsStarted(serviceID: UUID, since: Date) async throws -> Int {
        try await database.read { db in
            Int(
                try await db.first(
                    """
                    SELECT count(*) AS c FROM escalations
                    WHERE service_id = \(serviceID) AND started_at >= \(since) AND coalesce(ended, '') <> \(EscalationEnd.heldBack.rawValue)
                        AND NOT (ended IS NULL AND step = 0 AND pass = 0)
                    """
                )?.int64("c") ?? 0
            )
        }
    }

    public func escalation(notificationID: NotificationID) async throws -> EscalationRecord? {
        guard let row = try await database.read({ db in
            try await db.first("SELECT policy, step, pass, due_at, ended, ended_at, started_at FROM escalations WHERE notification_id = \(notificationID)")
        }) else { return nil }
        guard let policy = try StoredValue.parse(try row.text("policy"), as: EscalationPolicy.init(json:), "escalations", "policy", row: notificationID) else {
            return nil
        }
        return EscalationRecord(
            notificationID: notificationID, policy: policy,
            due: .init(step: Int(try row.int64("step")), pass: Int(try row.int64("pass")), at: try row.date("due_at")),
            ended: try StoredValue.parse(try row.optionalText("ended"), as: EscalationEnd.init(rawValue:), "escalations", "ended", row: notificationID),
            endedAt: try row.optionalDate("ended_at"),
            startedAt: try row.date("started_at")
        )
    }

    public func escalationCalls(notificationID: NotificationID) async throws -> [EscalationCall] {
        try await database.read { db in
            try await db.rows(
                "SELECT step, pass, target, user_id, username, devices, called_at FROM escalation_calls WHERE notification_id = \(notificationID) ORDER BY id"
            ).map {
                EscalationCall(
                    step: Int(try $0.int64("step")), pass: Int(try $0.int64("pass")), target: try $0.text("target"), userID: try $0.optionalInt64("user_id"),
                    username: try $0.text("username"), devices: Int(try $0.int64("devices")), at: try $0.date("called_at")
                )
            }
        }
    }
}
