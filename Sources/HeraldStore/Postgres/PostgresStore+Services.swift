import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore {

    typealias ServiceRow = (UUID, String, String, String)
    func services(_ statement: PostgresQuery) async throws -> [Service] {
        try await query(statement).decode(ServiceRow.self).all().map { Service(id: $0.0, category: $0.1, color: $0.2, owner: $0.3) }
    }

    public func services() async throws -> [Service] {
        try await services("SELECT id, category, color, owner FROM services ORDER BY category, id")
    }

    public func service(id: UUID) async throws -> Service? {
        try await services("SELECT id, category, color, owner FROM services WHERE id = \(id)").first
    }

    public func createService(_ draft: ServiceDraft) async throws -> Service {
        let service = Service(id: UUID(), category: draft.category, color: draft.color, owner: draft.owner)
        try await query(
            "INSERT INTO services (id, category, color, owner) VALUES (\(service.id), \(service.category), \(service.color), \(service.owner))"
        ).discard()
        return service
    }

    public func updateService(id: UUID, _ patch: ServicePatch) async throws -> Service? {
        try await services(
            """
            UPDATE services SET category = coalesce(\(patch.category), category), color = coalesce(\(patch.color), color),
                owner = coalesce(\(patch.owner), owner)
            WHERE id = \(id) RETURNING id, category, color, owner
            """
        ).first
    }

    public func deleteService(id: UUID) async throws -> Bool {
        // Notifications and subscriptions go by foreign key; inbox links and
        // deliveries have none (see the migration) and are removed here.
        let rows = try await query(
            """
            WITH gone AS (SELECT id FROM notifications WHERE service_id = \(id)),
            unlinked AS (DELETE FROM inbox WHERE notification_id IN (SELECT id FROM gone)),
            dequeued AS (DELETE FROM deliveries WHERE notification_id IN (SELECT id FROM gone))
            DELETE FROM services WHERE id = \(id) RETURNING id
            """
        )
        return try await !rows.decode(UUID.self).all().isEmpty
    }

    public func userServices(userID: UserID) async throws -> [UserService] {
        let rows = try await query(
            """
            SELECT s.id, s.category, s.color, s.owner, (sub.user_id IS NOT NULL)
            FROM services s LEFT JOIN subscriptions sub ON sub.service_id = s.id AND sub.user_id = \(userID)
            ORDER BY s.category, s.id
            """
        )
        return try await rows.decode((UUID, String, String, String, Bool).self).all().map {
            UserService(service: Service(id: $0.0, category: $0.1, color: $0.2, owner: $0.3), isSubscribed: $0.4)
        }
    }

    public func setSubscriptions(userID: UserID, _ changes: [UUID: Bool]) async throws {
        let subscribe = changes.filter(\.value).map(\.key)
        let unsubscribe = changes.filter { !$0.value }.map(\.key)
        try await query(
            """
            WITH added AS (
                INSERT INTO subscriptions (service_id, user_id)
                SELECT id, \(userID) FROM services WHERE id = ANY(\(subscribe))
                ON CONFLICT DO NOTHING
            )
            DELETE FROM subscriptions WHERE user_id = \(userID) AND service_id = ANY(\(unsubscribe))
            """
        ).discard()
    }
}
