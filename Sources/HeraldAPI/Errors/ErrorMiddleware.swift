import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Turns every error into a JSON answer: `APIError` and Hummingbird's own
/// `HTTPError` (unknown route, body too large...) as `{"detail": "..."}`,
/// validation problems as 422, and anything unexpected as a logged 500
/// whose body says nothing about the cause.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return JSONBody.response(["detail": error.detail], status: error.status, headers: error.headers)
        } catch let error as ValidationError {
            return JSONBody.response(ValidationBody(detail: error.issues), status: .unprocessableContent)
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
