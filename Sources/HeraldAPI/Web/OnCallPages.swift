import Foundation
import HTTPTypes
import HeraldCore
import HeraldUseCases
import Hummingbird

/// On call in the web app (issue 26): who is on call on every rota, a
/// rota's next four weeks as a calendar drawn on the server with its
/// overrides and feed, and for admins the forms that make rotas, add and
/// remove overrides, and set a service's escalation policy; and paging a
/// rota or a team (issue 41) for those who may. Every form goes through the
/// same use cases as the API.
struct OnCallPages {
    let web: WebSupport
    let rotas: Rotas
    let escalations: EscalationPolicies
    let pages: Pages
    let teams: Teams
    /// Who on a rota can be reached only by push (its managers see it).
    let contacts: ContactMethods
    /// SHIFT_NOTICE_HOURS: whether those people are told before their shifts.
    let shiftNoticeHours: Int
    /// A policy's service, by name.
    let listed: any ServiceStore
    let clock: WallClock

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("oncall", use: list)
        router.post("oncall/rotas", use: create)
        router.get("oncall/rotas/{rota_id}", use: show)
        router.post("oncall/rotas/{rota_id}/overrides", use: addOverride)
        router.post("oncall/rotas/{rota_id}/overrides/{override_id}/remove", use: removeOverride)
        router.post("oncall/rotas/{rota_id}/delete", use: delete)
        router.post("oncall/rotas/{rota_id}/feed", use: renewFeed)
        router.post("oncall/rotas/{rota_id}/page", use: pageRota)
        router.post("oncall/teams/page", use: pageTeam)
        router.get("admin/services/{service_id}/escalation", use: policy)
        router.post("admin/services/{service_id}/escalation", use: savePolicy)
    }

    @Sendable func list(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        let now = clock.now()
        let language = try await web.language(request, user: actor.user)
        let rotas = try await self.rotas.list(for: actor.user).map { rota in
            let current = rota.rota.shifts(from: now, until: now.addingTimeInterval(1)).first
            return OnCallPage.Rota(
                id: rota.id, name: rota.name, members: rota.members.map { rota.names[$0] ?? "" }.joined(separator: ", "),
                onCall: current.map { rota.names[$0.userID] ?? "" } ?? Catalog.text("oncall.nobody", language), covering: current?.isOverride ?? false
            )
        }
        let pageable = try await pages.pageable(try await teams.list(for: actor), by: actor).map { OnCallPage.Team(id: $0.id, name: $0.name) }
        let model = OnCallPage(rotas: rotas, canEdit: actor.may(.manageRotas), pageableTeams: pageable, severities: PageForm.severities, canPageTeams: !pageable.isEmpty)
        return try await web.page("oncall", title: Catalog.text("oncall.title", language), nav: "oncall", actor: actor, request: request, model: model, language: language)
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        let rota = try await rotas.rota(try Identifiers.integer(context, "rota_id"), for: actor.user)
        let language = try await web.language(request, user: actor.user)
        let now = clock.now()
        let drawn = RotaCalendar(rota: rota, now: now).draw(in: language)
        let shifts = rota.rota.shifts(from: now, until: now.addingTimeInterval(Rotas.horizon))
        let model = RotaPage(
            rota: RotaPage.Rota(id: rota.id, name: rota.name, timeZone: rota.zone.name, members: rota.members.map { rota.names[$0] ?? "" }.joined(separator: ", ")),
            calendar: drawn.svg, legend: drawn.legend.map { RotaPage.Key(name: $0.name, color: $0.color) },
            shifts: shifts.prefix(12).map {
                RotaPage.Shift(who: rota.names[$0.userID] ?? "", from: Timestamp.wireString($0.from), until: Timestamp.wireString($0.until), covering: $0.isOverride)
            },
            overrides: rota.overrides.map {
                RotaPage.Override(id: $0.id, who: rota.names[$0.userID] ?? "", from: Timestamp.wireString($0.from), until: Timestamp.wireString($0.until))
            },
            pushOnly: actor.may(.manageRota(rota.id))
                ? try await contacts.reachableOnlyByPush(rota, by: actor).map { rota.names[$0] ?? "\($0)" }.joined(separator: ", ").nonEmpty : nil,
            toldBeforeShifts: shiftNoticeHours > 0,
            canEdit: actor.may(.manageRota(rota.id)), mayPage: try await pages.mayPage(.rota(rota.id), actor: actor), severities: PageForm.severities
        )
        return try await web.page("oncall-rota", title: rota.name, nav: "oncall", actor: actor, request: request, model: model, language: language)
    }

    @Sendable func create(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let members = (form["members"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let input = Rotas.Input(
            name: form["name"] ?? "", members: members, unit: form["rotation_unit"] ?? "", length: Int(form["rotation_length"] ?? "") ?? 0,
            timeZone: (form["time_zone"] ?? "").trimmingCharacters(in: .whitespaces), startsOn: form["starts_on"] ?? "", handOff: form["hand_off"] ?? ""
        )
        let made = try await rotas.create(input, by: actor, logger: context.logger)
        return web.done(request, location: "/oncall/rotas/\(made.rota.id)?flash=created")
    }

    /// A new address for the rota's feed (admins), shown this once.
    @Sendable func renewFeed(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let id = try Identifiers.integer(context, "rota_id")
        let rota = try await rotas.rota(id, for: actor.user)
        let secret = try await rotas.renewFeed(of: id, by: actor, logger: context.logger)
        return try await web.feedCreated(secret, back: "/oncall/rotas/\(id)", backName: rota.name, what: .rota, user: actor.user, request: request)
    }

    @Sendable func addOverride(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let id = try Identifiers.integer(context, "rota_id")
        // <input type=datetime-local> sends local wall time; the rota's zone says which instant.
        let zone = try await rotas.rota(id, for: actor.user).timeZone
        _ = try await rotas.addOverride(
            to: id, username: (form["username"] ?? "").trimmingCharacters(in: .whitespaces), from: Self.localTime(form["from"], zone),
            until: Self.localTime(form["until"], zone), by: actor, logger: context.logger
        )
        return web.done(request, location: "/oncall/rotas/\(id)?flash=saved")
    }

    @Sendable func removeOverride(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let id = try Identifiers.integer(context, "rota_id")
        try await rotas.removeOverride(try Identifiers.integer(context, "override_id"), from: id, by: actor, logger: context.logger)
        return web.done(request, location: "/oncall/rotas/\(id)?flash=deleted")
    }

    @Sendable func delete(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        try await rotas.delete(try Identifiers.integer(context, "rota_id"), by: actor, logger: context.logger)
        return web.done(request, location: "/oncall?flash=deleted")
    }

    /// "Page this rota": its person on call now, then the others in turn.
    @Sendable func pageRota(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let id = try Identifiers.integer(context, "rota_id")
        _ = try await pages.page(.rota(id), title: form["title"] ?? "", severity: form["severity"], message: form["message"], by: actor, logger: context.logger)
        return web.done(request, location: "/oncall/rotas/\(id)?flash=paged")
    }

    /// "Page a team": every member, then again until someone answers.
    @Sendable func pageTeam(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        guard let id = form["team_id"].flatMap({ Int64($0) }) else { throw UseCaseError.invalid(field: "team_id", "Choose the team to page") }
        _ = try await pages.page(.team(id), title: form["title"] ?? "", severity: form["severity"], message: form["message"], by: actor, logger: context.logger)
        return web.done(request, location: "/oncall?flash=paged")
    }

    /// `2026-12-24T09:00` in `zone`; nil for anything else (the use case names the field).
    static func localTime(_ text: String?, _ zone: TimeZone) -> Date? {
        guard let text, text.count >= 16 else { return nil }
        var problems: [FieldProblem] = []
        let parts = text.split(separator: "T", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        return Rotas.instant(day: parts[0], time: String(parts[1].prefix(5)), in: zone, problems: &problems)
    }

    // MARK: a service's escalation policy

    @Sendable func policy(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let shown = try await escalations.policy(of: serviceID, for: actor)
        return try await policyPage(request, actor: actor, serviceID: serviceID, form: EscalationForm(shown), hasPolicy: shown != nil)
    }

    /// The whole policy as its form, with room for one more step and target;
    /// after a refusal, what the admin typed with the use case's `problems`
    /// (in the page's language, read once here).
    private func policyPage(
        _ request: Request, actor: Actor, serviceID: UUID, form: EscalationForm, hasPolicy: Bool, problems: [FieldProblem] = [],
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        guard let service = try await listed.service(id: serviceID) else { throw APIError.notFound("Service") }
        let rotas = try await self.rotas.list(for: actor.user).map { (id: $0.id, name: $0.name) }
        let language = try await web.language(request, user: actor.user)
        let model = form.page(
            rotas: rotas, service: .init(id: serviceID.wireString, name: service.category), hasPolicy: hasPolicy,
            error: problems.isEmpty ? nil : EscalationForm.message(problems, language), language: language
        )
        return try await web.page(
            "admin-escalation", title: Catalog.text("escalation.title", language), nav: "services", actor: actor, request: request, model: model, status: status,
            language: language
        )
    }

    @Sendable func savePolicy(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        let fields = try await web.form(request)
        try web.checkCSRF(request, form: fields)
        let serviceID = try Identifiers.serviceID(context)
        if fields["remove"] == "1" {
            try await escalations.remove(serviceID, by: actor, logger: context.logger)
            return web.done(request, location: "/admin/services/\(serviceID.wireString)/escalation?flash=deleted")
        }
        let form = EscalationForm(fields)
        do {
            _ = try await escalations.set(
                steps: form.steps, repeats: Int(form.repeats) ?? -1, minimumSeverity: form.minimum.isEmpty ? nil : form.minimum, on: serviceID, by: actor,
                logger: context.logger
            )
        } catch UseCaseError.rejected(let problems) {
            let hasPolicy = try await escalations.policy(of: serviceID, for: actor) != nil
            return try await policyPage(
                request, actor: actor, serviceID: serviceID, form: form, hasPolicy: hasPolicy, problems: problems, status: .unprocessableContent
            )
        }
        return web.done(request, location: "/admin/services/\(serviceID.wireString)/escalation?flash=saved")
    }
}

/// The on-call page: every rota the person may see, who is on call now.
struct OnCallPage: PageModel {
    struct Rota: PageValues {
        var id: Int64
        var name, members, onCall: String
        var covering: Bool
    }

    struct Team: PageValues {
        var id: Int64
        var name: String
    }

    var rotas: [Rota]
    var canEdit: Bool
    /// The teams the person may page (the form shows only when there is one).
    var pageableTeams: [Team]
    var severities: [PageForm.Choice]
    var canPageTeams: Bool
}

/// The page form's choices: critical first (what a page usually is).
enum PageForm {
    struct Choice: PageValues {
        var value: String
        var selected: Bool
    }

    static let severities = ([Severity.critical] + Severity.allCases.reversed().filter { $0 != .critical && $0 != .none }).map {
        Choice(value: $0.rawValue, selected: $0 == .critical)
    }
}

/// One rota: its calendar drawn, the next shifts, the overrides.
struct RotaPage: PageModel {
    struct Rota: PageValues {
        var id: Int64
        var name, timeZone, members: String
    }

    /// A colour of the calendar and whose it is.
    struct Key: PageValues {
        var name, color: String
    }

    struct Shift: PageValues {
        var who, from, until: String
        var covering: Bool
    }

    struct Override: PageValues {
        var id: Int64
        var who, from, until: String
    }

    var rota: Rota
    var calendar: String
    var legend: [Key]
    var shifts: [Shift]
    var overrides: [Override]
    /// Members no rule reaches but by push for a critical alarm or a call (managers only; nil: none, or not a manager).
    var pushOnly: String?
    /// Whether Herald tells them before their shifts (SHIFT_NOTICE_HOURS above 0).
    var toldBeforeShifts: Bool
    var canEdit: Bool
    var mayPage: Bool
    var severities: [PageForm.Choice]
}

extension String {
    /// Nil when empty (a template's section shows for any string).
    var nonEmpty: String? { isEmpty ? nil : self }
}
