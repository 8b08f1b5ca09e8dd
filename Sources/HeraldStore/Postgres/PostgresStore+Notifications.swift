import Foundation
import HeraldCore
import Logging
import PostgresNIO

extension PostgresStore: NotificationStore {
    /// A notification's columns, in `notificationColumns`' order.
    typealias NotificationRow = (Int64, UUID, ExactTimestamp, String, String, String, String?, String?, ExactTimestamp?, String?, String?, String?, String?)

    /// What every read of a notification selects (from `n`).
    static let notificationColumns = "n.id, n.service_id, n.created_at, n.title, n.subtitle, n.url, n.severity, n.attributes, n.expires_at, n.key, n.alarm, n.alarm_source, n.alarm_identity"

    /// `forWork`: read for a claim (`StoredValue`'s leniency).
    static func notification(_ row: NotificationRow, forWork logger: Logger? = nil) throws -> NotificationRecord {
        NotificationRecord(
            id: row.0, serviceID: row.1, timestamp: row.2.date,
            draft: NotificationDraft(
                title: row.3, subtitle: row.4, url: row.5, severity: try StoredValue.severity(row.6, "notifications", row: row.0, forWork: logger),
                attributes: try StoredValue.attributes(row.7, "notifications", row: row.0, forWork: logger), expiresAt: row.8?.date, key: row.9,
                alarm: try StoredValue.parse(row.10, as: AlarmStatus.init(rawValue:), "notifications", "alarm", row: row.0, forWork: logger),
                alarmIdentity: try StoredValue.alarmIdentity(source: row.11, name: row.12, key: row.9, row: row.0, forWork: logger)
            )
        )
    }

    /// `expires_us` (µs since 1970, 0 for none) as a timestamp, exactly.
    static let expiryColumn = "CASE WHEN expires_us = 0 THEN NULL ELSE timestamptz 'epoch' + expires_us * interval '1 microsecond' END"

    public func notification(serviceID: UUID, key: String) async throws -> NotificationRecord? {
        try await first(
            "SELECT \(unescaped: Self.notificationColumns) FROM notifications n WHERE service_id = \(serviceID) AND key = \(key)", as: NotificationRow.self
        ).map { try Self.notification($0) }
    }

    public func updateNotification(
        id: NotificationID, with draft: NotificationDraft, reaching audience: Audience, at now: Date
    ) async throws -> (notification: NotificationRecord, queued: Bool)? {
        let expiresUs = draft.expiresAt?.microsecondsSince1970 ?? 0
        let at = ExactTimestamp(now)
        // One statement: the new content, every holder's inbox item marked
        // changed (live streams show it), and the audience given it; then,
        // in the same transaction, the escalation `EscalationStart` wants.
        return try await transaction { connection in
            let row = try await connection.rows(
                """
                WITH updated AS (
                    UPDATE notifications SET title = \(draft.title), subtitle = \(draft.subtitle), url = \(draft.url), severity = \(draft.severity?.rawValue),
                        attributes = \(draft.attributes?.json), alarm = \(draft.alarm?.rawValue),
                        alarm_source = coalesce(\(draft.alarmIdentity?.source.rawValue), alarm_source), alarm_identity = coalesce(\(draft.alarmIdentity?.name), alarm_identity),
                        expires_at = (SELECT \(unescaped: Self.expiryColumn) FROM (SELECT \(expiresUs)::int8 AS expires_us) AS e)
                    WHERE id = \(id)
                    RETURNING id, service_id, created_at, title, subtitle, url, severity, attributes, expires_at, key, alarm, alarm_source, alarm_identity
                ),
                touched AS (UPDATE inbox SET changed_at = \(at) WHERE notification_id = (SELECT id FROM updated)),
                    -- Its followed messages (ntfy, Pushover) are looked at now (issue 43).
                    followed AS (
                        UPDATE contact_follow_ups SET hastened = true, next_check_at = least(next_check_at, \(at)) WHERE notification_id = (SELECT id FROM updated)
                    ),
                    -- Its posts in chat rooms are edited now (issue 43).
                    chatted AS (
                        UPDATE chat_posts SET hastened = true, due_at = least(coalesce(due_at, \(at)), \(at))
                        WHERE notification_id = (SELECT id FROM updated) AND state IN ('new', 'handed', 'posted')
                    ),
                \(reach: audience, named: "audience", of: "updated up", notification: "up.id", service: "up.service_id", priority: DeliveryPriority.of(draft.severity), at: now),
                queued AS (\(queue: .alert(at: now), to: "audience_pushed")),
                woken AS (
                    \(unescaped: Self.wakeWorkers(queued: "queued"))
                    UNION ALL
                    SELECT pg_notify(\(Self.inboxChannel), 'n' || id::text) FROM updated
                )
                SELECT id, service_id, created_at, title, subtitle, url, severity, attributes, expires_at, key, alarm, alarm_source, alarm_identity, EXISTS (SELECT 1 FROM queued)
                FROM updated, (SELECT count(*) FROM woken) AS w
                """,
                as: (Int64, UUID, ExactTimestamp, String, String, String, String?, String?, ExactTimestamp?, String?, String?, String?, String?, Bool).self, logger: logger
            ).first
            guard let row else { return nil }
            let record = try Self.notification((row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7, row.8, row.9, row.10, row.11, row.12))
            try await Self.startEscalation(of: id, serviceID: record.serviceID, changedTo: draft, at: at, on: connection, logger: logger)
            return (record, row.13)
        }
    }

