import Foundation
import HeraldCore
import Hummingbird
import Logging

/// Admins create, list and revoke a service's bearer tokens.
struct ServiceTokensController {
    let api: APIContext

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
        let admin = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let body = try await api.decoding.json(CreateBody.self, from: request)
        var validator = Validator()
        validator.text(body.name, at: ["body", "name"], maxLength: 256)
        try validator.check()
        let secret = SenderAuthorization.newToken()
        guard let token = try await api.store.createServiceToken(serviceID: serviceID, name: body.name, tokenHash: SenderAuthorization.hash(secret), at: api.clock.now())
        else { throw APIError.notFound("Service") }
        context.logger.info("service token created", metadata: ["service": "\(serviceID.wireString)", "token": "\(token.id)", "by": "\(admin.username)"])
        return JSONBody.response(TokenBody(token, secret: secret), status: .created)
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        _ = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        guard try await api.store.service(id: serviceID) != nil else { throw APIError.notFound("Service") }
        return JSONBody.response(try await api.store.serviceTokens(serviceID: serviceID).map { TokenBody($0) })
    }

    @Sendable func revoke(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await api.auth.admin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let id = try Identifiers.integer(context, "token_id")
        guard try await api.store.deleteServiceToken(serviceID: serviceID, id: id) else { throw APIError.notFound("Token") }
        context.logger.info("service token revoked", metadata: ["service": "\(serviceID.wireString)", "token": "\(id)", "by": "\(admin.username)"])
        return JSONBody.noContent()
    }
}
