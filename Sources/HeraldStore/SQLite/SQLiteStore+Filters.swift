import Foundation
import HeraldCore
import Logging
import SQLiteNIO

extension SQLiteStore: FilterStore {
    /// `forWork`: read for a publish (`StoredValue`'s leniency).
    static func storedFilter(_ row: SQLiteRow, forWork logger: Logger? = nil) throws -> StoredFilter {
        let id = try row.int64("id")
        return StoredFilter(
            id: id, serviceID: try row.uuid("service_id"),
            filter: try FilterColumns.filter(
                id: id, expression: try row.text("expression"), include: try row.text("include_keywords"), exclude: try row.text("exclude_keywords"),
                forWork: logger
            )
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

    public func setFilter(userID: UserID, serviceID: UUID, _ filter: SubscriptionFilter, maxDistinct: Int) async throws -> FilterChange {
        try await database.transaction { db in
            guard try await db.first("SELECT 1 AS found FROM services WHERE id = \(serviceID)") != nil else { return .serviceNotFound }
            let held = try await db.first("SELECT filter_id FROM user_filters WHERE user_id = \(userID) AND service_id = \(serviceID)")?.int64("filter_id")
            var kept: Int64?
            if filter.isEmpty {
                try await db.execute("DELETE FROM user_filters WHERE user_id = \(userID) AND service_id = \(serviceID)")
            } else {
                let columns = FilterColumns(filter)
                let match: SQLiteQuery = """
                    SELECT id FROM filters WHERE service_id = \(serviceID) AND expression = \(columns.expression)
                        AND include_keywords = \(columns.include) AND exclude_keywords = \(columns.exclude)
                    """
                if try await db.first(match) == nil {
                    let others = try await db.first(
                        """
                        SELECT count(*) AS n FROM filters f WHERE f.service_id = \(serviceID)
                            AND EXISTS (SELECT 1 FROM user_filters u WHERE u.filter_id = f.id AND u.user_id <> \(userID))
                        """
                    )?.int64("n") ?? 0
                    if others >= Int64(maxDistinct) { return .overLimit }
                    try await db.execute(
                        """
                        INSERT INTO filters (service_id, expression, include_keywords, exclude_keywords)
                        VALUES (\(serviceID), \(columns.expression), \(columns.include), \(columns.exclude))
                        """
                    )
                }
                kept = try await db.first(match)?.int64("id")
                guard let kept else { throw StoreError.unavailable("the filter row was not found after it was written") }
                try await db.execute(
                    """
                    INSERT INTO user_filters (user_id, service_id, filter_id) VALUES (\(userID), \(serviceID), \(kept))
                    ON CONFLICT (user_id, service_id) DO UPDATE SET filter_id = excluded.filter_id
                    """
                )
            }
            // One writer at a time: nobody can be linking the old row now.
            if let held, held != kept {
                try await db.execute("DELETE FROM filters WHERE id = \(held) AND NOT EXISTS (SELECT 1 FROM user_filters u WHERE u.filter_id = \(held))")
            }
            return .saved
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
            ).map { [logger] in try Self.storedFilter($0, forWork: logger) }
        }
    }
}
