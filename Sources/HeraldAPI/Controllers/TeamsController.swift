import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// Teams (issue 41): everyone signed in lists them and reads their
/// members; admins make and delete them and keep a hand-kept team's
/// members. What a signed-in person is in and holds is `users/user/roles`.
struct TeamsController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let teams: Teams

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("teams", use: list)
        group.post("teams", use: create)
        group.get("teams/{team_id}", use: show)
        group.delete("teams/{team_id}", use: delete)
        group.post("teams/{team_id}/members", use: addMember)
        group.delete("teams/{team_id}/members/{user_id}", use: removeMember)
        group.get("users/user/roles", use: mine)
    }

    struct TeamBody: Encodable {
        var id: Int64
        var name: String
        /// `manual`, `ldap` (a directory group) or `oidc` (a claim's value).
        var source: String
        /// The group's DN or the claim's value; absent for a hand-kept team.
        var reference: String?
        var created_at: String
        /// Only when one team is read.
        var members: [MemberBody]?

        init(_ team: Team, members: [TeamMember]? = nil) {
            id = team.id
            name = team.name
            source = team.source.kind
            reference = team.source.reference
            created_at = Timestamp.wireString(team.createdAt)
            self.members = members?.map(MemberBody.init)
        }
    }

    struct MemberBody: Encodable {
        var user_id: Int64
        var username: String

        init(_ member: TeamMember) {
            user_id = member.userID
            username = member.username
        }
    }

    private struct CreateBody: Decodable {
        var name: String
        var source: String?
        var reference: String?
    }

    private struct MemberInput: Decodable {
        var username: String
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        return JSONBody.response(try await teams.list(for: actor).map { TeamBody($0) })
    }

    @Sendable func create(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context, toDo: .manageTeams)
        let body = try await decoding.json(CreateBody.self, from: request)
        let source: TeamSource
        switch (body.source ?? "manual", body.reference) {
        case ("manual", nil): source = .manual
        case ("ldap", let dn?): source = .ldapGroup(dn)
        case ("oidc", let value?): source = .oidcClaim(value)
        case ("manual", _):
            throw UseCaseError.invalid(field: "reference", "A team kept by hand has no reference")
        case ("ldap", nil), ("oidc", nil):
            throw UseCaseError.invalid(field: "reference", "A directory team names its group's DN; a claim team the claim's value")
        default:
            throw UseCaseError.rejected([FieldProblem(field: "source", message: "Input should be 'manual', 'ldap' or 'oidc'", type: "enum")])
        }
        let team = try await teams.create(named: body.name, source: source, by: actor, logger: context.logger)
        return JSONBody.response(TeamBody(team), status: .created)
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let (team, members) = try await teams.team(try Identifiers.integer(context, "team_id"), for: actor)
        return JSONBody.response(TeamBody(team, members: members))
    }

    @Sendable func delete(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context, toDo: .manageTeams)
        try await teams.delete(try Identifiers.integer(context, "team_id"), by: actor, logger: context.logger)
        return JSONBody.noContent()
    }

    @Sendable func addMember(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context, toDo: .manageTeams)
        let id = try Identifiers.integer(context, "team_id")
        let body = try await decoding.json(MemberInput.self, from: request)
        let member = try await teams.add(body.username, to: id, by: actor, logger: context.logger)
        return JSONBody.response(MemberBody(member), status: .created)
    }

    @Sendable func removeMember(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context, toDo: .manageTeams)
        let id = try Identifiers.integer(context, "team_id")
        try await teams.remove(try Identifiers.integer(context, "user_id"), from: id, by: actor, logger: context.logger)
        return JSONBody.noContent()
    }

    struct AccessBody: Encodable {
        var is_admin: Bool
        var teams: [TeamBody]
        /// Each service's roles the person holds (with what each includes), by service id.
        var roles: [String: [String]]
    }

    /// The teams the signed-in person is in and the roles they hold.
    @Sendable func mine(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await auth.actor(request, context: context)
        let mine = try await teams.list(for: actor).filter { actor.teams.contains($0.id) }
        return JSONBody.response(
            AccessBody(
                is_admin: actor.isAdmin, teams: mine.map { TeamBody($0) },
                roles: Dictionary(uniqueKeysWithValues: actor.roles.map { ($0.key.wireString, $0.value.sorted().map(\.rawValue)) })
            )
        )
    }
}
