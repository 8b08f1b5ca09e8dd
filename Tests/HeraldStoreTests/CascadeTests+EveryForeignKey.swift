import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Logging
import PostgresNIO
import SQLiteNIO
import Testing

/// Every foreign key of the schema, read from the database itself (so a
/// relation added by a migration is checked without anyone remembering to),
/// held by behaviour: a fixture made through the store gives each key a row
/// on both sides of a pair ("gone" and "stays"); the gone side's users,
/// services (with their notifications and filters) and rotas are deleted
/// through the store; each key must then hold no row for what was deleted
/// (cascaded away, or set to NULL where the key says so), and keep rows for
/// what stays. A key the fixture gives no row fails the test: it is a
/// relation nobody checks.
extension CascadeTests {
    /// The keys that keep their row with NULL: who took or gave back an
    /// alarm, and who changed what (the audit log), outlive the account (by name). Every other key cascades.
    static let setNullKeys: Set<String> = ["acknowledgements.user_id", "acknowledgement_withdrawals.user_id", "audit_log.actor_id"]

    /// Which rows of a parent table belong to one side of the pair.
    static func side(_ table: String, _ name: String) -> String? {
        switch table {
        case "users": "username = '\(name)'"
        case "services": "category = '\(name)'"
        case "notifications", "filters": "service_id IN (SELECT id FROM services WHERE category = '\(name)')"
        case "rotas", "teams": "name = '\(name)'"
        case "chat_rooms": "service_id IN (SELECT id FROM services WHERE category = '\(name)')"
        default: nil
        }
    }

    /// The deletions, in order, with the parent tables each empties of the gone side.
    static let phases: [(what: String, parents: [String])] = [
        ("the user", ["users"]), ("the service", ["services", "notifications", "filters", "chat_rooms"]), ("the rota", ["rotas"]), ("the team", ["teams"]),
    ]