    public func notify(_ draft: NotificationDraft, to people: [UserID], on serviceID: UUID, at now: Date) async throws -> NotificationRecord? {
        guard let key = draft.key else { throw StoreError.invalidInput("a notice needs a key") }
        let at = ExactTimestamp(now)
        // One statement: kept once by its key (a second replica's insert
        // does nothing, and so links and pushes nothing), in the people's
        // inbox, their devices queued, the workers and streams woken.
        let row = try await first(
            """
            WITH made AS (
                INSERT INTO notifications (service_id, created_at, title, subtitle, url, severity, key)
                SELECT id, \(at), \(draft.title), \(draft.subtitle), \(draft.url), \(draft.severity?.rawValue), \(key) FROM services WHERE id = \(serviceID)
                ON CONFLICT (service_id, key) WHERE key IS NOT NULL DO NOTHING
                RETURNING id, service_id, created_at, title, subtitle, url, severity, attributes, expires_at, key, alarm, alarm_source, alarm_identity
            ),
            \(reach: Audience(.named(people), links: true), named: "audience", of: "made m", notification: "m.id", service: "m.service_id", priority: DeliveryPriority.of(draft.severity), at: now),
            queued AS (\(queue: .alert(at: now), to: "audience_pushed")),
            woken AS (
                \(unescaped: Self.wakeWorkers(queued: "queued"))
                UNION ALL
                SELECT pg_notify(\(Self.inboxChannel), 'n' || id::text) FROM made
            )
            SELECT id, service_id, created_at, title, subtitle, url, severity, attributes, expires_at, key, alarm, alarm_source, alarm_identity
            FROM made, (SELECT count(*) FROM woken) AS w
            """,
            as: NotificationRow.self
        )
        return try row.map { try Self.notification($0) }
    }

