import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: ServiceStore {
    typealias ServiceRow = (UUID, String, String, String, Bool)

    func services(_ statement: PostgresQuery) async throws -> [ServiceRecord] {
        try await rows(statement, as: ServiceRow.self).map { ServiceRecord(id: $0.0, category: $0.1, color: $0.2, owner: $0.3, isPrivate: $0.4) }
    }

    public func services() async throws -> [ServiceRecord] {
        try await services("SELECT id, category, color, owner, private FROM services ORDER BY category, id")
    }

    public func service(id: UUID) async throws -> ServiceRecord? {
        try await services("SELECT id, category, color, owner, private FROM services WHERE id = \(id)").first
    }

    public func createService(_ draft: ServiceDraft) async throws -> ServiceRecord {
        let service = ServiceRecord(id: draft.id ?? UUID(), category: draft.category, color: draft.color, owner: draft.owner, isPrivate: draft.isPrivate)
        try await execute(
            "INSERT INTO services (id, category, color, owner, private) VALUES (\(service.id), \(service.category), \(service.color), \(service.owner), \(service.isPrivate))"
        )
        return service
    }

    public func updateService(id: UUID, _ patch: ServicePatch) async throws -> ServiceRecord? {
        try await services(
            """
            UPDATE services SET category = coalesce(\(patch.category), category), color = coalesce(\(patch.color), color),
                owner = coalesce(\(patch.owner), owner), private = coalesce(\(patch.isPrivate), private)
            WHERE id = \(id) RETURNING id, category, color, owner, private
            """
        ).first
    }

    public func deleteService(id: UUID) async throws -> Bool {
        // Notifications and subscriptions go by foreign key; inbox links and
        // deliveries have none (see the migration) and are removed here.
        try await !rows(
            """
            WITH gone AS (SELECT id FROM notifications WHERE service_id = \(id)),
            unlinked AS (DELETE FROM inbox WHERE notification_id IN (SELECT id FROM gone)),
            dequeued AS (DELETE FROM deliveries WHERE notification_id IN (SELECT id FROM gone)),
            forgotten AS (DELETE FROM delivery_history WHERE notification_id IN (SELECT id FROM gone))
            DELETE FROM services WHERE id = \(id) RETURNING id
            """,
            as: UUID.self
        ).isEmpty
    }

    public func userServices(userID: UserID) async throws -> [UserService] {
        try await rows(
            """
            SELECT s.id, s.category, s.color, s.owner, s.private, (sub.user_id IS NOT NULL)
            FROM services s LEFT JOIN subscriptions sub ON sub.service_id = s.id AND sub.user_id = \(userID)
            ORDER BY s.category, s.id
            """,
            as: (UUID, String, String, String, Bool, Bool).self
        ).map {
            UserService(service: ServiceRecord(id: $0.0, category: $0.1, color: $0.2, owner: $0.3, isPrivate: $0.4), isSubscribed: $0.5)
        }
    }

    public func setSubscriptions(userID: UserID, _ changes: [UUID: Bool]) async throws {
        let subscribe = changes.filter(\.value).map(\.key)
        let unsubscribe = changes.filter { !$0.value }.map(\.key)
        try await execute(
            """
            WITH added AS (
                INSERT INTO subscriptions (service_id, user_id)
                SELECT id, \(userID) FROM services WHERE id = ANY(\(subscribe))
                ON CONFLICT DO NOTHING
            )
            DELETE FROM subscriptions WHERE user_id = \(userID) AND service_id = ANY(\(unsubscribe))
            """
        )
    }

    public func subscribe(userIDs: Set<UserID>, to serviceID: UUID) async throws {
        try await execute(
            """
            INSERT INTO subscriptions (service_id, user_id)
            SELECT \(serviceID), u.id FROM users u WHERE u.id = ANY(\(Array(userIDs))) AND EXISTS (SELECT 1 FROM services WHERE id = \(serviceID))
            ON CONFLICT DO NOTHING
            """
        )
    }

    // MARK: Senders' tokens and templates

    public func createServiceToken(serviceID: UUID, name: String, tokenHash: String, at now: Date) async throws -> ServiceToken? {
        try await serviceTokens(
            """
            INSERT INTO service_tokens (service_id, name, token_hash, created_at)
            SELECT id, \(name), \(tokenHash), \(ExactTimestamp(now)) FROM services WHERE id = \(serviceID)
            RETURNING id, service_id, name, created_at, last_used_at
            """
        ).first
    }

    public func serviceTokens(serviceID: UUID) async throws -> [ServiceToken] {
        try await serviceTokens("SELECT id, service_id, name, created_at, last_used_at FROM service_tokens WHERE service_id = \(serviceID) ORDER BY id")
    }

    public func deleteServiceToken(serviceID: UUID, id: Int64) async throws -> Bool {
        try await !rows("DELETE FROM service_tokens WHERE service_id = \(serviceID) AND id = \(id) RETURNING id", as: Int64.self).isEmpty
    }

    public func useServiceToken(serviceID: UUID, tokenHash: String, at now: Date) async throws -> Bool {
        try await !rows(
            "UPDATE service_tokens SET last_used_at = \(ExactTimestamp(now)) WHERE service_id = \(serviceID) AND token_hash = \(tokenHash) RETURNING id",
            as: Int64.self
        ).isEmpty
    }

    private func serviceTokens(_ statement: PostgresQuery) async throws -> [ServiceToken] {
        try await rows(statement, as: (Int64, UUID, String, ExactTimestamp, ExactTimestamp?).self).map {
            ServiceToken(id: $0.0, serviceID: $0.1, name: $0.2, createdAt: $0.3.date, lastUsedAt: $0.4?.date)
        }
    }

    public func serviceTemplates(serviceID: UUID) async throws -> NotificationTemplates? {
        try await first("SELECT title, subtitle, url, severity FROM service_templates WHERE service_id = \(serviceID)", as: (String, String, String, String).self)
            .map { NotificationTemplates(title: $0.0, subtitle: $0.1, url: $0.2, severity: $0.3) }
    }

    public func setServiceTemplates(serviceID: UUID, _ templates: NotificationTemplates?, at now: Date) async throws -> Bool {
        guard let templates else {
            return try await !rows("DELETE FROM service_templates WHERE service_id = \(serviceID) RETURNING service_id", as: UUID.self).isEmpty
        }
        return try await !rows(
            """
            INSERT INTO service_templates (service_id, title, subtitle, url, severity, updated_at)
            SELECT id, \(templates.title), \(templates.subtitle), \(templates.url), \(templates.severity), \(ExactTimestamp(now))
            FROM services WHERE id = \(serviceID)
            ON CONFLICT (service_id) DO UPDATE SET title = excluded.title, subtitle = excluded.subtitle, url = excluded.url,
                severity = excluded.severity, updated_at = excluded.updated_at
            RETURNING service_id
            """,
            as: UUID.self
        ).isEmpty
    }

    public func serviceRateLimit(serviceID: UUID) async throws -> RateLimit? {
        try await first("SELECT per_second, burst FROM service_limits WHERE service_id = \(serviceID)", as: (Double, Int).self)
            .map { RateLimit(perSecond: $0.0, burst: $0.1) }
    }

    public func setServiceRateLimit(serviceID: UUID, _ limit: RateLimit?, at now: Date) async throws -> Bool {
        guard let limit else {
            try await execute("DELETE FROM service_limits WHERE service_id = \(serviceID)")
            return try await service(id: serviceID) != nil
        }
        return try await !rows(
            """
            INSERT INTO service_limits (service_id, per_second, burst, updated_at)
            SELECT id, \(limit.perSecond), \(limit.burst), \(ExactTimestamp(now)) FROM services WHERE id = \(serviceID)
            ON CONFLICT (service_id) DO UPDATE SET per_second = excluded.per_second, burst = excluded.burst, updated_at = excluded.updated_at
            RETURNING service_id
            """,
            as: UUID.self
        ).isEmpty
    }
}

