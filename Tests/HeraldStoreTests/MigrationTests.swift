import Foundation
import HeraldCore
import HeraldMigrations
import HeraldStore
import HeraldTestSupport
import Testing

/// An install made by Herald's first release, holding data, is opened by
/// this one: every later migration runs over the rows, and the store reads
/// and writes them as if they had been made today.
@Suite("Migrating a database that holds data")
struct MigrationTests {
    static let service = "5f9eecdf-ec45-4c48-a258-b4c0c2ef955b"
    static let apnsToken = String(repeating: "ab", count: 32)

    /// The first schema as the migrator would have left it, plus a user with
    /// a password, a subscriber with a device, a notification read by one
    /// and unread by the other, and its push still queued.
    static func firstReleaseWithData(_ backend: Backend) -> [String] {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        switch backend {
        case .postgres:
            return [
                "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
                "INSERT INTO schema_migrations (version, name) VALUES (1, 'initial')",
                "INSERT INTO users (id, username, password_hash, is_admin, login_expires_at) VALUES (1, 'alice', '$2b$04$hash', TRUE, now() + interval '1 day'), (2, 'bob', NULL, FALSE, now() + interval '1 day')",
                "SELECT setval('users_id_seq', 2)",
                "INSERT INTO services (id, category, color, owner) VALUES ('\(service)', 'Vacuum', 'ff8800', 'Vacuum group')",
                "INSERT INTO subscriptions (service_id, user_id) VALUES ('\(service)', 1), ('\(service)', 2)",
                "INSERT INTO devices (id, user_id, token, platform, created_at, last_seen_at) VALUES (1, 2, '\(apnsToken)', 'apns', now(), now())",
                "SELECT setval('devices_id_seq', 1)",
                "INSERT INTO notifications (id, service_id, created_at, title, subtitle, url) VALUES (41, '\(service)', now() - interval '1 hour', 'Pump P-101 tripped', 'Sector 3', 'https://wiki.example.org/p101')",
                "SELECT setval('notifications_id_seq', 41)",
                "INSERT INTO inbox (user_id, notification_id, is_read) VALUES (1, 41, TRUE), (2, 41, FALSE)",
                "INSERT INTO deliveries (notification_id, device_id, user_id, platform, next_attempt_at, created_at, updated_at) VALUES (41, 1, 2, 'apns', now() - interval '1 minute', now(), now())",
            ]
        case .sqlite:
            return [
                "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)",
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (1, 'initial', \(now))",
                "INSERT INTO users (id, username, password_hash, is_admin, login_expires_at) VALUES (1, 'alice', '$2b$04$hash', 1, \(now + 86_400_000_000)), (2, 'bob', NULL, 0, \(now + 86_400_000_000))",
                "INSERT INTO services (id, category, color, owner) VALUES ('\(service)', 'Vacuum', 'ff8800', 'Vacuum group')",
                "INSERT INTO subscriptions (service_id, user_id) VALUES ('\(service)', 1), ('\(service)', 2)",
                "INSERT INTO devices (id, user_id, token, platform, created_at, last_seen_at) VALUES (1, 2, '\(apnsToken)', 'apns', \(now), \(now))",
                "INSERT INTO notifications (id, service_id, created_at, title, subtitle, url) VALUES (41, '\(service)', \(now - 3_600_000_000), 'Pump P-101 tripped', 'Sector 3', 'https://wiki.example.org/p101')",
                "INSERT INTO inbox (user_id, notification_id, is_read) VALUES (1, 41, 1), (2, 41, 0)",
                "INSERT INTO deliveries (notification_id, device_id, user_id, platform, next_attempt_at, created_at, updated_at) VALUES (41, 1, 2, 'apns', \(now - 60_000_000), \(now), \(now))",
            ]
        }
    }

    /// The schema as the migrations below `version` leave it (32's hashing
    /// of rows not there yet left out: it calls a function only the store's
    /// own SQLite connection has), then `rows`, then those migrations
    /// recorded as applied: the store runs the rest over the rows.
    static func schema(below version: Int, _ backend: Backend, at location: DatabaseLocation, rows: [String]) async throws {
        let before = try Migrations.all(for: backend == .postgres ? .postgres : .sqlite).filter { $0.version < version }
        for migration in before {
            for statement in migration.statements where !statement.contains("herald_sha256(") {
                try await StoreEdgeTests.execute(statement, on: location)
            }
        }
        let stamp = backend == .postgres ? "now()" : "\(Int64(Date().timeIntervalSince1970 * 1_000_000))"
        let table = backend == .postgres
            ? "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
            : "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)"
        let applied = before.map { "INSERT INTO schema_migrations (version, name, applied_at) VALUES (\($0.version), '\($0.name)', \(stamp))" }
        for statement in [table] + rows + applied { try await StoreEdgeTests.execute(statement, on: location) }
    }

