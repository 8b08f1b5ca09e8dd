import Foundation
import HeraldCore
import PostgresNIO

/// Publishing on PostgreSQL: the one statement that stores a batch of
/// notifications with their inbox links, deliveries, fan-out jobs and
/// escalations, prepared once per connection in its four shapes.
extension PostgresStore {
    public func publish(_ batch: [PublishRequest]) async throws -> PublishedBatch {
        guard !batch.isEmpty else { return PublishedBatch(notifications: [], queuedDeliveries: false) }
        var large: Set<UUID> = []
        if let inline = batch.compactMap(\.inlineAudience).min() {
            for service in Set(batch.map(\.serviceID)) where try await hasLargeAudience(service, limit: inline) { large.insert(service) }
        }
        // Prepared once per connection, one statement per shape of its SQL.
        let query = Self.publishStatement(batch, large: large)
        let rows: [PublishedRow] =
            switch (batch.contains { !$0.filters.rejected.isEmpty }, !large.isEmpty) {
            case (false, false): try await rows(Prepared<PublishShape.All>(query), as: PublishedRow.self)
            case (true, false): try await rows(Prepared<PublishShape.Filtered>(query), as: PublishedRow.self)
            case (false, true): try await rows(Prepared<PublishShape.AllFanningOut>(query), as: PublishedRow.self)
            case (true, true): try await rows(Prepared<PublishShape.FilteredFanningOut>(query), as: PublishedRow.self)
            }
        var published = try Self.inOrder(rows, count: batch.count)
        published.fannedOut = published.notifications.contains { $0.map { large.contains($0.serviceID) } ?? false }
        return published
    }

    /// More than `limit` subscribers (counted up to one past it, an index
    /// read of at most that many entries), remembered for a few seconds.
    private func hasLargeAudience(_ serviceID: UUID, limit: Int) async throws -> Bool {
        try await largeAudiences.value(of: serviceID, now: Date()) { service in
            try await count(
                "SELECT count(*) FROM (SELECT 1 FROM subscriptions WHERE service_id = \(service) LIMIT \(Int64(limit) + 1)) AS c"
            ) > limit
        }
    }

    /// A published notification with its 1-based position in the batch, and
    /// whether the batch queued any delivery.
    typealias PublishedRow = (Int64, Int64, UUID, ExactTimestamp, String, String, String, String?, String?, ExactTimestamp?, String?, String?, String?, String?, Bool)

    static func inOrder(_ rows: [PublishedRow], count: Int) throws -> PublishedBatch {
        var stored = [NotificationRecord?](repeating: nil, count: count)
        for row in rows { stored[Int(row.0) - 1] = try notification((row.1, row.2, row.3, row.4, row.5, row.6, row.7, row.8, row.9, row.10, row.11, row.12, row.13)) }
        return PublishedBatch(notifications: stored, queuedDeliveries: rows.contains { $0.14 })
    }

