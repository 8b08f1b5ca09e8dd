import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: LegacyImportStore {
    public func importService(_ service: ServiceRecord) async throws -> Bool {
        try await database.transaction { db in
            let existed = try await db.first("SELECT 1 AS found FROM services WHERE id = \(service.id)") != nil
            try await db.execute(
                """
                INSERT INTO services (id, category, color, owner) VALUES (\(service.id), \(service.category), \(service.color), \(service.owner))
                ON CONFLICT (id) DO UPDATE SET category = excluded.category, color = excluded.color, owner = excluded.owner
                """
            )
            return !existed
        }
    }

    public func importNotification(key: String, _ notification: ImportedNotification, inbox: [UserID: Bool]) async throws -> Bool {
        let entries = inbox.map { [$0.key, $0.value ? 1 : 0] }
        return try await database.transaction { db in
            var created = false
            var id = try await db.first("SELECT notification_id FROM imported_notifications WHERE source_key = \(key)")?.int64("notification_id")
            if id == nil {
                let stored = try await db.first(
                    """
                    INSERT INTO notifications (service_id, created_at, title, subtitle, url)
                    VALUES (\(notification.serviceID), \(notification.createdAt), \(notification.title), \(notification.subtitle), \(notification.url))
                    RETURNING id
                    """
                )?.int64("id")
                guard let stored else { throw StoreError.invalidInput("notification \(key) was not stored") }
                try await db.execute("INSERT INTO imported_notifications (source_key, notification_id) VALUES (\(key), \(stored))")
                id = stored
                created = true
            }
            guard let id, !entries.isEmpty else { return created }
            // `WHERE true` tells SQLite's parser the ON CONFLICT belongs to the INSERT.
            try await db.execute(
                """
                INSERT INTO inbox (user_id, notification_id, is_read)
                SELECT json_extract(value, '$[0]'), \(id), json_extract(value, '$[1]') FROM json_each(\(jsonArray: entries)) WHERE true
                ON CONFLICT (user_id, notification_id) DO UPDATE SET is_read = excluded.is_read
                """
            )
            return created
        }
    }
}
