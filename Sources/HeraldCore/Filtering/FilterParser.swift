/// Reads `FilterExpression`s (the grammar is there). Errors carry the
/// 0-based position (in Unicode scalars) of what could not be read.
public enum FilterParser {
    public static func parse(_ source: String) throws(FilterSyntaxError) -> FilterExpression {
        guard source.unicodeScalars.count <= FilterExpression.maxLength else {
            throw FilterSyntaxError(position: FilterExpression.maxLength, message: "A filter should have at most \(FilterExpression.maxLength) characters")
        }
        var parser = Parser(tokens: try tokenize(source), end: source.unicodeScalars.count)
        let expression = try parser.or(depth: 0)
        if let extra = parser.peek {
            throw FilterSyntaxError(position: extra.position, message: "Expected 'and', 'or' or the end, found \(extra.kind)")
        }
        return expression
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.-:".unicodeScalars.contains(scalar)
    }

    struct Token {
        enum Kind: Equatable, CustomStringConvertible {
            case word(String)
            case quoted(String)
            case symbol(String)

            var description: String {
                switch self {
                case .word(let word): "'\(word)'"
                case .quoted(let text): "\"\(text)\""
                case .symbol(let symbol): "'\(symbol)'"
                }
            }
        }
        var kind: Kind
        var position: Int
    }

    static func tokenize(_ source: String) throws(FilterSyntaxError) -> [Token] {
        let scalars = Array(source.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let start = index
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "\"" || scalar == "'" {
                var text = String.UnicodeScalarView()
                index += 1
                var closed = false
                while index < scalars.count {
                    if scalars[index] == "\\", index + 1 < scalars.count {
                        text.append(scalars[index + 1])
                        index += 2
                    } else if scalars[index] == scalar {
                        index += 1
                        closed = true
                        break
                    } else {
                        text.append(scalars[index])
                        index += 1
                    }
                }
                guard closed else { throw FilterSyntaxError(position: start, message: "Text opened here is not closed") }
                tokens.append(Token(kind: .quoted(String(text)), position: start))
            } else if "()[],".unicodeScalars.contains(scalar) {
                tokens.append(Token(kind: .symbol(String(scalar)), position: start))
                index += 1
            } else if "=!<>".unicodeScalars.contains(scalar) {
                var symbol = String(scalar)
                if index + 1 < scalars.count, scalars[index + 1] == "=" {
                    symbol.append("=")
                    index += 1
                }
                index += 1
                guard symbol != "!" else { throw FilterSyntaxError(position: start, message: "Expected '!=' or 'not'") }
                tokens.append(Token(kind: .symbol(symbol == "==" ? "=" : symbol), position: start))
            } else if isWordScalar(scalar) {
                var word = String.UnicodeScalarView()
                while index < scalars.count, isWordScalar(scalars[index]) {
                    word.append(scalars[index])
                    index += 1
                }
                tokens.append(Token(kind: .word(String(word)), position: start))
            } else {
                throw FilterSyntaxError(position: start, message: "Unexpected character '\(scalar)'")
            }
        }
        return tokens
    }

    struct Parser {
        var tokens: [Token]
        var end: Int
        var index = 0

        var peek: Token? { index < tokens.count ? tokens[index] : nil }
        var position: Int { peek?.position ?? end }

        mutating func keyword(_ word: String) -> Bool {
            guard case .word(let found) = peek?.kind, found.lowercased() == word else { return false }
            index += 1
            return true
        }

        mutating func symbol(_ symbol: String) -> Bool {
            guard peek?.kind == .symbol(symbol) else { return false }
            index += 1
            return true
        }

        func fail(_ message: String) -> FilterSyntaxError {
            FilterSyntaxError(position: position, message: message + (peek.map { ", found \($0.kind)" } ?? ", found the end"))
        }

        mutating func or(depth: Int) throws(FilterSyntaxError) -> FilterExpression {
            guard depth < FilterExpression.maxDepth else { throw FilterSyntaxError(position: position, message: "Nested too deeply") }
            var expression = try and(depth: depth + 1)
            while keyword("or") { expression = .or(expression, try and(depth: depth + 1)) }
            return expression
        }

        mutating func and(depth: Int) throws(FilterSyntaxError) -> FilterExpression {
            var expression = try unary(depth: depth)
            while keyword("and") { expression = .and(expression, try unary(depth: depth)) }
            return expression
        }

