import Foundation
import HTTPTypes
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging
import Mustache
import NIOCore

/// What every page handler shares: the signed-in user from the session
/// cookie, CSRF tokens, form bodies, and rendering a template in the layout.
struct WebSupport: Sendable {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    /// The unread count in the header.
    let reads: InboxReads
    /// PUBLIC_URL: whether cookies are Secure, where links point, which origin is this one.
    let publicURL: String?
    let webSessionHours: Int
    let assets: WebAssets
    /// Each person's chosen language (issue 43).
    let languages: any LanguageStore

    static let csrfCookie = "herald_csrf"
    static let csrfField = "csrf"
    static let csrfHeader = HTTPField.Name("X-CSRF-Token")!

    // MARK: Session

    /// The signed-in user, if the session cookie holds a token that still
    /// counts. Only a refused token (or a deactivated account) means "not
    /// signed in": a store that cannot answer is a 503, not a sign-in page.
    func user(_ request: Request, context: HeraldRequestContext) async throws -> User? {
        guard request.cookies[RequestAuthenticator.sessionCookie] != nil else { return nil }
        do {
            return try await auth.user(request, context: context, allowingSessionCookie: true)
        } catch let error as APIError where error.status == .unauthorized || error.status == .forbidden {
            return nil
        }
    }

    /// The signed-in user, or a redirect to the sign-in page.
    func requireUser(_ request: Request, context: HeraldRequestContext) async throws -> User {
        guard let user = try await user(request, context: context) else {
            // Back to this page (with its query) after signing in; only a GET is worth returning to.
            let here = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
            let next = request.uri.path == "/" || request.method != .get ? "" : "?next=" + (here.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            throw APIError(.seeOther, "Sign in first", headers: [.location: "/login" + next])
        }
        return user
    }

    /// The signed-in account as an `Actor` (what the `AccessPolicy` judges), or a redirect to the sign-in page.
    func requireActor(_ request: Request, context: HeraldRequestContext) async throws -> Actor {
        var actor = try await auth.actors.actor(try await requireUser(request, context: context))
        actor.address = auth.address(request, context: context)
        return actor
    }

    /// The signed-in account, when the policy lets it do `action` (a page
    /// only an admin or an owner opens); otherwise a 403 page with the policy's reason.
    func requireActor(_ request: Request, context: HeraldRequestContext, toDo action: AccessAction) async throws -> Actor {
        let actor = try await requireActor(request, context: context)
        if case .refused(let why) = AccessPolicy.decide(actor, action) { throw APIError(.forbidden, why) }
        return actor
    }

    /// Whether cookies must be Secure: Herald is reached over https.
    func isSecure(_ request: Request) -> Bool {
        if publicURL?.hasPrefix("https:") == true { return true }
        return request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
    }

    func sessionCookie(_ token: String, request: Request) -> Cookie {
        Cookie(
            name: RequestAuthenticator.sessionCookie, value: token, maxAge: webSessionHours * 3600, path: "/",
            secure: isSecure(request), httpOnly: true, sameSite: .lax
        )
    }

    func clearedSessionCookie(_ request: Request) -> Cookie {
        Cookie(name: RequestAuthenticator.sessionCookie, value: "", maxAge: 0, path: "/", secure: isSecure(request), httpOnly: true, sameSite: .lax)
    }

    // MARK: CSRF

    /// The request's CSRF token (double submit: a random value in a
    /// SameSite=Strict cookie that every form and script request repeats),
    /// and the cookie to set when it is new.
    func csrfToken(_ request: Request) -> (token: String, cookie: Cookie?) {
        if let existing = request.cookies[Self.csrfCookie]?.value, existing.count == 64, existing.utf8.allSatisfy(\.isHexDigit) {
            return (existing, nil)
        }
        let token = RandomHex.bytes(32)
        return (token, Cookie(name: Self.csrfCookie, value: token, path: "/", secure: isSecure(request), httpOnly: true, sameSite: .strict))
    }

    /// Refuses a state-changing request whose token does not match its
    /// cookie, or that another site's page sent (Origin).
    func checkCSRF(_ request: Request, form: [String: String]) throws {
        let cookie = request.cookies[Self.csrfCookie]?.value ?? ""
        let sent = request.headers[Self.csrfHeader] ?? form[Self.csrfField] ?? ""
        // Browsers send Origin with every form post; it must name this
        // server as the request reached it, or as PUBLIC_URL names it (a
        // proxy that rewrites Host).
        let sameOrigin: Bool
        if let origin = request.headers[.origin] {
            let host = Self.host(of: origin)
            sameOrigin = host != nil && (host == request.head.authority?.lowercased() || host == publicURL.flatMap(Self.host))
        } else {
            sameOrigin = true
        }
        guard !cookie.isEmpty, SiteSecrets.equal(cookie, sent), sameOrigin else {
            // The header tells the page's script (changes kept offline) to keep them rather than drop them.
            throw APIError(
                .forbidden, "This form has expired or did not come from Herald: reload the page and try again",
                headers: [HTTPField.Name("X-Herald-Refusal")!: "form-expired"]
            )
        }
    }

    static func host(of origin: String) -> String? {
        URL(string: origin).flatMap { url in url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } }?.lowercased()
    }