    @Test(arguments: Backend.allCases)
    func everyForeignKeyIsCheckedByADeletion(_ backend: Backend) async throws {
        try await TestDatabase.withFreshDatabase(backend) { location in
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                let sql = try await RawSQL.open(location)
                do {
                    try await Self.checkEveryKey(store, sql)
                    try await sql.close()
                } catch {
                    try? await sql.close()
                    throw error
                }
            }
        }
    }

    static func checkEveryKey(_ store: any HeraldStore, _ sql: RawSQL) async throws {
        let keys = try await sql.foreignKeys()
        #expect(keys.count >= 40, "the schema's foreign keys were read: \(keys.count)")
        for key in keys {
            #expect(key.action == (setNullKeys.contains(key.name) ? "SET NULL" : "CASCADE"), "\(key.name) → \(key.parent): ON DELETE \(key.action)")
            #expect(side(key.parent, "gone") != nil, "\(key.name) refers to \(key.parent), which this test cannot delete: add it to side(_:_:) and phases")
        }
        let gone = try await Fixture.make("gone", in: store)
        let stays = try await Fixture.make("stays", in: store)
        // What the person who stays keeps of the gone side: it must go with
        // the service or rota, not wait for the person.
        let (now, later) = (Date(), Date().addingTimeInterval(3600))
        try await store.setSubscriptions(userID: stays.user.id, [gone.service.id: true])
        #expect(try await store.setFilter(userID: stays.user.id, serviceID: gone.service.id, SubscriptionFilter(includeKeywords: ["valve"])))
        try await store.snooze(userID: stays.user.id, serviceID: gone.service.id, until: later)
        let rota = RotaDefinition(name: "gone", members: [gone.user.id, stays.user.id], rotation: .days(7), timeZone: .gmt, start: now.addingTimeInterval(-60))
        #expect(try await store.updateRota(id: gone.rota.id, rota, at: now) != nil)
        #expect(try await store.addOverride(rotaID: gone.rota.id, userID: stays.user.id, from: now, until: later, at: now) != nil)
        #expect(try await store.addTeamMember(teamID: gone.team.id, userID: stays.user.id, at: now))
        #expect(try await store.grantRole(.viewer, of: stays.service.id, to: .team(gone.team.id), at: now))
        #expect(try await store.grantRole(.viewer, of: gone.service.id, to: .user(stays.user.id), at: now))
        #expect(try await store.setTeamSubscription(serviceID: stays.service.id, teamID: gone.team.id, mandatory: true, at: now))
        #expect(try await store.grantRotaOwner(rotaID: stays.rota.id, to: .team(gone.team.id), at: now))
        #expect(try await store.grantRotaOwner(rotaID: gone.rota.id, to: .user(stays.user.id), at: now))
        // Page services (a service and a target have one link at most): a link of each side's
        // service, team and rota that only its own deletion takes; the rest to services and a team of neither side.
        let bystander = try #require(try await store.createTeam(name: "Bystanders", source: .manual, at: now))
        #expect(try await store.linkPageService(stays.service.id, to: .team(stays.team.id)) == stays.service.id)
        #expect(try await store.linkPageService(gone.service.id, to: .team(bystander.id)) == gone.service.id)
        for target in [PageTarget.team(gone.team.id), .rota(gone.rota.id), .rota(stays.rota.id)] {
            let paging = try await store.createService(ServiceDraft(category: "Page \(target)", color: "d7263d", owner: "herald", isPrivate: true))
            #expect(try await store.linkPageService(paging.id, to: target) == paging.id)
        }

        // Each side's person has a verified number, a rule of their own and its steps (issue 42).
        for (side, number) in [(gone, "+46700000101"), (stays, "+46700000102")] {
            let method = try #require(try await store.addContactMethod(userID: side.user.id, kind: .sms, address: number, at: now))
            let verified = try #require(try await store.verifyContactMethod(methodID: method.id, userID: side.user.id, at: now))
            let own = [ContactRuleStep(methodID: method.id, delaySeconds: 60)]
            let steps = ContactRules.effective(userID: side.user.id, own: [.call: own], methods: [verified], defaults: ContactDefaults())
            try await store.saveContactRules(userID: side.user.id, ruleClass: .call, own: own, steps: steps, at: now)
        }
        // Messages followed after they went (issue 43): each person's of their own alarm, and the one who stays of the gone side's.
        let goneAlarm = try #require(try await store.notifications(serviceID: gone.service.id).map(\.id).max())
        let staysAlarm = try #require(try await store.notifications(serviceID: stays.service.id).map(\.id).max())
        try await store.recordFollowUps([
            ContactFollowUp(deliveryID: 9_000_001, platform: .ntfy, notificationID: goneAlarm, userID: gone.user.id, methodID: 1, receipt: nil, sentAt: now, nextCheckAt: later),
            ContactFollowUp(deliveryID: 9_000_002, platform: .ntfy, notificationID: staysAlarm, userID: stays.user.id, methodID: 2, receipt: nil, sentAt: now, nextCheckAt: later),
            ContactFollowUp(deliveryID: 9_000_003, platform: .pushover, notificationID: goneAlarm, userID: stays.user.id, methodID: 2, receipt: "r1", sentAt: now, nextCheckAt: later),
        ])

        // Chat rooms (issue 43): each side's service posts to a room (a notification published since
        // is queued there); each side's person linked a chat account and chose a language.
        for (index, side) in [gone, stays].enumerated() {
            let room = try #require(try await store.addChatRoom(serviceID: side.service.id, kind: .slack, target: "C0ROOM000\(index)", at: now))
            _ = try #require(try await store.publish(NotificationDraft(title: "Posted to \(room.id)"), serviceID: side.service.id, at: now))
            try await store.linkChatIdentity(ChatIdentity(kind: .slack, chatUser: "T1:U\(index)", userID: side.user.id, createdAt: now))
            try await store.setLanguage(.sv, of: side.user.id, at: now)
        }

        for phase in phases {
            let phaseKeys = keys.filter { phase.parents.contains($0.parent) }
            // What each key holds for the gone side now, by the parents' values read before they go.
            var before: [String: (values: [String], rows: Int, nulls: Int)] = [:]
            for key in phaseKeys {
                guard let goneRows = side(key.parent, "gone") else { continue }
                let values = try await sql.texts("SELECT CAST(\(key.parentColumn) AS TEXT) FROM \(key.parent) WHERE \(goneRows)").compactMap { $0 }
                let rows = try await sql.count(key, in: values)
                #expect(rows > 0, "\(key.name) → \(key.parent): the fixture gives it no row to delete, so nothing checks it")
                before[key.name] = (values, rows, try await sql.nulls(key))
            }
            switch phase.what {
            case "the user": #expect(try await store.deleteUser(id: gone.user.id))
            case "the service": #expect(try await store.deleteService(id: gone.service.id))
            case "the team": #expect(try await store.deleteTeam(id: gone.team.id))
            default: #expect(try await store.deleteRota(id: gone.rota.id))
            }
            for key in phaseKeys {
                guard let was = before[key.name] else { continue }
                #expect(try await sql.count(key, in: was.values) == 0, "\(key.name) still refers to the deleted \(key.parent)")
                if key.action == "SET NULL" {
                    #expect(try await sql.nulls(key) == was.nulls + was.rows, "\(key.name): the rows stay, without the deleted \(key.parent)")
                }
            }
        }
        // Nothing of the side that stays went along.
        for key in keys {
            guard let staysRows = side(key.parent, "stays") else { continue }
            let values = try await sql.texts("SELECT CAST(\(key.parentColumn) AS TEXT) FROM \(key.parent) WHERE \(staysRows)").compactMap { $0 }
            #expect(try await sql.count(key, in: values) > 0, "\(key.name): the rows of what stays went too")
        }
        #expect(try await store.user(id: stays.user.id) != nil)
        #expect(try await store.service(id: stays.service.id) != nil)
        #expect(try await store.rota(id: stays.rota.id) != nil)
        #expect(try await store.team(id: stays.team.id) != nil)
    }

    /// One side's rows, made through the store as Herald makes them, one (or
    /// more) for every foreign key of the schema.
    struct Fixture {
        var user: User
        var service: ServiceRecord
        var rota: StoredRota
        var team: Team

        static func make(_ name: String, in store: any HeraldStore) async throws -> Fixture {
            let now = Date()
            let later = now.addingTimeInterval(3600)
            let user = try await store.createUser(username: name, passwordHash: nil, isAdmin: false)
            let service = try await store.createService(ServiceDraft(category: name, color: "000000", owner: "o"))
            let policy = EscalationPolicy(steps: [.init(targets: [.user(user.id)], waitSeconds: 60)], minimumSeverity: .major)

            // The person's own rows.
            try await store.setSubscriptions(userID: user.id, [service.id: true])
            #expect(try await store.setFilter(userID: user.id, serviceID: service.id, SubscriptionFilter(includeKeywords: ["pump"])))
            #expect(try await store.link(userID: user.id, AccountIdentity(origin: .oidc, issuer: "https://idp.example", subject: name), at: now))
            #expect(try await store.setCalendarSecret(userID: user.id, hash: FeedSecret.hash(FeedSecret.make())))
            try await store.setQuietHours(userID: user.id, QuietHours(timeZone: .gmt, windows: [.init(weekdays: QuietHours.Window.weekdays, from: 0, until: 60)]), at: now)
            try await store.snooze(userID: user.id, serviceID: service.id, until: later)
            try await store.openSession(id: "session-\(name)", userID: user.id, expiresAt: later, at: now)
            _ = try await store.registerDevice(userID: user.id, token: "fcm-\(name)-" + String(repeating: "x", count: 140), platform: .fcm, at: now)
            _ = try await store.registerDevice(userID: user.id, token: "dead-\(name)-" + String(repeating: "x", count: 140), platform: .apns, at: now)
            let rota = try #require(try await store.createRota(
                RotaDefinition(name: name, members: [user.id], rotation: .days(7), timeZone: .gmt, start: now.addingTimeInterval(-60)),
                feedSecretHash: FeedSecret.hash(FeedSecret.make()), at: now
            ))
            #expect(try await store.addOverride(rotaID: rota.id, userID: user.id, from: now, until: later, at: now) != nil)

            // The service's settings and the work kept for it.
            #expect(try await store.setServiceTemplates(serviceID: service.id, NotificationTemplates(title: "{{title}}"), at: now))
            #expect(try await store.setServiceRateLimit(serviceID: service.id, RateLimit(perSecond: 5, burst: 10), at: now))
            #expect(try await store.setServiceAlerting(serviceID: service.id, ServiceAlerting(urgency: [.critical: .timeSensitive]), at: now))
            #expect(try await store.setServiceWriteBack(serviceID: service.id, .alertmanager(url: "http://am.example:9093", silenceMinutes: 60), at: now))
            #expect(try await store.setEscalationPolicy(serviceID: service.id, policy, at: now))
            #expect(try await store.createServiceToken(serviceID: service.id, name: "am", tokenHash: ServiceToken.hash("secret-\(name)"), at: now) != nil)
            #expect(try await store.schedule(NotificationDraft(title: "held"), serviceID: service.id, deliverAt: later, at: now) != nil)
            #expect(try await store.createRecurring(NotificationDraft(title: "daily"), serviceID: service.id, cron: "0 8 * * *", timeZone: "UTC", nextRunAt: later, at: now) != nil)
            #expect(try await store.createFeed(FeedDraft(url: "https://feeds.example/\(name)", intervalSeconds: 60), serviceID: service.id, at: now) != nil)

            // Notifications: imported, an alert's (with its alert state), and an alarm that escalates.
            #expect(try await store.importNotification(
                key: "ess-\(name)", ImportedNotification(serviceID: service.id, createdAt: now, title: "imported", subtitle: "", url: ""), inbox: [user.id: false]
            ))
            let alert = AlertObservation(fingerprint: "fp-\(name)", status: .firing, startsAt: "1")
            _ = try await AlertDecision.publish([alert], to: service.id, in: store, renotifyAfter: nil, at: now) { alerts in
                alerts.map { _ in NotificationDraft(title: "alert", severity: .minor, key: "alert:fp-\(name)", alarm: .firing) }
            }
            let alarm = try #require(try await store.publish(
                NotificationDraft(title: "pump tripped", severity: .critical, key: "json:\(name)", alarm: .firing), serviceID: service.id, at: now
            ))
            #expect(try await store.escalation(notificationID: alarm.id) != nil, "a critical alarm on a service with a policy escalates")
            // Its pushes: the APNs device is called dead, and kept as removed.
            let claimed = try await store.claimDeliveries(limit: 100, now: now, leaseUntil: later).filter { $0.notification.id == alarm.id }
            try await store.recordDeliveries(
                claimed.map { DeliveryResult(delivery: $0, outcome: $0.platform == .apns ? .dropped(reason: "Unregistered") : .sent) }, at: now
            )
            // Its escalation's first step calls the person.
            let open = try await store.claimDueEscalations(owner: "cascade", limit: 100, until: later, now: later).filter { $0.notificationID == alarm.id }
            let due = try #require(open.first?.due)
            #expect(try await store.runEscalationSteps([EscalationStepRun(
                notificationID: alarm.id, owner: "cascade", ran: due, callees: [.init(target: "user", userID: user.id)], subscribers: false,
                pushHolders: false, next: nil, at: later
            )]) == [true])
            // Taken, given back and taken again: acknowledgement, withdrawal, the source told, devices' alerts taken down.
            let effects = AcknowledgementEffects(writeBack: true, withdrawOn: [.fcm], endsEscalation: true, withdrawalsAsFanout: true)
            #expect(try await store.acknowledge(notificationID: alarm.id, by: user, comment: nil, effects: effects, at: later)?.isNew == true)
            #expect(try await store.withdrawAcknowledgement(notificationID: alarm.id, by: user, resume: nil, at: later) != nil)
            #expect(try await store.acknowledge(notificationID: alarm.id, by: user, comment: "mine", effects: effects, at: later)?.isNew == true)
            // A team with the person in it, holding a role of the service, as the person does.
            let team = try #require(try await store.createTeam(name: name, source: .manual, at: now))
            #expect(try await store.addTeamMember(teamID: team.id, userID: user.id, at: now))
            #expect(try await store.grantRole(.responder, of: service.id, to: .team(team.id), at: now))
            #expect(try await store.grantRole(.owner, of: service.id, to: .user(user.id), at: now))
            #expect(try await store.setTeamSubscription(serviceID: service.id, teamID: team.id, mandatory: false, at: now))
            #expect(try await store.grantRotaOwner(rotaID: rota.id, to: .user(user.id), at: now))
            #expect(try await store.grantRotaOwner(rotaID: rota.id, to: .team(team.id), at: now))
            // What the person changed, answered for in the audit log.
            try await store.appendAudit(AuditRecord(at: now, actorID: user.id, actorName: name, action: .serviceCreated, serviceID: service.id, target: name))
            return Fixture(user: user, service: service, rota: rota, team: team)
        }
    }
}

