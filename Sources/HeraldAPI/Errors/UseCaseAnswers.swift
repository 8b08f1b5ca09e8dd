import HTTPTypes
import HeraldPublishing
import HeraldUseCases
import Hummingbird

/// How the JSON API and the pages answer a use case's refusal (and the
/// Publisher's): one mapping, applied by `ErrorMiddleware` and
/// `WebErrorPages` to whatever a handler lets through.
enum UseCaseAnswers {
    static func status(of error: UseCaseError) -> HTTPResponse.Status {
        switch error {
        case .notFound: .notFound
        case .forbidden: .forbidden
        case .invalid, .rejected, .overLimit: .unprocessableContent
        case .conflict: .conflict
        case .braked: .tooManyRequests
        }
    }

    /// The error in the API's own shapes: `{"detail": "..."}`, a 422 with
    /// the field it is about, 429 with Retry-After.
    static func apiError(_ error: UseCaseError) -> any Error {
        switch error {
        case .notFound(let what):
            return APIError.notFound(what)
        case .invalid(let field, let why):
            return ValidationFailure([ValidationIssue(loc: ["body", .key(field)], msg: why, type: "value_error")])
        case .rejected(let problems):
            return ValidationFailure(problems.map { ValidationIssue(loc: ["body", .key($0.field)], msg: $0.message, type: $0.type) })
        case .overLimit(let field, let why):
            return ValidationFailure([ValidationIssue(loc: ["body", .key(field)], msg: why, type: "limit_exceeded")])
        case .conflict(let why):
            return APIError(.conflict, why)
        case .forbidden(let why):
            return APIError(.forbidden, why)
        case .braked(let retryAfter, let why):
            return APIError(.tooManyRequests, why, headers: [.retryAfter: "\(retryAfter)"])
        }
    }

    /// A draft the rules refuse is a 422 naming each field; a service that
    /// is not there (deleted while the request ran) a 404.
    static func apiError(_ error: PublishError) -> any Error {
        switch error {
        case .rejected(let issues): ValidationFailure(issues.map(ValidationIssue.init(body:)))
        case .serviceNotFound: APIError.notFound("Service")
        }
    }

    /// Runs a use case, its refusals turned into the API's errors.
    static func run<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as UseCaseError {
            throw apiError(error)
        } catch let error as PublishError {
            throw apiError(error)
        }
    }
}
