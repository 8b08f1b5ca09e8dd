import Foundation
import HeraldCore
import Logging
import SQLiteNIO

extension SQLiteStore: NotificationStore {

    /// A notification from a row; `id` names the column holding its id.
    /// `forWork`: read for a claim (`StoredValue`'s leniency).
    static func notification(from row: SQLiteRow, id: String = "id", forWork logger: Logger? = nil) throws -> NotificationRecord {
        let rowID = try row.int64(id)
        let key = try row.optionalText("key")
        return NotificationRecord(
            id: rowID, serviceID: try row.uuid("service_id"), timestamp: try row.date("created_at"),
            draft: NotificationDraft(
                title: try row.text("title"), subtitle: try row.text("subtitle"), url: try row.text("url"),
                severity: try StoredValue.severity(try row.optionalText("severity"), "notifications", row: rowID, forWork: logger),
                attributes: try StoredValue.attributes(try row.optionalText("attributes"), "notifications", row: rowID, forWork: logger),
                expiresAt: try row.optionalDate("expires_at"), key: key,
                alarm: try StoredValue.parse(try row.optionalText("alarm"), as: AlarmStatus.init(rawValue:), "notifications", "alarm", row: rowID, forWork: logger),
                alarmIdentity: try StoredValue.alarmIdentity(
                    source: try row.optionalText("alarm_source"), name: try row.optionalText("alarm_identity"), key: key, row: rowID, forWork: logger
                )
            )
        )
    }

    /// What every read of a notification selects (from `n`).
    static let notificationColumns: SQLiteQuery = "n.id, n.service_id, n.created_at, n.title, n.subtitle, n.url, n.severity, n.attributes, n.expires_at, n.key, n.alarm, n.alarm_source, n.alarm_identity"

    /// An inbox item's acknowledgement, beside `notificationColumns` and the
    /// item's flags (with `acknowledgementJoin`).
    static let acknowledgementColumns: SQLiteQuery =
        "a.user_id AS ack_user_id, a.username AS ack_username, a.comment AS ack_comment, a.acknowledged_at AS ack_at"
    static let acknowledgementJoin: SQLiteQuery = "LEFT JOIN acknowledgements a ON a.notification_id = n.id"

    /// An inbox item from a row with `notificationColumns`, its flags and
    /// `acknowledgementColumns`.
    static func inboxItem(from row: SQLiteRow) throws -> InboxItem {
        let notification = try notification(from: row)
        let acknowledgement = try row.optionalText("ack_username").map { username in
            Acknowledgement(
                notificationID: notification.id, userID: try row.optionalInt64("ack_user_id"), username: username,
                comment: try row.optionalText("ack_comment"), at: try row.date("ack_at")
            )
        }
        return InboxItem(notification: notification, isRead: try row.bool("is_read"), isStarred: try row.bool("is_starred"), acknowledgement: acknowledgement)
    }

    /// An expired notification leaves every inbox (starred ones stay).
    static func unexpired(at now: Date = Date()) -> SQLiteQuery {
        "(n.expires_at IS NULL OR n.expires_at > \(now) OR i.is_starred)"
    }

    public func publish(_ batch: [PublishRequest]) async throws -> PublishedBatch {
        let (notifications, fannedOut) = try await database.transaction { db in
            var stored: [NotificationRecord?] = []
            var fannedOut = false
            for request in batch {
                let published = try await Self.publish(
                    request.draft, serviceID: request.serviceID, at: request.at, filters: request.filters, inlineAudience: request.inlineAudience, in: db
                )
                stored.append(published?.record)
                fannedOut = fannedOut || published?.fannedOut == true
            }
            return (stored, fannedOut)
        }
        for notification in notifications.compactMap({ $0 }) { inboxSignals.send(.published(notification.id)) }
        // Not counted here: any stored notification may have queued pushes.
        return PublishedBatch(notifications: notifications, queuedDeliveries: notifications.contains { $0 != nil }, fannedOut: fannedOut)
    }

