import Foundation
import HeraldCore
import Logging
import PostgresNIO

extension PostgresStore: FilterStore {
    typealias FilterRow = (Int64, UUID, String, String, String)

    /// `forWork`: read for a publish (`StoredValue`'s leniency).
    static func storedFilter(_ row: FilterRow, forWork logger: Logger? = nil) throws -> StoredFilter {
        StoredFilter(id: row.0, serviceID: row.1, filter: try FilterColumns.filter(id: row.0, expression: row.2, include: row.3, exclude: row.4, forWork: logger))
    }

    public func filter(userID: UserID, serviceID: UUID) async throws -> SubscriptionFilter? {
        try await first(
            """
            SELECT f.id, f.service_id, f.expression, f.include_keywords, f.exclude_keywords
            FROM user_filters u JOIN filters f ON f.id = u.filter_id WHERE u.user_id = \(userID) AND u.service_id = \(serviceID)
            """,
            as: FilterRow.self
        ).map { try Self.storedFilter($0).filter }
    }

    public func filters(userID: UserID) async throws -> [UUID: SubscriptionFilter] {
        let rows = try await rows(
            """
            SELECT f.id, f.service_id, f.expression, f.include_keywords, f.exclude_keywords
            FROM user_filters u JOIN filters f ON f.id = u.filter_id WHERE u.user_id = \(userID)
            """,
            as: FilterRow.self
        )
        return Dictionary(try rows.map { try Self.storedFilter($0) }.map { ($0.serviceID, $0.filter) }, uniquingKeysWith: { first, _ in first })
    }

    public func setFilter(userID: UserID, serviceID: UUID, _ filter: SubscriptionFilter, maxDistinct: Int) async throws -> FilterChange {
        let columns = FilterColumns(filter)
        return try await transaction { connection in
            guard try await !connection.rows("SELECT 1 FROM services WHERE id = \(serviceID)", as: Int32.self, logger: logger).isEmpty else {
                return .serviceNotFound
            }
            let held = try await connection.rows(
                "SELECT filter_id FROM user_filters WHERE user_id = \(userID) AND service_id = \(serviceID)", as: Int64.self, logger: logger
            ).first
            var kept: Int64?
            if filter.isEmpty {
                try await connection.execute("DELETE FROM user_filters WHERE user_id = \(userID) AND service_id = \(serviceID)", logger: logger)
            } else {
                let known = try await connection.rows(
                    """
                    SELECT id FROM filters WHERE service_id = \(serviceID) AND expression = \(columns.expression)
                        AND include_keywords = \(columns.include) AND exclude_keywords = \(columns.exclude)
                    """,
                    as: Int64.self, logger: logger
                ).first
                if known == nil {
                    let others: Int64 = try await connection.rows(
                        """
                        SELECT count(*) FROM filters f WHERE f.service_id = \(serviceID)
                            AND EXISTS (SELECT 1 FROM user_filters u WHERE u.filter_id = f.id AND u.user_id <> \(userID))
                        """,
                        as: Int64.self, logger: logger
                    ).first ?? 0
                    if others >= Int64(maxDistinct) { return .overLimit }
                }
                // Found or made, then linked; DO UPDATE (not NOTHING) so the
                // row is returned, and locked against a concurrent removal.
                kept = try await connection.rows(
                    """
                    INSERT INTO filters (service_id, expression, include_keywords, exclude_keywords)
                    VALUES (\(serviceID), \(columns.expression), \(columns.include), \(columns.exclude))
                    ON CONFLICT (service_id, expression, include_keywords, exclude_keywords) DO UPDATE SET expression = EXCLUDED.expression
                    RETURNING id
                    """,
                    as: Int64.self, logger: logger
                ).first
                guard let kept else { throw StoreError.unavailable("the filter row was not returned") }
                try await connection.execute(
                    """
                    INSERT INTO user_filters (user_id, service_id, filter_id) VALUES (\(userID), \(serviceID), \(kept))
                    ON CONFLICT (user_id, service_id) DO UPDATE SET filter_id = EXCLUDED.filter_id
                    """,
                    logger: logger
                )
            }
            if let held, held != kept {
                // As retention does it: lock, then look again in a statement
                // of its own, so a link another user committed meanwhile is
                // seen (a row someone is linking now is skipped: retention
                // takes it later if it stays unheld).
                let locked = try await connection.rows("SELECT id FROM filters WHERE id = \(held) FOR UPDATE SKIP LOCKED", as: Int64.self, logger: logger)
                if !locked.isEmpty {
                    try await connection.execute(
                        "DELETE FROM filters f WHERE f.id = \(held) AND NOT EXISTS (SELECT 1 FROM user_filters u WHERE u.filter_id = f.id)", logger: logger
                    )
                }
            }
            return .saved
        }
    }

    public func filters(serviceIDs: [UUID], after id: Int64) async throws -> [StoredFilter] {
        guard !serviceIDs.isEmpty else { return [] }
        return try await rows(
            """
            SELECT f.id, f.service_id, f.expression, f.include_keywords, f.exclude_keywords FROM filters f
            WHERE f.id > \(id) AND f.service_id = ANY(\(serviceIDs)) ORDER BY f.id
            """,
            as: FilterRow.self
        ).map { [logger] in try Self.storedFilter($0, forWork: logger) }
    }
}
