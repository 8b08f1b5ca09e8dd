import HTTPTypes
import Hummingbird

/// An error answered as `{"detail": "..."}`, the shape every client of the
/// server Herald replaces understands.
public struct APIError: Error, Equatable {
    public var status: HTTPResponse.Status
    public var detail: String
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, _ detail: String, headers: HTTPFields = [:]) {
        self.status = status
        self.detail = detail
        self.headers = headers
    }

    static func notFound(_ what: String) -> APIError { APIError(.notFound, "\(what) not found") }
}

/// One entry of a 422 answer, in FastAPI's shape:
/// `{"loc": ["body", "color"], "msg": "...", "type": "..."}`.
public struct ValidationIssue: Error, Equatable, Encodable, Sendable {
    public enum Location: Equatable, Encodable, Sendable {
        case key(String)
        case index(Int)

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .key(let key): try container.encode(key)
            case .index(let index): try container.encode(index)
            }
        }
    }

    public var loc: [Location]
    public var msg: String
    public var type: String

    public init(loc: [Location], msg: String, type: String) {
        self.loc = loc
        self.msg = msg
        self.type = type
    }
}

/// A 422 answer with every problem found in the input.
public struct ValidationFailure: Error, Equatable {
    public var issues: [ValidationIssue]

    public init(_ issues: [ValidationIssue]) {
        self.issues = issues
    }
}

extension ValidationIssue.Location: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .key(value) }
    public init(integerLiteral value: Int) { self = .index(value) }
}