    /// Stores a notification with its inbox links and deliveries inside the
    /// caller's transaction; nil when the service does not exist. A service
    /// with more than `inlineAudience` subscribers gets a fan-out job instead
    /// of its audience's rows (`FanoutStore`), counted up to one past it;
    /// `fannedOut` says which.
    static func publish(
        _ draft: NotificationDraft, serviceID: UUID, at date: Date, filters: FilterVerdicts = FilterVerdicts(), inlineAudience: Int? = nil,
        in db: SQLiteExecutor
    ) async throws -> (record: NotificationRecord, fannedOut: Bool)? {
        guard
            let row = try await db.first(
                """
                INSERT INTO notifications (service_id, created_at, title, subtitle, url, severity, trace_context, request_id, attributes, expires_at, key, alarm, alarm_source, alarm_identity)
                SELECT id, \(date), \(draft.title), \(draft.subtitle), \(draft.url), \(draft.severity?.rawValue), \(draft.origin?.traceContextJSON), \(draft.origin?.requestID),
                    \(draft.attributes?.json), \(draft.expiresAt), \(draft.key), \(draft.alarm?.rawValue),
                    \(draft.alarmIdentity?.source.rawValue), \(draft.alarmIdentity?.name)
                FROM services WHERE id = \(serviceID)
                RETURNING id, service_id, created_at, title, subtitle, url, severity, attributes, expires_at, key, alarm, alarm_source, alarm_identity
                """
            )
        else { return nil }
        let notification = try Self.notification(from: row)
        // A post in each of its service's chat rooms (issue 43), due at once.
        try await db.execute(
            "INSERT INTO chat_posts (room_id, notification_id, created_at, due_at) SELECT id, \(notification.id), \(date), \(date) FROM chat_rooms WHERE service_id = \(serviceID)"
        )
        var large = false
        if let inlineAudience {
            large = try await db.first("SELECT count(*) AS c FROM (SELECT 1 FROM subscriptions WHERE service_id = \(serviceID) LIMIT \(inlineAudience + 1))")
                .map { try $0.int64("c") > Int64(inlineAudience) } ?? false
        }
        if large {
            try await db.execute(
                "INSERT INTO fanouts (notification_id, service_id, refused_filters) VALUES (\(notification.id), \(serviceID), \(jsonArray: filters.rejected))"
            )
        } else {
            // Its service's subscribers, less the holders of the filters that refused it.
            let audience: SQLiteQuery = """
                SELECT \(notification.id) AS notification_id, s.user_id, \(DeliveryPriority.of(draft.severity)) AS priority, \(date) AS created_at
                FROM subscriptions s WHERE s.service_id = \(serviceID) \(onlyMatchingFilters(filters))
                """
            try await db.execute("INSERT INTO inbox (user_id, notification_id, changed_at) SELECT user_id, notification_id, created_at FROM (\(audience)) WHERE true")
            try await db.execute(Self.queue(.posts, to: audience))
        }
        // At or above its service's policy's minimum severity: its escalation starts, its first step due at once.
        // A new notification: no earlier escalation to read.
        try await Self.startEscalation(of: notification.id, serviceID: serviceID, changedTo: draft, at: date, in: db, logger: nil)
        return (notification, large)
    }

    /// Starts (or starts again) the escalation of a notification whose
    /// content changed to `draft`, as `EscalationStart.starts` decides from
    /// what it reads here: its service's policy's minimum rank, how an
    /// earlier escalation ended, whether someone has the alarm. A new
    /// notification (a post) and both ways content changes (an update, an
    /// alarm's report) come here, inside their transaction (the file's one
    /// writer: nothing changes between the read and the write).
    static func startEscalation(
        of id: NotificationID, serviceID: UUID, changedTo draft: NotificationDraft, at now: Date, in db: SQLiteExecutor, logger: Logger?
    ) async throws {
        guard let rank = EscalationStart.rank(of: draft) else { return }
        guard
            let read = try await db.first(
                """
                SELECT p.minimum_rank, EXISTS (SELECT 1 FROM escalations WHERE notification_id = \(id)) AS running_or_ended,
                    (SELECT ended FROM escalations WHERE notification_id = \(id)) AS ended,
                    EXISTS (SELECT 1 FROM acknowledgements WHERE notification_id = \(id)) AS acknowledged
                FROM escalation_policies p WHERE p.service_id = \(serviceID)
                """
            )
        else { return }
        // Unreadable (a newer release's end): logged, and read as running, so nothing starts.
        let ended = try StoredValue.parse(try read.optionalText("ended"), as: EscalationEnd.init(rawValue:), "escalations", "ended", row: id, forWork: logger)
        let existing: EscalationEnd?? = try read.int64("running_or_ended") != 0 ? .some(ended) : .none
        let acknowledged = try read.int64("acknowledged") != 0
        guard EscalationStart.starts(rank: rank, minimumRank: Int(try read.int64("minimum_rank")), existing: existing, acknowledged: acknowledged) else { return }
        try await db.execute(
            """
            INSERT INTO escalations (notification_id, service_id, policy, step, pass, due_at, started_at)
            SELECT \(id), service_id, policy, 0, 0, \(now), \(now) FROM escalation_policies WHERE service_id = \(serviceID)
            ON CONFLICT (notification_id) DO UPDATE SET policy = excluded.policy, step = 0, pass = 0, due_at = excluded.due_at,
                ended = NULL, ended_at = NULL, claimed_by = NULL, claimed_until = NULL, started_at = excluded.started_at
            WHERE escalations.ended = \(ended?.rawValue)
            """
        )
    }

