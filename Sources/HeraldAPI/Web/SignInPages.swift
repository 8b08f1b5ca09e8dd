import Foundation
import HTTPTypes
import HeraldCore
import HeraldIdentity
import HeraldUseCases
import Hummingbird
import Logging

/// Signing in and out of the web app. The session is the same access token
/// the apps get, in an HttpOnly, SameSite=Lax cookie (Secure behind https).
struct SignInPages {
    let web: WebSupport
    let logins: PasswordLogins
    let sessions: AccountSessions
    let accounts: UserAccounts
    let signIns: SignIns
    let auth: RequestAuthenticator
    let method: AuthSettings.Method
    let oidc: OIDCSignIn?

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("", use: home)
        router.get("login", use: loginPage)
        router.post("login", use: login)
        router.post("logout", use: logout)
        router.post("logout-everywhere", use: logoutEverywhere)
    }

    @Sendable func home(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let signedIn = try await web.user(request, context: context) != nil
        return Response(status: .seeOther, headers: [.location: signedIn ? "/inbox" : "/login"])
    }

    @Sendable func loginPage(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        if try await web.user(request, context: context) != nil { return Response(status: .seeOther, headers: [.location: "/inbox"]) }
        return try await page(request, error: nil, name: "")
    }

    private func page(
        _ request: Request, error: String?, name: String, form: [String: String] = [:], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
    ) async throws -> Response {
        let language = try await web.language(request, user: nil)
        let hint =
            switch method {
            case .local: Catalog.text("login.hint.local", language)
            case .ldap: Catalog.text("login.hint.ldap", language)
            case .url: Catalog.text("login.hint.url", language)
            }
        // The provider's name where the language puts it ("Mit X anmelden").
        let button = oidc.map { Catalog.text("login.with", language, ["provider": $0.settings.providerName]) }
        var response = try await web.page(
            "login", title: Catalog.text("login.title", language), user: nil, request: request,
            model: SignInPage(error: error, enteredName: name, oidc: button, methodHint: hint, next: Self.next(request, form: form)),
            status: status, language: language
        )
        for field in headers { response.headers[field.name] = field.value }
        return response
    }

    @Sendable func login(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let form = try await web.form(request)
        try web.checkCSRF(request, form: form)
        let name = form["username"] ?? ""
        do {
            let login = try await logins.check(username: name, password: form["password"] ?? "", request: request, context: context)
            let session = try await sessions.issue(for: login, context: context, session: true)
            var response = Response(status: .seeOther, headers: [.location: Self.next(request, form: form) ?? "/inbox"])
            response.setCookie(web.sessionCookie(session.token, request: request))
            return response
        } catch let error as APIError where [.unauthorized, .tooManyRequests, .serviceUnavailable, .conflict].contains(error.status) {
            return try await page(request, error: error.detail, name: name, form: form, status: error.status, headers: error.headers)
        }
    }

    /// Where to go after signing in: a page of this site only. A path of
    /// printable ASCII without backslashes that starts with one slash:
    /// browsers drop tabs and line breaks from URLs and read `\` as `/`,
    /// so `/\t/evil.example` or `/\\evil.example` would leave the site.
    /// The form's `next` (carried from the page's query), else the query's.
    static func next(_ request: Request, form: [String: String] = [:]) -> String? {
        guard let next = form["next"] ?? request.uri.queryParameters["next"].map(String.init), isLocalPath(next) else { return nil }
        return next
    }

    static func isLocalPath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/"), bytes.count < 2 || bytes[1] != UInt8(ascii: "/") else { return false }
        return bytes.allSatisfy { (0x21...0x7e).contains($0) && $0 != UInt8(ascii: "\\") }
    }

    /// Ends this browser's session: its token is refused from now on,
    /// wherever a copy of the cookie went.
    @Sendable func logout(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        try web.checkCSRF(request, form: try await web.form(request))
        if let session = await auth.sessionID(request) {
            try await signIns.closeSession(id: session)
            context.logger.info("web session ended")
        }
        var response = Response(status: .seeOther, headers: [.location: "/login?flash=signed-out"])
        response.setCookie(web.clearedSessionCookie(request))
        return response
    }

    @Sendable func logoutEverywhere(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await web.requireUser(request, context: context)
        try web.checkCSRF(request, form: try await web.form(request))
        try await accounts.signOutEverywhere(user.id, by: .themselves(user), logger: context.logger)
        var response = Response(status: .seeOther, headers: [.location: "/login?flash=signed-out-everywhere"])
        response.setCookie(web.clearedSessionCookie(request))
        return response
    }
}

/// The sign-in page.
struct SignInPage: PageModel {
    var error: String?
    var enteredName: String
    /// The OpenID Connect button's words ("Sign in with <provider>"), when there is one.
    var oidc: String?
    var methodHint: String
    /// Where to go after signing in (a path of this site).
    var next: String?
}
