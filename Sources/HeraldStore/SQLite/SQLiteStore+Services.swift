import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore {

    static func service(from row: SQLiteRow) -> Service {
        Service(id: row.uuid("id"), category: row.text("category"), color: row.text("color"), owner: row.text("owner"))
    }

    public func services() async throws -> [Service] {
        try await database.read { db in
            try await db.rows("SELECT id, category, color, owner FROM services ORDER BY category, id").map(Self.service(from:))
        }
    }

    public func service(id: UUID) async throws -> Service? {
        try await database.read { db in
            try await db.first("SELECT id, category, color, owner FROM services WHERE id = \(id)").map(Self.service(from:))
        }
    }

    public func createService(_ draft: ServiceDraft) async throws -> Service {
        let service = Service(id: UUID(), category: draft.category, color: draft.color, owner: draft.owner)
        try await database.transaction { db in
            try await db.execute(
                "INSERT INTO services (id, category, color, owner) VALUES (\(service.id), \(service.category), \(service.color), \(service.owner))"
            )
        }
        return service
    }

    public func updateService(id: UUID, _ patch: ServicePatch) async throws -> Service? {
        try await database.transaction { db in
            try await db.first(
                """
                UPDATE services SET category = coalesce(\(patch.category), category), color = coalesce(\(patch.color), color),
                    owner = coalesce(\(patch.owner), owner)
                WHERE id = \(id) RETURNING id, category, color, owner
                """
            ).map(Self.service(from:))
        }
    }

    public func deleteService(id: UUID) async throws -> Bool {
        // Notifications and subscriptions go by foreign key; inbox links and
        // deliveries have none (see the migration) and are removed here.
        try await database.transaction { db in
            try await db.execute("DELETE FROM inbox WHERE notification_id IN (SELECT id FROM notifications WHERE service_id = \(id))")
            try await db.execute("DELETE FROM deliveries WHERE notification_id IN (SELECT id FROM notifications WHERE service_id = \(id))")
            try await db.execute("DELETE FROM services WHERE id = \(id)")
            return try await db.changes() > 0
        }
    }

    public func userServices(userID: UserID) async throws -> [UserService] {
        try await database.read { db in
            try await db.rows(
                """
                SELECT s.id, s.category, s.color, s.owner, (sub.user_id IS NOT NULL) AS is_subscribed
                FROM services s LEFT JOIN subscriptions sub ON sub.service_id = s.id AND sub.user_id = \(userID)
                ORDER BY s.category, s.id
                """
            ).map { UserService(service: Self.service(from: $0), isSubscribed: $0.bool("is_subscribed")) }
        }
    }

    public func setSubscriptions(userID: UserID, _ changes: [UUID: Bool]) async throws {
        let subscribe = changes.filter(\.value).map { $0.key.uuidString.lowercased() }
        let unsubscribe = changes.filter { !$0.value }.map { $0.key.uuidString.lowercased() }
        try await database.transaction { db in
            try await db.execute(
                """
                INSERT INTO subscriptions (service_id, user_id)
                SELECT id, \(userID) FROM services WHERE id IN (SELECT value FROM json_each(\(jsonArray: subscribe)))
                ON CONFLICT DO NOTHING
                """
            )
            try await db.execute(
                "DELETE FROM subscriptions WHERE user_id = \(userID) AND service_id IN (SELECT value FROM json_each(\(jsonArray: unsubscribe)))"
            )
        }
    }
}
