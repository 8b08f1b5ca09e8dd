import Foundation
import HeraldCore
import Hummingbird
import NIOCore

/// Reads request bodies with a size limit and reports bad input the way
/// FastAPI does (422 with the offending field's location), never as a 500.
struct RequestDecoding: Sendable {
    let maxBodyBytes: Int

    func body(of request: Request) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: maxBodyBytes)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "Request body is larger than \(maxBodyBytes) bytes")
        }
    }

    /// Decodes a JSON body into `T`.
    func json<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        let buffer = try await body(of: request)
        return try Self.decodeJSON(type, from: buffer)
    }

    static func decodeJSON<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw ValidationFailure([ValidationIssue(error, root: "body")])
        }
    }
}

extension ValidationIssue {
    /// Maps Foundation's decoding failure to pydantic's vocabulary.
    init(_ error: DecodingError, root: String) {
        func location(_ path: [any CodingKey]) -> [Location] {
            [.key(root)] + path.map { $0.intValue.map(Location.index) ?? .key($0.stringValue) }
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(loc: location(context.codingPath + [key]), msg: "Field required", type: "missing")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let (kind, noun) = Self.describe(type)
            self.init(loc: location(context.codingPath), msg: "Input should be \(noun)", type: kind)
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self.init(loc: [.key(root)], msg: "JSON decode error", type: "json_invalid")
        case .dataCorrupted(let context):
            self.init(loc: location(context.codingPath), msg: context.debugDescription, type: "value_error")
        @unknown default:
            self.init(loc: [.key(root)], msg: "Invalid input", type: "value_error")
        }
    }

    private static func describe(_ type: Any.Type) -> (String, String) {
        switch type {
        case is String.Type: ("string_type", "a valid string")
        case is Bool.Type: ("bool_type", "a valid boolean")
        case is Int.Type, is Int64.Type, is Int32.Type: ("int_type", "a valid integer")
        case is Double.Type: ("float_type", "a valid number")
        case is [Any].Type: ("list_type", "a valid list")
        default:
            // Foundation names collections by their generic type; catch the rest by name.
            String(describing: type).hasPrefix("Array") ? ("list_type", "a valid list") : ("model_type", "a valid dictionary or object")
        }
    }
}

/// Collects every problem with an input before answering, so a client
/// learns about all of them at once.
struct Validator {
    private(set) var issues: [ValidationIssue] = []

    mutating func fail(_ loc: [ValidationIssue.Location], _ msg: String, type: String = "value_error") {
        issues.append(ValidationIssue(loc: loc, msg: msg, type: type))
    }

    /// A text field: no control characters, not blank (unless allowed), at
    /// most `maxLength` characters: the same `TextRules` as notifications.
    mutating func text(_ value: String, at loc: [ValidationIssue.Location], maxLength: Int, allowEmpty: Bool = false) {
        if let problem = TextRules.problem(value, maxLength: maxLength, allowEmpty: allowEmpty) {
            fail(loc, problem.message, type: problem.type)
        }
    }

    func check() throws {
        if !issues.isEmpty { throw ValidationFailure(issues) }
    }
}

enum Identifiers {
    /// Parses a UUID as leniently as Python's `uuid.UUID`: hyphens optional,
    /// braces and a `urn:uuid:` prefix allowed, any case.
    static func uuid(_ text: String) -> UUID? {
        var hex = text.lowercased()
        if hex.hasPrefix("urn:uuid:") { hex.removeFirst("urn:uuid:".count) }
        if hex.hasPrefix("{"), hex.hasSuffix("}") { hex = String(hex.dropFirst().dropLast()) }
        hex.removeAll { $0 == "-" }
        guard hex.count == 32, hex.utf8.allSatisfy(\.isHexDigit) else { return nil }
        let chars = Array(hex)
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(chars[$0]) }
        return UUID(uuidString: groups.joined(separator: "-"))
    }

    static func serviceID(_ context: some RequestContext, _ name: String = "service_id") throws -> UUID {
        let raw = context.parameters.get(name) ?? ""
        guard let id = uuid(raw) else {
            throw ValidationFailure([ValidationIssue(loc: ["path", .key(name)], msg: "Input should be a valid UUID", type: "uuid_parsing")])
        }
        return id
    }

    static func integer(_ context: some RequestContext, _ name: String) throws -> Int64 {
        guard let raw = context.parameters.get(name), let id = Int64(raw) else {
            throw ValidationFailure([ValidationIssue(loc: ["path", .key(name)], msg: "Input should be a valid integer, unable to parse string as an integer", type: "int_parsing")])
        }
        return id
    }
}
