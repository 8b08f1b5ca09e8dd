import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: FilterStore {
    typealias FilterRow = (Int64, UUID, String, String, String)

    static func storedFilter(_ row: FilterRow) -> StoredFilter {
        StoredFilter(id: row.0, serviceID: row.1, filter: FilterColumns.filter(expression: row.2, include: row.3, exclude: row.4))
    }

    public func filter(userID: UserID, serviceID: UUID) async throws -> SubscriptionFilter? {
        try await first(
            """
            SELECT f.id, f.service_id, f.expression, f.include_keywords, f.exclude_keywords
            FROM user_filters u JOIN filters f ON f.id = u.filter_id WHERE u.user_id = \(userID) AND u.service_id = \(serviceID)
            """,
            as: FilterRow.self
        ).map { Self.storedFilter($0).filter }
    }

    public func filters(userID: UserID) async throws -> [UUID: SubscriptionFilter] {
        let rows = try await rows(
            """
            SELECT f.id, f.service_id, f.expression, f.include_keywords, f.exclude_keywords
            FROM user_filters u JOIN filters f ON f.id = u.filter_id WHERE u.user_id = \(userID)
            """,
            as: FilterRow.self
        )
        return Dictionary(rows.map(Self.storedFilter).map { ($0.serviceID, $0.filter) }, uniquingKeysWith: { first, _ in first })
    }

    public func setFilter(userID: UserID, serviceID: UUID, _ filter: SubscriptionFilter) async throws -> Bool {
        guard !filter.isEmpty else {
            return try await count(
                """
                WITH removed AS (DELETE FROM user_filters WHERE user_id = \(userID) AND service_id = \(serviceID))
                SELECT count(*) FROM services WHERE id = \(serviceID)
                """
            ) == 1
        }
        let columns = FilterColumns(filter)
        // The shared row is found or made, then linked; DO UPDATE (not
        // NOTHING) so the row is returned, and locked against a concurrent
        // removal of unused filters.
        return try await count(
            """
            WITH shared AS (
                INSERT INTO filters (service_id, expression, include_keywords, exclude_keywords)
                SELECT id, \(columns.expression), \(columns.include), \(columns.exclude) FROM services WHERE id = \(serviceID)
                ON CONFLICT (service_id, expression, include_keywords, exclude_keywords) DO UPDATE SET expression = EXCLUDED.expression
                RETURNING id
            ),
            linked AS (
                INSERT INTO user_filters (user_id, service_id, filter_id) SELECT \(userID), \(serviceID), id FROM shared
                ON CONFLICT (user_id, service_id) DO UPDATE SET filter_id = EXCLUDED.filter_id
                RETURNING 1
            )
            SELECT count(*) FROM linked
            """
        ) == 1
    }

    public func filters(serviceIDs: [UUID], after id: Int64) async throws -> [StoredFilter] {
        guard !serviceIDs.isEmpty else { return [] }
        return try await rows(
            """
            SELECT f.id, f.service_id, f.expression, f.include_keywords, f.exclude_keywords FROM filters f
            WHERE f.id > \(id) AND f.service_id = ANY(\(serviceIDs)) ORDER BY f.id
            """,
            as: FilterRow.self
        ).map(Self.storedFilter)
    }
}