    /// Leaves out a subscriber (`s`) whose filter refused the notification;
    /// nothing when none did.
    static func onlyMatchingFilters(_ filters: FilterVerdicts) -> SQLiteQuery {
        guard !filters.isEmpty else { return "" }
        return """
            AND NOT EXISTS (
                SELECT 1 FROM user_filters f
                WHERE f.user_id = s.user_id AND f.service_id = s.service_id
                    AND f.filter_id IN (SELECT value FROM json_each(\(jsonArray: filters.rejected)))
            )
            """
    }

    public func notification(serviceID: UUID, key: String) async throws -> NotificationRecord? {
        try await database.read { db in
            try await db.first("SELECT \(Self.notificationColumns) FROM notifications n WHERE service_id = \(serviceID) AND key = \(key)")
                .map { try Self.notification(from: $0) }
        }
    }

    public func updateNotification(
        id: NotificationID, with draft: NotificationDraft, reaching audience: Audience, at now: Date
    ) async throws -> (notification: NotificationRecord, queued: Bool)? {
        let updated = try await database.transaction { db -> (NotificationRecord, Bool)? in
            guard
                let row = try await db.first(
                    """
                    UPDATE notifications SET title = \(draft.title), subtitle = \(draft.subtitle), url = \(draft.url), severity = \(draft.severity?.rawValue),
                        attributes = \(draft.attributes?.json), expires_at = \(draft.expiresAt), alarm = \(draft.alarm?.rawValue),
                        alarm_source = coalesce(\(draft.alarmIdentity?.source.rawValue), alarm_source), alarm_identity = coalesce(\(draft.alarmIdentity?.name), alarm_identity)
                    WHERE id = \(id)
                    RETURNING id, service_id, created_at, title, subtitle, url, severity, attributes, expires_at, key, alarm, alarm_source, alarm_identity
                    """
                )
            else { return nil }
            let notification = try Self.notification(from: row)
            try await db.execute("UPDATE inbox SET changed_at = \(now) WHERE notification_id = \(id)")
            // Its followed messages (ntfy, Pushover) are looked at now (issue 43).
            try await db.execute("UPDATE contact_follow_ups SET hastened = 1, next_check_at = min(next_check_at, \(now)) WHERE notification_id = \(id)")
            // Its posts in chat rooms are edited now.
            try await db.execute(
                "UPDATE chat_posts SET hastened = 1, due_at = min(coalesce(due_at, \(now)), \(now)) WHERE notification_id = \(id) AND state IN ('new', 'handed', 'posted')"
            )
            try await Self.startEscalation(of: id, serviceID: notification.serviceID, changedTo: draft, at: now, in: db, logger: logger)
            let pushed = try await Self.reach(audience, of: id, order: .alert(at: now), priority: DeliveryPriority.of(draft.severity), at: now, in: db)
            return (notification, !pushed.isEmpty)
        }
        if let updated { inboxSignals.send(.published(updated.0.id)) }
        return updated
    }

    public func notify(_ draft: NotificationDraft, to people: [UserID], on serviceID: UUID, at now: Date) async throws -> NotificationRecord? {
        guard let key = draft.key else { throw StoreError.invalidInput("a notice needs a key") }
        let made = try await database.transaction { db -> NotificationRecord? in
            // Kept once by its key: told before, nothing is linked or pushed.
            guard
                let row = try await db.first(
                    """
                    INSERT INTO notifications (service_id, created_at, title, subtitle, url, severity, key)
                    SELECT id, \(now), \(draft.title), \(draft.subtitle), \(draft.url), \(draft.severity?.rawValue), \(key) FROM services WHERE id = \(serviceID)
                    ON CONFLICT (service_id, key) WHERE key IS NOT NULL DO NOTHING
                    RETURNING id, service_id, created_at, title, subtitle, url, severity, attributes, expires_at, key, alarm, alarm_source, alarm_identity
                    """
                )
            else { return nil }
            let notification = try Self.notification(from: row)
            try await Self.reach(
                Audience(.named(people), links: true), of: notification.id, order: .alert(at: now), priority: DeliveryPriority.of(draft.severity), at: now, counted: false, in: db
            )
            return notification
        }
        if let made { inboxSignals.send(.published(made.id)) }
        return made
    }

