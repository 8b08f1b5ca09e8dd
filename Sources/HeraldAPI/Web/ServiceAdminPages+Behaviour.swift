import Foundation
import HTTPTypes
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// A service page's cards for how the service behaves: its feeds, the
/// generic webhook's templates, its own urgencies, and where its
/// acknowledgements are written back. Each saves through the same use
/// case as the API.
extension ServiceAdminPages {
    /// A feed from the form: `url`, `interval` (seconds), `filter`, `lifetime` (hours, blank: none).
    @Sendable func addFeed(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manage(.feeds, of: try Identifiers.serviceID(context)))
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let service = try await service(context)
        func number(_ field: String) -> Int? { form[field].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        _ = try await feeds.add(
            FeedRequest(
                url: form["url"]?.trimmingCharacters(in: .whitespaces) ?? "", intervalSeconds: number("interval") ?? Feeds.defaultInterval,
                filter: form["filter"], lifetimeSeconds: number("lifetime").map { $0 * 3600 }
            ),
            to: service.id, by: actor, logger: context.logger
        )
        return web.done(request, location: "/admin/services/\(service.id.wireString)?flash=created")
    }

    @Sendable func removeFeed(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manage(.feeds, of: try Identifiers.serviceID(context)))
        try web.checkCSRF(request, form: try await web.form(request))
        let service = try await service(context)
        try await feeds.remove(try Identifiers.integer(context, "feed_id"), from: service.id, by: actor, logger: context.logger)
        return web.done(request, location: "/admin/services/\(service.id.wireString)?flash=removed")
    }

    /// The generic webhook's templates: `action` save (checked as the API
    /// checks them) or remove.
    @Sendable func saveTemplates(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manage(.templates, of: try Identifiers.serviceID(context)))
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let service = try await service(context)
        var templates: NotificationTemplates?
        if form["action"] != "remove" {
            let entered = NotificationTemplates(title: form["title"] ?? "", subtitle: form["subtitle"] ?? "", url: form["url"] ?? "", severity: form["severity"] ?? "")
            templates = entered
        }
        do {
            try await self.templates.set(templates, on: service.id, by: actor, logger: context.logger)
        } catch UseCaseError.rejected(let problems) {
            let language = try await web.language(request, user: actor.user)
            return try await servicePage(
                request, actor: actor, service: service, language: language, error: nil, templateError: WebErrorPages.message(problems, in: language),
                entered: templates, status: .unprocessableContent
            )
        }
        return Response(status: .seeOther, headers: [.location: "/admin/services/\(service.id.wireString)?flash=saved"])
    }

    /// One row per severity: the site's urgency, and a choice of the
    /// service's own (blank: the site's). Severities stay as they are
    /// named (data, and what the escalation form's field takes); the
    /// urgencies are labelled in `language`, their values unchanged.
    static func alertingRows(_ choices: ServiceAlertingChoices.Choices, site: UrgencyTable, language: Language) -> [ServicePage.Alerting] {
        Severity.allCases.map { severity in
            let own = choices.own.urgency[severity]
            return ServicePage.Alerting(
                severity: severity.rawValue, site: urgencyLabel(site.urgency(for: severity), language),
                options: Urgency.allCases.map { ServicePage.Option(value: $0.rawValue, label: urgencyLabel($0, language), selected: own == $0) }
            )
        }
    }

    /// An urgency as the page names it.
    static func urgencyLabel(_ urgency: Urgency, _ language: Language) -> String {
        Catalog.text(urgency == .timeSensitive ? "service.urgency.timeSensitive" : "service.urgency.\(urgency.rawValue)", language)
    }

    /// The service's own urgencies (`urgency.<severity>` fields, blank: the
    /// site's), through the same use case as the API; `action` reset goes
    /// back to the site's table.
    @Sendable func saveAlerting(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manage(.alerting, of: try Identifiers.serviceID(context)))
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let service = try await service(context)
        if form["action"] == "reset" {
            try await alerting.reset(service.id, by: actor, logger: context.logger)
        } else {
            var levels: [String: String] = [:]
            for (field, value) in form where field.hasPrefix("urgency.") && !value.isEmpty {
                levels[String(field.dropFirst("urgency.".count))] = value
            }
            do {
                _ = try await alerting.set(urgency: levels, resolutions: form["resolutions"], on: service.id, by: actor, logger: context.logger)
            } catch UseCaseError.rejected(let problems) {
                let language = try await web.language(request, user: actor.user)
                return try await servicePage(
                    request, actor: actor, service: service, language: language, error: WebErrorPages.message(problems, in: language), status: .unprocessableContent
                )
            }
        }
        return Response(status: .seeOther, headers: [.location: "/admin/services/\(service.id.wireString)?flash=saved"])
    }

    static func writeBackValues(_ target: WriteBackTarget?) -> ServicePage.WriteBack {
        guard case .alertmanager(let url, let minutes) = target else { return ServicePage.WriteBack(url: "", minutes: WriteBackTarget.defaultSilenceMinutes) }
        return ServicePage.WriteBack(url: url, minutes: minutes)
    }

    /// Where the service's acknowledgements go, through the same use case
    /// as the API; `nowhere` removes it.
    @Sendable func saveWriteBack(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context, toDo: .manage(.writeBack, of: try Identifiers.serviceID(context)))
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let service = try await service(context)
        let target = form["target"] ?? "none"
        if target == "none" {
            try await writeBacks.remove(service.id, by: actor, logger: context.logger)
        } else {
            // The Phoebus choice ignores the Alertmanager fields the form always sends.
            let isAlertmanager = target == "alertmanager"
            let minutes = form["silence_minutes"].flatMap { $0.isEmpty ? nil : $0 }
            func refused(_ problems: [FieldProblem], _ language: Language) async throws -> Response {
                try await servicePage(
                    request, actor: actor, service: service, language: language, error: WebErrorPages.message(problems, in: language), status: .unprocessableContent
                )
            }
            if let minutes, Int(minutes) == nil {
                let language = try await web.language(request, user: actor.user)
                let problem = FieldProblem(field: "silence_minutes", message: Catalog.text("service.writeBack.notMinutes", language), type: "int_parsing")
                return try await refused([problem], language)
            }
            do {
                _ = try await writeBacks.set(
                    target: target, url: isAlertmanager ? form["url"] : nil, silenceMinutes: isAlertmanager ? minutes.flatMap { Int($0) } : nil,
                    on: service.id, by: actor, logger: context.logger
                )
            } catch UseCaseError.rejected(let problems) {
                let language = try await web.language(request, user: actor.user)
                return try await refused(problems, language)
            }
        }
        return Response(status: .seeOther, headers: [.location: "/admin/services/\(service.id.wireString)?flash=saved"])
    }
}