    /// Starts (or starts again) the escalation of a notification whose
    /// content changed to `draft`, as `EscalationStart.starts` decides from
    /// what it reads here: its service's policy's minimum rank, how an
    /// earlier escalation ended, whether someone has the alarm. Both ways
    /// content changes (an update, an alarm's report) come here, inside
    /// their transaction. The write applies that decision only while the
    /// escalation is still as read (another replica starting it meanwhile
    /// leaves it be).
    static func startEscalation(
        of id: NotificationID, serviceID: UUID, changedTo draft: NotificationDraft, at now: ExactTimestamp, on connection: PostgresConnection, logger: Logger
    ) async throws {
        guard let rank = EscalationStart.rank(of: draft) else { return }
        guard
            let read = try await connection.rows(
                """
                SELECT p.minimum_rank, EXISTS (SELECT 1 FROM escalations WHERE notification_id = \(id)),
                    (SELECT ended FROM escalations WHERE notification_id = \(id)), EXISTS (SELECT 1 FROM acknowledgements WHERE notification_id = \(id))
                FROM escalation_policies p WHERE p.service_id = \(serviceID)
                """,
                as: (Int32, Bool, String?, Bool).self, logger: logger
            ).first
        else { return }
        // Unreadable (a newer release's end): logged, and read as running, so nothing starts.
        let ended = try StoredValue.parse(read.2, as: EscalationEnd.init(rawValue:), "escalations", "ended", row: id, forWork: logger)
        let existing: EscalationEnd?? = read.1 ? .some(ended) : .none
        guard EscalationStart.starts(rank: rank, minimumRank: Int(read.0), existing: existing, acknowledged: read.3) else { return }
        try await connection.execute(
            """
            INSERT INTO escalations (notification_id, service_id, policy, step, pass, due_at, started_at)
            SELECT \(id), service_id, policy, 0, 0, \(now), \(now) FROM escalation_policies
            WHERE service_id = \(serviceID)
                -- Still as read (another transaction may have committed since):
                -- the policy's minimum, no acknowledgement, the earlier end.
                AND minimum_rank = \(read.0) AND NOT EXISTS (SELECT 1 FROM acknowledgements WHERE notification_id = \(id))
            ON CONFLICT (notification_id) DO UPDATE SET policy = excluded.policy, step = 0, pass = 0, due_at = excluded.due_at,
                ended = NULL, ended_at = NULL, claimed_by = NULL, claimed_until = NULL, started_at = excluded.started_at
            WHERE escalations.ended = \(ended?.rawValue)::text
            """,
            logger: logger
        )
    }

    public func notification(id: NotificationID) async throws -> NotificationRecord? {
        try await first("SELECT \(unescaped: Self.notificationColumns) FROM notifications n WHERE id = \(id)", as: NotificationRow.self)
            .map { try Self.notification($0) }
    }

    public func inbox(userID: UserID, limit: Int, order: InboxOrder) async throws -> [InboxItem] {
        let newestFirst = try await rows(
            """
            SELECT \(unescaped: Self.notificationColumns), i.is_read, i.is_starred
            FROM inbox i JOIN notifications n ON n.id = i.notification_id
            WHERE i.user_id = \(userID) AND \(unescaped: Self.unexpired)
            ORDER BY n.created_at DESC, n.id DESC LIMIT \(limit)
            """,
            as: (Int64, UUID, ExactTimestamp, String, String, String, String?, String?, ExactTimestamp?, String?, String?, String?, String?, Bool, Bool).self
        ).map {
            InboxItem(notification: try Self.notification(($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7, $0.8, $0.9, $0.10, $0.11, $0.12)), isRead: $0.13, isStarred: $0.14)
        }
        let items = try await withAcknowledgements(newestFirst)
        return order == .descending ? items : items.reversed()
    }

    public func inboxPage(userID: UserID, from start: PageStart, limit: Int, filter: InboxFilter) async throws -> [InboxItem] {
        let (before, after) = start.bounds
        return try await withAcknowledgements(rows(
            """
            SELECT \(unescaped: Self.notificationColumns), i.is_read, i.is_starred
            FROM inbox i JOIN notifications n ON n.id = i.notification_id
            WHERE i.user_id = \(userID) AND \(unescaped: Self.unexpired)
                AND (\(before)::int8 IS NULL OR i.notification_id < \(before)) AND (\(after)::int8 IS NULL OR i.notification_id > \(after))
                AND (\(filter.serviceID)::uuid IS NULL OR n.service_id = \(filter.serviceID))
                AND (\(filter.isRead)::bool IS NULL OR i.is_read = \(filter.isRead))
                AND (\(filter.isStarred)::bool IS NULL OR i.is_starred = \(filter.isStarred))
            ORDER BY i.notification_id \(unescaped: start.isNewestFirst ? "DESC" : "ASC") LIMIT \(limit)
            """,
            as: (Int64, UUID, ExactTimestamp, String, String, String, String?, String?, ExactTimestamp?, String?, String?, String?, String?, Bool, Bool).self
        ).map {
            InboxItem(notification: try Self.notification(($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7, $0.8, $0.9, $0.10, $0.11, $0.12)), isRead: $0.13, isStarred: $0.14)
        })
    }

