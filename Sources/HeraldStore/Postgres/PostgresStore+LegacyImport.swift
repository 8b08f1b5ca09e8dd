import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: LegacyImportStore {
    public func importService(_ service: ServiceRecord) async throws -> Bool {
        // xmax is 0 on a row this statement inserted, not on one it updated.
        try await first(
            """
            INSERT INTO services (id, category, color, owner) VALUES (\(service.id), \(service.category), \(service.color), \(service.owner))
            ON CONFLICT (id) DO UPDATE SET category = excluded.category, color = excluded.color, owner = excluded.owner
            RETURNING (xmax = 0)
            """,
            as: Bool.self
        ) ?? false
    }

    public func importNotification(key: String, _ notification: ImportedNotification, inbox: [UserID: Bool]) async throws -> Bool {
        let users = Array(inbox.keys)
        let readStates = users.map { inbox[$0] ?? false }
        return try await transaction { connection in
            var created = false
            var id = try await connection.rows(
                "SELECT notification_id FROM imported_notifications WHERE source_key = \(key)", as: Int64.self, logger: logger
            ).first
            if id == nil {
                id = try await connection.rows(
                    """
                    INSERT INTO notifications (service_id, created_at, title, subtitle, url)
                    VALUES (\(notification.serviceID), \(ExactTimestamp(notification.createdAt)), \(notification.title), \(notification.subtitle), \(notification.url))
                    RETURNING id
                    """,
                    as: Int64.self, logger: logger
                ).first
                guard let id else { throw StoreError.invalidInput("notification \(key) was not stored") }
                try await connection.execute("INSERT INTO imported_notifications (source_key, notification_id) VALUES (\(key), \(id))", logger: logger)
                created = true
            }
            guard let id, !users.isEmpty else { return created }
            try await connection.execute(
                """
                INSERT INTO inbox (user_id, notification_id, is_read)
                SELECT user_id, \(id), is_read FROM unnest(\(users)::bigint[], \(readStates)::boolean[]) AS entry (user_id, is_read)
                ON CONFLICT (user_id, notification_id) DO UPDATE SET is_read = excluded.is_read
                """,
                logger: logger
            )
            return created
        }
    }
}
