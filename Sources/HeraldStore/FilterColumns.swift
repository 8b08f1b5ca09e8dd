import Foundation
import HeraldCore
import Logging

/// A `SubscriptionFilter` as both databases store it: the canonical
/// expression ("" for none) and each keyword list as a JSON array, so equal
/// filters are equal rows and can be shared.
struct FilterColumns {
    var expression: String
    var include: String
    var exclude: String

    init(_ filter: SubscriptionFilter) {
        expression = filter.expression ?? ""
        include = Self.json(filter.includeKeywords)
        exclude = Self.json(filter.excludeKeywords)
    }

    /// A stored filter (row `id`); a keyword list that cannot be read is
    /// refused (`StoredValue`), or, read for work (a publish's filters),
    /// logged and read as none.
    static func filter(id: Int64, expression: String, include: String, exclude: String, forWork logger: Logger? = nil) throws -> SubscriptionFilter {
        SubscriptionFilter(
            expression: expression.isEmpty ? nil : expression,
            includeKeywords: try list(include, "filters", "include_keywords", row: id, forWork: logger),
            excludeKeywords: try list(exclude, "filters", "exclude_keywords", row: id, forWork: logger)
        )
    }

    static func json(_ keywords: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(keywords)) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// A JSON array of strings as stored (keywords, a feed's attribute
    /// names); one that cannot be read is refused, or read for work as none.
    static func list(_ json: String, _ table: String, _ column: String, row: Int64, forWork logger: Logger? = nil) throws -> [String] {
        // Most filters have no keywords: publishing reads every filter of a
        // service (100,000 in the worst case), and a decoder for "[]" cost
        // more than the query.
        if json == "[]" { return [] }
        return try StoredValue.parse(json, as: { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) }, table, column, row: row, forWork: logger) ?? []
    }
}
