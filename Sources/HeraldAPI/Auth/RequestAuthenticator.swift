import Foundation
import HTTPTypes
import HeraldCore
import Hummingbird
import Logging

/// Finds the user behind a request's bearer token, refusing with exactly
/// the statuses and texts the shipped apps expect.
struct RequestAuthenticator: Sendable {
    let tokens: AccessTokens
    let store: any HeraldStore

    private static let challenge: HTTPFields = [.wwwAuthenticate: "Bearer"]

    func user(_ request: Request, context: some RequestContext) async throws -> User {
        guard let header = request.headers[.authorization] else {
            throw APIError(.unauthorized, "Not authenticated", headers: Self.challenge)
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw APIError(.unauthorized, "Not authenticated", headers: Self.challenge)
        }
        let username: String
        do {
            username = try await tokens.subject(of: String(parts[1]).trimmingCharacters(in: .whitespaces))
        } catch {
            context.logger.info("bearer token refused", metadata: ["reason": "\(error.detail)"])
            throw APIError(.unauthorized, error.detail, headers: Self.challenge)
        }
        guard let user = try await store.user(named: username) else {
            throw APIError(.unauthorized, "Unknown user \(username)", headers: Self.challenge)
        }
        guard user.isActive else {
            throw APIError(.forbidden, "Inactive user")
        }
        return user
    }

    func admin(_ request: Request, context: some RequestContext) async throws -> User {
        let user = try await user(request, context: context)
        guard user.isAdmin else {
            context.logger.info("admin route refused", metadata: ["user": "\(user.username)"])
            throw APIError(.forbidden, "The user doesn't have enough privileges")
        }
        return user
    }
}
