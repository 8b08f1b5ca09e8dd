import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: RotaStore {
    typealias RotaRow = (Int64, String, String, Int32, String, ExactTimestamp)

    public func createRota(_ definition: RotaDefinition, feedSecretHash: String, at now: Date) async throws -> StoredRota? {
        let (unit, length) = definition.rotation.stored
        let id = try await first(
            """
            WITH made AS (
                INSERT INTO rotas (name, rotation_unit, rotation_length, time_zone, starts_at, feed_secret_hash, created_at, updated_at)
                VALUES (\(definition.name), \(unit), \(Int32(length)), \(definition.zone.name), \(ExactTimestamp(definition.start)),
                    \(feedSecretHash), \(ExactTimestamp(now)), \(ExactTimestamp(now)))
                ON CONFLICT (name) DO NOTHING RETURNING id
            ),
            members AS (
                INSERT INTO rota_members (rota_id, position, user_id)
                SELECT made.id, m.position, m.user_id FROM made, unnest(\(definition.members)::int8[]) WITH ORDINALITY AS m(user_id, position)
            )
            SELECT id FROM made
            """,
            as: Int64.self
        )
        guard let id else { return nil }
        return try await rota(id: id)
    }

    public func updateRota(id: Int64, _ definition: RotaDefinition, at now: Date) async throws -> StoredRota? {
        let (unit, length) = definition.rotation.stored
        let updated: Bool = try await transaction { connection in
            let taken = try await connection.rows(
                "SELECT 1 FROM rotas WHERE name = \(definition.name) AND id <> \(id)", as: Int32.self, logger: logger
            )
            guard taken.isEmpty else { throw RotaNameTaken() }
            let changed = try await connection.rows(
                """
                UPDATE rotas SET name = \(definition.name), rotation_unit = \(unit), rotation_length = \(Int32(length)),
                    time_zone = \(definition.zone.name), starts_at = \(ExactTimestamp(definition.start)), updated_at = \(ExactTimestamp(now))
                WHERE id = \(id) RETURNING id
                """,
                as: Int64.self, logger: logger
            )
            guard !changed.isEmpty else { return false }
            try await connection.execute("DELETE FROM rota_members WHERE rota_id = \(id)", logger: logger)
            try await connection.execute(
                """
                INSERT INTO rota_members (rota_id, position, user_id)
                SELECT \(id), m.position, m.user_id FROM unnest(\(definition.members)::int8[]) WITH ORDINALITY AS m(user_id, position)
                """,
                logger: logger
            )
            return true
        }
        return updated ? try await rota(id: id) : nil
    }

    public func deleteRota(id: Int64) async throws -> Bool {
        try await first("DELETE FROM rotas WHERE id = \(id) RETURNING id", as: Int64.self) != nil
    }

    public func rotas() async throws -> [StoredRota] {
        try await loadRotas(try await rows("SELECT \(unescaped: Self.rotaColumns) FROM rotas ORDER BY name", as: RotaRow.self))
    }

    public func rota(id: Int64) async throws -> StoredRota? {
        try await loadRotas(try await rows("SELECT \(unescaped: Self.rotaColumns) FROM rotas WHERE id = \(id)", as: RotaRow.self)).first
    }

    public func rota(feedSecretHash: String) async throws -> StoredRota? {
        try await loadRotas(try await rows("SELECT \(unescaped: Self.rotaColumns) FROM rotas WHERE feed_secret_hash = \(feedSecretHash)", as: RotaRow.self)).first
    }

    public func addOverride(rotaID: Int64, userID: UserID, from: Date, until: Date, at now: Date) async throws -> StoredRota.Override? {
        try await first(
            """
            INSERT INTO rota_overrides (rota_id, user_id, starts_at, ends_at, created_at)
            SELECT id, \(userID), \(ExactTimestamp(from)), \(ExactTimestamp(until)), \(ExactTimestamp(now)) FROM rotas WHERE id = \(rotaID)
            RETURNING id
            """,
            as: Int64.self
        ).map { StoredRota.Override(id: $0, userID: userID, from: from, until: until) }
    }

    public func removeOverride(rotaID: Int64, overrideID: Int64) async throws -> Bool {
        try await first("DELETE FROM rota_overrides WHERE id = \(overrideID) AND rota_id = \(rotaID) RETURNING id", as: Int64.self) != nil
    }

    public func setRotaFeedSecret(rotaID: Int64, hash: String) async throws -> Bool {
        try await first("UPDATE rotas SET feed_secret_hash = \(hash) WHERE id = \(rotaID) RETURNING id", as: Int64.self) != nil
    }

    public func setCalendarSecret(userID: UserID, hash: String) async throws -> Bool {
        try await first(
            """
            INSERT INTO calendar_secrets (user_id, secret_hash) SELECT id, \(hash) FROM users WHERE id = \(userID)
            ON CONFLICT (user_id) DO UPDATE SET secret_hash = excluded.secret_hash RETURNING user_id
            """,
            as: Int64.self
        ) != nil
    }

    public func hasCalendarSecret(userID: UserID) async throws -> Bool {
        try await first("SELECT user_id FROM calendar_secrets WHERE user_id = \(userID)", as: Int64.self) != nil
    }

    public func userID(calendarSecretHash: String) async throws -> UserID? {
        try await first("SELECT user_id FROM calendar_secrets WHERE secret_hash = \(calendarSecretHash)", as: Int64.self)
    }

    static let rotaColumns = "id, name, rotation_unit, rotation_length, time_zone, starts_at"

    /// The rotas with their members, overrides and names (three lookups for any number of rotas).
    private func loadRotas(_ found: [RotaRow]) async throws -> [StoredRota] {
        guard !found.isEmpty else { return [] }
        let ids = found.map(\.0)
        let members = try await rows(
            "SELECT rota_id, user_id FROM rota_members WHERE rota_id = ANY(\(ids)) ORDER BY rota_id, position", as: (Int64, Int64).self
        )
        let overrides = try await rows(
            "SELECT rota_id, id, user_id, starts_at, ends_at FROM rota_overrides WHERE rota_id = ANY(\(ids)) ORDER BY id",
            as: (Int64, Int64, Int64, ExactTimestamp, ExactTimestamp).self
        )
        let people = Array(Set(members.map(\.1) + overrides.map(\.2)))
        let names = try await rows("SELECT id, username FROM users WHERE id = ANY(\(people))", as: (Int64, String).self)
        let nameOf = Dictionary(names, uniquingKeysWith: { first, _ in first })
        return found.compactMap { row in
            guard let rotation = OnCallRota.Rotation(unit: row.2, length: Int(row.3)), let zone = NamedTimeZone(row.4) else { return nil }
            return StoredRota(
                id: row.0, name: row.1, members: members.filter { $0.0 == row.0 }.map(\.1), rotation: rotation, zone: zone, start: row.5.date,
                overrides: overrides.filter { $0.0 == row.0 }.map { StoredRota.Override(id: $0.1, userID: $0.2, from: $0.3.date, until: $0.4.date) },
                names: nameOf
            )
        }
    }
}

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
        try await first("SELECT policy FROM escalation_policies WHERE service_id = \(serviceID)", as: String.self).flatMap(EscalationPolicy.init(json:))
    }

    public func deleteEscalationPolicy(serviceID: UUID) async throws -> Bool {
        try await first("DELETE FROM escalation_policies WHERE service_id = \(serviceID) RETURNING 1", as: Int32.self) != nil
    }

    public func services(callingRota rotaID: Int64) async throws -> [UUID] {
        try await rows("SELECT service_id, policy FROM escalation_policies", as: (UUID, String).self)
            .filter { EscalationPolicy(json: $0.1)?.calls(rota: rotaID) ?? false }.map(\.0)
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
        ).compactMap { row in
            EscalationPolicy(json: row.2).map {
                OpenEscalation(notificationID: row.0, serviceID: row.1, policy: $0, due: .init(step: Int(row.3), pass: Int(row.4), at: row.5.date))
            }
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
                JOIN users u ON u.id = c.user_id AND u.is_active AND NOT u.confined AND u.origin <> \(AccountOrigin.demo.rawValue)
                ORDER BY c.user_id, c.ord
            ),
            called AS (
                SELECT m.notification_id, c.user_id FROM moved m, callee c
            ),
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
            linked AS (
                INSERT INTO inbox (user_id, notification_id, changed_at)
                SELECT user_id, notification_id, \(at) FROM called
                ON CONFLICT (user_id, notification_id) DO NOTHING
                RETURNING user_id
            ),
            pushed AS (
                INSERT INTO deliveries (notification_id, device_id, user_id, platform, next_attempt_at, created_at, updated_at, purpose, priority)
                SELECT c.notification_id, d.id, d.user_id, d.platform, \(at), \(at), \(at), \(DeliveryPurpose.call.rawValue), \(Int32(DeliveryPriority.call))
                FROM called c JOIN devices d ON d.user_id = c.user_id
                WHERE \(run.pushHolders) OR NOT EXISTS (SELECT 1 FROM inbox i WHERE i.user_id = c.user_id AND i.notification_id = c.notification_id)
                RETURNING user_id, priority
            ),
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
            SELECT EXISTS (SELECT 1 FROM moved), (SELECT count(*) FROM linked), (SELECT count(*) FROM recorded) + (SELECT count(*) FROM exhausted),
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
        ), let policy = EscalationPolicy(json: row.0) else { return nil }
        return EscalationRecord(
            notificationID: notificationID, policy: policy, due: .init(step: Int(row.1), pass: Int(row.2), at: row.3.date),
            ended: row.4.flatMap(EscalationEnd.init(rawValue:)), endedAt: row.5?.date, startedAt: row.6.date
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

extension PostgresStore: QuietHoursStore {
    public func setQuietHours(userID: UserID, _ quietHours: QuietHours?, at now: Date) async throws {
        defer { quietChoicesChangedHere.bump() }
        try await transaction { connection in
            if let quietHours {
                try await connection.execute(
                    """
                    INSERT INTO quiet_hours (user_id, settings, updated_at) SELECT id, \(quietHours.json), \(ExactTimestamp(now)) FROM users WHERE id = \(userID)
                    ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at
                    """,
                    logger: logger
                )
            } else {
                try await connection.execute("DELETE FROM quiet_hours WHERE user_id = \(userID)", logger: logger)
            }
            try await connection.execute(Self.bumpQuietChoicesStamp, logger: logger)
        }
    }

    /// Counts a change of quiet hours or snoozes (in its transaction) in `settings`.
    static var bumpQuietChoicesStamp: PostgresQuery {
        """
        INSERT INTO settings (name, value) VALUES (\(SettingNames.quietChoicesStamp), '1')
        ON CONFLICT (name) DO UPDATE SET value = CAST(CAST(settings.value AS BIGINT) + 1 AS TEXT)
        """
    }

    public func quietChoicesStamp() async throws -> Int64 {
        try await first("SELECT value FROM settings WHERE name = \(SettingNames.quietChoicesStamp)", as: String.self).flatMap { Int64($0) } ?? 0
    }

    public func quietHours(userIDs: [UserID]) async throws -> [UserID: QuietHours] {
        guard !userIDs.isEmpty else { return [:] }
        let found = try await rows("SELECT user_id, settings FROM quiet_hours WHERE user_id = ANY(\(userIDs))", as: (Int64, String).self)
        return Dictionary(found.compactMap { row in QuietHours(json: row.1).map { (row.0, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    public func snooze(userID: UserID, serviceID: UUID, until: Date?) async throws {
        defer { quietChoicesChangedHere.bump() }
        try await transaction { connection in
            if let until {
                try await connection.execute(
                    """
                    INSERT INTO snoozes (user_id, service_id, until) SELECT \(userID), id, \(ExactTimestamp(until)) FROM services WHERE id = \(serviceID)
                    ON CONFLICT (user_id, service_id) DO UPDATE SET until = excluded.until
                    """,
                    logger: logger
                )
            } else {
                try await connection.execute("DELETE FROM snoozes WHERE user_id = \(userID) AND service_id = \(serviceID)", logger: logger)
            }
            try await connection.execute(Self.bumpQuietChoicesStamp, logger: logger)
        }
    }

    public func snoozes(userID: UserID, now: Date) async throws -> [UUID: Date] {
        let found = try await rows(
            "SELECT service_id, until FROM snoozes WHERE user_id = \(userID) AND until > \(ExactTimestamp(now))", as: (UUID, ExactTimestamp).self
        )
        return Dictionary(found.map { ($0.0, $0.1.date) }, uniquingKeysWith: { first, _ in first })
    }

    public func quietChoices(now: Date) async throws -> [UserID: QuietChoices] {
        var found: [UserID: QuietChoices] = [:]
        for row in try await rows("SELECT user_id, settings FROM quiet_hours", as: (Int64, String).self) {
            found[row.0, default: QuietChoices()].quietHours = QuietHours(json: row.1)
        }
        for row in try await rows(
            "SELECT user_id, service_id, until FROM snoozes WHERE until > \(ExactTimestamp(now))", as: (Int64, UUID, ExactTimestamp).self
        ) {
            found[row.0, default: QuietChoices()].snoozes[row.1] = row.2.date
        }
        return found
    }
}
