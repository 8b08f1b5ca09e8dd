import AsyncHTTPClient
import Crypto
import Foundation
import HeraldCore
import HeraldOutbound
import NIOHTTP1

/// OpenID Connect sign-in: the mobile apps' authorization-code exchange
/// (`POST /open_id_connect`), the old server's Keycloak realms, and the
/// browser's own redirect flow with PKCE.
public struct OIDCSignIn: Sendable {
    public let settings: OIDCSettings
    let http: OutboundHTTP
    let clock: WallClock
    /// The single provider (OIDC_SERVER_URL), if configured.
    let single: OIDCProvider?
    /// One provider per known realm (OIDC_BASE_URL/realms/<realm>).
    let realms: [String: OIDCProvider]
    /// The site's primary provider: the single one, else the default
    /// realm's. Only its logins make ADMIN_USERS admins or reach accounts
    /// of methods the site linked; another realm's never do.
    public let primary: OIDCProvider?

    public init(settings: OIDCSettings, http: OutboundHTTP, clock: WallClock) {
        self.settings = settings
        self.http = http
        self.clock = clock
        single = settings.discoveryURL.map { OIDCProvider(discoveryURL: $0, http: http, clock: clock) }
        var realms: [String: OIDCProvider] = [:]
        if let base = settings.realmsBaseURL {
            for realm in Set(settings.realmMapping.values).union(settings.defaultRealm.map { [$0] } ?? []) {
                realms[realm] = OIDCProvider(discoveryURL: Self.discoveryURL(base: base, realm: realm), http: http, clock: clock)
            }
        }
        self.realms = realms
        primary = single ?? settings.defaultRealm.flatMap { realms[$0] }
    }

    /// Every provider: the single one and each realm's.
    public var providers: [OIDCProvider] { (single.map { [$0] } ?? []) + realms.keys.sorted().compactMap { realms[$0] } }

    /// The primary provider's issuer (nil without one). Throws
    /// `AuthenticationUnavailable` when its document cannot be had now: a
    /// decision that needs it must wait, not go on without it.
    public func primaryIssuer() async throws -> String? {
        guard let primary else { return nil }
        do {
            return try await primary.discovered().issuer
        } catch {
            throw AuthenticationUnavailable("the primary OpenID provider's document cannot be had: \(error)", retryAfter: 10)
        }
    }

    /// Keycloak publishes a realm's document here.
    static func discoveryURL(base: String, realm: String) -> String {
        "\(base)/realms/\(realm)/.well-known/openid-configuration"
    }

    /// The realm a realm type (`real`, `demo`) maps to, as the old server
    /// chose it: OIDC_REALM_MAPPING, else OIDC_DEFAULT_REALM.
    public func realm(forType type: String) -> String? {
        settings.realmMapping[type.lowercased()] ?? settings.defaultRealm
    }

    /// `{OIDC_BASE_URL}/realms/{realm}`, which the apps discover from.
    public func realmURL(_ realm: String) -> String? {
        settings.realmsBaseURL.map { "\($0)/realms/\(realm)" }
    }

    /// The provider for a realm type, or the single provider without one.
    public func provider(realmType: String?) throws(OIDCFailure) -> OIDCProvider {
        if let realmType {
            guard let realm = realm(forType: realmType), let provider = realms[realm] else { throw .refused("no realm is configured for '\(realmType)'") }
            return provider
        }
        if let single { return single }
        if let realm = settings.defaultRealm, let provider = realms[realm] { return provider }
        throw .refused("no OpenID provider is configured")
    }

    private struct TokenAnswer: Decodable {
        var id_token: String
        var access_token: String?
    }

