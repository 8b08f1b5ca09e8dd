import Foundation
import HeraldCore
import Logging
import SQLiteNIO

/// The embedded single-node store: one SQLite file, one connection.
public final class SQLiteStore: HeraldStore {
    let database: SQLiteDatabaseHandle

    /// Opens the file, creating it when missing; `migrate()` brings the schema up to date.
    public static func open(path: String, logger: Logger) async throws -> SQLiteStore {
        SQLiteStore(database: try await SQLiteDatabaseHandle.open(path: path, logger: logger), logger: logger)
    }

    let logger: Logger

    init(database: SQLiteDatabaseHandle, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    public func migrate() async throws {
        try await SQLiteMigrator(database: database, logger: logger).migrate()
    }

    public func close() async throws {
        try await database.close()
    }

    // MARK: Settings

    public func sharedSetting(_ name: String, ifAbsent candidate: String) async throws -> String {
        try await database.transaction { db in
            try await db.execute("INSERT INTO settings (name, value) VALUES (\(name), \(candidate)) ON CONFLICT (name) DO NOTHING")
            return try await db.first("SELECT value FROM settings WHERE name = \(name)")?.text("value") ?? candidate
        }
    }

    // MARK: Users

    private static let userColumns = "id, username, is_active, is_admin, login_expires_at"

    private static func user(from row: SQLiteRow) -> User {
        User(
            id: row.int64("id"), username: row.text("username"), isActive: row.bool("is_active"),
            isAdmin: row.bool("is_admin"), loginExpiresAt: row.optionalDate("login_expires_at")
        )
    }

    public func createUser(username: String, passwordHash: String?, isAdmin: Bool) async throws -> User {
        try await database.transaction { db in
            let row = try await db.first(
                "INSERT INTO users (username, password_hash, is_admin) VALUES (\(username), \(passwordHash), \(isAdmin)) ON CONFLICT (username) DO NOTHING RETURNING id, username, is_active, is_admin, login_expires_at"
            )
            guard let row else { throw StoreError.conflict("user \(username)") }
            return Self.user(from: row)
        }
    }

    public func user(id: UserID) async throws -> User? {
        try await database.read { db in
            try await db.first("SELECT id, username, is_active, is_admin, login_expires_at FROM users WHERE id = \(id)").map(Self.user(from:))
        }
    }

    public func user(named username: String) async throws -> User? {
        try await database.read { db in
            try await db.first("SELECT id, username, is_active, is_admin, login_expires_at FROM users WHERE username = \(username)").map(Self.user(from:))
        }
    }

    public func passwordHash(username: String) async throws -> String? {
        try await database.read { db in
            try await db.first("SELECT password_hash FROM users WHERE username = \(username)")?.optionalText("password_hash")
        }
    }

    public func setPasswordHash(username: String, hash: String) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("UPDATE users SET password_hash = \(hash) WHERE username = \(username)")
            return try await db.changes() > 0
        }
    }

    public func users() async throws -> [User] {
        try await database.read { db in
            try await db.rows("SELECT id, username, is_active, is_admin, login_expires_at FROM users ORDER BY username").map(Self.user(from:))
        }
    }

    public func updateUser(id: UserID, _ patch: UserPatch) async throws -> User? {
        try await database.transaction { db in
            try await db.first(
                """
                UPDATE users SET is_active = coalesce(\(patch.isActive), is_active), is_admin = coalesce(\(patch.isAdmin), is_admin)
                WHERE id = \(id) RETURNING id, username, is_active, is_admin, login_expires_at
                """
            ).map(Self.user(from:))
        }
    }

    public func deleteUser(id: UserID) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("DELETE FROM users WHERE id = \(id)")
            return try await db.changes() > 0
        }
    }

    public func deleteUser(named username: String) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("DELETE FROM users WHERE username = \(username)")
            return try await db.changes() > 0
        }
    }

    public func recordLogin(userID: UserID, expiresAt: Date) async throws {
        try await database.transaction { db in
            try await db.execute("UPDATE users SET login_expires_at = \(expiresAt) WHERE id = \(userID)")
        }
    }

    public func adminCount() async throws -> Int {
        try await database.read { db in
            Int(try await db.first("SELECT count(*) AS n FROM users WHERE is_admin = 1")?.int64("n") ?? 0)
        }
    }

    public func deviceTokens(userIDs: [UserID]) async throws -> [UserID: [String]] {
        try await database.read { db in
            let rows = try await db.rows(
                "SELECT user_id, token FROM devices WHERE user_id IN (SELECT value FROM json_each(\(jsonArray: userIDs))) ORDER BY id"
            )
            var tokens: [UserID: [String]] = [:]
            for row in rows { tokens[row.int64("user_id"), default: []].append(row.text("token")) }
            return tokens
        }
    }

    // MARK: Devices

    public func registerDevice(userID: UserID, token: String, platform: Platform, at date: Date) async throws -> DeviceRegistration {
        try await database.transaction { db in
            let existing = try await db.first("SELECT user_id FROM devices WHERE token = \(token)")
            try await db.execute(
                """
                INSERT INTO devices (user_id, token, platform, created_at, last_seen_at)
                VALUES (\(userID), \(token), \(platform.rawValue), \(date), \(date))
                ON CONFLICT (token) DO UPDATE SET
                    user_id = excluded.user_id, platform = excluded.platform, last_seen_at = excluded.last_seen_at,
                    created_at = CASE WHEN devices.user_id = excluded.user_id THEN devices.created_at ELSE excluded.created_at END
                """
            )
            return existing?.int64("user_id") == userID ? .alreadyRegistered : .added
        }
    }

    public func removeDevice(userID: UserID, token: String) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("DELETE FROM devices WHERE user_id = \(userID) AND token = \(token)")
            return try await db.changes() > 0
        }
    }

    // MARK: Services

    private static func service(from row: SQLiteRow) -> Service {
        Service(id: row.uuid("id"), category: row.text("category"), color: row.text("color"), owner: row.text("owner"))
    }

    public func services() async throws -> [Service] {
        try await database.read { db in
            try await db.rows("SELECT id, category, color, owner FROM services ORDER BY category, id").map(Self.service(from:))
        }
    }

    public func service(id: UUID) async throws -> Service? {
        try await database.read { db in
            try await db.first("SELECT id, category, color, owner FROM services WHERE id = \(id)").map(Self.service(from:))
        }
    }

    public func createService(_ draft: ServiceDraft) async throws -> Service {
        let service = Service(id: UUID(), category: draft.category, color: draft.color, owner: draft.owner)
        try await database.transaction { db in
            try await db.execute(
                "INSERT INTO services (id, category, color, owner) VALUES (\(service.id), \(service.category), \(service.color), \(service.owner))"
            )
        }
        return service
    }

    public func updateService(id: UUID, _ patch: ServicePatch) async throws -> Service? {
        try await database.transaction { db in
            try await db.first(
                """
                UPDATE services SET category = coalesce(\(patch.category), category), color = coalesce(\(patch.color), color),
                    owner = coalesce(\(patch.owner), owner)
                WHERE id = \(id) RETURNING id, category, color, owner
                """
            ).map(Self.service(from:))
        }
    }

    public func deleteService(id: UUID) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("DELETE FROM services WHERE id = \(id)")
            return try await db.changes() > 0
        }
    }

    public func userServices(userID: UserID) async throws -> [UserService] {
        try await database.read { db in
            try await db.rows(
                """
                SELECT s.id, s.category, s.color, s.owner, (sub.user_id IS NOT NULL) AS is_subscribed
                FROM services s LEFT JOIN subscriptions sub ON sub.service_id = s.id AND sub.user_id = \(userID)
                ORDER BY s.category, s.id
                """
            ).map { UserService(service: Self.service(from: $0), isSubscribed: $0.bool("is_subscribed")) }
        }
    }

    public func setSubscriptions(userID: UserID, _ changes: [UUID: Bool]) async throws {
        let subscribe = changes.filter(\.value).map { $0.key.uuidString.lowercased() }
        let unsubscribe = changes.filter { !$0.value }.map { $0.key.uuidString.lowercased() }
        try await database.transaction { db in
            try await db.execute(
                """
                INSERT INTO subscriptions (service_id, user_id)
                SELECT id, \(userID) FROM services WHERE id IN (SELECT value FROM json_each(\(jsonArray: subscribe)))
                ON CONFLICT DO NOTHING
                """
            )
            try await db.execute(
                "DELETE FROM subscriptions WHERE user_id = \(userID) AND service_id IN (SELECT value FROM json_each(\(jsonArray: unsubscribe)))"
            )
        }
    }

    // MARK: Notifications

    private static func notification(from row: SQLiteRow) -> HeraldCore.Notification {
        Notification(
            id: row.int64("id"), serviceID: row.uuid("service_id"), timestamp: row.date("created_at"),
            title: row.text("title"), subtitle: row.text("subtitle"), url: row.text("url")
        )
    }

    public func publish(_ draft: NotificationDraft, serviceID: UUID, at date: Date) async throws -> HeraldCore.Notification? {
        try await database.transaction { db in
            guard
                let row = try await db.first(
                    """
                    INSERT INTO notifications (service_id, created_at, title, subtitle, url)
                    SELECT id, \(date), \(draft.title), \(draft.subtitle), \(draft.url) FROM services WHERE id = \(serviceID)
                    RETURNING id, service_id, created_at, title, subtitle, url
                    """
                )
            else { return nil }
            let notification = Self.notification(from: row)
            try await db.execute(
                "INSERT INTO inbox (user_id, notification_id) SELECT user_id, \(notification.id) FROM subscriptions WHERE service_id = \(serviceID)"
            )
            try await db.execute(
                """
                INSERT INTO deliveries (notification_id, device_id, user_id, platform, next_attempt_at, created_at, updated_at)
                SELECT \(notification.id), d.id, d.user_id, d.platform, \(date), \(date), \(date)
                FROM subscriptions s JOIN devices d ON d.user_id = s.user_id
                WHERE s.service_id = \(serviceID)
                """
            )
            return notification
        }
    }

    public func notifications(serviceID: UUID) async throws -> [HeraldCore.Notification] {
        try await database.read { db in
            try await db.rows(
                "SELECT id, service_id, created_at, title, subtitle, url FROM notifications WHERE service_id = \(serviceID) ORDER BY created_at, id"
            ).map(Self.notification(from:))
        }
    }

    public func inbox(userID: UserID, limit: Int, order: InboxOrder) async throws -> [InboxItem] {
        let newestFirst = try await database.read { db in
            try await db.rows(
                """
                SELECT n.id, n.service_id, n.created_at, n.title, n.subtitle, n.url, i.is_read
                FROM inbox i JOIN notifications n ON n.id = i.notification_id
                WHERE i.user_id = \(userID)
                ORDER BY n.created_at DESC, n.id DESC LIMIT \(limit)
                """
            ).map { InboxItem(notification: Self.notification(from: $0), isRead: $0.bool("is_read")) }
        }
        return order == .descending ? newestFirst : newestFirst.reversed()
    }

    public func updateInbox(userID: UserID, _ changes: [NotificationID: InboxStatus]) async throws {
        func ids(_ status: InboxStatus) -> [NotificationID] { changes.filter { $0.value == status }.map(\.key) }
        try await database.transaction { db in
            try await db.execute(
                "UPDATE inbox SET is_read = 1 WHERE user_id = \(userID) AND notification_id IN (SELECT value FROM json_each(\(jsonArray: ids(.read))))"
            )
            try await db.execute(
                "UPDATE inbox SET is_read = 0 WHERE user_id = \(userID) AND notification_id IN (SELECT value FROM json_each(\(jsonArray: ids(.unread))))"
            )
            try await db.execute(
                "DELETE FROM inbox WHERE user_id = \(userID) AND notification_id IN (SELECT value FROM json_each(\(jsonArray: ids(.deleted))))"
            )
        }
    }

    public func unreadCount(userID: UserID) async throws -> Int {
        try await database.read { db in
            Int(try await db.first("SELECT count(*) AS n FROM inbox WHERE user_id = \(userID) AND is_read = 0")?.int64("n") ?? 0)
        }
    }

    public func deleteNotifications(olderThan date: Date) async throws -> Int {
        try await database.transaction { db in
            try await db.execute("DELETE FROM notifications WHERE created_at < \(date)")
            return try await db.changes()
        }
    }

    // MARK: Deliveries

    public func deliveryCounts(notificationID: NotificationID) async throws -> [DeliveryState: Int] {
        try await database.read { db in
            let rows = try await db.rows("SELECT state, count(*) AS n FROM deliveries WHERE notification_id = \(notificationID) GROUP BY state")
            var counts: [DeliveryState: Int] = [:]
            for row in rows { if let state = DeliveryState(rawValue: row.text("state")) { counts[state] = Int(row.int64("n")) } }
            return counts
        }
    }
}
