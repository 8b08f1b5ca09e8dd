import Foundation
import HeraldCore
import Logging
import PostgresNIO

/// The production store: PostgreSQL through postgres-nio's pooled client,
/// shared by any number of Herald replicas.
public final class PostgresStore: HeraldStore {
    let client: PostgresClient
    let logger: Logger

    /// The client must be running (`client.run()` in the service group) before
    /// any call; see `StoreFactory`.
    public init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    private func rows(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await client.query(query, logger: logger)
    }

    // MARK: Settings

    public func sharedSetting(_ name: String, ifAbsent candidate: String) async throws -> String {
        // The no-op update makes RETURNING answer on conflict too, in one statement.
        let rows = try await rows(
            """
            INSERT INTO settings (name, value) VALUES (\(name), \(candidate))
            ON CONFLICT (name) DO UPDATE SET value = settings.value RETURNING value
            """
        )
        for try await value in rows.decode(String.self) { return value }
        return candidate
    }

    // MARK: Users

    private typealias UserRow = (Int64, String, Bool, Bool, ExactTimestamp?)
    private static func user(_ row: UserRow) -> User {
        User(id: row.0, username: row.1, isActive: row.2, isAdmin: row.3, loginExpiresAt: row.4?.date)
    }
    private func users(_ query: PostgresQuery) async throws -> [User] {
        try await rows(query).decode(UserRow.self).all().map(Self.user)
    }

    public func createUser(username: String, passwordHash: String?, isAdmin: Bool) async throws -> User {
        let created = try await users(
            """
            INSERT INTO users (username, password_hash, is_admin) VALUES (\(username), \(passwordHash), \(isAdmin))
            ON CONFLICT (username) DO NOTHING RETURNING id, username, is_active, is_admin, login_expires_at
            """
        )
        guard let user = created.first else { throw StoreError.conflict("user \(username)") }
        return user
    }

    public func user(id: UserID) async throws -> User? {
        try await users("SELECT id, username, is_active, is_admin, login_expires_at FROM users WHERE id = \(id)").first
    }

    public func user(named username: String) async throws -> User? {
        try await users("SELECT id, username, is_active, is_admin, login_expires_at FROM users WHERE username = \(username)").first
    }

    public func passwordHash(username: String) async throws -> String? {
        for try await hash in try await rows("SELECT password_hash FROM users WHERE username = \(username)").decode(String?.self) {
            return hash
        }
        return nil
    }

    public func setPasswordHash(username: String, hash: String) async throws -> Bool {
        try await !rows("UPDATE users SET password_hash = \(hash) WHERE username = \(username) RETURNING id").decode(Int64.self).all().isEmpty
    }

    public func users() async throws -> [User] {
        try await users("SELECT id, username, is_active, is_admin, login_expires_at FROM users ORDER BY username")
    }

    public func updateUser(id: UserID, _ patch: UserPatch) async throws -> User? {
        try await users(
            """
            UPDATE users SET is_active = coalesce(\(patch.isActive), is_active), is_admin = coalesce(\(patch.isAdmin), is_admin)
            WHERE id = \(id) RETURNING id, username, is_active, is_admin, login_expires_at
            """
        ).first
    }

    public func deleteUser(id: UserID) async throws -> Bool {
        try await !rows("DELETE FROM users WHERE id = \(id) RETURNING id").decode(Int64.self).all().isEmpty
    }

    public func deleteUser(named username: String) async throws -> Bool {
        try await !rows("DELETE FROM users WHERE username = \(username) RETURNING id").decode(Int64.self).all().isEmpty
    }

    public func recordLogin(userID: UserID, expiresAt: Date) async throws {
        try await rows("UPDATE users SET login_expires_at = \(ExactTimestamp(expiresAt)) WHERE id = \(userID)").discard()
    }

    public func adminCount() async throws -> Int {
        for try await count in try await rows("SELECT count(*) FROM users WHERE is_admin").decode(Int64.self) { return Int(count) }
        return 0
    }

    public func deviceTokens(userIDs: [UserID]) async throws -> [UserID: [String]] {
        var tokens: [UserID: [String]] = [:]
        let rows = try await rows("SELECT user_id, token FROM devices WHERE user_id = ANY(\(userIDs)) ORDER BY id")
        for try await (userID, token) in rows.decode((Int64, String).self) { tokens[userID, default: []].append(token) }
        return tokens
    }

