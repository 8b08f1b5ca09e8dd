import Foundation

/// A subscriber's filter over a notification's attributes, severity, text
/// and age, written as a small expression:
///
///     class in [supernova, comet] and magnitude <= 19
///     severity >= major or title contains "beam"
///     not (stream = CRTS) and age <= 2d
///
/// - Comparisons: `=` (also `==`), `!=`, `<`, `<=`, `>`, `>=`, `in [...]`,
///   `contains` (text, any case) and `exists`.
/// - Names: `title`, `subtitle`, `text` (title and subtitle), `severity`
///   (compared by level: `severity >= warning`), `age` (time since the
///   event: its `time` attribute when that is a date-time or epoch seconds,
///   else when it was posted; values like `90s`, `30m`, `48h`, `7d`); any
///   other name is an attribute (`attributes.title` reaches one that shares
///   a built-in name).
/// - Values: numbers, `true`/`false`, quoted text ("..." or '...'), or bare
///   words (`supernova`). Text compares without regard to case.
/// - `and` binds tighter than `or`; `not` and parentheses as usual.
/// - A comparison with an attribute the notification lacks is false.
public indirect enum FilterExpression: Sendable, Equatable {
    case and(FilterExpression, FilterExpression)
    case or(FilterExpression, FilterExpression)
    case not(FilterExpression)
    case compare(Field, Comparison, FilterValue)
    case member(Field, [FilterValue])
    case contains(Field, String)
    case exists(Field)

    public enum Field: Sendable, Equatable, CustomStringConvertible {
        case title, subtitle, text, severity, age
        case attribute(String)

        public var description: String {
            switch self {
            case .title: "title"
            case .subtitle: "subtitle"
            case .text: "text"
            case .severity: "severity"
            case .age: "age"
            case .attribute(let name): Self.builtIn(name) == nil ? name : "attributes.\(name)"
            }
        }

        static func builtIn(_ name: String) -> Field? {
            switch name {
            case "title": .title
            case "subtitle": .subtitle
            case "text": .text
            case "severity": .severity
            case "age": .age
            default: nil
            }
        }
    }

    public enum Comparison: String, Sendable, Equatable {
        case equal = "="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
    }

    /// The longest expression accepted, and the deepest nesting.
    public static let maxLength = 1_000
    public static let maxDepth = 32
}

/// A literal in a filter.
public enum FilterValue: Sendable, Equatable, CustomStringConvertible {
    case text(String)
    case number(Double)
    case bool(Bool)
    /// A duration in seconds (`48h`), for `age`.
    case duration(Double)

    public var description: String {
        switch self {
        case .text(let text): FilterExpression.quotedIfNeeded(text)
        case .number(let number): NotificationAttributes.encoded(.number(number))
        case .bool(let flag): flag ? "true" : "false"
        case .duration(let seconds): FilterValue.durationText(seconds)
        }
    }

    static func durationText(_ seconds: Double) -> String {
        for (unit, size) in [("d", 86_400.0), ("h", 3_600.0), ("m", 60.0)] where seconds >= size && (seconds / size).rounded() == seconds / size {
            return NotificationAttributes.encoded(.number(seconds / size)) + unit
        }
        return NotificationAttributes.encoded(.number(seconds)) + "s"
    }
}

/// Why a filter could not be read, and where (a 0-based character offset).
public struct FilterSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var position: Int
    public var message: String

    public var description: String { "\(message) at position \(position)" }
}

extension FilterExpression: CustomStringConvertible {
    /// The canonical text: what is stored and shown, so equal filters are equal text.
    public var description: String { text(parent: 0) }

    private func text(parent: Int) -> String {
        switch self {
        case .or(let left, let right):
            let inner = "\(left.text(parent: 1)) or \(right.text(parent: 1))"
            return parent > 1 ? "(\(inner))" : inner
        case .and(let left, let right):
            let inner = "\(left.text(parent: 2)) and \(right.text(parent: 2))"
            return parent > 2 ? "(\(inner))" : inner
        case .not(let inner):
            return "not \(inner.text(parent: 3))"
        case .compare(let field, let comparison, let value):
            return "\(field) \(comparison.rawValue) \(value)"
        case .member(let field, let values):
            return "\(field) in [\(values.map(\.description).joined(separator: ", "))]"
        case .contains(let field, let text):
            return "\(field) contains \(Self.quotedIfNeeded(text))"
        case .exists(let field):
            return "\(field) exists"
        }
    }

    static let keywords: Set<String> = ["and", "or", "not", "in", "contains", "exists", "true", "false"]

    /// A bare word when it reads back as the same text, else quoted.
    static func quotedIfNeeded(_ text: String) -> String {
        let isWord = !text.isEmpty && text.unicodeScalars.allSatisfy { FilterParser.isWordScalar($0) }
            && !(text.unicodeScalars.first.map { ("0"..."9").contains($0) || $0 == "-" || $0 == "." } ?? true)
            && !keywords.contains(text.lowercased())
        if isWord { return text }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
