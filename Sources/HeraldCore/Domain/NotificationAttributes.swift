import Foundation

/// One value of a structured notification's attributes: a string, a number
/// or a boolean (JSON's scalars; no nesting, so filters stay simple).
public enum AttributeValue: Sendable, Equatable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
}

/// What a sender says about the event beyond its text (`{"class":
/// "supernova", "magnitude": 17.9}`): matched by subscribers' filters,
/// returned by the API and passed in the pushes' custom data.
public struct NotificationAttributes: Sendable, Equatable, Hashable {
    public var values: [String: AttributeValue]

    public init(_ values: [String: AttributeValue] = [:]) {
        self.values = values
    }

    public subscript(name: String) -> AttributeValue? { values[name] }
    public var isEmpty: Bool { values.isEmpty }

    /// The stored and pushed form: a JSON object with sorted keys, so equal
    /// attributes are equal text (an update with the same ones is no change).
    public var json: String {
        var members: [String] = []
        for name in values.keys.sorted() {
            members.append(Self.quoted(name) + ":" + Self.encoded(values[name]!))
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// Read back from `json`; nil for text that is not a flat object of
    /// scalars (stored text always is).
    public init?(json: String) {
        guard let raw = try? JSONDecoder().decode([String: RawValue].self, from: Data(json.utf8)) else { return nil }
        self.init(raw.mapValues(\.value))
    }

    static func encoded(_ value: AttributeValue) -> String {
        switch value {
        case .string(let text): quoted(text)
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number):
            // Whole numbers without ".0", so 17 stays 17 in every client.
            number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        }
    }

    static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode([text])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }
}

extension NotificationAttributes: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode([String: RawValue].self)
        self.init(raw.mapValues(\.value))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values.mapValues(RawValue.init))
    }

    /// A JSON scalar; objects, arrays and null are refused while decoding.
    struct RawValue: Codable {
        var value: AttributeValue

        init(_ value: AttributeValue) { self.value = value }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                value = .bool(flag)
            } else if let number = try? container.decode(Double.self) {
                value = .number(number)
            } else if let text = try? container.decode(String.self) {
                value = .string(text)
            } else {
                throw DecodingError.typeMismatch(
                    AttributeValue.self, .init(codingPath: decoder.codingPath, debugDescription: "Attribute values should be strings, numbers or booleans")
                )
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch value {
            case .string(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            case .bool(let flag): try container.encode(flag)
            }
        }
    }
}
