import Foundation
import HeraldCore
import HeraldIdentity
import Hummingbird
import Logging

/// `POST /login`: the old server's form body, or JSON with the same fields.
struct LoginController {
    let logins: PasswordLogins
    let sessions: AccountSessions
    let metrics: LoginMetrics
    let decoding: RequestDecoding

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.post("login", use: login)
    }

    private struct Credentials: Decodable {
        var username: String
        var password: String
    }

    @Sendable func login(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let credentials: Credentials
        do {
            credentials = try await readCredentials(request)
        } catch {
            metrics.count(.password, .malformed)
            throw error
        }
        let login = try await logins.check(username: credentials.username, password: credentials.password, request: request, context: context)
        return try await sessions.open(for: login, context: context)
    }

    private func readCredentials(_ request: Request) async throws -> Credentials {
        let buffer = try await decoding.body(of: request)
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        if contentType.hasPrefix("application/json") {
            return try RequestDecoding.decodeJSON(Credentials.self, from: buffer)
        }
        // OAuth2 password form, as FastAPI's OAuth2PasswordRequestForm reads
        // it: other fields are ignored. A body that is not UTF-8, or
        // credentials given twice or with broken escapes, are malformed.
        guard let text = String(validatingUTF8Bytes: buffer.readableBytesView) else {
            throw ValidationFailure([ValidationIssue(loc: ["body"], msg: "The form body is not UTF-8", type: "value_error")])
        }
        var fields: [String: String] = [:]
        var issues: [ValidationIssue] = []
        for field in FormBody.fields(text) where field.name == "username" || field.name == "password" {
            guard let value = field.value else {
                issues.append(ValidationIssue(loc: ["body", .key(field.name)], msg: "The value is not valid percent-encoding", type: "value_error"))
                continue
            }
            if fields[field.name] != nil {
                issues.append(ValidationIssue(loc: ["body", .key(field.name)], msg: "The field is given more than once", type: "value_error"))
            }
            fields[field.name] = value
        }
        for name in ["username", "password"] where fields[name] == nil && !issues.contains(where: { $0.loc == ["body", .key(name)] }) {
            issues.append(ValidationIssue(loc: ["body", .key(name)], msg: "Field required", type: "missing"))
        }
        guard issues.isEmpty, let username = fields["username"], let password = fields["password"] else { throw ValidationFailure(issues) }
        return Credentials(username: username, password: password)
    }
}
