import Foundation
import HeraldCore
import Hummingbird
import Logging

/// Admin management of users: `/users/...` except `/users/user/...`.
struct UsersController {
    let api: APIContext

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("users", use: list)
        group.patch("users/{user_id}", use: update)
        group.delete("users/{user_id}", use: delete)
        group.delete("users/{user_id}/device-token", use: removeDeviceToken)
    }

    private struct UpdateBody: Decodable {
        var is_active: Bool?
        var is_admin: Bool?
    }

    private struct DeviceTokenBody: Decodable {
        var device_token: String
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        _ = try await api.auth.admin(request, context: context)
        let users = try await api.store.users()
        return JSONBody.response(try await Profiles.of(users, store: api.store).map { UserBody(profile: $0) })
    }

    @Sendable func update(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await api.auth.admin(request, context: context)
        let id = try Identifiers.integer(context, "user_id")
        let body = try await api.decoding.json(UpdateBody.self, from: request)
        guard let user = try await api.store.updateUser(id: id, UserPatch(isActive: body.is_active, isAdmin: body.is_admin)) else {
            throw APIError.notFound("User")
        }
        context.logger.info(
            "user updated", metadata: ["user": "\(user.username)", "is_active": "\(user.isActive)", "is_admin": "\(user.isAdmin)", "by": "\(admin.username)"]
        )
        return JSONBody.response(UserBody(profile: try await Profiles.of(user, store: api.store)))
    }

    @Sendable func delete(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await api.auth.admin(request, context: context)
        let id = try Identifiers.integer(context, "user_id")
        guard try await api.store.deleteUser(id: id) else { throw APIError.notFound("User") }
        context.logger.info("user deleted", metadata: ["user_id": "\(id)", "by": "\(admin.username)"])
        return JSONBody.noContent()
    }

    @Sendable func removeDeviceToken(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        _ = try await api.auth.admin(request, context: context)
        let id = try Identifiers.integer(context, "user_id")
        let body = try await api.decoding.json(DeviceTokenBody.self, from: request)
        guard try await api.store.user(id: id) != nil else { throw APIError.notFound("User") }
        _ = try await api.store.removeDevice(userID: id, token: body.device_token)
        return JSONBody.noContent()
    }
}

enum Profiles {
    static func of(_ users: [User], store: any HeraldStore) async throws -> [UserProfile] {
        let tokens = try await store.deviceTokens(userIDs: users.map(\.id))
        return users.map { UserProfile(user: $0, deviceTokens: tokens[$0.id] ?? []) }
    }

    static func of(_ user: User, store: any HeraldStore) async throws -> UserProfile {
        try await of([user], store: store)[0]
    }
}
