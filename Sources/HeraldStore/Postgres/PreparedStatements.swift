import Foundation
import HeraldCore
import Logging
import PostgresNIO

/// A statement run often enough that parsing and planning it each time is
/// most of its cost (a lone sender's publish: 0.43 ms parse and 0.64 ms
/// plan of 2.4 ms end to end), prepared once per connection by postgres-nio
/// (under `name`) and then only executed. PostgreSQL's plan cache decides
/// the rest: custom plans for the first five runs, then the generic plan
/// only if it is estimated no dearer than they were (most of a lone
/// sender's gain: forcing custom plans left p50 at 2.3–2.8 ms against
/// 1.3–1.5). A statement whose best plan depends on its values (which
/// services have a large audience) should so go on being planned with them;
/// that rests on the estimates, and is worth watching on a site with one
/// very large service.
///
/// `Shape` names one SQL text: `sql` must be the same for every value
/// (`query`'s binds differ, its text does not).
protocol PreparedShape: Sendable {
    static var name: String { get }
    static var sql: String { get }
}

struct Prepared<Shape: PreparedShape>: PostgresPreparedStatement {
    typealias Row = PostgresRow
    static var name: String { Shape.name }
    static var sql: String { Shape.sql }

    let query: PostgresQuery

    init(_ query: PostgresQuery) {
        // A shape whose text is not the query's would run other SQL with these values.
        assert(query.sql == Shape.sql, "\(Shape.name): the query's SQL is not its shape's")
        self.query = query
    }

    func makeBindings() throws -> PostgresBindings { query.binds }
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

extension PostgresStore {
    /// `rows`, prepared once per connection (`Prepared`).
    func rows<Shape: PreparedShape, each Column: PostgresDecodable & Sendable>(
        _ statement: Prepared<Shape>, as type: (repeat each Column).Type
    ) async throws -> [(repeat each Column)] {
        do {
            return try await withOpenConnection { connection in
                // postgres-nio writes a statement without checking that the
                // channel is open, and one written to a closed channel is never
                // answered (see `allRows`): checked just before the write.
                guard !connection.isClosed else { throw StoreError.unavailable("PostgreSQL connection lost (closed before the statement was written)") }
                var rows: [(repeat each Column)] = []
                for try await row in try await connection.execute(statement, logger: logger) {
                    rows.append(try row.decode(type))
                }
                return rows
            }
        } catch {
            throw Self.storeError(error)
        }
    }
}
