import Foundation
import HeraldCore
import HeraldImport
import HeraldTestSupport
import Logging
import PostgresNIO
import SQLiteNIO

/// An ESS Notify database built from the old server's own schema (its
/// SQLAlchemy models after the last alembic version), with sample rows:
/// 100 users, 10 services, 200 subscriptions, 200 device tokens (and one
/// too short to be pushed to), 1,000 notifications and their 20,000 inbox
/// entries.
enum ESSFixture {
    enum Dialect { case postgres, sqlite }

    static let userCount = 100
    static let serviceCount = 10
    static let notificationCount = 1_000

    static func serviceID(_ index: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-0000000000%02d", index))! }
    static func apnsToken(_ user: Int) -> String { String(repeating: "a", count: 56) + String(format: "%08d", user) }
    static func fcmToken(_ user: Int) -> String { "fcm-\(user)-" + String(repeating: "x", count: 150) }
    static func isAdmin(_ user: Int) -> Bool { user % 10 == 0 }
    static func isActive(_ user: Int) -> Bool { user % 25 != 7 }
    static func subscriptions(_ user: Int) -> Set<Int> { [user % 10, (user + 3) % 10] }
    static func subscribers(_ service: Int) -> [Int] { (0..<userCount).filter { subscriptions($0).contains(service) } }
    static func service(of notification: Int) -> Int { notification % serviceCount }
    static func isRead(user: Int, notification: Int) -> Bool { (user + notification) % 3 == 0 }
    /// 2024-01-01 plus n minutes and n milliseconds.
    static func timestamp(_ notification: Int) -> Date {
        Date(timeIntervalSince1970: 1_704_067_200 + Double(notification) * 60 + Double(notification) / 1000)
    }

    static func schema(_ dialect: Dialect) -> [String] {
        let guid = dialect == .postgres ? "UUID" : "CHAR(32)"
        return [
            "CREATE TABLE services (id \(guid) NOT NULL PRIMARY KEY, category VARCHAR NOT NULL, color VARCHAR, owner VARCHAR)",
            "CREATE INDEX ix_services_category ON services (category)",
            """
            CREATE TABLE users (id INTEGER NOT NULL PRIMARY KEY, username VARCHAR, _device_tokens VARCHAR, is_active BOOLEAN NOT NULL,
                is_admin BOOLEAN NOT NULL, login_token_expire_date TIMESTAMP WITHOUT TIME ZONE NOT NULL)
            """,
            "CREATE UNIQUE INDEX ix_users_username ON users (username)",
            """
            CREATE TABLE notifications (id INTEGER NOT NULL PRIMARY KEY, timestamp TIMESTAMP WITHOUT TIME ZONE NOT NULL, title VARCHAR NOT NULL,
                subtitle VARCHAR, url VARCHAR, service_id \(guid) NOT NULL REFERENCES services (id))
            """,
            "CREATE TABLE users_services (user_id INTEGER REFERENCES users (id), service_id \(guid) REFERENCES services (id))",
            """
            CREATE TABLE users_notifications (user_id INTEGER NOT NULL REFERENCES users (id), notification_id INTEGER NOT NULL REFERENCES notifications (id),
                is_read BOOLEAN, PRIMARY KEY (user_id, notification_id))
            """,
            """
            CREATE TABLE users_services_filters (user_id INTEGER NOT NULL REFERENCES users (id), service_id CHAR(32) NOT NULL,
                include_keywords VARCHAR NOT NULL, exclude_keywords VARCHAR NOT NULL, PRIMARY KEY (user_id, service_id))
            """,
        ]
    }

    static func rows(_ dialect: Dialect) -> [String] {
        func guid(_ index: Int) -> String {
            let id = serviceID(index).uuidString.lowercased()
            return dialect == .postgres ? "'\(id)'" : "'\(id.replacingOccurrences(of: "-", with: ""))'"
        }
        func flag(_ value: Bool) -> String { dialect == .postgres ? (value ? "true" : "false") : (value ? "1" : "0") }
        func time(_ date: Date) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSSSSS"
            return "'\(formatter.string(from: date))'"
        }
        var statements: [String] = []
        let services = (0..<serviceCount).map { index in
            // Service 8's colour is what a stray tool could have written: not a colour.
            index == 9 ? "(\(guid(index)), 'Service \(index)', NULL, NULL)"
                : index == 8 ? "(\(guid(index)), 'Service \(index)', 'fff;background:url(//evil.example/x)', 'owner\(index)')"
                : "(\(guid(index)), 'Service \(index)', '#12345\(index)', 'owner\(index)')"
        }
        statements.append("INSERT INTO services (id, category, color, owner) VALUES " + services.joined(separator: ", "))
        let users = (0..<userCount).map { user in
            let tokens = user == 5 ? [apnsToken(user), "deadbeef", fcmToken(user)] : [apnsToken(user), fcmToken(user)]
            return "(\(user + 1), 'user\(user)', '\(tokens.joined(separator: ";"))', \(flag(isActive(user))), \(flag(isAdmin(user))), \(time(timestamp(0))))"
        }
        statements.append(
            "INSERT INTO users (id, username, _device_tokens, is_active, is_admin, login_token_expire_date) VALUES " + users.joined(separator: ", ")
        )
        let subscribed = (0..<userCount).flatMap { user in Self.subscriptions(user).sorted().map { "(\(user + 1), \(guid($0)))" } }
        statements.append("INSERT INTO users_services (user_id, service_id) VALUES " + subscribed.joined(separator: ", "))
        let notifications = (1...notificationCount).map { n in
            let subtitle = n % 3 == 0 ? "NULL" : "'Details \(n)'"
            let url = n % 4 == 0 ? "'https://example.org/\(n)'" : "NULL"
            return "(\(n), \(time(timestamp(n))), 'Alarm \(n)', \(subtitle), \(url), \(guid(service(of: n))))"
        }
        for chunk in stride(from: 0, to: notifications.count, by: 250) {
            statements.append(
                "INSERT INTO notifications (id, timestamp, title, subtitle, url, service_id) VALUES "
                    + notifications[chunk..<min(chunk + 250, notifications.count)].joined(separator: ", ")
            )
        }
        let inbox = (1...notificationCount).flatMap { n in
            subscribers(service(of: n)).map { user in "(\(user + 1), \(n), \(flag(isRead(user: user, notification: n))))" }
        }
        for chunk in stride(from: 0, to: inbox.count, by: 1_000) {
            statements.append(
                "INSERT INTO users_notifications (user_id, notification_id, is_read) VALUES " + inbox[chunk..<min(chunk + 1_000, inbox.count)].joined(separator: ", ")
            )
        }
        // The keyword lists as the old server stores them (one string, ';'
        // between keywords; its column is a VARCHAR), a JSON array and a
        // PostgreSQL array, one of a service the old database no longer has,
        // and one with a keyword too long here.
        func hex(_ id: UUID) -> String { "'\(id.uuidString.lowercased().replacingOccurrences(of: "-", with: ""))'" }
        let tooLong = String(repeating: "x", count: SubscriptionFilter.maxKeywordLength + 1)
        statements.append(
            """
            INSERT INTO users_services_filters VALUES (1, \(hex(serviceID(0))), 'disk; cold box', ''),
                (2, \(hex(serviceID(1))), '["beam","linac"]', '{"test run",maintenance}'), (3, \(hex(serviceID(2))), '', 'Test'),
                (4, \(hex(UUID(uuidString: "00000000-0000-4000-8000-0000000000ff")!)), 'x', ''), (5, \(hex(serviceID(3))), '\(tooLong)', '')
            """
        )
        return statements
    }

    /// An old-server database for the length of `body`.
    static func with<T: Sendable>(_ dialect: Dialect, _ body: @Sendable (DatabaseLocation) async throws -> T) async throws -> T {
        let statements = schema(dialect) + rows(dialect)
        switch dialect {
        case .postgres:
            return try await ScratchDatabase.with(server: try TestDatabase.postgresServer(), prefix: "ess_old", logger: TestDatabase.logger) { settings in
                let client = try ESSPostgresSource.client(settings, logger: TestDatabase.logger)
                try await withRunningServices([client], logger: TestDatabase.logger) {
                    for statement in statements { _ = try await client.query(PostgresQuery(unsafeSQL: statement), logger: TestDatabase.logger) }
                }
                return try await body(.postgres(settings))
            }
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ess-old-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("notify.db").path
            let connection = try await SQLiteConnection.open(storage: .file(path: path))
            do {
                for statement in statements { _ = try await connection.query(statement) }
                try await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
            return try await body(.sqlite(path: path))
        }
    }
}