    public func inbox(userID: UserID, limit: Int, order: InboxOrder) async throws -> [InboxItem] {
        let newestFirst = try await database.read { db in
            try await db.rows(
                """
                SELECT \(Self.notificationColumns), i.is_read, i.is_starred, \(Self.acknowledgementColumns)
                FROM inbox i JOIN notifications n ON n.id = i.notification_id \(Self.acknowledgementJoin)
                WHERE i.user_id = \(userID) AND \(Self.unexpired())
                ORDER BY n.created_at DESC, n.id DESC LIMIT \(limit)
                """
            ).map(Self.inboxItem(from:))
        }
        return order == .descending ? newestFirst : newestFirst.reversed()
    }

    public func inboxPage(userID: UserID, from start: PageStart, limit: Int, filter: InboxFilter) async throws -> [InboxItem] {
        let (before, after) = start.bounds
        let order: SQLiteQuery = start.isNewestFirst ? "DESC" : "ASC"
        return try await database.read { db in
            try await db.rows(
                """
                SELECT \(Self.notificationColumns), i.is_read, i.is_starred, \(Self.acknowledgementColumns)
                FROM inbox i JOIN notifications n ON n.id = i.notification_id \(Self.acknowledgementJoin)
                WHERE i.user_id = \(userID) AND \(Self.unexpired())
                    AND (\(before) IS NULL OR i.notification_id < \(before)) AND (\(after) IS NULL OR i.notification_id > \(after))
                    AND (\(filter.serviceID) IS NULL OR n.service_id = \(filter.serviceID))
                    AND (\(filter.isRead) IS NULL OR i.is_read = \(filter.isRead))
                    AND (\(filter.isStarred) IS NULL OR i.is_starred = \(filter.isStarred))
                ORDER BY i.notification_id \(order) LIMIT \(limit)
                """
            ).map(Self.inboxItem(from:))
        }
    }

    public func notificationsPage(serviceID: UUID, from start: PageStart, limit: Int) async throws -> [NotificationRecord] {
        let (before, after) = start.bounds
        let order: SQLiteQuery = start.isNewestFirst ? "DESC" : "ASC"
        return try await database.read { db in
            try await db.rows(
                """
                SELECT \(Self.notificationColumns) FROM notifications n
                WHERE service_id = \(serviceID) AND (\(before) IS NULL OR id < \(before)) AND (\(after) IS NULL OR id > \(after))
                ORDER BY id \(order) LIMIT \(limit)
                """
            ).map { try Self.notification(from: $0) }
        }
    }

    public func updateInbox(userID: UserID, _ changes: [NotificationID: InboxStatus], at now: Date) async throws {
        func ids(_ status: InboxStatus) -> [NotificationID] { changes.filter { $0.value == status }.map(\.key) }
        try await database.transaction { db in
            try await db.execute(
                """
                UPDATE inbox SET is_read = 1, changed_at = \(now)
                WHERE user_id = \(userID) AND notification_id IN (SELECT value FROM json_each(\(jsonArray: ids(.read))))
                """
            )
            try await db.execute(
                """
                UPDATE inbox SET is_read = 0, changed_at = \(now)
                WHERE user_id = \(userID) AND notification_id IN (SELECT value FROM json_each(\(jsonArray: ids(.unread))))
                """
            )
            for (status, flag) in [(InboxStatus.starred, true), (.unstarred, false)] {
                try await db.execute(
                    """
                    UPDATE inbox SET is_starred = \(flag), changed_at = \(now)
                    WHERE user_id = \(userID) AND notification_id IN (SELECT value FROM json_each(\(jsonArray: ids(status))))
                    """
                )
            }
            try await db.execute(
                """
                INSERT INTO inbox_removals (user_id, notification_id, removed_at)
                SELECT user_id, notification_id, \(now) FROM inbox
                WHERE user_id = \(userID) AND notification_id IN (SELECT value FROM json_each(\(jsonArray: ids(.deleted))))
                """
            )
            try await db.execute(
                "DELETE FROM inbox WHERE user_id = \(userID) AND notification_id IN (SELECT value FROM json_each(\(jsonArray: ids(.deleted))))"
            )
            try await db.execute("DELETE FROM inbox_removals WHERE removed_at < \(now.addingTimeInterval(-Self.removalsKeptFor))")
        }
        inboxSignals.send(.changed(userID))
    }