extension PostgresStore: ServiceAlertingStore {
    public func serviceAlerting(serviceID: UUID) async throws -> ServiceAlerting? {
        try await serviceSettings("service_alerting", of: serviceID).map(ServiceAlerting.init(json:))
    }

    public func setServiceAlerting(serviceID: UUID, _ alerting: ServiceAlerting?, at now: Date) async throws -> Bool {
        try await setServiceSettings("service_alerting", of: serviceID, alerting.flatMap { $0.isEmpty ? nil : $0.json }, at: now)
    }
}

extension PostgresStore {
    /// A service's row of a settings table (`service_id`, `settings` JSON,
    /// `updated_at`): `service_alerting`, `service_write_backs`.
    func serviceSettings(_ table: StaticString, of serviceID: UUID) async throws -> String? {
        try await first("SELECT settings FROM \(unescaped: "\(table)") WHERE service_id = \(serviceID)", as: String.self)
    }

    /// Stores (nil: removes) a service's settings; false when the service does not exist.
    func setServiceSettings(_ table: StaticString, of serviceID: UUID, _ json: String?, at now: Date) async throws -> Bool {
        guard let json else {
            try await execute("DELETE FROM \(unescaped: "\(table)") WHERE service_id = \(serviceID)")
            return try await service(id: serviceID) != nil
        }
        return try await !rows(
            """
            INSERT INTO \(unescaped: "\(table)") (service_id, settings, updated_at)
            SELECT id, \(json), \(ExactTimestamp(now)) FROM services WHERE id = \(serviceID)
            ON CONFLICT (service_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at
            RETURNING service_id
            """,
            as: UUID.self
        ).isEmpty
    }
}

extension PostgresStore {
    public func subscriberIDs(serviceID: UUID) async throws -> [UserID] {
        try await rows("SELECT user_id FROM subscriptions WHERE service_id = \(serviceID) ORDER BY user_id", as: Int64.self)
    }
}