    // MARK: Requests and answers

    /// A urlencoded form body (the last of a repeated field counts, as a
    /// hidden "off" before a checkbox's "on" needs).
    func form(_ request: Request) async throws -> [String: String] {
        let buffer = try await decoding.body(of: request)
        var fields: [String: String] = [:]
        for field in FormBody.fields(String(buffer: buffer)) { if let value = field.value { fields[field.name] = value } }
        return fields
    }

    /// A switch's value: a checkbox sends "on"; its hidden twin "off".
    static func switchValue(_ raw: String) -> Bool? {
        switch raw { case "on", "true", "1": true; case "off", "false", "0": false; default: nil }
    }

    /// After a form post: 204 for the page's script, else back to `location`.
    func done(_ request: Request, location: String) -> Response {
        if request.headers[.accept]?.contains("application/json") == true { return Response(status: .noContent) }
        return Response(status: .seeOther, headers: [.location: location])
    }

    /// A page: `template` inside the layout, with the page's own `model`
    /// and the user, navigation, CSRF token and unread count the layout shows.
    func page(
        _ template: String, title: String, nav: String? = nil, user: User?, request: Request, model: some PageModel = NoPageValues(),
        status: HTTPResponse.Status = .ok, cookies: [Cookie] = [], language: Language? = nil
    ) async throws -> Response {
        var actor: Actor?
        if let user { actor = try await auth.actors.actor(user) }
        return try await page(
            template, title: title, nav: nav, actor: actor, request: request, model: model, status: status, cookies: cookies, language: language
        )
    }

    /// The language a page is written in: the person's choice, else what
    /// the browser asks for (`Accept-Language`), else English.
    func language(_ request: Request, user: User?) async throws -> Language {
        var chosen: Language?
        if let user { chosen = try await languages.language(of: user.id) }
        return language(request, chosen: chosen)
    }

    /// The same, for a handler that read the person's choice already.
    func language(_ request: Request, chosen: Language?) -> Language {
        chosen ?? Language.negotiate(request.headers[.acceptLanguage]) ?? .en
    }