    // MARK: Devices

    public func registerDevice(userID: UserID, token: String, platform: Platform, at date: Date) async throws -> DeviceRegistration {
        // `previous` is the owner before this statement: the CTE sees the old snapshot.
        let rows = try await rows(
            """
            WITH previous AS (SELECT user_id FROM devices WHERE token = \(token)),
            upsert AS (
                INSERT INTO devices (user_id, token, platform, created_at, last_seen_at)
                VALUES (\(userID), \(token), \(platform.rawValue), \(ExactTimestamp(date)), \(ExactTimestamp(date)))
                ON CONFLICT (token) DO UPDATE SET
                    user_id = excluded.user_id, platform = excluded.platform, last_seen_at = excluded.last_seen_at,
                    created_at = CASE WHEN devices.user_id = excluded.user_id THEN devices.created_at ELSE excluded.created_at END
            )
            SELECT coalesce((SELECT user_id FROM previous) = \(userID), false)
            """
        )
        for try await already in rows.decode(Bool.self) { return already ? .alreadyRegistered : .added }
        return .added
    }

    public func removeDevice(userID: UserID, token: String) async throws -> Bool {
        try await !rows("DELETE FROM devices WHERE user_id = \(userID) AND token = \(token) RETURNING id").decode(Int64.self).all().isEmpty
    }

    // MARK: Services

    private typealias ServiceRow = (UUID, String, String, String)
    private func services(_ query: PostgresQuery) async throws -> [Service] {
        try await rows(query).decode(ServiceRow.self).all().map { Service(id: $0.0, category: $0.1, color: $0.2, owner: $0.3) }
    }

    public func services() async throws -> [Service] {
        try await services("SELECT id, category, color, owner FROM services ORDER BY category, id")
    }

    public func service(id: UUID) async throws -> Service? {
        try await services("SELECT id, category, color, owner FROM services WHERE id = \(id)").first
    }

    public func createService(_ draft: ServiceDraft) async throws -> Service {
        let service = Service(id: UUID(), category: draft.category, color: draft.color, owner: draft.owner)
        try await rows(
            "INSERT INTO services (id, category, color, owner) VALUES (\(service.id), \(service.category), \(service.color), \(service.owner))"
        ).discard()
        return service
    }

    public func updateService(id: UUID, _ patch: ServicePatch) async throws -> Service? {
        try await services(
            """
            UPDATE services SET category = coalesce(\(patch.category), category), color = coalesce(\(patch.color), color),
                owner = coalesce(\(patch.owner), owner)
            WHERE id = \(id) RETURNING id, category, color, owner
            """
        ).first
    }

    public func deleteService(id: UUID) async throws -> Bool {
        try await !rows("DELETE FROM services WHERE id = \(id) RETURNING id").decode(UUID.self).all().isEmpty
    }

    public func userServices(userID: UserID) async throws -> [UserService] {
        let rows = try await rows(
            """
            SELECT s.id, s.category, s.color, s.owner, (sub.user_id IS NOT NULL)
            FROM services s LEFT JOIN subscriptions sub ON sub.service_id = s.id AND sub.user_id = \(userID)
            ORDER BY s.category, s.id
            """
        )
        return try await rows.decode((UUID, String, String, String, Bool).self).all().map {
            UserService(service: Service(id: $0.0, category: $0.1, color: $0.2, owner: $0.3), isSubscribed: $0.4)
        }
    }

    public func setSubscriptions(userID: UserID, _ changes: [UUID: Bool]) async throws {
        let subscribe = changes.filter(\.value).map(\.key)
        let unsubscribe = changes.filter { !$0.value }.map(\.key)
        try await rows(
            """
            WITH added AS (
                INSERT INTO subscriptions (service_id, user_id)
                SELECT id, \(userID) FROM services WHERE id = ANY(\(subscribe))
                ON CONFLICT DO NOTHING
            )
            DELETE FROM subscriptions WHERE user_id = \(userID) AND service_id = ANY(\(unsubscribe))
            """
        ).discard()
    }

    // MARK: Notifications

    private typealias NotificationRow = (Int64, UUID, ExactTimestamp, String, String, String)
    private static func notification(_ row: NotificationRow) -> HeraldCore.Notification {
        Notification(id: row.0, serviceID: row.1, timestamp: row.2.date, title: row.3, subtitle: row.4, url: row.5)
    }

