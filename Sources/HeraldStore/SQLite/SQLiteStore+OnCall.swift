import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: RotaStore {
    public func createRota(_ definition: RotaDefinition, feedSecretHash: String, at now: Date) async throws -> StoredRota? {
        let (unit, length) = definition.rotation.stored
        let id = try await database.transaction { db -> Int64? in
            guard let row = try await db.first(
                """
                INSERT INTO rotas (name, rotation_unit, rotation_length, time_zone, starts_at, feed_secret_hash, created_at, updated_at)
                VALUES (\(definition.name), \(unit), \(length), \(definition.zone.name), \(definition.start), \(feedSecretHash), \(now), \(now))
                ON CONFLICT (name) DO NOTHING RETURNING id
                """
            ) else { return nil }
            let id = try row.int64("id")
            try await Self.insertMembers(definition.members, rotaID: id, in: db)
            return id
        }
        guard let id else { return nil }
        return try await rota(id: id)
    }

    private static func insertMembers(_ members: [UserID], rotaID: Int64, in db: SQLiteExecutor) async throws {
        for (position, userID) in members.enumerated() {
            try await db.execute("INSERT INTO rota_members (rota_id, position, user_id) VALUES (\(rotaID), \(position + 1), \(userID))")
        }
    }

    public func updateRota(id: Int64, _ definition: RotaDefinition, at now: Date) async throws -> StoredRota? {
        let (unit, length) = definition.rotation.stored
        let updated = try await database.transaction { db -> Bool in
            guard try await db.first("SELECT 1 AS taken FROM rotas WHERE name = \(definition.name) AND id <> \(id)") == nil else { throw RotaNameTaken() }
            guard try await db.first(
                """
                UPDATE rotas SET name = \(definition.name), rotation_unit = \(unit), rotation_length = \(length),
                    time_zone = \(definition.zone.name), starts_at = \(definition.start), updated_at = \(now)
                WHERE id = \(id) RETURNING id
                """
            ) != nil else { return false }
            try await db.execute("DELETE FROM rota_members WHERE rota_id = \(id)")
            try await Self.insertMembers(definition.members, rotaID: id, in: db)
            return true
        }
        return updated ? try await rota(id: id) : nil
    }

    public func deleteRota(id: Int64) async throws -> Bool {
        try await database.transaction { db in try await db.first("DELETE FROM rotas WHERE id = \(id) RETURNING id") != nil }
    }

    public func rotas() async throws -> [StoredRota] {
        try await loadRotas("SELECT \(Self.rotaColumns) FROM rotas ORDER BY name")
    }

    public func rota(id: Int64) async throws -> StoredRota? {
        try await loadRotas("SELECT \(Self.rotaColumns) FROM rotas WHERE id = \(id)").first
    }

    public func rota(feedSecretHash: String) async throws -> StoredRota? {
        try await loadRotas("SELECT \(Self.rotaColumns) FROM rotas WHERE feed_secret_hash = \(feedSecretHash)").first
    }

    public func setRotaFeedSecret(rotaID: Int64, hash: String) async throws -> Bool {
        try await database.transaction { db in
            try await db.first("UPDATE rotas SET feed_secret_hash = \(hash) WHERE id = \(rotaID) RETURNING id") != nil
        }
    }

    public func addOverride(rotaID: Int64, userID: UserID, from: Date, until: Date, at now: Date) async throws -> StoredRota.Override? {
        try await database.transaction { db in
            try await db.first(
                """
                INSERT INTO rota_overrides (rota_id, user_id, starts_at, ends_at, created_at)
                SELECT id, \(userID), \(from), \(until), \(now) FROM rotas WHERE id = \(rotaID)
                RETURNING id
                """
            ).map { StoredRota.Override(id: try $0.int64("id"), userID: userID, from: from, until: until) }
        }
    }

    public func removeOverride(rotaID: Int64, overrideID: Int64) async throws -> Bool {
        try await database.transaction { db in
            try await db.first("DELETE FROM rota_overrides WHERE id = \(overrideID) AND rota_id = \(rotaID) RETURNING id") != nil
        }
    }

    public func setCalendarSecret(userID: UserID, hash: String) async throws -> Bool {
        try await database.transaction { db in
            try await db.first(
                """
                INSERT INTO calendar_secrets (user_id, secret_hash) SELECT id, \(hash) FROM users WHERE id = \(userID)
                ON CONFLICT (user_id) DO UPDATE SET secret_hash = excluded.secret_hash RETURNING user_id
                """
            ) != nil
        }
    }

    public func hasCalendarSecret(userID: UserID) async throws -> Bool {
        try await database.read { db in try await db.first("SELECT user_id FROM calendar_secrets WHERE user_id = \(userID)") != nil }
    }

    public func userID(calendarSecretHash: String) async throws -> UserID? {
        try await database.read { db in try await db.first("SELECT user_id FROM calendar_secrets WHERE secret_hash = \(calendarSecretHash)")?.int64("user_id") }
    }

    static let rotaColumns: SQLiteQuery = "id, name, rotation_unit, rotation_length, time_zone, starts_at"

    /// The rotas `query` selects with their members, overrides and names.
    private func loadRotas(_ query: SQLiteQuery) async throws -> [StoredRota] {
        try await database.read { db in
            var rotas: [StoredRota] = []
            for row in try await db.rows(query) {
                let id = try row.int64("id")
                guard let rotation = OnCallRota.Rotation(unit: try row.text("rotation_unit"), length: Int(try row.int64("rotation_length"))),
                    let zone = NamedTimeZone(try row.text("time_zone"))
                else { continue }
                let members = try await db.rows("SELECT user_id FROM rota_members WHERE rota_id = \(id) ORDER BY position").map { try $0.int64("user_id") }
                let overrides = try await db.rows("SELECT id, user_id, starts_at, ends_at FROM rota_overrides WHERE rota_id = \(id) ORDER BY id").map {
                    StoredRota.Override(id: try $0.int64("id"), userID: try $0.int64("user_id"), from: try $0.date("starts_at"), until: try $0.date("ends_at"))
                }
                let people = Array(Set(members + overrides.map(\.userID)))
                let names = try await db.rows("SELECT id, username FROM users WHERE id IN (SELECT value FROM json_each(\(jsonArray: people)))")
                    .map { (try $0.int64("id"), try $0.text("username")) }
                rotas.append(
                    StoredRota(
                        id: id, name: try row.text("name"), members: members, rotation: rotation, zone: zone, start: try row.date("starts_at"),
                        overrides: overrides, names: Dictionary(names, uniquingKeysWith: { first, _ in first })
                    )
                )
            }
            return rotas
        }
    }
}

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
        }.flatMap { EscalationPolicy(json: try $0.text("policy")) }
    }

    public func deleteEscalationPolicy(serviceID: UUID) async throws -> Bool {
        try await database.transaction { db in
            try await db.first("DELETE FROM escalation_policies WHERE service_id = \(serviceID) RETURNING 1 AS done") != nil
        }
    }

    public func services(callingRota rotaID: Int64) async throws -> [UUID] {
        try await database.read { db in
            try await db.rows("SELECT service_id, policy FROM escalation_policies").compactMap { row in
                (EscalationPolicy(json: try row.text("policy"))?.calls(rota: rotaID) ?? false) ? try row.uuid("service_id") : nil
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
                guard let policy = EscalationPolicy(json: try row.text("policy")) else { return nil }
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
        // Who is called: each person once (their first target names them), active accounts only.
        var callees: [(target: String, userID: UserID, username: String)] = []
        for callee in run.callees where !callees.contains(where: { $0.userID == callee.userID }) {
            // Active accounts only, and none confined to the demo service (issue 39).
            if let user = try await db.first(
                "SELECT username FROM users WHERE id = \(callee.userID) AND is_active = 1 AND confined = 0 AND origin <> \(AccountOrigin.demo.rawValue)"
            ) {
                callees.append((callee.target, callee.userID, try user.text("username")))
            }
        }
        let called = Set(callees.map(\.userID))
        // Holders before this step (the first step does not push to them again).
        let holders = Set(try await db.rows(
            "SELECT user_id FROM inbox WHERE notification_id = \(id) AND user_id IN (SELECT value FROM json_each(\(jsonArray: Array(called))))"
        ).map { try $0.int64("user_id") })
        var pushed: [UserID: Int] = [:]
        for userID in called.sorted() {
            try await db.execute(
                "INSERT INTO inbox (user_id, notification_id, changed_at) VALUES (\(userID), \(id), \(run.at)) ON CONFLICT (user_id, notification_id) DO NOTHING"
            )
            guard run.pushHolders || !holders.contains(userID) else { continue }
            pushed[userID] = try await db.rows(
                """
                INSERT INTO deliveries (notification_id, device_id, user_id, platform, next_attempt_at, created_at, updated_at, purpose, priority)
                SELECT \(id), d.id, d.user_id, d.platform, \(run.at), \(run.at), \(run.at), \(DeliveryPurpose.call.rawValue), \(DeliveryPriority.call)
                FROM devices d WHERE d.user_id = \(userID)
                RETURNING id
                """
            ).count
        }
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
        }), let policy = EscalationPolicy(json: try row.text("policy")) else { return nil }
        return EscalationRecord(
            notificationID: notificationID, policy: policy,
            due: .init(step: Int(try row.int64("step")), pass: Int(try row.int64("pass")), at: try row.date("due_at")),
            ended: try row.optionalText("ended").flatMap(EscalationEnd.init(rawValue:)), endedAt: try row.optionalDate("ended_at"),
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

extension SQLiteStore: QuietHoursStore {
    public func setQuietHours(userID: UserID, _ quietHours: QuietHours?, at now: Date) async throws {
        defer { quietChoicesChangedHere.bump() }
        try await database.transaction { db in
            if let quietHours {
                try await db.execute(
                    """
                    INSERT INTO quiet_hours (user_id, settings, updated_at) SELECT id, \(quietHours.json), \(now) FROM users WHERE id = \(userID)
                    ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at
                    """
                )
            } else {
                try await db.execute("DELETE FROM quiet_hours WHERE user_id = \(userID)")
            }
            try await Self.bumpQuietChoicesStamp(in: db)
        }
    }

    /// Counts a change of quiet hours or snoozes (in its transaction) in `settings`.
    private static func bumpQuietChoicesStamp(in db: SQLiteExecutor) async throws {
        try await db.execute(
            """
            INSERT INTO settings (name, value) VALUES (\(SettingNames.quietChoicesStamp), '1')
            ON CONFLICT (name) DO UPDATE SET value = CAST(CAST(settings.value AS INTEGER) + 1 AS TEXT)
            """
        )
    }

    public func quietChoicesStamp() async throws -> Int64 {
        try await database.read { db in
            try await db.first("SELECT value FROM settings WHERE name = \(SettingNames.quietChoicesStamp)").flatMap { Int64(try $0.text("value")) } ?? 0
        }
    }

    public func quietHours(userIDs: [UserID]) async throws -> [UserID: QuietHours] {
        guard !userIDs.isEmpty else { return [:] }
        let found = try await database.read { db in
            try await db.rows("SELECT user_id, settings FROM quiet_hours WHERE user_id IN (SELECT value FROM json_each(\(jsonArray: userIDs)))")
                .map { (try $0.int64("user_id"), try $0.text("settings")) }
        }
        return Dictionary(found.compactMap { row in QuietHours(json: row.1).map { (row.0, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    public func snooze(userID: UserID, serviceID: UUID, until: Date?) async throws {
        defer { quietChoicesChangedHere.bump() }
        try await database.transaction { db in
            if let until {
                try await db.execute(
                    """
                    INSERT INTO snoozes (user_id, service_id, until) SELECT \(userID), id, \(until) FROM services WHERE id = \(serviceID)
                    ON CONFLICT (user_id, service_id) DO UPDATE SET until = excluded.until
                    """
                )
            } else {
                try await db.execute("DELETE FROM snoozes WHERE user_id = \(userID) AND service_id = \(serviceID)")
            }
            try await Self.bumpQuietChoicesStamp(in: db)
        }
    }

    public func snoozes(userID: UserID, now: Date) async throws -> [UUID: Date] {
        let found = try await database.read { db in
            try await db.rows("SELECT service_id, until FROM snoozes WHERE user_id = \(userID) AND until > \(now)").map { (try $0.uuid("service_id"), try $0.date("until")) }
        }
        return Dictionary(found, uniquingKeysWith: { first, _ in first })
    }

    public func quietChoices(now: Date) async throws -> [UserID: QuietChoices] {
        try await database.read { db in
            var found: [UserID: QuietChoices] = [:]
            for row in try await db.rows("SELECT user_id, settings FROM quiet_hours") {
                found[try row.int64("user_id"), default: QuietChoices()].quietHours = QuietHours(json: try row.text("settings"))
            }
            for row in try await db.rows("SELECT user_id, service_id, until FROM snoozes WHERE until > \(now)") {
                found[try row.int64("user_id"), default: QuietChoices()].snoozes[try row.uuid("service_id")] = try row.date("until")
            }
            return found
        }
    }
}
