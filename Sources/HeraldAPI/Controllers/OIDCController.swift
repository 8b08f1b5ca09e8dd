import Foundation
import HTTPTypes
import HeraldCore
import HeraldIdentity
import Hummingbird
import JWTKit
import Logging

/// OpenID Connect: the mobile apps' code exchange (`POST /open_id_connect`,
/// optionally for a Keycloak realm), realm discovery, and the browser's own
/// sign-in (`/login/oidc`), which ends with the access token in a cookie.
struct OIDCController {
    let signIn: SignIn
    let sessions: AccountSessions
    let decoding: RequestDecoding
    /// Where a request comes from, for the brakes.
    let ingress: SenderAuthorization
    let tokens: AccessTokens
    let clock: WallClock
    /// PUBLIC_URL: the redirect's base.
    let publicURL: String?
    let methodWaitSeconds: Double
    let webSessionHours: Int

    /// The realm types the old server's apps send.
    static let realmTypes: Set<String> = ["real", "demo"]
    static let tokenCookie = RequestAuthenticator.sessionCookie
    static let stateCookie = "herald_oidc"

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.post("open_id_connect", use: exchange)
        group.get("realm-discovery", use: discoverRealm)
    }

    func addBrowserRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("login/oidc", use: startBrowserSignIn)
        router.get("login/oidc/callback", use: finishBrowserSignIn)
    }

    private struct CodeExchange: Decodable {
        var code: String
        var code_verifier: String
        var client_id: String
        var redirect_uri: String
    }

    private var oidc: OIDCSignIn {
        get throws {
            guard let oidc = signIn.oidc else { throw APIError(.methodNotAllowed, "OIDC is not enabled") }
            return oidc
        }
    }

    @Sendable func exchange(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let oidc = try oidc
        let realmType = try Self.realmType(request.uri.queryParameters["realm"].map(String.init), oidc: oidc, parameter: "realm", required: false)
        let body = try await decoding.json(CodeExchange.self, from: request)
        let keys = FailedLoginLimiter.keys(client: ingress.client(of: request, context: context), username: "").filter { !$0.hasPrefix("user:") }
        try braked(keys, context: context)
        do {
            let provider = try oidc.provider(realmType: realmType)
            let login = try await LoginDeadline.run(seconds: methodWaitSeconds) {
                try await oidc.exchange(
                    code: body.code, verifier: body.code_verifier, clientID: body.client_id, redirectURI: body.redirect_uri, provider: provider
                )
            }
            signIn.metrics.count(.oidc, .accepted)
            return try await sessions.open(for: login, context: context)
        } catch {
            throw failed(error, keys: keys, context: context)
        }
    }

    @Sendable func discoverRealm(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let oidc = try oidc
        let type = try Self.realmType(request.uri.queryParameters["type"].map(String.init), oidc: oidc, parameter: "type", required: true) ?? ""
        guard let realm = oidc.realm(forType: type), let url = oidc.realmURL(realm) else {
            throw APIError(.badGateway, "Realm discovery failed")
        }
        return JSONBody.response(["realm": realm, "discovery_uri": url, "type": type])
    }

    // MARK: The browser's sign-in

    /// The state the browser carries to the provider and back, signed.
    private struct BrowserState: JWTPayload {
        var state: String
        var nonce: String
        var verifier: String
        var exp: ExpirationClaim

        func verify(using algorithm: some JWTAlgorithm) throws {
            try exp.verifyNotExpired()
        }
    }

    private func redirectURI(_ oidc: OIDCSignIn) throws -> String {
        guard let base = publicURL else {
            throw APIError(.notFound, "The browser sign-in needs PUBLIC_URL (where browsers reach Herald)")
        }
        return base + "/login/oidc/callback"
    }

    @Sendable func startBrowserSignIn(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let oidc = try oidc
        let redirect = try redirectURI(oidc)
        let state = BrowserState(
            state: OIDCSignIn.randomValue(), nonce: OIDCSignIn.randomValue(), verifier: OIDCSignIn.randomValue(),
            exp: ExpirationClaim(value: clock.now().addingTimeInterval(600))
        )
        let target: String
        do {
            target = try await oidc.authorizationURL(
                provider: try oidc.provider(realmType: nil), redirectURI: redirect, state: state.state, nonce: state.nonce, verifier: state.verifier
            )
        } catch {
            throw failed(error, keys: [], context: context)
        }
        var response = Response(status: .seeOther, headers: [.location: target])
        response.setCookie(
            Cookie(name: Self.stateCookie, value: try await tokens.sign(state), maxAge: 600, path: "/login/oidc", secure: redirect.hasPrefix("https:"), httpOnly: true, sameSite: .lax)
        )
        return response
    }

    @Sendable func finishBrowserSignIn(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let oidc = try oidc
        let redirect = try redirectURI(oidc)
        let query = request.uri.queryParameters
        if let error = query["error"] { throw APIError(.unauthorized, "The provider refused the sign-in: \(error)") }
        guard let cookie = request.cookies[Self.stateCookie]?.value,
              let state = await tokens.verified(cookie, as: BrowserState.self),
              let returned = query["state"], String(returned) == state.state, let code = query["code"]
        else {
            throw APIError(.badRequest, "The sign-in expired or did not start here: start again at /login/oidc")
        }
        let keys = FailedLoginLimiter.keys(client: ingress.client(of: request, context: context), username: "").filter { !$0.hasPrefix("user:") }
        try braked(keys, context: context)
        let session: (token: String, user: User, created: Bool)
        do {
            let provider = try oidc.provider(realmType: nil)
            let login = try await LoginDeadline.run(seconds: methodWaitSeconds) {
                try await oidc.exchange(
                    code: String(code), verifier: state.verifier, clientID: oidc.settings.clientID, redirectURI: redirect, nonce: state.nonce, provider: provider
                )
            }
            session = try await sessions.issue(for: login, context: context, session: true)
            signIn.metrics.count(.oidc, .accepted)
        } catch {
            throw failed(error, keys: keys, context: context)
        }
        var response = Response(status: .seeOther, headers: [.location: "/"])
        let secure = redirect.hasPrefix("https:")
        response.setCookie(
            Cookie(
                name: Self.tokenCookie, value: session.token, maxAge: webSessionHours * 3600, path: "/", secure: secure, httpOnly: true,
                sameSite: .lax
            )
        )
        response.setCookie(Cookie(name: Self.stateCookie, value: "", maxAge: 0, path: "/login/oidc", secure: secure, httpOnly: true, sameSite: .lax))
        return response
    }

    // MARK: Helpers

    private func braked(_ keys: [String], context: HeraldRequestContext) throws {
        if let wait = signIn.brakes.retryAfter(keys, now: clock.now()) {
            signIn.metrics.count(.oidc, .braked)
            throw APIError(.tooManyRequests, "Too many failed logins: try again in \(wait) seconds", headers: [.retryAfter: "\(wait)"])
        }
    }

    /// The answer for a failed OpenID sign-in: 401 (counted against the
    /// client) when refused, 503 when the provider is out of reach.
    private func failed(_ error: any Error, keys: [String], context: HeraldRequestContext) -> any Error {
        switch error {
        case OIDCFailure.refused(let reason, let detail):
            signIn.metrics.count(.oidc, .refused)
            signIn.brakes.recordFailure(keys, now: clock.now())
            context.logger.notice("OpenID sign-in refused", metadata: ["reason": "\(reason)", "detail": "\(detail ?? "")"])
            return APIError(.unauthorized, "OpenID Connect sign-in refused: \(reason)")
        case OIDCFailure.unavailable, is AuthenticationUnavailable:
            // It failed to answer, or did not answer within LOGIN_TIMEOUT_SECONDS.
            signIn.metrics.count(.oidc, .unavailable)
            context.logger.error("OpenID provider unavailable", metadata: ["reason": "\(error)"])
            let wait = (error as? AuthenticationUnavailable)?.retryAfter ?? 10
            return APIError(.serviceUnavailable, "The sign-in provider is unavailable, try again later", headers: [.retryAfter: "\(wait)"])
        default:
            return error
        }
    }

    /// A realm type from the query: one the old server's apps send, or one
    /// OIDC_REALM_MAPPING names.
    static func realmType(_ raw: String?, oidc: OIDCSignIn, parameter: String, required: Bool) throws -> String? {
        guard let raw else {
            if required { throw ValidationFailure([ValidationIssue(loc: ["query", .key(parameter)], msg: "Field required", type: "missing")]) }
            return nil
        }
        let type = raw.lowercased()
        guard realmTypes.contains(type) || oidc.settings.realmMapping[type] != nil else {
            let known = realmTypes.union(oidc.settings.realmMapping.keys).sorted().map { "'\($0)'" }.joined(separator: " or ")
            throw ValidationFailure([ValidationIssue(loc: ["query", .key(parameter)], msg: "Input should be \(known)", type: "enum")])
        }
        return type
    }
}