    @Test(arguments: Backend.allCases)
    func aFirstReleaseDatabaseWithDataMigratesAndWorks(_ backend: Backend) async throws {
        try await TestDatabase.withFreshDatabase(backend) { location in
            let first = try #require(try Migrations.all(for: backend == .postgres ? .postgres : .sqlite).first)
            #expect(first.version == 1)
            for statement in first.statements + Self.firstReleaseWithData(backend) {
                try await StoreEdgeTests.execute(statement, on: location)
            }
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { store in
                let all = try Migrations.all(for: backend == .postgres ? .postgres : .sqlite).map(\.version)
                #expect(try await store.appliedMigrations() == Set(all))
                #expect(all.count > 1, "there were migrations to run over the data")

                let users = try await store.users()
                #expect(users.map(\.username) == ["alice", "bob"] && users.map(\.isAdmin) == [true, false])
                #expect(try await store.passwordHash(username: "alice") == "$2b$04$hash")
                let bob = try #require(users.last)
                let service = try #require(UUID(uuidString: Self.service))
                #expect(try await store.service(id: service)?.owner == "Vacuum group")
                #expect(try await store.userServices(userID: bob.id).first { $0.service.id == service }?.isSubscribed == true)
                #expect(try await store.devices(userID: bob.id).map(\.platform) == [.apns])

                let inbox = try await store.inbox(userID: bob.id, limit: 10, order: .descending)
                #expect(inbox.map(\.notification.id) == [41] && inbox.first?.isRead == false)
                #expect(try await store.unreadCount(userID: users[0].id) == 0)
                #expect(try await store.unreadCount(userID: bob.id) == 1)

                // The push queued before the upgrade goes out after it.
                let claimed = try await store.claimDeliveries(limit: 10, now: Date(), leaseUntil: Date().addingTimeInterval(60))
                #expect(claimed.map(\.notification.title) == ["Pump P-101 tripped"] && claimed.first?.token == Self.apnsToken)
                #expect(claimed.first?.badge == 1 && claimed.first?.userIsActive == true)
                try await store.recordDeliveries(claimed.map { DeliveryResult(delivery: $0, outcome: .sent) }, at: Date())
                #expect(try await store.deliveryCounts(notificationID: 41) == [.sent: 1])

                // New rows follow the old ones.
                let next = try #require(try await store.publish(NotificationDraft(title: "Pump P-101 back"), serviceID: service, at: Date()))
                #expect(next.id > 41)
                #expect(try await store.unreadCount(userID: bob.id) == 2)
                let fcm = "fcm:" + String(repeating: "x", count: 150)
                #expect(try await store.registerDevice(userID: users[0].id, token: fcm, platform: .fcm, at: Date()) == .added)
                #expect(try await store.devices(userID: users[0].id).map(\.id).allSatisfy { $0 > 1 })
            }
        }
    }

