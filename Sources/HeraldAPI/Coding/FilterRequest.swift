import HeraldCore

extension SubscriptionFilter {
    /// The filter in canonical form, or a 422 naming each problem (an
    /// expression's with its position, from 0).
    static func requested(expression: String?, include: [String], exclude: [String]) throws -> SubscriptionFilter {
        do {
            return try SubscriptionFilter.validated(expression: expression, includeKeywords: include, excludeKeywords: exclude)
        } catch {
            throw ValidationFailure(error.problems.map { problem in
                var location: [ValidationIssue.Location] = ["body", .key(problem.field)]
                if let index = problem.index { location.append(.index(index)) }
                let message = problem.position.map { "\(problem.message) at position \($0)" } ?? problem.message
                return ValidationIssue(loc: location, msg: message, type: problem.position == nil ? "value_error" : "filter_syntax")
            })
        }
    }
}