    /// One statement, so one round trip and one implicit transaction: the
    /// notifications, every subscriber's inbox link and every device's
    /// delivery row appear together or not at all, with one commit (one WAL
    /// flush) and one round of NOTIFY for the whole batch. PostgreSQL
    /// serialises transactions that NOTIFY at commit, so this is what lets
    /// concurrent publishes share a flush. Ids are drawn from the sequence in the
    /// requests' order; rows come back with their 1-based position.
    static func publishStatement(_ batch: [PublishRequest], large: Set<UUID> = []) -> PostgresQuery {
        // Optional texts travel as "" (none of them can be empty when given).
        let services = batch.map(\.serviceID)
        let times = batch.map { ExactTimestamp($0.at) }
        let titles = batch.map(\.draft.title)
        let subtitles = batch.map(\.draft.subtitle)
        let urls = batch.map(\.draft.url)
        let severities = batch.map { $0.draft.severity?.rawValue ?? "" }
        let traces = batch.map { $0.draft.origin?.traceContextJSON ?? "" }
        let requests = batch.map { $0.draft.origin?.requestID ?? "" }
        let attributes = batch.map { $0.draft.attributes?.json ?? "" }
        // Microseconds since 1970, 0 for none (arrays cannot hold NULL here).
        let expiries = batch.map { $0.draft.expiresAt?.microsecondsSince1970 ?? 0 }
        let keys = batch.map { $0.draft.key ?? "" }
        let alarms = batch.map { $0.draft.alarm?.rawValue ?? "" }
        let alarmSources = batch.map { $0.draft.alarmIdentity?.source.rawValue ?? "" }
        let alarmIdentities = batch.map { $0.draft.alarmIdentity?.name ?? "" }
        // Each one's pushes' priority (`DeliveryPriority`), decided here, not in SQL.
        let priorities = batch.map { Int32(DeliveryPriority.of($0.draft.severity)) }
        // The rank each starts its escalation at (`EscalationStart`), -1 for none.
        let startRanks = batch.map { Int32(EscalationStart.rank(of: $0.draft) ?? -1) }
        // The batch's services again, as one array the planner can read: it
        // cannot see into `unnest`, and would plan every publish as if for the
        // average service (scanning every subscription and device once some
        // service has 100,000 of them: 60 ms for one subscriber). With the
        // services it estimates each join from their statistics: index lookups
        // for a few subscribers, a hash join for a large fan-out.
        let distinctServices = Array(Set(services))
        // Subscribers whose filter refused a notification do not receive it;
        // when no filter refused anything the statement is the plain one
        // (no anti-join on every subscriber).
        let rejectedOrds = batch.enumerated().flatMap { index, request in request.filters.rejected.map { _ in Int64(index + 1) } }
        let rejectedFilters = batch.flatMap(\.filters.rejected)
        let onlyMatching = rejectedFilters.isEmpty ? "" : Self.onlyMatchingFilters
        // Services with more subscribers than the publish links itself get a
        // fan-out job, not their audience's rows; the joins below name only
        // the others.
        let largeServices = Array(large)
        let inlineServices = distinctServices.filter { !large.contains($0) }
        return """
            WITH
            input AS (
                -- Sorted first, so the sequence is drawn in the requests' order.
                SELECT nextval(pg_get_serial_sequence('notifications', 'id')) AS id, i.*, i.service_id = ANY(\(largeServices)::uuid[]) AS deferred
                FROM (
                    SELECT * FROM unnest(\(services)::uuid[], \(times)::timestamptz[], \(titles)::text[], \(subtitles)::text[], \(urls)::text[],
                        \(severities)::text[], \(traces)::text[], \(requests)::text[], \(attributes)::text[], \(expiries)::int8[], \(keys)::text[], \(alarms)::text[], \(alarmSources)::text[], \(alarmIdentities)::text[], \(priorities)::int4[], \(startRanks)::int4[])
                        WITH ORDINALITY AS i(service_id, created_at, title, subtitle, url, severity, trace_context, request_id, attributes, expires_us, key, alarm, alarm_source, alarm_identity, priority, start_rank, ord)
                    WHERE EXISTS (SELECT 1 FROM services s WHERE s.id = i.service_id)
                    ORDER BY ord
                ) AS i
            ),
            n AS (
                INSERT INTO notifications (id, service_id, created_at, title, subtitle, url, severity, trace_context, request_id, attributes, expires_at, key, alarm, alarm_source, alarm_identity)
                SELECT id, service_id, created_at, title, subtitle, url, NULLIF(severity, ''), NULLIF(trace_context, ''), NULLIF(request_id, ''),
                    NULLIF(attributes, ''), \(unescaped: Self.expiryColumn), NULLIF(key, ''), NULLIF(alarm, ''), NULLIF(alarm_source, ''), NULLIF(alarm_identity, '')
                FROM input ORDER BY ord
            ),
            -- Read only when some filter refused a notification (onlyMatchingFilters):
            -- the refusing filters' holders, each once per notification (a user
            -- holds one filter per service; a notification's refusals are distinct).
            refusals AS (SELECT * FROM unnest(\(rejectedOrds)::int8[], \(rejectedFilters)::int8[]) AS r(ord, filter_id)),
            refused AS (
                SELECT r.ord, f.user_id
                FROM refusals r
                    JOIN input i ON i.ord = r.ord
                    JOIN user_filters f ON f.filter_id = r.filter_id AND f.service_id = i.service_id
            ),
            -- Who receives each (the people the plan names): its service's
            -- subscribers, less the holders of the filters that refused it.
            audience AS (
                SELECT i.id AS notification_id, s.user_id, i.priority, i.created_at
                FROM input i JOIN subscriptions s ON s.service_id = i.service_id AND s.service_id = ANY(\(inlineServices)::uuid[])
                \(unescaped: onlyMatching)
            ),
            linked AS (
                INSERT INTO inbox (user_id, notification_id, changed_at)
                SELECT user_id, notification_id, created_at FROM audience
            ),
            queued AS (\(queue: .posts, to: "audience")),
            \(unescaped: large.isEmpty ? "" : Self.fannedOut)
            -- A notification at or above its service's policy's minimum severity
            -- (`EscalationStart`'s rank: none for a resolution) starts its
            -- escalation, whose first step falls due at once.
            escalated AS (
                INSERT INTO escalations (notification_id, service_id, policy, step, pass, due_at, started_at)
                SELECT i.id, i.service_id, p.policy, 0, 0, i.created_at, i.created_at
                FROM input i JOIN escalation_policies p ON p.service_id = i.service_id AND p.service_id = ANY(\(distinctServices)::uuid[])
                WHERE i.start_rank >= p.minimum_rank
            ),
            -- A post in each of its service's chat rooms (issue 43), due at once.
            chatted AS (
                INSERT INTO chat_posts (room_id, notification_id, created_at, due_at)
                SELECT r.id, i.id, i.created_at, i.created_at
                FROM input i JOIN chat_rooms r ON r.service_id = i.service_id AND r.service_id = ANY(\(distinctServices)::uuid[])
            ),
            -- At commit, one wake-up for the workers if anything was queued and
            -- one inbox signal per notification someone receives; nothing when
            -- nobody subscribes (a NOTIFY takes a database-wide lock at commit).
            -- The services named as values here too: with the join alone the
            -- planner read every subscription of a 10^6 fan-out's service to
            -- find one of another (374 ms for a critical alarm's publish).
            woken AS (
                \(unescaped: Self.wakeWorkers(queued: "queued"))
                UNION ALL
                SELECT pg_notify(\(Self.inboxChannel), 'n' || i.id::text) FROM input i
                WHERE NOT i.deferred
                    AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.service_id = i.service_id AND s.service_id = ANY(\(inlineServices)::uuid[]))
            )
            SELECT ord, id, service_id, created_at, title, subtitle, url, NULLIF(severity, ''), NULLIF(attributes, ''), \(unescaped: Self.expiryColumn),
                NULLIF(key, ''), NULLIF(alarm, ''), NULLIF(alarm_source, ''), NULLIF(alarm_identity, ''), EXISTS (SELECT 1 FROM queued)\(unescaped: large.isEmpty ? "" : " OR EXISTS (SELECT 1 FROM fanned)")
            FROM input, (SELECT count(*) FROM woken) AS w ORDER BY ord
            """
    }

