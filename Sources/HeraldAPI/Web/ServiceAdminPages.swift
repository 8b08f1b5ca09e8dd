import Foundation
import HTTPTypes
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// The services an admin or an owner keeps: list (admins all, owners
/// theirs) and create (admins), edit, delete (admins, after a
/// confirmation), publish tokens (shown once, revocable), webhook
/// templates, feeds and recent notifications; schedules are
/// `ServiceSchedulePages`'. What each may do is the use cases' to decide.
struct ServiceAdminPages {
    let web: WebSupport
    let services: Services
    let serviceTokens: ServiceTokens
    let feeds: Feeds
    let templates: ServiceTemplates
    let alerting: ServiceAlertingChoices
    let writeBacks: ServiceWriteBacks
    /// Who holds which role of the service, and the teams a role may go to.
    let roles: ServiceRoles
    let teams: Teams
    let teamSubscriptions: TeamSubscriptions
    /// A service's held and recurring notifications, shown on its page.
    let schedulePages: ServiceSchedulePages
    /// Services, as listed.
    let listed: any ServiceStore
    static let recentNotifications = 20

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("admin/services", use: list)
        router.post("admin/services", use: create)
        router.get("admin/services/{service_id}", use: show)
        router.post("admin/services/{service_id}", use: update)
        router.get("admin/services/{service_id}/delete", use: confirmDelete)
        router.post("admin/services/{service_id}/delete", use: delete)
        router.post("admin/services/{service_id}/tokens", use: createToken)
        router.post("admin/services/{service_id}/tokens/{token_id}/revoke", use: revokeToken)
        router.post("admin/services/{service_id}/templates", use: saveTemplates)
        router.post("admin/services/{service_id}/alerting", use: saveAlerting)
        router.post("admin/services/{service_id}/write-back", use: saveWriteBack)
        router.post("admin/services/{service_id}/feeds", use: addFeed)
        router.post("admin/services/{service_id}/feeds/{feed_id}/remove", use: removeFeed)
    }

    /// The fields of the create and edit forms, checked as the API checks them.
    struct ServiceForm {
        var category: String
        var owner: String
        var color: String
        var isPrivate: Bool

        init(_ form: [String: String]) {
            isPrivate = form["private"] == "on"
            category = (form["category"] ?? "").trimmingCharacters(in: .whitespaces)
            owner = (form["owner"] ?? "").trimmingCharacters(in: .whitespaces)
            // <input type=color> sends "#rrggbb"; the API stores "rrggbb".
            color = String((form["color"] ?? "").drop(while: { $0 == "#" })).lowercased()
        }

        /// The use case's problems in the form's words, in `language`.
        static func message(_ problems: [FieldProblem], _ language: Language) -> String {
            problems.map { problem -> String in
                let message = Catalog.message(problem.message, in: language)
                switch problem.field {
                case "category": return Catalog.text("service.problem.name", language, ["message": message])
                case "owner": return Catalog.text("service.problem.owner", language, ["message": message])
                case "color": return Catalog.text("service.problem.colour", language)
                default: return "\(problem.field): \(message)"
                }
            }.joined(separator: "; ")
        }

        /// As the form shows it again.
        var shown: ServicesPage.Form { ServicesPage.Form(category: category, owner: owner, color: ServiceRecord.isColor(color) ? color : "2456d6") }
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        guard actor.isAdmin || !actor.ownedServices.isEmpty else { throw APIError(.forbidden, AccessPolicy.adminsOnly) }
        let language = try await web.language(request, user: actor.user)
        return try await listPage(request, actor: actor, language: language, form: nil, error: nil)
    }

    private func listPage(
        _ request: Request, actor: Actor, language: Language, form: ServiceForm?, error: String?, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let services = try await listed.services().filter { actor.isAdmin || actor.holds(.owner, of: $0.id) }
        let model = ServicesPage(
            canCreate: actor.may(.createService),
            services: services.map { ServicesPage.Service(id: $0.id.wireString, name: $0.category, owner: $0.owner, color: $0.color) },
            form: form?.shown ?? ServicesPage.Form(category: "", owner: "", color: Self.suggestedColor(services.count)), error: error
        )
        return try await web.page(
            "admin-services", title: Catalog.text("services.title", language), nav: "services", actor: actor, request: request, model: model, status: status,
            language: language
        )
    }

    /// A different colour for each new service, so the inbox tells them apart.
    static func suggestedColor(_ index: Int) -> String {
        let palette = ["2456d6", "d64524", "1f9d55", "b7791f", "7c3aed", "0e7490", "be185d", "4b5563"]
        return palette[index % palette.count]
    }

    @Sendable func create(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        let fields = try await web.form(request)
        try web.checkCSRF(request, form: fields)
        let form = ServiceForm(fields)
        let service: ServiceRecord
        do {
            service = try await services.create(ServiceDraft(category: form.category, color: form.color, owner: form.owner, isPrivate: form.isPrivate), by: actor, logger: context.logger)
        } catch UseCaseError.rejected(let problems) {
            let language = try await web.language(request, user: actor.user)
            return try await listPage(request, actor: actor, language: language, form: form, error: ServiceForm.message(problems, language), status: .unprocessableContent)
        }
        return Response(status: .seeOther, headers: [.location: "/admin/services/\(service.id.wireString)?flash=created"])
    }

    func service(_ context: HeraldRequestContext) async throws -> ServiceRecord {
        let id = try Identifiers.serviceID(context)
        guard let service = try await listed.service(id: id) else { throw APIError.notFound("Service") }
        return service
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manage(.settings, of: try Identifiers.serviceID(context)))
        let language = try await web.language(request, user: actor.user)
        return try await servicePage(request, actor: actor, service: try await service(context), language: language, error: nil)
    }

    /// The service's page in `language` (its handler read it once).
    func servicePage(
        _ request: Request, actor: Actor, service: ServiceRecord, language: Language, error: String?, templateError: String? = nil,
        entered: NotificationTemplates? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let before = request.uri.queryParameters["before"].flatMap { NotificationID($0) }
        let tokens = try await serviceTokens.list(of: service.id, for: actor)
        let saved = try await self.templates.templates(of: service.id, for: actor)
        let templates = entered ?? saved
        let recent = try await services.notifications(
            of: service.id, from: before.map { .before($0) } ?? .newest, limit: Self.recentNotifications, for: actor
        )
        let feeds = try await self.feeds.list(of: service.id, for: actor)
        let schedules = try await schedulePages.values(serviceID: service.id)
        let alerting = try await self.alerting.choices(of: service.id, for: actor)
        let canSetWriteBack = actor.may(.manage(.writeBack, of: service.id))
        let writeBack = canSetWriteBack ? try await writeBacks.target(of: service.id, for: actor) : nil
        let grants = try await roles.grants(of: service.id, for: actor)
        let rules = try await teamSubscriptions.rules(of: service.id, for: actor)
        let teams = try await self.teams.list(for: actor)
        let model = ServicePage(
            service: ServicesPage.Service(id: service.id.wireString, name: service.category, owner: service.owner, color: service.color),
            isPrivate: service.isPrivate,
            teamSubscriptions: rules.map {
                ServicePage.TeamRule(
                    teamID: $0.teamID, team: $0.teamName, mandatory: $0.mandatory,
                    removeLabel: Catalog.text("service.teams.removeLabel", language, ["team": $0.teamName])
                )
            },
            canDelete: actor.may(.deleteService(service.id)),
            grants: grants.map { grant -> ServicePage.Grant in
                let label = Self.roleLabel(grant.role, language)
                let revoke = Catalog.text("service.roles.revokeLabel", language, ["name": grant.granteeName, "role": label])
                switch grant.grantee {
                case .user(let id):
                    return ServicePage.Grant(
                        role: grant.role.rawValue, roleLabel: label, name: grant.granteeName, kind: "user", id: id, isTeam: false, revokeLabel: revoke
                    )
                case .team(let id):
                    return ServicePage.Grant(
                        role: grant.role.rawValue, roleLabel: label, name: grant.granteeName, kind: "team", id: id, isTeam: true, revokeLabel: revoke
                    )
                }
            },
            roleChoices: ServiceRole.allCases.map { Choice(value: $0.rawValue, label: Self.roleLabel($0, language), selected: $0 == .viewer) },
            teamChoices: teams.map { Choice(value: "\($0.id)", label: $0.name, selected: false) },
            error: error,
            tokens: tokens.map {
                ServicePage.Token(id: $0.id, name: $0.name, created: Timestamp.wireString($0.createdAt), used: $0.lastUsedAt.map(Timestamp.wireString))
            },
            notifications: recent.map { ServicePage.Notification(id: $0.id, title: $0.title, timestamp: Timestamp.wireString($0.timestamp)) },
            templates: ServicePage.Templates(
                title: templates?.title ?? "", subtitle: templates?.subtitle ?? "", url: templates?.url ?? "", severity: templates?.severity ?? ""
            ),
            hasTemplates: saved != nil, templateError: templateError,
            alerting: Self.alertingRows(alerting, site: self.alerting.site, language: language), hasAlerting: !alerting.own.isEmpty,
            resolutions: ResolutionAlerting.allCases.map {
                ServicePage.Option(value: $0.rawValue, label: Catalog.text("service.resolution.\($0.rawValue)", language), selected: alerting.own.resolutions == $0)
            },
            writeBackTargets: [
                ("none", Catalog.text("service.writeBack.nowhere", language)), ("alertmanager", "Alertmanager"),
                ("phoebus", Catalog.text("service.writeBack.phoebusServer", language)),
            ].map { value, label in
                Choice(value: value, label: label, selected: (writeBack?.name ?? "none") == value)
            },
            writeBack: Self.writeBackValues(writeBack), canSetWriteBack: canSetWriteBack,
            feeds: feeds.map {
                ServicePage.Feed(
                    id: $0.id, url: $0.draft.url, every: Catalog.text("service.feeds.every", language, ["seconds": "\($0.draft.intervalSeconds)"]),
                    filter: $0.draft.filter ?? Catalog.text("service.feeds.everyEntry", language),
                    polled: $0.lastPolledAt.map(Timestamp.wireString) ?? Catalog.text("service.notYet", language),
                    // A feed's error quotes a remote server: shown as it is, not dressed as one of Herald's messages.
                    error: $0.lastError, count: $0.publishedCount
                )
            },
            older: recent.count == Self.recentNotifications ? "/admin/services/\(service.id.wireString)?before=\(recent.last!.id)" : nil,
            scheduled: schedules.scheduled, recurring: schedules.recurring
        )
        return try await web.page(
            "admin-service", title: service.category, nav: "services", actor: actor, request: request, model: model, status: status, language: language
        )
    }

    @Sendable func update(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manage(.settings, of: try Identifiers.serviceID(context)))
        let fields = try await web.form(request)
        try web.checkCSRF(request, form: fields)
        let current = try await service(context)
        let form = ServiceForm(fields)
        do {
            _ = try await services.update(current.id, ServicePatch(category: form.category, color: form.color, owner: form.owner, isPrivate: form.isPrivate), by: actor, logger: context.logger)
        } catch UseCaseError.rejected(let problems) {
            var shown = current
            shown.category = form.category
            shown.owner = form.owner
            let language = try await web.language(request, user: actor.user)
            return try await servicePage(
                request, actor: actor, service: shown, language: language, error: ServiceForm.message(problems, language), status: .unprocessableContent
            )
        }
        return Response(status: .seeOther, headers: [.location: "/admin/services/\(current.id.wireString)?flash=saved"])
    }

    @Sendable func confirmDelete(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .deleteService(try Identifiers.serviceID(context)))
        let service = try await service(context)
        let language = try await web.language(request, user: actor.user)
        return try await web.confirmation(
            request, admin: actor.user, nav: "services", title: Catalog.text("service.confirmDelete.title", language),
            heading: Catalog.text("service.confirmDelete.heading", language, ["name": service.category]),
            message: Catalog.text("service.confirmDelete.message", language),
            action: "/admin/services/\(service.id.wireString)/delete", confirm: Catalog.text("service.confirmDelete.confirm", language),
            back: "/admin/services/\(service.id.wireString)", language: language
        )
    }

    @Sendable func delete(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .deleteService(try Identifiers.serviceID(context)))
        try web.checkCSRF(request, form: try await web.form(request))
        try await services.delete(try Identifiers.serviceID(context), by: actor, logger: context.logger)
        return Response(status: .seeOther, headers: [.location: "/admin/services?flash=deleted"])
    }

    @Sendable func createToken(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manage(.tokens, of: try Identifiers.serviceID(context)))
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let service = try await service(context)
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
        // Either way a page follows, in the person's language.
        let language = try await web.language(request, user: actor.user)
        let token: ServiceToken
        let secret: String
        do {
            (token, secret) = try await serviceTokens.issue(named: name, for: service.id, by: actor, logger: context.logger)
        } catch UseCaseError.rejected(let problems) {
            let messages = problems.map { Catalog.message($0.message, in: language) }.joined(separator: "; ")
            return try await servicePage(
                request, actor: actor, service: service, language: language, error: Catalog.text("service.problem.tokenName", language, ["message": messages]),
                status: .unprocessableContent
            )
        }
        // Shown once, on this answer to the post: never in a URL or a later page.
        let model = TokenCreatedPage(
            serviceID: service.id.wireString, serviceName: service.category, name: token.name, token: secret,
            heading: Catalog.text("token.heading", language, ["name": token.name])
        )
        return try await web.page(
            "token-created", title: Catalog.text("token.title", language), nav: "services", actor: actor, request: request, model: model, status: .created,
            language: language
        )
    }

    /// A role as the page names it (the forms post its raw value).
    static func roleLabel(_ role: ServiceRole, _ language: Language) -> String {
        Catalog.text("service.role.\(role.rawValue)", language)
    }

    @Sendable func revokeToken(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manage(.tokens, of: try Identifiers.serviceID(context)))
        try web.checkCSRF(request, form: try await web.form(request))
        let serviceID = try Identifiers.serviceID(context)
        try await serviceTokens.revoke(try Identifiers.integer(context, "token_id"), of: serviceID, by: actor, logger: context.logger)
        return Response(status: .seeOther, headers: [.location: "/admin/services/\(serviceID.wireString)?flash=revoked"])
    }
}
