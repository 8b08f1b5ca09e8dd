import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore {

    typealias NotificationRow = (Int64, UUID, ExactTimestamp, String, String, String, String?)
    static func notification(_ row: NotificationRow) -> HeraldCore.Notification {
        Notification(id: row.0, serviceID: row.1, timestamp: row.2.date, title: row.3, subtitle: row.4, url: row.5, severity: row.6)
    }

    public func publish(_ draft: NotificationDraft, serviceID: UUID, at date: Date) async throws -> HeraldCore.Notification? {
        try await query(Self.publishStatement(draft, serviceID: serviceID, at: date)).decode(NotificationRow.self).all().first.map(Self.notification)
    }

    /// One statement, so one round trip and one implicit transaction: the
    /// notification, every subscriber's inbox link and every device's
    /// delivery row appear together or not at all. Returns the notification,
    /// or no row when the service does not exist.
    static func publishStatement(_ draft: NotificationDraft, serviceID: UUID, at date: Date) -> PostgresQuery {
        """
        WITH n AS (
            INSERT INTO notifications (service_id, created_at, title, subtitle, url, severity)
            SELECT id, \(ExactTimestamp(date)), \(draft.title), \(draft.subtitle), \(draft.url), \(draft.severity) FROM services WHERE id = \(serviceID)
            RETURNING id, service_id, created_at, title, subtitle, url, severity
        ),
        linked AS (
            INSERT INTO inbox (user_id, notification_id)
            SELECT s.user_id, n.id FROM n JOIN subscriptions s ON s.service_id = n.service_id
        ),
        queued AS (
            INSERT INTO deliveries (notification_id, device_id, user_id, platform, next_attempt_at, created_at, updated_at)
            SELECT n.id, d.id, d.user_id, d.platform, n.created_at, n.created_at, n.created_at
            FROM n JOIN subscriptions s ON s.service_id = n.service_id JOIN devices d ON d.user_id = s.user_id
        ),
        -- Wakes the delivery workers of every replica when the transaction commits.
        woken AS (SELECT pg_notify(\(Self.deliveryChannel), '') FROM n)
        SELECT id, service_id, created_at, title, subtitle, url, severity FROM n, (SELECT count(*) FROM woken) AS w
        """
    }

    public func notifications(serviceID: UUID) async throws -> [HeraldCore.Notification] {
        try await query(
            "SELECT id, service_id, created_at, title, subtitle, url, severity FROM notifications WHERE service_id = \(serviceID) ORDER BY created_at, id"
        ).decode(NotificationRow.self).all().map(Self.notification)
    }

    public func inbox(userID: UserID, limit: Int, order: InboxOrder) async throws -> [InboxItem] {
        let rows = try await query(
            """
            SELECT n.id, n.service_id, n.created_at, n.title, n.subtitle, n.url, n.severity, i.is_read
            FROM inbox i JOIN notifications n ON n.id = i.notification_id
            WHERE i.user_id = \(userID)
            ORDER BY n.created_at DESC, n.id DESC LIMIT \(limit)
            """
        )
        let newestFirst = try await rows.decode((Int64, UUID, ExactTimestamp, String, String, String, String?, Bool).self).all().map {
            InboxItem(notification: Self.notification(($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6)), isRead: $0.7)
        }
        return order == .descending ? newestFirst : newestFirst.reversed()
    }

    public func updateInbox(userID: UserID, _ changes: [NotificationID: InboxStatus]) async throws {
        func ids(_ status: InboxStatus) -> [Int64] { changes.filter { $0.value == status }.map(\.key) }
        try await query(
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
        for try await count in try await query("SELECT count(*) FROM inbox WHERE user_id = \(userID) AND NOT is_read").decode(Int64.self) {
            return Int(count)
        }
        return 0
    }

    public func deleteNotifications(olderThan date: Date) async throws -> Int {
        let rows = try await query(
            """
            WITH gone AS (DELETE FROM notifications WHERE created_at < \(ExactTimestamp(date)) RETURNING id),
            unlinked AS (DELETE FROM inbox WHERE notification_id IN (SELECT id FROM gone)),
            dequeued AS (DELETE FROM deliveries WHERE notification_id IN (SELECT id FROM gone))
            SELECT count(*) FROM gone
            """
        )
        for try await count in rows.decode(Int64.self) { return Int(count) }
        return 0
    }

    public func notification(id: NotificationID) async throws -> HeraldCore.Notification? {
        try await query("SELECT id, service_id, created_at, title, subtitle, url, severity FROM notifications WHERE id = \(id)")
            .decode(NotificationRow.self).all().first.map(Self.notification)
    }
}