    public func notificationsPage(serviceID: UUID, from start: PageStart, limit: Int) async throws -> [NotificationRecord] {
        let (before, after) = start.bounds
        return try await rows(
            """
            SELECT \(unescaped: Self.notificationColumns) FROM notifications n
            WHERE service_id = \(serviceID) AND (\(before)::int8 IS NULL OR id < \(before)) AND (\(after)::int8 IS NULL OR id > \(after))
            ORDER BY id \(unescaped: start.isNewestFirst ? "DESC" : "ASC") LIMIT \(limit)
            """,
            as: NotificationRow.self
        ).map { try Self.notification($0) }
    }

    public func updateInbox(userID: UserID, _ changes: [NotificationID: InboxStatus], at now: Date) async throws {
        func ids(_ status: InboxStatus) -> [Int64] { changes.filter { $0.value == status }.map(\.key) }
        try await execute(
            """
            WITH marked AS (
                UPDATE inbox SET is_read = (notification_id = ANY(\(ids(.read)))), changed_at = \(ExactTimestamp(now))
                WHERE user_id = \(userID) AND (notification_id = ANY(\(ids(.read))) OR notification_id = ANY(\(ids(.unread))))
            ),
            starred AS (
                UPDATE inbox SET is_starred = (notification_id = ANY(\(ids(.starred)))), changed_at = \(ExactTimestamp(now))
                WHERE user_id = \(userID) AND (notification_id = ANY(\(ids(.starred))) OR notification_id = ANY(\(ids(.unstarred))))
            ),
            gone AS (DELETE FROM inbox WHERE user_id = \(userID) AND notification_id = ANY(\(ids(.deleted))) RETURNING notification_id),
            kept AS (INSERT INTO inbox_removals (user_id, notification_id, removed_at) SELECT \(userID), notification_id, \(ExactTimestamp(now)) FROM gone),
            pruned AS (DELETE FROM inbox_removals WHERE removed_at < \(ExactTimestamp(now.addingTimeInterval(-Self.removalsKeptFor))))
            SELECT pg_notify(\(Self.inboxChannel), 'u' || \(String(userID)))
            """
        )
    }

