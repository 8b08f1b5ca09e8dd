import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// A service's owners and admins create, list and revoke its bearer tokens.
struct ServiceTokensController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let serviceTokens: ServiceTokens

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.post("services/{service_id}/tokens", use: create)
        group.get("services/{service_id}/tokens", use: list)
        group.delete("services/{service_id}/tokens/{token_id}", use: revoke)
    }

    private struct CreateBody: Decodable {
        var name: String
    }

    private struct TokenBody: Encodable {
        var id: Int64
        var name: String
        var created_at: String
        var last_used_at: String?
        /// Present only in the answer to creation.
        var token: String?

        init(_ token: ServiceToken, secret: String? = nil) {
            id = token.id
            name = token.name
            created_at = Timestamp.wireString(token.createdAt)
            last_used_at = token.lastUsedAt.map(Timestamp.wireString)
            self.token = secret
        }
    }

    @Sendable func create(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.tokens, of: serviceID))
        let body = try await decoding.json(CreateBody.self, from: request)
        let (token, secret) = try await serviceTokens.issue(named: body.name, for: serviceID, by: actor, logger: context.logger)
        return JSONBody.response(TokenBody(token, secret: secret), status: .created)
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.tokens, of: serviceID))
        return JSONBody.response(try await serviceTokens.list(of: serviceID, for: actor).map { TokenBody($0) })
    }

    @Sendable func revoke(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.tokens, of: serviceID))
        try await serviceTokens.revoke(try Identifiers.integer(context, "token_id"), of: serviceID, by: actor, logger: context.logger)
        return JSONBody.noContent()
    }
}
