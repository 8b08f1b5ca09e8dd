import Foundation
import HeraldCore

extension SQLiteStore: ContactFollowUpStore {
    public func recordFollowUps(_ followUps: [ContactFollowUp]) async throws {
        guard !followUps.isEmpty else { return }
        try await database.transaction { db in
            for followUp in followUps {
                try await db.execute(
                    """
                    INSERT INTO contact_follow_ups (delivery_id, platform, notification_id, user_id, method_id, receipt, sent_at, next_check_at, answers_back)
                    SELECT \(followUp.deliveryID), \(followUp.platform.rawValue), \(followUp.notificationID), \(followUp.userID), \(followUp.methodID),
                        \(followUp.receipt), \(followUp.sentAt), \(followUp.nextCheckAt), \(followUp.answersBack)
                    -- A notification removed meanwhile has nothing left to follow.
                    WHERE EXISTS (SELECT 1 FROM notifications WHERE id = \(followUp.notificationID)) AND EXISTS (SELECT 1 FROM users WHERE id = \(followUp.userID))
                    ON CONFLICT (delivery_id) DO NOTHING
                    """
                )
            }
        }
    }

    public func setFollowUpReceipt(_ deliveryID: DeliveryID, receipt: String) async throws {
        try await database.transaction { db in
            try await db.execute("UPDATE contact_follow_ups SET receipt = \(receipt) WHERE delivery_id = \(deliveryID)")
        }
    }

    public func claimFollowUps(now: Date, until: Date, limit: Int) async throws -> [ContactFollowUp] {
        try await database.transaction { db in
            try await db.rows(
                """
                UPDATE contact_follow_ups SET claimed_until = \(until), hastened = 0
                WHERE delivery_id IN (
                    SELECT delivery_id FROM contact_follow_ups
                    WHERE next_check_at <= \(now) AND (claimed_until IS NULL OR claimed_until < \(now))
                    ORDER BY next_check_at LIMIT \(limit)
                )
                RETURNING delivery_id, platform, notification_id, user_id, method_id, receipt, sent_at, checks, next_check_at, shown, answers_back,
                    edited_at, answers_after
                """
            ).compactMap { row in
                // A platform this build does not know is left for one that does.
                guard let platform = Platform(rawValue: try row.text("platform")) else { return nil }
                return ContactFollowUp(
                    deliveryID: try row.int64("delivery_id"), platform: platform, notificationID: try row.int64("notification_id"),
                    userID: try row.int64("user_id"), methodID: try row.int64("method_id"), receipt: try row.optionalText("receipt"),
                    sentAt: try row.date("sent_at"), checks: Int(try row.int64("checks")), nextCheckAt: try row.date("next_check_at"),
                    shown: try row.text("shown"), answersBack: try row.int64("answers_back") != 0, editedAt: try row.optionalDate("edited_at"),
                    answersAfter: try row.optionalDate("answers_after")
                )
            }
        }
    }

    public func finishFollowUps(_ deliveryIDs: [DeliveryID]) async throws {
        guard !deliveryIDs.isEmpty else { return }
        try await database.transaction { db in
            try await db.execute("DELETE FROM contact_follow_ups WHERE delivery_id IN (SELECT value FROM json_each(\(jsonArray: deliveryIDs)))")
        }
    }

    public func deferFollowUp(_ deliveryID: DeliveryID, checks: Int, next: Date, now: Date) async throws {
        try await database.transaction { db in
            try await db.execute(
                """
                UPDATE contact_follow_ups SET checks = \(checks), next_check_at = CASE WHEN hastened = 1 THEN \(now) ELSE \(next) END, hastened = 0,
                    claimed_until = NULL
                WHERE delivery_id = \(deliveryID)
                """
            )
        }
    }

    public func showFollowUp(_ deliveryID: DeliveryID, shown: String, sentAt: Date, editedAt: Date?, answersAfter: Date?) async throws {
        try await database.transaction { db in
            try await db.execute(
                """
                UPDATE contact_follow_ups SET shown = \(shown), sent_at = \(sentAt), edited_at = \(editedAt), answers_after = \(answersAfter)
                WHERE delivery_id = \(deliveryID)
                """
            )
        }
    }

    public func passFollowUpAnswers(_ deliveryID: DeliveryID, after: Date) async throws {
        try await database.transaction { db in
            try await db.execute(
                "UPDATE contact_follow_ups SET answers_after = max(coalesce(answers_after, \(after)), \(after)) WHERE delivery_id = \(deliveryID)"
            )
        }
    }

    public func hastenFollowUps(notificationID: NotificationID, now: Date) async throws -> Int {
        try await database.transaction { db in
            // Its posts in chat rooms are edited now too (issue 43).
            try await db.execute(
                "UPDATE chat_posts SET hastened = 1, due_at = min(coalesce(due_at, \(now)), \(now)) WHERE notification_id = \(notificationID) AND state IN ('new', 'handed', 'posted')"
            )
            return try await db.rows(
                "UPDATE contact_follow_ups SET hastened = 1, next_check_at = min(next_check_at, \(now)) WHERE notification_id = \(notificationID) RETURNING delivery_id"
            ).count
        }
    }
}