    public func inboxChanges(userID: UserID, since: Date, limit: Int) async throws -> [InboxChange] {
        let changed = try await rows(
            """
            SELECT \(unescaped: Self.notificationColumns), i.is_read, i.changed_at, i.is_starred
            FROM inbox i JOIN notifications n ON n.id = i.notification_id
            WHERE i.user_id = \(userID) AND i.changed_at > \(ExactTimestamp(since)) AND \(unescaped: Self.unexpired) ORDER BY i.changed_at LIMIT \(limit)
            """,
            as: (Int64, UUID, ExactTimestamp, String, String, String, String?, String?, ExactTimestamp?, String?, String?, String?, String?, Bool, ExactTimestamp, Bool).self
        ).map {
            InboxChange(
                .upserted(InboxItem(notification: try Self.notification(($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7, $0.8, $0.9, $0.10, $0.11, $0.12)), isRead: $0.13, isStarred: $0.15)),
                at: $0.14.date
            )
        }
        // Acknowledged or withdrawn since: one row per notification, read for this holder's items.
        let acknowledged = try await rows(
            """
            SELECT \(unescaped: Self.notificationColumns), i.is_read, c.changed_at, i.is_starred
            FROM acknowledgement_changes c JOIN inbox i ON i.notification_id = c.notification_id AND i.user_id = \(userID)
                JOIN notifications n ON n.id = c.notification_id
            WHERE c.changed_at > \(ExactTimestamp(since)) AND \(unescaped: Self.unexpired) ORDER BY c.changed_at LIMIT \(limit)
            """,
            as: (Int64, UUID, ExactTimestamp, String, String, String, String?, String?, ExactTimestamp?, String?, String?, String?, String?, Bool, ExactTimestamp, Bool).self
        ).map {
            InboxChange(
                .upserted(InboxItem(notification: try Self.notification(($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7, $0.8, $0.9, $0.10, $0.11, $0.12)), isRead: $0.13, isStarred: $0.15)),
                at: $0.14.date
            )
        }
        let removed = try await rows(
            """
            SELECT notification_id, removed_at FROM inbox_removals
            WHERE user_id = \(userID) AND removed_at > \(ExactTimestamp(since)) ORDER BY removed_at LIMIT \(limit)
            """,
            as: (Int64, ExactTimestamp).self
        ).map { InboxChange(.removed($0.0), at: $0.1.date) }
        let latest = InboxChange.latestOfEach(changed + acknowledged)
        let upserted = InboxChange.attaching(try await acknowledgements(of: latest.map(\.notificationID)), to: latest)
        return Array((upserted + removed).sorted { $0.at < $1.at }.prefix(limit))
    }

    public func inboxItems(notificationID: NotificationID, userIDs: [UserID]) async throws -> [UserID: InboxItem] {
        var items: [UserID: InboxItem] = [:]
        for row in try await rows(
            """
            SELECT i.user_id, \(unescaped: Self.notificationColumns), i.is_read, i.is_starred,
                greatest(i.changed_at, (SELECT c.changed_at FROM acknowledgement_changes c WHERE c.notification_id = i.notification_id))
            FROM inbox i JOIN notifications n ON n.id = i.notification_id
            WHERE i.notification_id = \(notificationID) AND i.user_id = ANY(\(userIDs))
            """,
            as: (Int64, Int64, UUID, ExactTimestamp, String, String, String, String?, String?, ExactTimestamp?, String?, String?, String?, String?, Bool, Bool, ExactTimestamp).self
        ) {
            items[row.0] = InboxItem(
                notification: try Self.notification((row.1, row.2, row.3, row.4, row.5, row.6, row.7, row.8, row.9, row.10, row.11, row.12, row.13)), isRead: row.14, isStarred: row.15,
                changedAt: row.16.date
            )
        }
        guard !items.isEmpty, let acknowledgement = try await acknowledgements(of: [notificationID])[notificationID] else { return items }
        return items.mapValues { var item = $0; item.acknowledgement = acknowledgement; return item }
    }

    public func listenForInboxSignals(_ signal: @escaping @Sendable (InboxSignal) -> Void) async throws {
        try await withOpenConnection { connection in
            try await connection.listen(on: Self.inboxChannel) { notifications in
                for try await notification in notifications {
                    if let parsed = Self.inboxSignal(notification.payload) { signal(parsed) }
                }
            }
        }
    }

    /// `n<notification id>` or `u<user id>`.
    static func inboxSignal(_ payload: String) -> InboxSignal? {
        guard let kind = payload.first, let id = Int64(payload.dropFirst()) else { return nil }
        switch kind {
        case "n": return .published(id)
        case "u": return .changed(id)
        default: return nil
        }
    }

    public func unreadCount(userID: UserID) async throws -> Int {
        try await count(
            """
            SELECT count(*) FROM inbox i JOIN notifications n ON n.id = i.notification_id
            WHERE i.user_id = \(userID) AND NOT i.is_read AND \(unescaped: Self.unexpired)
            """
        )
    }

    /// An expired notification leaves every inbox (starred ones stay).
    static let unexpired = "(n.expires_at IS NULL OR n.expires_at > now() OR i.is_starred)"
}
