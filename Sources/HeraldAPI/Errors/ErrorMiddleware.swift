import Foundation
import HeraldCore
import HeraldUseCases
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Turns every error into a JSON answer: `APIError` and Hummingbird's own
/// `HTTPError` (unknown route, body too large...) as `{"detail": "..."}`,
/// validation problems and values the database refuses as 422, and
/// anything unexpected as a logged 500
/// whose body says nothing about the cause.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Known paths, to tell "no such method here" (405) from "no such path".
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await UseCaseAnswers.run { try await next(request, context) }
        } catch let error as APIError {
            return JSONBody.response(["detail": error.detail], status: error.status, headers: error.headers)
        } catch let error as ValidationFailure {
            return JSONBody.response(ValidationBody(detail: error.issues), status: .unprocessableContent)
        } catch StoreError.invalidInput(let reason) {
            // A value the database refuses as data is bad input, not a fault of ours.
            context.logger.info("the database refused a value", metadata: ["reason": "\(reason)", "path": "\(request.uri.path)"])
            let issue = ValidationIssue(loc: ["body"], msg: "A value cannot be stored: \(reason)", type: "value_error")
            return JSONBody.response(ValidationBody(detail: [issue]), status: .unprocessableContent)
        } catch StoreError.unavailable(let reason) {
            context.logger.warning("the database is unavailable", metadata: ["reason": "\(reason)", "path": "\(request.uri.path)"])
            return JSONBody.response(["detail": "The database is unavailable; try again shortly"], status: .serviceUnavailable, headers: [.retryAfter: "5"])
        } catch let error as HTTPError where error.status == .notFound && error.body == nil {
            // The router found no route: for a known path, the method is what is wrong.
            let allowed = routes.methods(for: request.uri.path)
            guard !allowed.isEmpty else { return JSONBody.response(["detail": "Not Found"], status: .notFound) }
            return JSONBody.response(["detail": "Method Not Allowed"], status: .methodNotAllowed, headers: [.allow: allowed.joined(separator: ", ")])
        } catch let error as HTTPError {
            let detail = error.body ?? error.status.reasonPhrase
            return JSONBody.response(["detail": detail], status: error.status, headers: error.headers)
        } catch {
            context.logger.error("unhandled error", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            return JSONBody.response(["detail": "Internal Server Error"], status: .internalServerError)
        }
    }
}

private struct ValidationBody: Encodable {
    var detail: [ValidationIssue]
}
