import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: ContactFollowUpStore {
    public func recordFollowUps(_ followUps: [ContactFollowUp]) async throws {
        guard !followUps.isEmpty else { return }
        try await execute(
            """
            INSERT INTO contact_follow_ups (delivery_id, platform, notification_id, user_id, method_id, receipt, sent_at, next_check_at, answers_back)
            SELECT f.delivery_id, f.platform, f.notification_id, f.user_id, f.method_id, nullif(f.receipt, ''), f.sent_at, f.next_check_at, f.answers_back
            FROM unnest(\(followUps.map(\.deliveryID))::int8[], \(followUps.map(\.platform.rawValue))::text[], \(followUps.map(\.notificationID))::int8[],
                \(followUps.map(\.userID))::int8[], \(followUps.map(\.methodID))::int8[], \(followUps.map { $0.receipt ?? "" })::text[],
                \(followUps.map { ExactTimestamp($0.sentAt) })::timestamptz[], \(followUps.map { ExactTimestamp($0.nextCheckAt) })::timestamptz[],
                \(followUps.map(\.answersBack))::bool[])
                AS f (delivery_id, platform, notification_id, user_id, method_id, receipt, sent_at, next_check_at, answers_back)
            -- A notification removed meanwhile has nothing left to follow.
            WHERE EXISTS (SELECT 1 FROM notifications n WHERE n.id = f.notification_id) AND EXISTS (SELECT 1 FROM users u WHERE u.id = f.user_id)
            ON CONFLICT (delivery_id) DO NOTHING
            """
        )
    }

    public func setFollowUpReceipt(_ deliveryID: DeliveryID, receipt: String) async throws {
        try await execute("UPDATE contact_follow_ups SET receipt = \(receipt) WHERE delivery_id = \(deliveryID)")
    }

    public func claimFollowUps(now: Date, until: Date, limit: Int) async throws -> [ContactFollowUp] {
        try await rows(
            """
            UPDATE contact_follow_ups SET claimed_until = \(ExactTimestamp(until)), hastened = false
            WHERE delivery_id IN (
                SELECT delivery_id FROM contact_follow_ups
                WHERE next_check_at <= \(ExactTimestamp(now)) AND (claimed_until IS NULL OR claimed_until < \(ExactTimestamp(now)))
                ORDER BY next_check_at LIMIT \(Int32(limit)) FOR UPDATE SKIP LOCKED
            )
            RETURNING delivery_id, platform, notification_id, user_id, method_id, receipt, sent_at, checks, next_check_at, shown, answers_back,
                edited_at, answers_after
            """,
            as: (Int64, String, Int64, Int64, Int64, String?, ExactTimestamp, Int32, ExactTimestamp, String, Bool, ExactTimestamp?, ExactTimestamp?).self
        ).compactMap { row in
            // A platform this build does not know is left for one that does.
            Platform(rawValue: row.1).map {
                ContactFollowUp(
                    deliveryID: row.0, platform: $0, notificationID: row.2, userID: row.3, methodID: row.4, receipt: row.5, sentAt: row.6.date,
                    checks: Int(clamping: row.7), nextCheckAt: row.8.date, shown: row.9, answersBack: row.10, editedAt: row.11?.date,
                    answersAfter: row.12?.date
                )
            }
        }
    }

    public func finishFollowUps(_ deliveryIDs: [DeliveryID]) async throws {
        guard !deliveryIDs.isEmpty else { return }
        try await execute("DELETE FROM contact_follow_ups WHERE delivery_id = ANY(\(deliveryIDs))")
    }

    public func deferFollowUp(_ deliveryID: DeliveryID, checks: Int, next: Date, now: Date) async throws {
        try await execute(
            """
            UPDATE contact_follow_ups SET checks = \(Int32(clamping: checks)),
                next_check_at = CASE WHEN hastened THEN \(ExactTimestamp(now)) ELSE \(ExactTimestamp(next)) END, hastened = false, claimed_until = NULL
            WHERE delivery_id = \(deliveryID)
            """
        )
    }

    public func showFollowUp(_ deliveryID: DeliveryID, shown: String, sentAt: Date, editedAt: Date?, answersAfter: Date?) async throws {
        try await execute(
            """
            UPDATE contact_follow_ups SET shown = \(shown), sent_at = \(ExactTimestamp(sentAt)), edited_at = \(editedAt.map(ExactTimestamp.init)),
                answers_after = \(answersAfter.map(ExactTimestamp.init))
            WHERE delivery_id = \(deliveryID)
            """
        )
    }

    public func passFollowUpAnswers(_ deliveryID: DeliveryID, after: Date) async throws {
        try await execute(
            "UPDATE contact_follow_ups SET answers_after = greatest(answers_after, \(ExactTimestamp(after))) WHERE delivery_id = \(deliveryID)"
        )
    }

    public func hastenFollowUps(notificationID: NotificationID, now: Date) async throws -> Int {
        try await rows(
            """
            WITH chatted AS (
                -- Its posts in chat rooms are edited now too (issue 43).
                UPDATE chat_posts SET hastened = true, due_at = least(coalesce(due_at, \(ExactTimestamp(now))), \(ExactTimestamp(now)))
                WHERE notification_id = \(notificationID) AND state IN ('new', 'handed', 'posted')
            )
            UPDATE contact_follow_ups SET hastened = true, next_check_at = least(next_check_at, \(ExactTimestamp(now)))
            WHERE notification_id = \(notificationID) RETURNING delivery_id
            """,
            as: Int64.self
        ).count
    }
}