    /// A page for an actor the handler already read (its grants are not read again).
    func page(
        _ template: String, title: String, nav: String? = nil, actor: Actor?, request: Request, model: some PageModel = NoPageValues(),
        status: HTTPResponse.Status = .ok, cookies: [Cookie] = [], language chosen: Language? = nil
    ) async throws -> Response {
        let (csrf, csrfCookie) = csrfToken(request)
        var unread = 0
        let user = actor?.user
        if let user { unread = try await reads.unreadCount(of: user) }
        let flash = request.uri.queryParameters["flash"].flatMap { Self.flashes[String($0)] }
        // A handler that wrote its own words in the page's language hands it over: read once per page.
        var language = chosen ?? .en
        if chosen == nil { language = try await self.language(request, user: user) }
        let layout = PageLayout(
            title: title, pageName: template, csrf: csrf, assetVersion: assets.version, nav: nav.map { [$0: true] }, user: user != nil, username: user?.username,
            isAdmin: actor?.isAdmin ?? false, keepsServices: actor.map { $0.isAdmin || !$0.ownedServices.isEmpty } ?? false, unread: unread > 0 ? unread : nil, flash: flash.map { PageLayout.Flash(text: Catalog.text($0, language)) }, lang: language.rawValue, t: PageText(language: language),
            scriptWords: PageLayout.scriptWords(language)
        )
        // The layout's names come first: a model's property of the same name would never show.
        assert(
            Set(Mirror(reflecting: layout).children.compactMap(\.label)).isDisjoint(with: Mirror(reflecting: model).children.compactMap(\.label)),
            "\(type(of: model)) has a property the layout hides"
        )
        guard let html = assets.library.render(PageContext(layout: layout, model: model), withTemplate: template) else {
            throw WebAssetsError(reason: "no template \(template)")
        }
        var response = Response(status: status, headers: Self.pageHeaders, body: .init(byteBuffer: ByteBuffer(string: html)))
        for cookie in cookies + [csrfCookie].compactMap({ $0 }) { response.setCookie(cookie) }
        return response
    }

    /// The page that shows a new calendar feed address, once (only its hash is kept).
    func feedCreated(_ secret: String, back: String, backName: String, what: FeedScope, user: User, request: Request) async throws -> Response {
        let path = OnCallController.feedPath(secret)
        // Where calendars reach Herald: PUBLIC_URL, else the address this page was asked at.
        let base = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
            ?? request.head.authority.map { (isSecure(request) ? "https://" : "http://") + $0 } ?? ""
        let language = try await self.language(request, user: user)
        let model = FeedCreated(url: base + path, back: back, backName: backName, isTheKey: Catalog.text("feed.isTheKey", language, ["what": Catalog.text(what.key, language)]))
        return try await page(
            "feed-created", title: Catalog.text("feed.title", language), nav: "oncall", user: user, request: request, model: model, status: .created, language: language
        )
    }

    /// The page that asks before something is deleted; its button posts to `action`.
    func confirmation(
        _ request: Request, admin: User, nav: String, title: String, heading: String, message: String, action: String, confirm: String, back: String,
        language: Language
    ) async throws -> Response {
        let model = Confirmation(heading: heading, message: message, action: action, confirm: confirm, back: back)
        return try await page("confirm", title: title, nav: nav, user: admin, request: request, model: model, language: language)
    }

    /// The page showing a new calendar feed's address, once.
    struct FeedCreated: PageModel {
        var url, back, backName, isTheKey: String
    }

    /// Whose shifts a calendar feed shows.
    enum FeedScope {
        case rota, mine

        var key: String { self == .rota ? "feed.whatRota" : "feed.whatMine" }
    }

    /// The page asking before something is deleted.
    struct Confirmation: PageModel {
        var heading, message, action, confirm, back: String
    }

    /// The short confirmations a redirect may show (never free text from the query).
    /// Each confirmation a redirect may ask for, by its catalog key.
    static let flashes = [
        "saved": "flash.saved", "created": "flash.created", "deleted": "flash.deleted", "revoked": "flash.revoked", "signed-out": "flash.signedOut",
        "signed-out-everywhere": "flash.signedOutEverywhere", "removed": "flash.removed", "cancelled": "flash.cancelled",
        "signed-out-user": "flash.signedOutUser", "paged": "flash.paged", "code-sent": "flash.codeSent", "verified": "flash.verified",
    ]

    /// No script, style or frame from anywhere else, ever.
    static let pageHeaders: HTTPFields = [
        .contentType: "text/html; charset=utf-8",
        .contentSecurityPolicy: "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "same-origin",
        .cacheControl: "no-store",
    ]

    /// A link the page may show: http(s) only.
    static func safeLink(_ url: String) -> String? {
        let lower = url.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") ? url : nil
    }
}

/// Comparing secrets in time that says nothing about them.
enum SiteSecrets {
    static func equal(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
