import Foundation
import HTTPTypes
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// Admin management of users: `/users/...` except `/users/user/...`.
struct UsersController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let accounts: UserAccounts
    /// The accounts page and profiles' device tokens.
    let people: any AccountStore
    let version: APIVersion
    /// The most users one page holds.
    static let maxPage = 1_000

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("users", use: list)
        group.patch("users/{user_id}", use: update)
        group.delete("users/{user_id}", use: delete)
        group.delete("users/{user_id}/device-token", use: removeDeviceToken)
        if version == .v2 {
            // New in Herald: only on the current API.
            group.post("users/{user_id}/logout-everywhere", use: logoutEverywhere)
        }
    }

    private struct UpdateBody: Decodable {
        var is_active: Bool?
        var is_admin: Bool?
    }

    private struct DeviceTokenBody: Decodable {
        var device_token: String
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context, toDo: .manageUsers)
        let query = request.uri.queryParameters
        var limit = Self.maxPage
        if let raw = query["limit"] {
            guard let parsed = Int(raw), (1...Self.maxPage).contains(parsed) else {
                throw ValidationFailure([ValidationIssue(loc: ["query", "limit"], msg: "Input should be a whole number from 1 to \(Self.maxPage)", type: "int_parsing")])
            }
            limit = parsed
        }
        // By name, a page at a time: `after` is the last name of the page before.
        let users = try await accounts.list(after: query["after"].map(String.init), limit: limit, for: actor)
        var headers: HTTPFields = [:]
        if users.count >= limit, let last = users.last {
            headers[.link] = PageRequest.link(request, ("after", last.username), limit: limit, rel: "next")
        }
        return JSONBody.response(try await Profiles.of(users, store: people).map { UserBody(profile: $0) }, headers: headers)
    }

    @Sendable func update(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context, toDo: .manageUsers)
        let id = try Identifiers.integer(context, "user_id")
        let body = try await decoding.json(UpdateBody.self, from: request)
        let user = try await accounts.update(id, UserPatch(isActive: body.is_active, isAdmin: body.is_admin), by: .admin(actor), logger: context.logger)
        return JSONBody.response(UserBody(profile: try await Profiles.of(user, store: people)))
    }

    @Sendable func delete(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context, toDo: .manageUsers)
        let id = try Identifiers.integer(context, "user_id")
        try await accounts.delete(id, by: .admin(actor), logger: context.logger)
        return JSONBody.noContent()
    }

    /// Refuses every token the user holds (a lost phone, a leaver).
    @Sendable func logoutEverywhere(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context, toDo: .manageUsers)
        let id = try Identifiers.integer(context, "user_id")
        try await accounts.signOutEverywhere(id, by: .admin(actor), logger: context.logger)
        return JSONBody.noContent()
    }

    @Sendable func removeDeviceToken(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context, toDo: .manageUsers)
        let id = try Identifiers.integer(context, "user_id")
        let body = try await decoding.json(DeviceTokenBody.self, from: request)
        try await UseCaseAnswers.run { try await accounts.removeDevice(token: body.device_token, of: id, by: .admin(actor), logger: context.logger) }
        return JSONBody.noContent()
    }
}

enum Profiles {
    static func of(_ users: [User], store: any AccountStore) async throws -> [UserProfile] {
        let tokens = try await store.deviceTokens(userIDs: users.map(\.id))
        return users.map { UserProfile(user: $0, deviceTokens: tokens[$0.id] ?? []) }
    }

    static func of(_ user: User, store: any AccountStore) async throws -> UserProfile {
        try await of([user], store: store)[0]
    }
}
