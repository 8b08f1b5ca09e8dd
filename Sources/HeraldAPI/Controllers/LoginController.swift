import Foundation
import HeraldCore
import Hummingbird
import Logging

/// `POST /login`: the old server's form body, or JSON with the same fields.
struct LoginController {
    let api: APIContext

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.post("login", use: login)
    }

    private struct Credentials: Decodable {
        var username: String
        var password: String
    }

    @Sendable func login(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let credentials = try await readCredentials(request)
        let username = credentials.username.trimmingCharacters(in: .whitespaces).lowercased()
        guard !username.isEmpty, try await api.passwords.authenticate(username: username, password: credentials.password) else {
            context.logger.notice("login refused", metadata: ["user": "\(username)"])
            throw APIError(.unauthorized, "Incorrect username or password")
        }
        var status = HTTPResponse.Status.ok
        let user: User
        if let existing = try await api.store.user(named: username) {
            user = existing
        } else {
            // Only an external directory can vouch for someone we do not know yet.
            user = try await api.store.createUser(username: username, passwordHash: nil, isAdmin: api.config.adminUsers.contains(username))
            status = .created
        }
        let issued = try await api.tokens.issue(username: user.username)
        try await api.store.recordLogin(userID: user.id, expiresAt: issued.expiresAt)
        context.logger.info("login", metadata: ["user": "\(username)"])
        return JSONBody.response(AccessTokenBody(access_token: issued.token), status: status)
    }

    private func readCredentials(_ request: Request) async throws -> Credentials {
        let buffer = try await api.decoding.body(of: request)
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        if contentType.hasPrefix("application/json") {
            return try RequestDecoding.decodeJSON(Credentials.self, from: buffer)
        }
        // OAuth2 password form, as FastAPI's OAuth2PasswordRequestForm reads it.
        do {
            return try URLEncodedFormDecoder().decode(Credentials.self, from: String(buffer: buffer))
        } catch let error as DecodingError {
            throw ValidationError([ValidationIssue(error, root: "body")])
        }
    }
}
