import Foundation
import HTTPTypes
import HeraldCore
import HeraldUseCases
import Hummingbird
import NIOCore

/// The web app under `/`: every page, its static files and the API
/// reference, behind a middleware that answers errors with a page.
struct WebRoutes {
    let web: WebSupport
    /// Handed out page by page, each the few parts it uses.
    let parts: APIParts

    init(parts: APIParts, assets: WebAssets) {
        self.parts = parts
        web = WebSupport(
            auth: parts.auth, decoding: parts.decoding, reads: parts.users.reads, publicURL: parts.config.publicURL,
            webSessionHours: parts.config.webSessionHours, assets: assets, languages: parts.store
        )
    }

    /// Adds every page; returns their group (errors answered with a page),
    /// where the router also mounts the browser's OpenID Connect sign-in.
    @discardableResult
    func addRoutes(to router: Router<HeraldRequestContext>) -> RouterGroup<HeraldRequestContext> {
        let (users, store) = (parts.users, parts.store)
        let pages = router.group("").add(middleware: WebErrorPages(web: web))
        SignInPages(
            web: web, logins: parts.passwordLogins, sessions: parts.accountSessions, accounts: parts.accounts, signIns: parts.signIns, auth: parts.auth,
            method: parts.config.auth.method, oidc: parts.signIn.oidc
        ).addRoutes(to: pages)
        InboxPages(
            web: web, reads: users.reads, inbox: users.inbox, acknowledgements: users.acknowledgements, subscriptions: users.subscriptions, clock: parts.clock
        ).addRoutes(to: pages)
        AccountPages(
            web: web, rotas: parts.rotas, subscriptions: users.subscriptions, devices: users.devices, quietHours: users.quietHours,
            visibility: users.visibility, vapidKeys: parts.vapidKeys, listed: store, teams: parts.teams,
            languages: LanguageChoices(store: store, clock: parts.clock)
        ).addRoutes(to: pages)
        ContactPages(web: web, contacts: users.contacts, kinds: parts.config.contacts.kinds).addRoutes(to: pages)
        AcknowledgeLinkPages(
            web: web, acknowledgements: users.acknowledgements,
            keys: VAPIDKeys(settings: store, subject: parts.config.delivery.webPushSubject ?? "mailto:herald@invalid"),
            lifetime: parts.config.delivery.acknowledgeLinkLifetime, notifications: store
        ).addRoutes(to: pages)
        ChatLinkPages(web: web, chatRooms: parts.chatRooms).addRoutes(to: pages)
        let schedulePages = ServiceSchedulePages(web: web, schedules: parts.schedules, listed: store)
        ServiceAdminPages(
            web: web, services: parts.services, serviceTokens: parts.serviceTokens, feeds: parts.feeds, templates: parts.templates, alerting: parts.alerting,
            writeBacks: parts.writeBacks, roles: parts.serviceRoles, teams: parts.teams, teamSubscriptions: parts.teamSubscriptions, schedulePages: schedulePages, listed: store
        ).addRoutes(to: pages)
        TeamPages(web: web, teams: parts.teams, roles: parts.serviceRoles, teamSubscriptions: parts.teamSubscriptions).addRoutes(to: pages)
        AuditPages(web: web, log: parts.auditLog, listed: store).addRoutes(to: pages)
        schedulePages.addRoutes(to: pages)
        DeliveryReportPage(web: web, reports: parts.deliveryReports, timelines: parts.timelines, services: store).addRoutes(to: pages)
        OnCallPages(
            web: web, rotas: parts.rotas, escalations: parts.escalations, pages: parts.pages, teams: parts.teams, contacts: users.contacts,
            shiftNoticeHours: parts.config.shiftNoticeHours, listed: store, clock: parts.clock
        ).addRoutes(to: pages)
        UserAdminPages(
            web: web, accounts: parts.accounts, accountLinks: parts.accountLinks, contacts: users.contacts, oidc: parts.signIn.oidc, people: store
        ).addRoutes(to: pages)
        APIDocsPage(web: web).addRoutes(to: pages)
        pages.get("static/{file}", use: staticFile)
        return pages
    }