        mutating func unary(depth: Int) throws(FilterSyntaxError) -> FilterExpression {
            guard depth < FilterExpression.maxDepth else { throw FilterSyntaxError(position: position, message: "Nested too deeply") }
            if keyword("not") { return .not(try unary(depth: depth + 1)) }
            if symbol("(") {
                let inner = try or(depth: depth)
                guard symbol(")") else { throw fail("Expected ')'") }
                return inner
            }
            return try comparison()
        }

        mutating func comparison() throws(FilterSyntaxError) -> FilterExpression {
            let fieldPosition = position
            guard case .word(let name) = peek?.kind, !FilterExpression.keywords.contains(name.lowercased()) else {
                throw fail("Expected a name (an attribute, title, subtitle, text, severity or age)")
            }
            index += 1
            let field: FilterExpression.Field
            if name.hasPrefix("attributes."), name.count > "attributes.".count {
                field = .attribute(String(name.dropFirst("attributes.".count)))
            } else {
                field = FilterExpression.Field.builtIn(name.lowercased()) ?? .attribute(name)
            }
            if case .attribute(let attribute) = field, !NotificationRules.isAttributeName(attribute) {
                throw FilterSyntaxError(position: fieldPosition, message: "'\(attribute)' is not an attribute name")
            }
            if keyword("exists") { return .exists(field) }
            if keyword("contains") {
                let valuePosition = position
                guard case .text(let text) = try value(for: .text) else {
                    throw FilterSyntaxError(position: valuePosition, message: "Expected text after 'contains'")
                }
                return .contains(field, text)
            }
            if keyword("in") {
                guard symbol("[") else { throw fail("Expected '[' after 'in'") }
                var values: [FilterValue] = []
                repeat {
                    values.append(try value(for: field))
                } while symbol(",")
                guard symbol("]") else { throw fail("Expected ',' or ']'") }
                return .member(field, values)
            }
            guard case .symbol(let symbol) = peek?.kind, let comparison = FilterExpression.Comparison(rawValue: symbol) else {
                throw fail("Expected a comparison (=, !=, <, <=, >, >=, in, contains or exists)")
            }
            index += 1
            return .compare(field, comparison, try value(for: field))
        }

        /// A literal, checked against what `field` can be compared with.
        mutating func value(for field: FilterExpression.Field) throws(FilterSyntaxError) -> FilterValue {
            let valuePosition = position
            let value: FilterValue
            var bare: String?
            switch peek?.kind {
            case .quoted(let text): value = .text(text)
            case .word(let word):
                bare = word
                if FilterExpression.keywords.contains(word.lowercased()), word.lowercased() != "true", word.lowercased() != "false" {
                    throw fail("Expected a value")
                }
                value = Self.literal(word)
            default: throw fail("Expected a value")
            }
            index += 1
            switch field {
            case .severity:
                guard case .text(let text) = value, Severity(parsing: text) != nil else {
                    throw FilterSyntaxError(position: valuePosition, message: "Expected a severity (\(Severity.names))")
                }
            case .age:
                switch value {
                case .duration: break
                case .number(let seconds): return .duration(seconds)
                default: throw FilterSyntaxError(position: valuePosition, message: "Expected a duration such as 90s, 30m, 48h or 7d")
                }
            case .title, .subtitle, .text:
                if case .text = value { break }
                return .text(Self.sourceText(of: value))
            case .attribute:
                // "2d" is a duration only for age; to an attribute it is text.
                if case .duration = value, let bare { return .text(bare) }
            }
            return value
        }

        /// A bare word as a number, a duration, a boolean or text.
        static func literal(_ word: String) -> FilterValue {
            let lower = word.lowercased()
            if lower == "true" { return .bool(true) }
            if lower == "false" { return .bool(false) }
            if let number = Double(word), number.isFinite, word.first != "." { return .number(number) }
            if let unit = lower.last, let size = ["s": 1.0, "m": 60, "h": 3_600, "d": 86_400][String(unit)],
               let amount = Double(lower.dropLast()), amount.isFinite, amount >= 0 {
                return .duration(amount * size)
            }
            return .text(word)
        }

        static func sourceText(of value: FilterValue) -> String {
            switch value {
            case .text(let text): text
            default: value.description
            }
        }
    }
}