    /// Calendar feeds' secrets kept in clear before issue 39 are hashed by
    /// its migration (PostgreSQL's sha256, SQLite's herald_sha256 on
    /// Herald's connection) the way Herald hashes them now: the addresses
    /// people subscribed to keep working, and no secret is left in clear.
    @Test(arguments: Backend.allCases)
    func calendarSecretsKeptInClearAreHashedAndKeepWorking(_ backend: Backend) async throws {
        try await TestDatabase.withFreshDatabase(backend) { location in
            let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
            let (rotaSecret, personSecret) = (FeedSecret.make(), FeedSecret.make())
            let rows: [String] =
                backend == .postgres
                ? [
                    "INSERT INTO users (id, username, password_hash, is_admin) VALUES (1, 'alice', NULL, FALSE)",
                    "INSERT INTO rotas (id, name, rotation_unit, rotation_length, time_zone, starts_at, feed_secret, created_at, updated_at) VALUES (1, 'Night', 'days', 1, 'UTC', now(), '\(rotaSecret)', now(), now())",
                    "INSERT INTO rota_members (rota_id, position, user_id) VALUES (1, 1, 1)",
                    "INSERT INTO calendar_secrets (user_id, secret) VALUES (1, '\(personSecret)')",
                ]
                : [
                    "INSERT INTO users (id, username, password_hash, is_admin) VALUES (1, 'alice', NULL, 0)",
                    "INSERT INTO rotas (id, name, rotation_unit, rotation_length, time_zone, starts_at, feed_secret, created_at, updated_at) VALUES (1, 'Night', 'days', 1, 'UTC', \(now), '\(rotaSecret)', \(now), \(now))",
                    "INSERT INTO rota_members (rota_id, position, user_id) VALUES (1, 1, 1)",
                    "INSERT INTO calendar_secrets (user_id, secret) VALUES (1, '\(personSecret)')",
                ]
            try await Self.schema(below: 32, backend, at: location, rows: rows)
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { (store: any HeraldStore) async throws in
                #expect(try await store.rota(feedSecretHash: FeedSecret.hash(rotaSecret))?.name == "Night")
                #expect(try await store.userID(calendarSecretHash: FeedSecret.hash(personSecret)) == 1)
                #expect(try await store.rota(feedSecretHash: rotaSecret) == nil, "no secret in clear")
                #expect(try await store.userID(calendarSecretHash: personSecret) == nil)
            }
        }
    }

    /// Migration 45 rebuilds SQLite's devices, contact methods and
    /// follow-ups to take Slack and Mattermost accounts (Postgres changes its
    /// checks): a verified sign-in address made before keeps its id, its
    /// source, its device and the ids counting on, and a Slack member can
    /// then be added and verified.
    @Test(arguments: Backend.allCases)
    func contactMethodsMadeBeforeChatAccountsKeepEverything(_ backend: Backend) async throws {
        try await TestDatabase.withFreshDatabase(backend) { location in
            let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
            let rows: [String] =
                backend == .postgres
                ? [
                    "INSERT INTO users (id, username, password_hash, is_admin) VALUES (1, 'alice', NULL, FALSE)",
                    "INSERT INTO devices (id, user_id, token, platform, created_at, last_seen_at) VALUES (5, 1, '#contact-7', 'email', now(), now())",
                    "INSERT INTO contact_methods (id, user_id, kind, address, created_at, verified_at, device_id, source) VALUES (7, 1, 'email', 'alice@example.org', now(), now(), 5, 'sign-in')",
                    "SELECT setval(pg_get_serial_sequence('contact_methods', 'id'), 7)", "SELECT setval(pg_get_serial_sequence('devices', 'id'), 5)",
                ]
                : [
                    "INSERT INTO users (id, username, password_hash, is_admin) VALUES (1, 'alice', NULL, 0)",
                    "INSERT INTO devices (id, user_id, token, platform, created_at, last_seen_at) VALUES (5, 1, '#contact-7', 'email', \(now), \(now))",
                    "INSERT INTO contact_methods (id, user_id, kind, address, created_at, verified_at, device_id, source) VALUES (7, 1, 'email', 'alice@example.org', \(now), \(now), 5, 'sign-in')",
                ]
            try await Self.schema(below: 45, backend, at: location, rows: rows)
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { (store: any HeraldStore) async throws in
                let kept = try await store.contactMethods(userID: 1)
                #expect(kept.count == 1 && kept[0].id == 7 && kept[0].source == .signIn && kept[0].isVerified && kept[0].deviceID == 5, "\(kept)")
                let slack = try #require(try await store.addContactMethod(userID: 1, kind: .slack, address: "U0ANN00001", at: Date()))
                #expect(slack.id > 7, "ids count on: \(slack.id)")
                let verified = try #require(try await store.verifyContactMethod(methodID: slack.id, userID: 1, at: Date()))
                #expect(verified.deviceID.map { $0 > 5 } == true && verified.kind == .slack, "\(verified)")
                #expect(try await store.verifiedContacts(kind: .slack, address: "U0ANN00001").map(\.id) == [slack.id])
            }
        }
    }