    /// A bundled static file. Pages link them with `?v=<digest of them all>`,
    /// so a versioned request may be cached for a year.
    static let worker = "herald-sw.js"

    @Sendable func staticFile(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        guard let name = context.parameters.get("file"), let file = web.assets.statics[name] else { throw APIError(.notFound, "No such file") }
        let versioned = request.uri.queryParameters["v"].map(String.init) == web.assets.version
        let etag = "\"\(web.assets.version)\""
        var headers: HTTPFields = [
            .contentType: file.contentType, .eTag: etag, HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            .cacheControl: versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
        ]
        // The worker lives with the static files but serves the whole app
        // (its offline copies of the inbox), so it may take the root scope.
        if name == Self.worker { headers[HTTPField.Name("Service-Worker-Allowed")!] = "/" }
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: headers) }
        headers[.contentLength] = String(file.body.readableBytes)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: file.body))
    }
}

/// Errors on a page answer with a page (a script's request, with JSON):
/// a redirect passes through, anything else is a short explanation.
struct WebErrorPages: RouterMiddleware {
    let web: WebSupport

    func handle(_ request: Request, context: HeraldRequestContext, next: (Request, HeraldRequestContext) async throws -> Response) async throws -> Response {
        do {
            return try await UseCaseAnswers.run { try await next(request, context) }
        } catch let error as APIError where error.status.kind == .redirection {
            return Response(status: error.status, headers: error.headers)
        } catch let error as APIError {
            return try await page(request, context: context, status: error.status, headers: error.headers) { Catalog.message(error.detail, in: $0) }
        } catch let failure as ValidationFailure {
            return try await page(request, context: context, status: .unprocessableContent, headers: [:]) { Self.message(failure, in: $0) }
        } catch let error as HTTPError where error.status != .internalServerError {
            return try await page(request, context: context, status: error.status, headers: error.headers) { Catalog.message(error.body ?? error.status.reasonPhrase, in: $0) }
        }
    }

    /// The statuses the error page has a heading of its own for (`errorPage.status<code>`).
    static let headings: Set<Int> = [400, 403, 404, 405, 409, 413, 422, 429]

    /// Validation issues as one sentence a person reads: "title: …; url: …",
    /// each message in `language` (the field names are the form's own).
    static func message(_ failure: ValidationFailure, in language: Language = .en) -> String {
        failure.issues.map { issue in
            let place = issue.loc.compactMap { if case .key(let key) = $0, !["path", "query", "body"].contains(key) { key } else { nil } }.joined(separator: ".")
            let message = Catalog.message(issue.msg, in: language)
            return place.isEmpty ? message : "\(place): \(message)"
        }.joined(separator: "; ")
    }

    /// A use case's problems as the same sentence.
    static func message(_ problems: [FieldProblem], in language: Language = .en) -> String {
        problems.map { "\($0.field): \(Catalog.message($0.message, in: language))" }.joined(separator: "; ")
    }

    /// The error page; a script's request (`Accept: application/json`) gets
    /// the API's English `detail`, the wire contract's shape.
    private func page(
        _ request: Request, context: HeraldRequestContext, status: HTTPResponse.Status, headers: HTTPFields, message: (Language) -> String
    ) async throws -> Response {
        if request.headers[.accept]?.contains("application/json") == true {
            return JSONBody.response(["detail": message(.en)], status: status, headers: headers)
        }
        let user = try await web.user(request, context: context)
        let language = try await web.language(request, user: user)
        let key = Self.headings.contains(status.code) ? "errorPage.status\(status.code)" : "errorPage.unknownStatus"
        var response = try await web.page(
            "error", title: Catalog.text(key, language), user: user, request: request,
            model: ErrorPage(
                heading: Self.headings.contains(status.code) ? Catalog.text(key, language) : status.reasonPhrase,
                message: message(language), back: user == nil ? "/login" : "/inbox"
            ),
            status: status, language: language
        )
        for field in headers where field.name != .contentType { response.headers[field.name] = field.value }
        return response
    }
}

/// A page that says what went wrong, and where to go back to.
struct ErrorPage: PageModel {
    var heading, message, back: String
}
