import Foundation
import HeraldCore

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

    static func filter(expression: String, include: String, exclude: String) -> SubscriptionFilter {
        SubscriptionFilter(expression: expression.isEmpty ? nil : expression, includeKeywords: list(include), excludeKeywords: list(exclude))
    }

    static func json(_ keywords: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(keywords)) ?? Data("[]".utf8), as: UTF8.self)
    }

    static func list(_ json: String) -> [String] {
        // Most filters have no keywords: publishing reads every filter of a
        // service (100,000 in the worst case), and a decoder for "[]" cost
        // more than the query.
        if json == "[]" { return [] }
        return (try? JSONDecoder().decode([String].self, from: Data(json.utf8))) ?? []
    }
}
