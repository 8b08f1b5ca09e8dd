import HeraldCore

/// Why a use case said no, in words each edge turns into its own answer
/// (the JSON API a status, a page a message, the CLI an error line), so a
/// rule never answers differently depending on the way in.
public enum UseCaseError: Error, Equatable, CustomStringConvertible {
    /// Nothing of that kind that this caller may see (404).
    case notFound(String)
    /// The caller may see it but not do this to it (403): why.
    case forbidden(String)
    /// The input breaks a rule: the field it is about and why (422).
    case invalid(field: String, String)
    /// The input breaks several rules: each with its field (422).
    case rejected([FieldProblem])
    /// A limit on how many may be kept (a setting says it; 422).
    case overLimit(field: String, String)
    /// It clashes with what is there (409).
    case conflict(String)
    /// Too many changes too fast: try again after `retryAfter` seconds (429).
    case braked(retryAfter: Int, String)

    public var description: String {
        switch self {
        case .notFound(let what): "\(what) not found"
        case .invalid(_, let why), .overLimit(_, let why), .conflict(let why), .braked(_, let why), .forbidden(let why): why
        case .rejected(let problems): problems.map { "\($0.field): \($0.message)" }.joined(separator: "; ")
        }
    }
}

/// One broken rule of several, at its field, with pydantic's error type
/// (the API reports it).
public struct FieldProblem: Sendable, Equatable {
    public var field: String
    public var message: String
    public var type: String

    public init(field: String, message: String, type: String = "value_error") {
        self.field = field
        self.message = message
        self.type = type
    }

    /// A notification rule's issue.
    public init(_ issue: NotificationRules.Issue) {
        self.init(field: issue.field.rawValue, message: issue.message, type: issue.type)
    }
}