    public func publish(_ draft: NotificationDraft, serviceID: UUID, at date: Date) async throws -> HeraldCore.Notification? {
        // One statement, so one round trip and one implicit transaction: the
        // notification, every subscriber's inbox link and every device's
        // delivery row appear together or not at all.
        let rows = try await rows(
            """
            WITH n AS (
                INSERT INTO notifications (service_id, created_at, title, subtitle, url)
                SELECT id, \(ExactTimestamp(date)), \(draft.title), \(draft.subtitle), \(draft.url) FROM services WHERE id = \(serviceID)
                RETURNING id, service_id, created_at, title, subtitle, url
            ),
            linked AS (
                INSERT INTO inbox (user_id, notification_id)
                SELECT s.user_id, n.id FROM n JOIN subscriptions s ON s.service_id = n.service_id
            ),
            queued AS (
                INSERT INTO deliveries (notification_id, device_id, user_id, platform, next_attempt_at, created_at, updated_at)
                SELECT n.id, d.id, d.user_id, d.platform, n.created_at, n.created_at, n.created_at
                FROM n JOIN subscriptions s ON s.service_id = n.service_id JOIN devices d ON d.user_id = s.user_id
            )
            SELECT id, service_id, created_at, title, subtitle, url FROM n
            """
        )
        return try await rows.decode(NotificationRow.self).all().first.map(Self.notification)
    }

    public func notifications(serviceID: UUID) async throws -> [HeraldCore.Notification] {
        try await rows(
            "SELECT id, service_id, created_at, title, subtitle, url FROM notifications WHERE service_id = \(serviceID) ORDER BY created_at, id"
        ).decode(NotificationRow.self).all().map(Self.notification)
    }

    public func inbox(userID: UserID, limit: Int, order: InboxOrder) async throws -> [InboxItem] {
        let rows = try await rows(
            """
            SELECT n.id, n.service_id, n.created_at, n.title, n.subtitle, n.url, i.is_read
            FROM inbox i JOIN notifications n ON n.id = i.notification_id
            WHERE i.user_id = \(userID)
            ORDER BY n.created_at DESC, n.id DESC LIMIT \(limit)
            """
        )
        let newestFirst = try await rows.decode((Int64, UUID, ExactTimestamp, String, String, String, Bool).self).all().map {
            InboxItem(notification: Self.notification(($0.0, $0.1, $0.2, $0.3, $0.4, $0.5)), isRead: $0.6)
        }
        return order == .descending ? newestFirst : newestFirst.reversed()
    }

    public func updateInbox(userID: UserID, _ changes: [NotificationID: InboxStatus]) async throws {
        func ids(_ status: InboxStatus) -> [Int64] { changes.filter { $0.value == status }.map(\.key) }
        try await rows(
            """
            WITH marked AS (
                UPDATE inbox SET is_read = (notification_id = ANY(\(ids(.read))))
                WHERE user_id = \(userID) AND (notification_id = ANY(\(ids(.read))) OR notification_id = ANY(\(ids(.unread))))
            )
            DELETE FROM inbox WHERE user_id = \(userID) AND notification_id = ANY(\(ids(.deleted)))
            """
        ).discard()
    }

    public func unreadCount(userID: UserID) async throws -> Int {
        for try await count in try await rows("SELECT count(*) FROM inbox WHERE user_id = \(userID) AND NOT is_read").decode(Int64.self) {
            return Int(count)
        }
        return 0
    }

    public func deleteNotifications(olderThan date: Date) async throws -> Int {
        let rows = try await rows("WITH gone AS (DELETE FROM notifications WHERE created_at < \(ExactTimestamp(date)) RETURNING 1) SELECT count(*) FROM gone")
        for try await count in rows.decode(Int64.self) { return Int(count) }
        return 0
    }

    // MARK: Deliveries

    public func deliveryCounts(notificationID: NotificationID) async throws -> [DeliveryState: Int] {
        var counts: [DeliveryState: Int] = [:]
        let rows = try await rows("SELECT state, count(*) FROM deliveries WHERE notification_id = \(notificationID) GROUP BY state")
        for try await (state, count) in rows.decode((String, Int64).self) {
            if let state = DeliveryState(rawValue: state) { counts[state] = Int(count) }
        }
        return counts
    }
}