    /// How long deleted inbox items are remembered for reconnecting streams.
    static let removalsKeptFor: TimeInterval = 86_400

    public func inboxChanges(userID: UserID, since: Date, limit: Int) async throws -> [InboxChange] {
        try await database.read { db in
            let changed = try await db.rows(
                """
                SELECT \(Self.notificationColumns), i.is_read, i.is_starred, i.changed_at, \(Self.acknowledgementColumns)
                FROM inbox i JOIN notifications n ON n.id = i.notification_id \(Self.acknowledgementJoin)
                WHERE i.user_id = \(userID) AND i.changed_at > \(since) AND \(Self.unexpired()) ORDER BY i.changed_at LIMIT \(limit)
                """
            ).map { InboxChange(.upserted(try Self.inboxItem(from: $0)), at: try $0.date("changed_at")) }
            // Acknowledged or withdrawn since: one row per notification, read for this holder's items.
            let acknowledged = try await db.rows(
                """
                SELECT \(Self.notificationColumns), i.is_read, i.is_starred, c.changed_at, \(Self.acknowledgementColumns)
                FROM acknowledgement_changes c JOIN inbox i ON i.notification_id = c.notification_id AND i.user_id = \(userID)
                    JOIN notifications n ON n.id = c.notification_id \(Self.acknowledgementJoin)
                WHERE c.changed_at > \(since) AND \(Self.unexpired()) ORDER BY c.changed_at LIMIT \(limit)
                """
            ).map { InboxChange(.upserted(try Self.inboxItem(from: $0)), at: try $0.date("changed_at")) }
            let removed = try await db.rows(
                """
                SELECT notification_id, removed_at FROM inbox_removals
                WHERE user_id = \(userID) AND removed_at > \(since) ORDER BY removed_at LIMIT \(limit)
                """
            ).map { InboxChange(.removed(try $0.int64("notification_id")), at: try $0.date("removed_at")) }
            return Array((InboxChange.latestOfEach(changed + acknowledged) + removed).sorted { $0.at < $1.at }.prefix(limit))
        }
    }

    public func inboxItems(notificationID: NotificationID, userIDs: [UserID]) async throws -> [UserID: InboxItem] {
        try await database.read { db in
            var items: [UserID: InboxItem] = [:]
            for row in try await db.rows(
                """
                SELECT i.user_id, \(Self.notificationColumns), i.is_read, i.is_starred, \(Self.acknowledgementColumns),
                    max(i.changed_at, coalesce((SELECT c.changed_at FROM acknowledgement_changes c WHERE c.notification_id = i.notification_id), 0))
                        AS changed_at
                FROM inbox i JOIN notifications n ON n.id = i.notification_id \(Self.acknowledgementJoin)
                WHERE i.notification_id = \(notificationID) AND i.user_id IN (SELECT value FROM json_each(\(jsonArray: userIDs)))
                """
            ) {
                var item = try Self.inboxItem(from: row)
                item.changedAt = try row.date("changed_at")
                items[try row.int64("user_id")] = item
            }
            return items
        }
    }

    public func listenForInboxSignals(_ signal: @escaping @Sendable (InboxSignal) -> Void) async throws {
        await inboxSignals.listen(signal)
    }

    public func unreadCount(userID: UserID) async throws -> Int {
        try await database.read { db in
            Int(
                try await db.first(
                    """
                    SELECT count(*) AS unread FROM inbox i JOIN notifications n ON n.id = i.notification_id
                    WHERE i.user_id = \(userID) AND i.is_read = 0 AND \(Self.unexpired())
                    """
                )?.int64("unread") ?? 0
            )
        }
    }

    public func notification(id: NotificationID) async throws -> NotificationRecord? {
        try await database.read { db in
            try await db.first("SELECT \(Self.notificationColumns) FROM notifications n WHERE id = \(id)").map { try Self.notification(from: $0) }
        }
    }
}
