import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore {

    static func notification(from row: SQLiteRow) -> HeraldCore.Notification {
        Notification(
            id: row.int64("id"), serviceID: row.uuid("service_id"), timestamp: row.date("created_at"),
            title: row.text("title"), subtitle: row.text("subtitle"), url: row.text("url"), severity: row.optionalText("severity")
        )
    }

    public func publish(_ draft: NotificationDraft, serviceID: UUID, at date: Date) async throws -> HeraldCore.Notification? {
        try await database.transaction { db in try await Self.publish(draft, serviceID: serviceID, at: date, in: db) }
    }

    /// Stores a notification with its inbox links and deliveries inside the
    /// caller's transaction; nil when the service does not exist.
    static func publish(_ draft: NotificationDraft, serviceID: UUID, at date: Date, in db: SQLiteExecutor) async throws -> HeraldCore.Notification? {
        guard
            let row = try await db.first(
                """
                INSERT INTO notifications (service_id, created_at, title, subtitle, url, severity)
                SELECT id, \(date), \(draft.title), \(draft.subtitle), \(draft.url), \(draft.severity) FROM services WHERE id = \(serviceID)
                RETURNING id, service_id, created_at, title, subtitle, url, severity
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

    public func notifications(serviceID: UUID) async throws -> [HeraldCore.Notification] {
        try await database.read { db in
            try await db.rows(
                "SELECT id, service_id, created_at, title, subtitle, url, severity FROM notifications WHERE service_id = \(serviceID) ORDER BY created_at, id"
            ).map(Self.notification(from:))
        }
    }

    public func inbox(userID: UserID, limit: Int, order: InboxOrder) async throws -> [InboxItem] {
        let newestFirst = try await database.read { db in
            try await db.rows(
                """
                SELECT n.id, n.service_id, n.created_at, n.title, n.subtitle, n.url, n.severity, i.is_read
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
            try await db.execute("DELETE FROM inbox WHERE notification_id IN (SELECT id FROM notifications WHERE created_at < \(date))")
            try await db.execute("DELETE FROM deliveries WHERE notification_id IN (SELECT id FROM notifications WHERE created_at < \(date))")
            try await db.execute("DELETE FROM notifications WHERE created_at < \(date)")
            return try await db.changes()
        }
    }

    public func notification(id: NotificationID) async throws -> HeraldCore.Notification? {
        try await database.read { db in
            try await db.first("SELECT id, service_id, created_at, title, subtitle, url, severity FROM notifications WHERE id = \(id)").map(Self.notification(from:))
        }
    }
}
