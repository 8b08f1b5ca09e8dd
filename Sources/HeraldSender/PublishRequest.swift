import Foundation

/// What a sender posts, before any transport: the path on the server and
/// the JSON body. v2 takes every field; v1 is ESS Notify's sender contract
/// (title, subtitle, url), for servers and proxies that know only that.
public struct PublishRequest: Sendable, Equatable {
    public enum Version: String, Sendable, CaseIterable { case v1, v2 }

    public var service: UUID
    public var version: Version
    /// The body as the sender gave it (flags or JSON on stdin), an object.
    public var fields: [String: JSONValue]

    public init(service: UUID, version: Version = .v2, fields: [String: JSONValue]) {
        self.service = service
        self.version = version
        self.fields = fields
    }

    /// The fields v1 knows; anything else is refused before sending rather
    /// than dropped (a sender who asks for a severity must not get none).
    public static let v1Fields: Set<String> = ["title", "subtitle", "url"]

    public var path: String { "/api/\(version.rawValue)/services/\(service.uuidString.lowercased())/notifications" }

    /// Why the request cannot be sent as it stands, in the sender's words; nil when it can.
    public var problem: String? {
        guard case .string(let title)? = fields["title"], !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return "a notification needs a title (a non-empty string)"
        }
        if version == .v1 {
            let extra = Set(fields.keys).subtracting(Self.v1Fields).sorted()
            if !extra.isEmpty { return "v1 takes only title, subtitle and url; not \(extra.joined(separator: ", "))" }
        }
        return nil
    }

    /// The same request with a key when it has none (v2 only): a retry of
    /// a post whose answer was lost is then the same notification, answered
    /// 200 unchanged, never a second one.
    public func keyedForRetries(_ makeKey: () -> String) -> PublishRequest {
        guard version == .v2, fields["key"] == nil || fields["key"] == .null else { return self }
        var keyed = self
        keyed.fields["key"] = .string(makeKey())
        return keyed
    }

    public func body() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(fields)
    }
}

/// A JSON value as a sender writes it: the body is passed through as given,
/// so the server, not the client, is the judge of what it accepts.
public enum JSONValue: Sendable, Equatable, Codable {
    case string(String), number(Double), integer(Int64), bool(Bool), object([String: JSONValue]), array([JSONValue]), null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    /// A flag's `name=value` read the way a shell user means it: numbers
    /// and true/false as such, anything else as text.
    public static func guessing(_ text: String) -> JSONValue {
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if let integer = Int64(text) { return .integer(integer) }
        if let number = Double(text), number.isFinite, text.contains(".") { return .number(number) }
        return .string(text)
    }
}