    /// A direct message followed before its follow-ups kept what it shows
    /// (migration 46): it is the alarm as sent, offering a way to take it,
    /// never edited, every answer counting; taken now, it is shown so and
    /// kept.
    @Test(arguments: Backend.allCases)
    func directMessagesFollowedBeforeTheyWereEditedBackAreTheAlarmAsSent(_ backend: Backend) async throws {
        try await TestDatabase.withFreshDatabase(backend) { location in
            let now = Date()
            let stamp = backend == .postgres ? "now()" : "\(Int64(now.timeIntervalSince1970 * 1_000_000))"
            let no = backend == .postgres ? "FALSE" : "0"
            try await Self.schema(below: 46, backend, at: location, rows: [
                "INSERT INTO services (id, category, color, owner) VALUES ('\(Self.service)', 'Vacuum', 'ff8800', 'Vacuum group')",
                "INSERT INTO users (id, username, password_hash, is_admin) VALUES (1, 'alice', NULL, \(no))",
                "INSERT INTO notifications (id, service_id, created_at, title, subtitle, url) VALUES (1, '\(Self.service)', \(stamp), 'Pump stopped', '', '')",
                """
                INSERT INTO contact_follow_ups (delivery_id, platform, notification_id, user_id, method_id, receipt, sent_at, next_check_at)
                VALUES (9, 'slack', 1, 1, 7, 'D1:1.2', \(stamp), \(stamp))
                """,
            ])
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { (store: any HeraldStore) async throws in
                // Well after the rows' own times (PostgreSQL's now(), after 45 migrations that take a while on a loaded machine).
                let later = Date().addingTimeInterval(3_600)
                let kept = try #require(try await store.claimFollowUps(now: later, until: later.addingTimeInterval(60), limit: 10).first)
                #expect(kept.deliveryID == 9 && kept.shown == "" && kept.answersBack && kept.editedAt == nil && kept.answersAfter == nil, "\(kept)")
                try await store.showFollowUp(9, shown: "Acknowledged by alice.", sentAt: kept.sentAt, editedAt: later, answersAfter: nil)
                try await store.deferFollowUp(9, checks: 1, next: later, now: later)
                #expect(try await store.claimFollowUps(now: later, until: later.addingTimeInterval(60), limit: 10).map(\.shown) == ["Acknowledged by alice."])
            }
        }
    }

    /// Notifications made before the alarm's identity had columns of its
    /// own (migration 33), or by an older replica during a rolling upgrade,
    /// are read with one from their key, where the key still says which
    /// alarm it was; other keys (upper case too: the alert sources' prefixes
    /// are reserved as written), and none, stand for no alarm.
    @Test(arguments: Backend.allCases)
    func alarmsPublishedBeforeTheirIdentityHadColumnsAreReadFromTheirKeys(_ backend: Backend) async throws {
        try await TestDatabase.withFreshDatabase(backend) { location in
            // Up to 31 by hand; the store runs 32 and 33 over the rows.
            let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
            let stamp = backend == .postgres ? "now()" : "\(now)"
            let keys = ["'alert:3f9a0c1d2e4b5a69'", "'alarm:/Acc/Vac/PV3'", "'pump-7'", "'sha256:\(String(repeating: "0", count: 64))'", "NULL", "'ALERT:3f9a0c1d2e4b5a69'"]
            var rows = [
                "INSERT INTO services (id, category, color, owner) VALUES ('\(Self.service)', 'Vacuum', 'ff8800', 'Vacuum group')"
            ]
            for (index, key) in keys.enumerated() {
                rows.append(
                    "INSERT INTO notifications (id, service_id, created_at, title, subtitle, url, key) VALUES (\(index + 1), '\(Self.service)', \(stamp), 'n\(index + 1)', '', '', \(key))"
                )
            }
            if backend == .postgres { rows.append("SELECT setval('notifications_id_seq', \(keys.count))") }
            try await Self.schema(below: 32, backend, at: location, rows: rows)
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { (store: any HeraldStore) async throws in
                var read: [AlarmIdentity?] = []
                for id in 1...Int64(keys.count) { read.append(try #require(try await store.notification(id: id)).alarmIdentity) }
                #expect(read == [.alertmanager("3f9a0c1d2e4b5a69"), .phoebus("/Acc/Vac/PV3"), nil, nil, nil, nil])
                // An older replica's insert, after the migration, names no identity.
                try await StoreEdgeTests.execute(
                    "INSERT INTO notifications (service_id, created_at, title, subtitle, url, key) VALUES ('\(Self.service)', \(stamp), 'old replica', '', '', 'alarm:/Acc/Vac/PV9')",
                    on: location
                )
                let serviceID = try #require(UUID(uuidString: Self.service))
                let older = try #require(try await store.notifications(serviceID: serviceID).first { $0.title == "old replica" })
                #expect(older.alarmIdentity == .phoebus("/Acc/Vac/PV9"))
            }
        }
    }
}