    /// A large audience's fan-out job (`FanoutStore`), with the filters that
    /// refused the notification; only in a statement that has one (an
    /// INSERT in every post cost the lone sender 0.3 ms).
    static let fannedOut = """
        fanned AS (
            INSERT INTO fanouts (notification_id, service_id, refused_filters)
            SELECT i.id, i.service_id, coalesce((SELECT array_agg(r.filter_id) FROM refusals r WHERE r.ord = i.ord), '{}')
            FROM input i WHERE i.deferred
            RETURNING 1
        ),
        """

    /// Leaves out a subscriber (`s`) of a notification (`i`) whose filter
    /// refused it (`refused`), as an anti-join PostgreSQL runs by hashing the
    /// refusals once. (Correlated `NOT EXISTS` forms were probed once per
    /// subscriber: 3-4x the unfiltered publish with 100,000 distinct filters.)
    static let onlyMatchingFilters = """
        LEFT JOIN refused x ON x.ord = i.ord AND x.user_id = s.user_id
        WHERE x.user_id IS NULL
        """
}

/// The publish statement's four shapes of SQL: with or without the
/// anti-join on refusing filters, with or without a fan-out job.
enum PublishShape {
    /// Its text, from a batch of one with (or without) a refusal and a large audience.
    static func sql(filtered: Bool, fanningOut: Bool) -> String {
        let service = UUID()
        var request = PublishRequest(NotificationDraft(title: "shape"), serviceID: service, at: Date())
        if filtered { request.filters.rejected = [1] }
        return PostgresStore.publishStatement([request], large: fanningOut ? [service] : []).sql
    }

    enum All: PreparedShape {
        static let name = "herald_publish"
        static let sql = PublishShape.sql(filtered: false, fanningOut: false)
    }

    enum Filtered: PreparedShape {
        static let name = "herald_publish_filtered"
        static let sql = PublishShape.sql(filtered: true, fanningOut: false)
    }

    enum AllFanningOut: PreparedShape {
        static let name = "herald_publish_fanning_out"
        static let sql = PublishShape.sql(filtered: false, fanningOut: true)
    }

    enum FilteredFanningOut: PreparedShape {
        static let name = "herald_publish_filtered_fanning_out"
        static let sql = PublishShape.sql(filtered: true, fanningOut: true)
    }
}
