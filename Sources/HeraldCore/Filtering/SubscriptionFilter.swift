import Foundation

/// One user's filter on one service: an expression (`FilterExpression`)
/// and the old server's keyword lists, all of which a notification must
/// pass to reach that user's inbox and devices.
public struct SubscriptionFilter: Sendable, Equatable, Hashable {
    /// Canonical text of the expression; nil: none.
    public var expression: String?
    /// At least one must occur in the title or subtitle (any case); empty: no such condition.
    public var includeKeywords: [String]
    /// None may occur in the title or subtitle (any case).
    public var excludeKeywords: [String]

    public static let maxKeywords = 50
    public static let maxKeywordLength = 100

    public init(expression: String? = nil, includeKeywords: [String] = [], excludeKeywords: [String] = []) {
        self.expression = expression
        self.includeKeywords = includeKeywords
        self.excludeKeywords = excludeKeywords
    }

    /// Lets everything through: the same as having no filter.
    public var isEmpty: Bool { expression == nil && includeKeywords.isEmpty && excludeKeywords.isEmpty }

    /// What a client sent, checked and put in canonical form (the
    /// expression re-written from its parse, keywords trimmed and without
    /// repeats), or every problem with where it is.
    public static func validated(expression: String?, includeKeywords: [String], excludeKeywords: [String]) throws(Problems) -> SubscriptionFilter {
        var problems: [Problem] = []
        var canonical: String?
        if let expression, !TextRules.isBlank(expression) {
            do {
                canonical = try FilterParser.parse(expression).description
            } catch {
                problems.append(Problem(field: "expression", position: error.position, message: error.message))
            }
        }
        func keywords(_ given: [String], _ field: String) -> [String] {
            if given.count > maxKeywords { problems.append(Problem(field: field, message: "At most \(maxKeywords) keywords")) }
            var seen: Set<String> = []
            var kept: [String] = []
            for (index, keyword) in given.enumerated() {
                if let problem = TextRules.problem(keyword, maxLength: maxKeywordLength) {
                    problems.append(Problem(field: field, index: index, message: problem.message))
                    continue
                }
                let trimmed = keyword.trimmingWhitespace()
                if seen.insert(trimmed.lowercased()).inserted { kept.append(trimmed) }
            }
            return kept
        }
        let include = keywords(includeKeywords, "include_keywords")
        let exclude = keywords(excludeKeywords, "exclude_keywords")
        guard problems.isEmpty else { throw Problems(problems: problems) }
        return SubscriptionFilter(expression: canonical, includeKeywords: include, excludeKeywords: exclude)
    }

    public struct Problem: Sendable, Equatable {
        public var field: String
        /// For a keyword: its index in the list.
        public var index: Int?
        /// For the expression: where in it (0-based, in characters).
        public var position: Int?
        public var message: String

        init(field: String, index: Int? = nil, position: Int? = nil, message: String) {
            self.field = field
            self.index = index
            self.position = position
            self.message = message
        }
    }

    public struct Problems: Error, Sendable, Equatable {
        public var problems: [Problem]
    }
}

/// A filter ready to match: parsed once, then applied to every notification.
public struct CompiledFilter: Sendable {
    public let expression: FilterExpression?
    let include: [String]
    let exclude: [String]

    /// Nil when the stored expression no longer parses (it was valid when
    /// saved, so only a change to the language could do that).
    public init?(_ filter: SubscriptionFilter) {
        if let text = filter.expression {
            guard let parsed = try? FilterParser.parse(text) else { return nil }
            expression = parsed
        } else {
            expression = nil
        }
        include = filter.includeKeywords.map { $0.lowercased() }
        exclude = filter.excludeKeywords.map { $0.lowercased() }
    }

    public func matches(_ subject: FilterSubject, now: Date) -> Bool {
        if !include.isEmpty || !exclude.isEmpty {
            // As the old server matched before pushing: the lower-cased title
            // and subtitle joined by a space, each keyword a substring of it.
            let text = (subject.title + " " + subject.subtitle).lowercased()
            if !include.isEmpty, !include.contains(where: { text.contains($0) }) { return false }
            if exclude.contains(where: { text.contains($0) }) { return false }
        }
        return expression?.matches(subject, now: now) ?? true
    }
}
