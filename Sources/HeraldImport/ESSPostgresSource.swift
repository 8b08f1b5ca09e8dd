import Foundation
import HeraldCore
import HeraldStore
import Logging
import PostgresNIO

/// An ESS Notify database on PostgreSQL (its production setup). Every
/// value is read as text or a plain number, so the old column types
/// (uuid, naive timestamps) need no driver decoding of their own.
public struct ESSPostgresSource: ESSSource {
    let client: PostgresClient
    let logger: Logger

    /// `client` must be running (in a service group) while this is used.
    public init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    public static func client(_ settings: DatabaseLocation.PostgresSettings, logger: Logger) throws -> PostgresClient {
        PostgresClient(configuration: try StoreFactory.configuration(settings), backgroundLogger: logger)
    }

    func rows<each Column: PostgresDecodable & Sendable>(_ query: PostgresQuery, as type: (repeat each Column).Type) async throws -> [(repeat each Column)] {
        var collected: [(repeat each Column)] = []
        for try await row in try await client.query(query, logger: logger).decode(type) { collected.append(row) }
        return collected
    }

    func count(_ query: PostgresQuery) async throws -> Int {
        let counted: [Int64] = try await rows(query, as: Int64.self)
        return Int(counted.first ?? 0)
    }

    public func users() async throws -> [ESSRows.User] {
        try await rows(
            "SELECT id::int8, username, coalesce(_device_tokens, ''), is_active, is_admin FROM users WHERE username IS NOT NULL ORDER BY id",
            as: (Int64, String, String, Bool, Bool).self
        ).map { ESSRows.User(id: $0.0, username: $0.1, deviceTokens: $0.2, isActive: $0.3, isAdmin: $0.4) }
    }

    public func services() async throws -> [ESSRows.Service] {
        try await rows("SELECT id::text, category, coalesce(color, ''), coalesce(owner, '') FROM services ORDER BY category", as: (String, String, String, String).self)
            .map { row in
                guard let id = UUID(essText: row.0) else { throw ESSReadError("service id '\(row.0)' is not a UUID") }
                return ESSRows.Service(id: id, category: row.1, color: row.2, owner: row.3)
            }
    }

    public func subscriptions() async throws -> [ESSRows.Subscription] {
        try await rows(
            "SELECT user_id::int8, service_id::text FROM users_services WHERE user_id IS NOT NULL AND service_id IS NOT NULL",
            as: (Int64, String).self
        ).map { row in
            guard let id = UUID(essText: row.1) else { throw ESSReadError("subscription service id '\(row.1)' is not a UUID") }
            return ESSRows.Subscription(userID: row.0, serviceID: id)
        }
    }

    public func notificationCount() async throws -> Int {
        try await count("SELECT count(*)::int8 FROM notifications")
    }

    public func notifications(after id: Int64, limit: Int) async throws -> [ESSRows.Notification] {
        try await rows(
            """
            SELECT id::int8, extract(epoch FROM timestamp)::float8, title, coalesce(subtitle, ''), coalesce(url, ''), service_id::text
            FROM notifications WHERE id > \(id) ORDER BY id LIMIT \(limit)
            """,
            as: (Int64, Double, String, String, String, String).self
        ).map { row in
            guard let service = UUID(essText: row.5) else { throw ESSReadError("notification \(row.0): service id '\(row.5)' is not a UUID") }
            return ESSRows.Notification(id: row.0, timestamp: Date(timeIntervalSince1970: row.1), title: row.2, subtitle: row.3, url: row.4, serviceID: service)
        }
    }

    public func inbox(notificationIDs range: ClosedRange<Int64>) async throws -> [ESSRows.InboxEntry] {
        try await rows(
            """
            SELECT user_id::int8, notification_id::int8, coalesce(is_read, false) FROM users_notifications
            WHERE notification_id BETWEEN \(range.lowerBound) AND \(range.upperBound)
            """,
            as: (Int64, Int64, Bool).self
        ).map { ESSRows.InboxEntry(userID: $0.0, notificationID: $0.1, isRead: $0.2) }
    }

    public func keywordFilters() async throws -> [ESSRows.KeywordFilter] {
        guard try await rows("SELECT to_regclass('users_services_filters') IS NOT NULL", as: Bool.self).first == true else { return [] }
        return try await rows(
            """
            SELECT user_id::int8, service_id::text, coalesce(include_keywords::text, ''), coalesce(exclude_keywords::text, '')
            FROM users_services_filters WHERE user_id IS NOT NULL AND service_id IS NOT NULL
            """,
            as: (Int64, String, String, String).self
        ).map { row in
            guard let id = UUID(essText: row.1) else { throw ESSReadError("keyword filter service id '\(row.1)' is not a UUID") }
            return ESSRows.KeywordFilter(userID: row.0, serviceID: id, include: row.2, exclude: row.3)
        }
    }
}
