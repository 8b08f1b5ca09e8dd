import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: ServiceStore {

    static func service(from row: SQLiteRow) throws -> ServiceRecord {
        ServiceRecord(
            id: try row.uuid("id"), category: try row.text("category"), color: try row.text("color"), owner: try row.text("owner"), isPrivate: try row.bool("private")
        )
    }

    public func services() async throws -> [ServiceRecord] {
        try await database.read { db in
            try await db.rows("SELECT id, category, color, owner, private FROM services ORDER BY category, id").map(Self.service(from:))
        }
    }

    public func service(id: UUID) async throws -> ServiceRecord? {
        try await database.read { db in
            try await db.first("SELECT id, category, color, owner, private FROM services WHERE id = \(id)").map(Self.service(from:))
        }
    }

    public func createService(_ draft: ServiceDraft) async throws -> ServiceRecord {
        let service = ServiceRecord(id: draft.id ?? UUID(), category: draft.category, color: draft.color, owner: draft.owner, isPrivate: draft.isPrivate)
        try await database.transaction { db in
            try await db.execute(
                "INSERT INTO services (id, category, color, owner, private) VALUES (\(service.id), \(service.category), \(service.color), \(service.owner), \(service.isPrivate))"
            )
        }
        return service
    }

    public func updateService(id: UUID, _ patch: ServicePatch) async throws -> ServiceRecord? {
        try await database.transaction { db in
            try await db.first(
                """
                UPDATE services SET category = coalesce(\(patch.category), category), color = coalesce(\(patch.color), color),
                    owner = coalesce(\(patch.owner), owner), private = coalesce(\(patch.isPrivate), private)
                WHERE id = \(id) RETURNING id, category, color, owner, private
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
            try await db.execute("DELETE FROM delivery_history WHERE notification_id IN (SELECT id FROM notifications WHERE service_id = \(id))")
            try await db.execute("DELETE FROM services WHERE id = \(id)")
            return try await db.changes() > 0
        }
    }

    public func userServices(userID: UserID) async throws -> [UserService] {
        try await database.read { db in
            try await db.rows(
                """
                SELECT s.id, s.category, s.color, s.owner, s.private, (sub.user_id IS NOT NULL) AS is_subscribed
                FROM services s LEFT JOIN subscriptions sub ON sub.service_id = s.id AND sub.user_id = \(userID)
                ORDER BY s.category, s.id
                """
            ).map { UserService(service: try Self.service(from: $0), isSubscribed: try $0.bool("is_subscribed")) }
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

    public func subscribe(userIDs: Set<UserID>, to serviceID: UUID) async throws {
        try await database.transaction { db in
            try await db.execute(
                """
                INSERT INTO subscriptions (service_id, user_id)
                SELECT s.id, u.id FROM services s, users u
                WHERE s.id = \(serviceID) AND u.id IN (SELECT value FROM json_each(\(jsonArray: Array(userIDs))))
                ON CONFLICT DO NOTHING
                """
            )
        }
    }

    // MARK: Senders' tokens and templates

    public func createServiceToken(serviceID: UUID, name: String, tokenHash: String, at now: Date) async throws -> ServiceToken? {
        try await database.transaction { db in
            try await db.first(
                """
                INSERT INTO service_tokens (service_id, name, token_hash, created_at)
                SELECT id, \(name), \(tokenHash), \(now) FROM services WHERE id = \(serviceID)
                RETURNING id, service_id, name, created_at, last_used_at
                """
            ).map(Self.serviceToken(from:))
        }
    }

    public func serviceTokens(serviceID: UUID) async throws -> [ServiceToken] {
        try await database.read { db in
            try await db.rows("SELECT id, service_id, name, created_at, last_used_at FROM service_tokens WHERE service_id = \(serviceID) ORDER BY id")
                .map(Self.serviceToken(from:))
        }
    }

    public func deleteServiceToken(serviceID: UUID, id: Int64) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("DELETE FROM service_tokens WHERE service_id = \(serviceID) AND id = \(id)")
            return try await db.changes() > 0
        }
    }

    public func useServiceToken(serviceID: UUID, tokenHash: String, at now: Date) async throws -> Bool {
        try await database.transaction { db in
            try await db.execute("UPDATE service_tokens SET last_used_at = \(now) WHERE service_id = \(serviceID) AND token_hash = \(tokenHash)")
            return try await db.changes() > 0
        }
    }

    public func serviceTemplates(serviceID: UUID) async throws -> NotificationTemplates? {
        try await database.read { db in
            try await db.first("SELECT title, subtitle, url, severity FROM service_templates WHERE service_id = \(serviceID)").map {
                NotificationTemplates(title: try $0.text("title"), subtitle: try $0.text("subtitle"), url: try $0.text("url"), severity: try $0.text("severity"))
            }
        }
    }

    public func setServiceTemplates(serviceID: UUID, _ templates: NotificationTemplates?, at now: Date) async throws -> Bool {
        try await database.transaction { db in
            guard let templates else {
                try await db.execute("DELETE FROM service_templates WHERE service_id = \(serviceID)")
                return try await db.changes() > 0
            }
            try await db.execute(
                """
                INSERT INTO service_templates (service_id, title, subtitle, url, severity, updated_at)
                SELECT id, \(templates.title), \(templates.subtitle), \(templates.url), \(templates.severity), \(now)
                FROM services WHERE id = \(serviceID)
                ON CONFLICT (service_id) DO UPDATE SET title = excluded.title, subtitle = excluded.subtitle, url = excluded.url,
                    severity = excluded.severity, updated_at = excluded.updated_at
                """
            )
            return try await db.changes() > 0
        }
    }

    static func serviceToken(from row: SQLiteRow) throws -> ServiceToken {
        ServiceToken(
            id: try row.int64("id"), serviceID: try row.uuid("service_id"), name: try row.text("name"), createdAt: try row.date("created_at"),
            lastUsedAt: try row.optionalDate("last_used_at")
        )
    }

    public func serviceRateLimit(serviceID: UUID) async throws -> RateLimit? {
        try await database.read { db in
            try await db.first("SELECT per_second, burst FROM service_limits WHERE service_id = \(serviceID)").map {
                RateLimit(perSecond: try $0.double("per_second"), burst: Int(try $0.int64("burst")))
            }
        }
    }

    public func setServiceRateLimit(serviceID: UUID, _ limit: RateLimit?, at now: Date) async throws -> Bool {
        try await database.transaction { db in
            guard let limit else {
                try await db.execute("DELETE FROM service_limits WHERE service_id = \(serviceID)")
                return try await db.first("SELECT id FROM services WHERE id = \(serviceID)") != nil
            }
            try await db.execute(
                """
                INSERT INTO service_limits (service_id, per_second, burst, updated_at)
                SELECT id, \(limit.perSecond), \(limit.burst), \(now) FROM services WHERE id = \(serviceID)
                ON CONFLICT (service_id) DO UPDATE SET per_second = excluded.per_second, burst = excluded.burst, updated_at = excluded.updated_at
                """
            )
            return try await db.changes() > 0
        }
    }
}

extension SQLiteStore: ServiceAlertingStore {
    public func serviceAlerting(serviceID: UUID) async throws -> ServiceAlerting? {
        try await serviceSettings("service_alerting", of: serviceID).map(ServiceAlerting.init(json:))
    }

    public func setServiceAlerting(serviceID: UUID, _ alerting: ServiceAlerting?, at now: Date) async throws -> Bool {
        try await setServiceSettings("service_alerting", of: serviceID, alerting.flatMap { $0.isEmpty ? nil : $0.json }, at: now)
    }
}

extension SQLiteStore {
    /// A service's row of a settings table (`service_id`, `settings` JSON,
    /// `updated_at`): `service_alerting`, `service_write_backs`.
    func serviceSettings(_ table: StaticString, of serviceID: UUID) async throws -> String? {
        let table = SQLiteQuery(stringLiteral: "\(table)")
        return try await database.read { db in
            try await db.first("SELECT settings FROM \(table) WHERE service_id = \(serviceID)").map { try $0.text("settings") }
        }
    }

    /// Stores (nil: removes) a service's settings; false when the service does not exist.
    func setServiceSettings(_ table: StaticString, of serviceID: UUID, _ json: String?, at now: Date) async throws -> Bool {
        let table = SQLiteQuery(stringLiteral: "\(table)")
        return try await database.transaction { db in
            guard let json else {
                try await db.execute("DELETE FROM \(table) WHERE service_id = \(serviceID)")
                return try await db.first("SELECT id FROM services WHERE id = \(serviceID)") != nil
            }
            try await db.execute(
                """
                INSERT INTO \(table) (service_id, settings, updated_at)
                SELECT id, \(json), \(now) FROM services WHERE id = \(serviceID)
                ON CONFLICT (service_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at
                """
            )
            return try await db.changes() > 0
        }
    }
}

extension SQLiteStore {
    public func subscriberIDs(serviceID: UUID) async throws -> [UserID] {
        try await database.read { db in
            try await db.rows("SELECT user_id FROM subscriptions WHERE service_id = \(serviceID) ORDER BY user_id").map { try $0.int64("user_id") }
        }
    }
}