/// One connection beside the store's, for reading the schema and counting rows.
struct RawSQL {
    struct ForeignKey {
        var table: String
        var column: String
        var parent: String
        var parentColumn: String
        var action: String
        var name: String { "\(table).\(column)" }
    }

    let query: @Sendable (String) async throws -> [[String?]]
    let close: @Sendable () async throws -> Void
    let isPostgres: Bool

    static func open(_ location: DatabaseLocation) async throws -> RawSQL {
        switch location {
        case .sqlite(let path):
            let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: TestDatabase.logger)
            return RawSQL(
                query: { sql in try await connection.query(sql, []).map { row in row.columns.map { $0.data.string } } },
                close: { try await connection.close() }, isPostgres: false
            )
        case .postgres(let settings):
            let connection = try await PostgresConnection.connect(
                configuration: .init(
                    host: settings.host, port: settings.port, username: settings.username, password: settings.password, database: settings.database, tls: .disable
                ),
                id: 11, logger: TestDatabase.logger
            )
            return RawSQL(
                query: { sql in
                    var rows: [[String?]] = []
                    for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: TestDatabase.logger) {
                        rows.append(try row.map { try $0.decode(String?.self) })
                    }
                    return rows
                },
                close: { try await connection.close() }, isPostgres: true
            )
        }
    }

    func texts(_ sql: String) async throws -> [String?] {
        try await query(sql).map { $0.first ?? nil }
    }

    /// Every foreign key of the schema, from the database's own catalog.
    func foreignKeys() async throws -> [ForeignKey] {
        let rows: [[String?]]
        if isPostgres {
            rows = try await query(
                """
                SELECT c.conrelid::regclass::text, a.attname::text, c.confrelid::regclass::text, p.attname::text,
                       CASE c.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'r' THEN 'RESTRICT' WHEN 'd' THEN 'SET DEFAULT' ELSE 'NO ACTION' END
                FROM pg_constraint c
                JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
                JOIN pg_attribute p ON p.attrelid = c.confrelid AND p.attnum = c.confkey[1]
                WHERE c.contype = 'f' AND cardinality(c.conkey) = 1
                ORDER BY 1, 2
                """
            )
        } else {
            rows = try await query(
                """
                SELECT m.name, k."from", k."table", k."to", k.on_delete
                FROM sqlite_master m, pragma_foreign_key_list(m.name) k
                WHERE m.type = 'table' ORDER BY 1, 2
                """
            )
        }
        return rows.map { ForeignKey(table: $0[0] ?? "", column: $0[1] ?? "", parent: $0[2] ?? "", parentColumn: $0[3] ?? "id", action: $0[4] ?? "") }
    }

    /// Rows of the key's table that refer to one of `values`.
    func count(_ key: ForeignKey, in values: [String]) async throws -> Int {
        guard !values.isEmpty else { return 0 }
        let list = values.map { "'\($0)'" }.joined(separator: ", ")
        return Int(try await texts("SELECT CAST(count(*) AS TEXT) FROM \(key.table) WHERE CAST(\(key.column) AS TEXT) IN (\(list))").first.flatMap { $0 } ?? "") ?? -1
    }

    /// Rows of the key's table without a parent.
    func nulls(_ key: ForeignKey) async throws -> Int {
        Int(try await texts("SELECT CAST(count(*) AS TEXT) FROM \(key.table) WHERE \(key.column) IS NULL").first.flatMap { $0 } ?? "") ?? -1
    }
}
