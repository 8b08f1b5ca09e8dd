import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// Who holds which role of a service (issue 41): its owners and admins
/// list, grant and revoke them, to a person by username or to a team.
struct ServiceRolesController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let roles: ServiceRoles
    let teamSubscriptions: TeamSubscriptions

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("services/{service_id}/team-subscriptions", use: listTeamSubscriptions)
        group.put("services/{service_id}/team-subscriptions/{team_id}", use: setTeamSubscription)
        group.delete("services/{service_id}/team-subscriptions/{team_id}", use: removeTeamSubscription)
        group.get("services/{service_id}/roles", use: list)
        group.post("services/{service_id}/roles", use: grant)
        group.delete("services/{service_id}/roles/{role}/users/{user_id}", use: revokeFromUser)
        group.delete("services/{service_id}/roles/{role}/teams/{team_id}", use: revokeFromTeam)
    }

    struct GrantBody: Encodable {
        var role: String
        var user_id: Int64?
        var username: String?
        var team_id: Int64?
        var team_name: String?

        init(_ grant: RoleGrant) {
            role = grant.role.rawValue
            switch grant.grantee {
            case .user(let id):
                user_id = id
                username = grant.granteeName
            case .team(let id):
                team_id = id
                team_name = grant.granteeName
            }
        }
    }

    private struct GrantInput: Decodable {
        var role: String
        var username: String?
        var team_id: Int64?
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        return JSONBody.response(try await roles.grants(of: try Identifiers.serviceID(context), for: actor).map(GrantBody.init))
    }

    @Sendable func grant(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.roles, of: serviceID))
        let input = try await decoding.json(GrantInput.self, from: request)
        let role = try Self.role(input.role, at: ["body", "role"])
        let grantee = try GranteeName(username: input.username, teamID: input.team_id)
        let granted = try await roles.grant(role, of: serviceID, to: grantee, by: actor, logger: context.logger)
        return JSONBody.response(GrantBody(granted), status: .created)
    }

    @Sendable func revokeFromUser(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        try await revoke(request, context: context, grantee: .user(try Identifiers.integer(context, "user_id")))
    }

    @Sendable func revokeFromTeam(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        try await revoke(request, context: context, grantee: .team(try Identifiers.integer(context, "team_id")))
    }

    private func revoke(_ request: Request, context: HeraldRequestContext, grantee: Grantee) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context)
        let role = try Self.role(context.parameters.get("role") ?? "", at: ["path", "role"])
        try await roles.revoke(role, of: serviceID, from: grantee, by: actor, logger: context.logger)
        return JSONBody.noContent()
    }

    struct TeamSubscriptionBody: Codable {
        var team_id: Int64?
        var team_name: String?
        /// Members cannot leave it (else they are subscribed when they join, and may leave).
        var mandatory: Bool
    }

    @Sendable func listTeamSubscriptions(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let rules = try await teamSubscriptions.rules(of: try Identifiers.serviceID(context), for: actor)
        return JSONBody.response(rules.map { TeamSubscriptionBody(team_id: $0.teamID, team_name: $0.teamName, mandatory: $0.mandatory) })
    }

    @Sendable func setTeamSubscription(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context, toDo: .manage(.subscriptions, of: serviceID))
        let teamID = try Identifiers.integer(context, "team_id")
        let input = try await decoding.json(TeamSubscriptionBody.self, from: request)
        try await teamSubscriptions.set(input.mandatory, team: teamID, on: serviceID, by: actor, logger: context.logger)
        let rule = try await teamSubscriptions.rules(of: serviceID, for: actor).first { $0.teamID == teamID }
        return JSONBody.response(TeamSubscriptionBody(team_id: teamID, team_name: rule?.teamName, mandatory: input.mandatory))
    }

    @Sendable func removeTeamSubscription(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await auth.actor(request, context: context)
        try await teamSubscriptions.set(nil, team: try Identifiers.integer(context, "team_id"), on: serviceID, by: actor, logger: context.logger)
        return JSONBody.noContent()
    }

    static func role(_ raw: String, at loc: [ValidationIssue.Location]) throws -> ServiceRole {
        guard let role = ServiceRole(rawValue: raw) else {
            throw ValidationFailure([ValidationIssue(loc: loc, msg: "Input should be 'owner', 'responder', 'publisher' or 'viewer'", type: "enum")])
        }
        return role
    }
}
