import Foundation

/// What a filter is matched against: a notification's content and when it
/// was posted (for `age`).
public struct FilterSubject: Sendable {
    public var title: String
    public var subtitle: String
    public var severity: Severity?
    public var attributes: NotificationAttributes
    /// When the event happened: its `time` attribute if that reads as a
    /// date-time or epoch seconds, else when it was posted.
    public var eventTime: Date

    public init(_ draft: NotificationDraft, postedAt: Date) {
        title = draft.title
        subtitle = draft.subtitle
        severity = draft.severity
        attributes = draft.attributes ?? NotificationAttributes()
        switch attributes["time"] {
        case .string(let text): eventTime = Timestamp.parse(text) ?? postedAt
        case .number(let seconds): eventTime = Date(timeIntervalSince1970: seconds)
        default: eventTime = postedAt
        }
    }
}

extension FilterExpression {
    /// Whether `subject` passes, as of `now` (for `age`).
    public func matches(_ subject: FilterSubject, now: Date) -> Bool {
        switch self {
        case .and(let left, let right): return left.matches(subject, now: now) && right.matches(subject, now: now)
        case .or(let left, let right): return left.matches(subject, now: now) || right.matches(subject, now: now)
        case .not(let inner): return !inner.matches(subject, now: now)
        case .exists(let field): return Self.value(of: field, in: subject, now: now) != nil
        case .contains(let field, let text):
            guard case .string(let value)? = Self.value(of: field, in: subject, now: now) else { return false }
            return value.lowercased().contains(text.lowercased())
        case .member(let field, let values):
            return values.contains { Self.compare(field, .equal, $0, subject, now: now) }
        case .compare(let field, let comparison, let value):
            return Self.compare(field, comparison, value, subject, now: now)
        }
    }

    /// The field's value; nil when the notification has none.
    static func value(of field: Field, in subject: FilterSubject, now: Date) -> AttributeValue? {
        switch field {
        case .title: .string(subject.title)
        case .subtitle: .string(subject.subtitle)
        case .text: .string(subject.title + "\n" + subject.subtitle)
        case .severity: subject.severity.map { .string($0.rawValue) }
        case .age: .number(now.timeIntervalSince(subject.eventTime))
        case .attribute(let name): subject.attributes[name]
        }
    }

    static func compare(_ field: Field, _ comparison: Comparison, _ expected: FilterValue, _ subject: FilterSubject, now: Date) -> Bool {
        if case .severity = field {
            guard let actual = subject.severity, case .text(let text) = expected, let wanted = Severity(parsing: text) else { return false }
            return holds(comparison, actual < wanted ? -1 : actual == wanted ? 0 : 1)
        }
        guard let actual = value(of: field, in: subject, now: now) else { return false }
        switch (actual, expected) {
        case (.number(let left), .number(let right)), (.number(let left), .duration(let right)):
            return holds(comparison, left < right ? -1 : left == right ? 0 : 1)
        case (.string(let left), .number(let right)):
            guard let number = Double(left) else { return false }
            return holds(comparison, number < right ? -1 : number == right ? 0 : 1)
        case (.number(let left), .text(let right)):
            guard let number = Double(right) else { return false }
            return holds(comparison, left < number ? -1 : left == number ? 0 : 1)
        case (.string(let left), .text(let right)):
            let (a, b) = (left.lowercased(), right.lowercased())
            return holds(comparison, a < b ? -1 : a == b ? 0 : 1)
        case (.bool(let left), .bool(let right)):
            return comparison == .equal ? left == right : comparison == .notEqual ? left != right : false
        case (.bool(let left), .text(let right)):
            // A quoted "true" means the boolean too.
            guard let right = ["true": true, "false": false][right.lowercased()] else { return false }
            return comparison == .equal ? left == right : comparison == .notEqual ? left != right : false
        default:
            return false
        }
    }

    /// `order` is -1, 0 or 1 (actual against expected).
    static func holds(_ comparison: Comparison, _ order: Int) -> Bool {
        switch comparison {
        case .equal: order == 0
        case .notEqual: order != 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        }
    }
}
