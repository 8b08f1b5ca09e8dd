import Foundation
import HTTPTypes
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// Teams and who holds which role of a service, through the pages (issue
/// 41): admins make teams and keep a hand-kept team's members; a service's
/// owners and admins grant and revoke its roles on the service's page.
/// Every change goes through `Teams` and `ServiceRoles`, as the API's.
struct TeamPages {
    let web: WebSupport
    let teams: Teams
    let roles: ServiceRoles
    let teamSubscriptions: TeamSubscriptions

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("admin/teams", use: list)
        router.post("admin/teams", use: create)
        router.get("admin/teams/{team_id}", use: show)
        router.post("admin/teams/{team_id}/delete", use: delete)
        router.post("admin/teams/{team_id}/members", use: addMember)
        router.post("admin/teams/{team_id}/members/{user_id}/remove", use: removeMember)
        router.post("admin/services/{service_id}/roles", use: grant)
        router.post("admin/services/{service_id}/roles/remove", use: revoke)
        router.post("admin/services/{service_id}/team-subscriptions", use: subscribeTeam)
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manageTeams)
        return try await listPage(request, actor: actor, error: nil, entered: [:])
    }

    private func listPage(_ request: Request, actor: Actor, error: String?, entered: [String: String], status: HTTPResponse.Status = .ok) async throws -> Response {
        let language = try await web.language(request, user: actor.user)
        let model = TeamsPage(
            teams: try await teams.list(for: actor).map { TeamsPage.Team(id: $0.id, name: $0.name, source: Self.sourceText($0.source, language)) },
            error: error.map { Catalog.message($0, in: language) }, enteredName: entered["name"] ?? "", enteredReference: entered["reference"] ?? "",
            sources: ["manual", "ldap", "oidc"].map { value in
                Choice(value: value, label: Catalog.text("teams.source.\(value)", language), selected: (entered["source"] ?? "manual") == value)
            }
        )
        return try await web.page(
            "admin-teams", title: Catalog.text("teams.title", language), nav: "teams", actor: actor, request: request, model: model, status: status,
            language: language
        )
    }

    /// Where a team's members come from, in `language` (the DN or claim value as it is).
    static func sourceText(_ source: TeamSource, _ language: Language) -> String {
        switch source {
        case .manual: Catalog.text("teams.sourceText.manual", language)
        case .ldapGroup(let dn): Catalog.text("teams.sourceText.ldap", language, ["dn": dn])
        case .oidcClaim(let value): Catalog.text("teams.sourceText.oidc", language, ["value": value])
        }
    }

    @Sendable func create(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manageTeams)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
        let reference = (form["reference"] ?? "").trimmingCharacters(in: .whitespaces)
        let source: TeamSource
        switch form["source"] ?? "manual" {
        case "ldap": source = .ldapGroup(reference)
        case "oidc": source = .oidcClaim(reference)
        default: source = .manual
        }
        do {
            let team = try await teams.create(named: name, source: source, by: actor, logger: context.logger)
            return Response(status: .seeOther, headers: [.location: "/admin/teams/\(team.id)?flash=created"])
        } catch let error as UseCaseError {
            return try await listPage(request, actor: actor, error: error.description, entered: form, status: UseCaseAnswers.status(of: error))
        }
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manageTeams)
        let (team, members) = try await teams.team(try Identifiers.integer(context, "team_id"), for: actor)
        let language = try await web.language(request, user: actor.user)
        let model = TeamPage(
            teamID: team.id, name: team.name, source: Self.sourceText(team.source, language), handKept: team.source == .manual,
            members: members.map {
                TeamPage.Member(id: $0.userID, username: $0.username, removeLabel: Catalog.text("team.removeLabel", language, ["name": $0.username]))
            }
        )
        return try await web.page("admin-team", title: team.name, nav: "teams", actor: actor, request: request, model: model, language: language)
    }

    @Sendable func delete(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manageTeams)
        try web.checkCSRF(request, form: try await web.form(request))
        try await teams.delete(try Identifiers.integer(context, "team_id"), by: actor, logger: context.logger)
        return web.done(request, location: "/admin/teams?flash=deleted")
    }

    @Sendable func addMember(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manageTeams)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let id = try Identifiers.integer(context, "team_id")
        _ = try await teams.add((form["username"] ?? "").trimmingCharacters(in: .whitespaces), to: id, by: actor, logger: context.logger)
        return web.done(request, location: "/admin/teams/\(id)?flash=saved")
    }

    @Sendable func removeMember(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manageTeams)
        try web.checkCSRF(request, form: try await web.form(request))
        let id = try Identifiers.integer(context, "team_id")
        try await teams.remove(try Identifiers.integer(context, "user_id"), from: id, by: actor, logger: context.logger)
        return web.done(request, location: "/admin/teams/\(id)?flash=removed")
    }

    /// A role granted from the service's page: `role`, and `username` or `team_id`.
    @Sendable func grant(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await web.requireActor(request, context: context, toDo: .manage(.roles, of: serviceID))
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard let role = form["role"].flatMap(ServiceRole.init(rawValue:)) else { throw APIError(.badRequest, "Which role: owner, responder, publisher or viewer?") }
        let username = (form["username"] ?? "").trimmingCharacters(in: .whitespaces)
        let grantee: GranteeName
        if !username.isEmpty {
            grantee = .user(username)
        } else if let team = form["team_id"].flatMap({ TeamID($0) }) {
            grantee = .team(team)
        } else {
            throw UseCaseError.invalid(field: "username", "Name a person or choose a team")
        }
        _ = try await roles.grant(role, of: serviceID, to: grantee, by: actor, logger: context.logger)
        return web.done(request, location: "/admin/services/\(serviceID.wireString)?flash=saved#roles")
    }

    /// A team's subscription from the service's page: `team_id`, and
    /// `mandatory` (on/off); `action` remove ends the rule.
    @Sendable func subscribeTeam(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await web.requireActor(request, context: context, toDo: .manage(.subscriptions, of: serviceID))
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard let team = form["team_id"].flatMap({ TeamID($0) }) else { throw UseCaseError.invalid(field: "team_id", "Choose a team") }
        let mandatory: Bool? = form["action"] == "remove" ? nil : form["mandatory"] == "on"
        try await teamSubscriptions.set(mandatory, team: team, on: serviceID, by: actor, logger: context.logger)
        return web.done(request, location: "/admin/services/\(serviceID.wireString)?flash=saved#team-subscriptions")
    }

    /// A role revoked from the service's page: `role`, `kind` (`user` or `team`) and `id`.
    @Sendable func revoke(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        let actor = try await web.requireActor(request, context: context, toDo: .manage(.roles, of: serviceID))
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard let role = form["role"].flatMap(ServiceRole.init(rawValue:)), let id = form["id"].flatMap({ Int64($0) }) else {
            throw APIError(.badRequest, "Which grant?")
        }
        let grantee: Grantee = form["kind"] == "team" ? .team(id) : .user(id)
        try await roles.revoke(role, of: serviceID, from: grantee, by: actor, logger: context.logger)
        return web.done(request, location: "/admin/services/\(serviceID.wireString)?flash=removed#roles")
    }
}

/// The teams page: every team, and the form for a new one.
struct TeamsPage: PageModel {
    struct Team: PageValues {
        var id: TeamID
        var name, source: String
    }

    var teams: [Team]
    var error: String?
    var enteredName, enteredReference: String
    var sources: [Choice]
}

/// One team: where its members come from, and who they are.
struct TeamPage: PageModel {
    struct Member: PageValues {
        var id: UserID
        var username: String
        /// "Take ann out of the team", in the page's language.
        var removeLabel: String
    }

    var teamID: TeamID
    var name, source: String
    /// Its members are kept here (else they follow the directory or the claim).
    var handKept: Bool
    var members: [Member]
}