    /// Exchanges an authorization code at the provider's token endpoint and
    /// verifies the ID token it returns; the login it vouches for.
    public func exchange(
        code: String, verifier: String?, clientID: String, redirectURI: String, nonce: String? = nil, provider: OIDCProvider
    ) async throws(OIDCFailure) -> VerifiedLogin {
        // The secret is ours: it may only be sent for our own client.
        guard clientID == settings.clientID else { throw .refused("the client id is not this server's") }
        let configuration = try await provider.discovered()
        var fields = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("client_id", clientID)]
        if let verifier { fields.append(("code_verifier", verifier)) }
        if let secret = settings.clientSecret { fields.append(("client_secret", secret)) }
        let answer = try await OIDCHTTP.postForm(configuration.token_endpoint, fields, as: TokenAnswer.self, http: http)
        let token = try await provider.verify(idToken: answer.id_token, clientID: clientID, nonce: nonce)
        var name = token.claims[settings.usernameClaim]
        if name == nil, let accessToken = answer.access_token, let userinfo = configuration.userinfo_endpoint {
            var request = HTTPClientRequest(url: userinfo)
            request.headers.add(name: "Authorization", value: "Bearer \(accessToken)")
            request.headers.add(name: "Accept", value: "application/json")
            let info = try await OIDCHTTP.send(request, as: [String: JSONScalar].self, http: http)
            // OpenID Connect Core 5.3.2: the answer is about the token's
            // subject, or it must not be used.
            guard info["sub"]?.text == token.subject else { throw .refused("the userinfo answer is about another subject") }
            name = info[settings.usernameClaim]?.text
        }
        // Lower-cased, as the old server's newest version does.
        guard let username = name?.lowercased(), !username.isEmpty, !TextRules.hasControlCharacter(username), username.unicodeScalars.count <= 256 else {
            throw .refused("the provider gave no usable '\(settings.usernameClaim)'")
        }
        var login = VerifiedLogin(
            username: username, origin: .oidc, identity: AccountIdentity(origin: .oidc, issuer: token.issuer, subject: token.subject),
            isPrimary: provider === primary
        )
        login.realm = realms.first { $0.value === provider }?.key
        // The address the primary provider verified (issue 42); one it did not is the person's say only,
        // and a secondary realm's people may be anyone's (as for groups).
        if provider === primary {
            login.email = token.verifiedEmail
            login.saysEmail = true
        }
        // The teams this login's claim names (issue 41): a token without the claim is in none of them.
        // The primary provider's only: a trusted secondary realm names groups of its own.
        if let path = settings.groupsClaim, provider === primary {
            let values = (token.strings(atPath: path) ?? []).filter { !$0.isEmpty && $0.unicodeScalars.count <= 1024 && !TextRules.hasControlCharacter($0) }
            login.groups = LoginGroups(kind: "oidc", names: Set(values.prefix(1_000)))
        }
        return login
    }

    /// Where the browser is sent to sign in: the authorization endpoint with
    /// the state, nonce and PKCE challenge it must come back with.
    public func authorizationURL(provider: OIDCProvider, redirectURI: String, state: String, nonce: String, verifier: String) async throws(OIDCFailure) -> String {
        let configuration = try await provider.discovered()
        let challenge = Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncodedString()
        let query = OIDCHTTP.formEncoded([
            ("response_type", "code"), ("client_id", settings.clientID), ("redirect_uri", redirectURI), ("scope", settings.scope),
            ("state", state), ("nonce", nonce), ("code_challenge", challenge), ("code_challenge_method", "S256"),
        ])
        return configuration.authorization_endpoint + (configuration.authorization_endpoint.contains("?") ? "&" : "?") + query
    }

    /// A random value for state, nonce or PKCE verifier (32 bytes, base64url).
    public static func randomValue() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64URLEncodedString()
    }
}

/// A userinfo value: only strings are used, the rest is tolerated.
struct JSONScalar: Decodable {
    var text: String?

    init(from decoder: any Decoder) throws {
        text = try? decoder.singleValueContainer().decode(String.self)
    }
}

extension Data {
    func base64URLEncodedString() -> String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
