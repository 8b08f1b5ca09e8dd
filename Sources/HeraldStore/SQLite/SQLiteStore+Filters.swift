import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: FilterStore {
    static func storedFilter(_ row: SQLiteRow) throws -> StoredFilter {
        StoredFilter(
            id: try row.int64("id"), serviceID: try row.uuid("service_id"),
            filter: FilterColumns.filter(expression: try row.text("expression"), include: try row.text("include_keywords"), exclude: try row.text("exclude_keywords"))
        )
    }

    public func filter(userID: UserID, serviceID: UUID) async throws -> SubscriptionFilter? {
        try await filters(userID: userID)[serviceID]
    }

    public func filters(userID: UserID) async throws -> [UUID: SubscriptionFilter] {
        try await database.read { db in
            var filters: [UUID: SubscriptionFilter] = [:]
            for row in try await db.rows(
                """
                SELECT f.id, f.service_id, f.expression, f.include_keywords, f.exclude_keywords
                FROM user_filters u JOIN filters f ON f.id = u.filter_id WHERE u.user_id = \(userID)
                """
            ) {
                let stored = try Self.storedFilter(row)
                filters[stored.serviceID] = stored.filter
            }
            return filters
        }
    }

    public func setFilter(userID: UserID, serviceID: UUID, _ filter: SubscriptionFilter) async throws -> Bool {
        try await database.transaction { db in
            guard try await db.first("SELECT 1 AS found FROM services WHERE id = \(serviceID)") != nil else { return false }
            guard !filter.isEmpty else {
                try await db.execute("DELETE FROM user_filters WHERE user_id = \(userID) AND service_id = \(serviceID)")
                return true
            }
            let columns = FilterColumns(filter)
            try await db.execute(
                """
                INSERT INTO filters (service_id, expression, include_keywords, exclude_keywords)
                VALUES (\(serviceID), \(columns.expression), \(columns.include), \(columns.exclude)) ON CONFLICT DO NOTHING
                """
            )
            try await db.execute(
                """
                INSERT INTO user_filters (user_id, service_id, filter_id)
                SELECT \(userID), \(serviceID), id FROM filters
                WHERE service_id = \(serviceID) AND expression = \(columns.expression)
                    AND include_keywords = \(columns.include) AND exclude_keywords = \(columns.exclude)
                ON CONFLICT (user_id, service_id) DO UPDATE SET filter_id = excluded.filter_id
                """
            )
            return true
        }
    }

    public func filters(serviceIDs: [UUID], after id: Int64) async throws -> [StoredFilter] {
        guard !serviceIDs.isEmpty else { return [] }
        return try await database.read { db in
            try await db.rows(
                """
                SELECT f.id, f.service_id, f.expression, f.include_keywords, f.exclude_keywords FROM filters f
                WHERE f.id > \(id) AND f.service_id IN (SELECT value FROM json_each(\(jsonArray: serviceIDs.map { $0.uuidString.lowercased() })))
                ORDER BY f.id
                """
            ).map(Self.storedFilter)
        }
    }
}
