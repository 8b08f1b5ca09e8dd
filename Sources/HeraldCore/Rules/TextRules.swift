/// The rules every piece of text a client sends must meet, for the API's own
/// fields and for notifications from every source. Lengths are counted in
/// Unicode scalars, as JSON Schema's `maxLength` (and so `openapi.yaml`)
/// counts them; where a database index limits bytes, callers check bytes.
public enum TextRules {
    public enum Problem: Sendable, Equatable {
        case blank
        case tooLong(limit: Int)
        /// A C0 control character other than tab, line feed and carriage
        /// return (NUL among them, which PostgreSQL cannot store in text).
        case controlCharacter

        /// pydantic's vocabulary, which the old server's clients know.
        public var type: String {
            switch self {
            case .blank: "string_too_short"
            case .tooLong: "string_too_long"
            case .controlCharacter: "string_pattern_mismatch"
            }
        }

        public var message: String {
            switch self {
            case .blank: "String should have at least 1 non-blank character"
            case .tooLong(let limit): "String should have at most \(limit) characters"
            case .controlCharacter: "String should not contain control characters other than tab and line breaks"
            }
        }
    }

    public static func problem(_ value: String, maxLength: Int, allowEmpty: Bool = false) -> Problem? {
        if hasControlCharacter(value) { return .controlCharacter }
        if !allowEmpty, isBlank(value) { return .blank }
        if value.unicodeScalars.count > maxLength { return .tooLong(limit: maxLength) }
        return nil
    }

    /// Empty, or nothing but White_Space scalars (Unicode's property, which
    /// `openapi.yaml`'s non-blank pattern lists one by one). Scalars, not
    /// Characters: a space carrying a combining mark is not blank.
    public static func isBlank(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r"
    }

    public static func hasControlCharacter(_ value: String) -> Bool {
        value.unicodeScalars.contains(where: isControl)
    }

    public static func withoutControlCharacters(_ value: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: value.unicodeScalars.lazy.filter { !isControl($0) })
        return String(scalars)
    }

    /// At most `limit` scalars, the last one an ellipsis when cut.
    public static func truncated(_ value: String, to limit: Int) -> String {
        guard value.unicodeScalars.count > limit else { return value }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: value.unicodeScalars.prefix(max(0, limit - 1)))
        scalars.append("…")
        return String(scalars)
    }
}
