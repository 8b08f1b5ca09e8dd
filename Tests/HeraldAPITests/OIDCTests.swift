import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// OpenID Connect against a provider served by the test over real HTTP.
@Suite("OpenID Connect sign-in")
struct OIDCTests {
    static func configure(_ provider: TestOpenIDProvider, realms: Bool = false) -> @Sendable (inout HeraldConfig) -> Void {
        { config in
            config.auth.oidc = OIDCSettings(
                discoveryURL: realms ? nil : provider.discoveryURL, clientID: TestOpenIDProvider.clientID, clientSecret: TestOpenIDProvider.clientSecret,
                realmsBaseURL: realms ? provider.base : nil, defaultRealm: realms ? "herald" : nil,
                realmMapping: realms ? ["real": "herald", "demo": "herald-demo"] : [:]
            )
            config.publicURL = "https://herald.example.org"
        }
    }

    static func exchange(_ app: TestApp, code: String, verifier: String = "v-123", clientID: String = TestOpenIDProvider.clientID, realm: String? = nil) async throws -> TestResponse {
        try await app.request(
            .post, "/api/v2/open_id_connect" + (realm.map { "?realm=\($0)" } ?? ""),
            json: ["code": code, "code_verifier": verifier, "client_id": clientID, "redirect_uri": "eu.ess.notify:/oauth"]
        )
    }

    @Test(arguments: Backend.allCases)
    func aGoodCodeSignsInAndTheFirstLoginMakesTheAccount(_ backend: Backend) async throws {
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(backend, configure: Self.configure(provider)) { (app: TestApp) async throws in
            provider.grant("c1", .init(claims: provider.claims("Alice.Smith"), verifier: "v-123"))
            let first = try await Self.exchange(app, code: "c1")
            #expect(first.status == .created, "\(first.text)")
            let alice = try #require(try await app.store.user(named: "alice.smith"))
            #expect(alice.origin == .oidc)
            let token = try #require(try first.json(["access_token"]) as? String)
            #expect(try await app.profileName(token) == "alice.smith")
            provider.grant("c2", .init(claims: provider.claims("alice.smith"), verifier: "v-123"))
            #expect(try await Self.exchange(app, code: "c2").status == .ok)
            // A code is good once; and only with its own PKCE verifier.
            #expect(try await Self.exchange(app, code: "c2").status == .unauthorized)
            provider.grant("c3", .init(claims: provider.claims("alice.smith"), verifier: "v-123"))
            #expect(try await Self.exchange(app, code: "c3", verifier: "v-other").status == .unauthorized)
        }
        try await provider.stop()
    }

    @Test func forgedExpiredAndForeignTokensAreRefused() async throws {
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(.sqlite, configure: Self.configure(provider)) { (app: TestApp) async throws in
            let cases: [(String, TestOpenIDProvider.Grant)] = [
                ("forged signature", .init(claims: provider.claims("mallory"), forged: true)),
                ("another audience", .init(claims: provider.claims("mallory", audience: "other-app"))),
                ("expired", .init(claims: provider.claims("mallory", expiresIn: -60))),
                ("another issuer", .init(claims: provider.claims("mallory", issuer: "https://evil.example.org"))),
                ("no user name at all", .init(claims: provider.claims(nil))),
            ]
            for (index, (what, grant)) in cases.enumerated() {
                provider.grant("bad\(index)", grant)
                let response = try await Self.exchange(app, code: "bad\(index)")
                #expect(response.status == .unauthorized, "\(what)")
            }
            #expect(try await app.store.user(named: "mallory") == nil)
            // The secret is only ever sent for Herald's own client.
            provider.grant("foreign", .init(claims: provider.claims("mallory")))
            let before = provider.exchanges
            #expect(try await Self.exchange(app, code: "foreign", clientID: "other-app").status == .unauthorized)
            #expect(provider.exchanges == before)
        }
        try await provider.stop()
    }

    @Test func rotatedKeysAreFetchedAgainForAnUnknownKid() async throws {
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(.sqlite, configure: Self.configure(provider)) { (app: TestApp) async throws in
            provider.grant("before", .init(claims: provider.claims("ann")))
            #expect(try await Self.exchange(app, code: "before").status == .created)
            provider.rotateKeys()
            provider.grant("after", .init(claims: provider.claims("ann")))
            #expect(try await Self.exchange(app, code: "after").status == .ok, "the new key is fetched")
            // A second unknown kid soon after does not make Herald fetch again.
            provider.rotateKeys()
            provider.grant("again", .init(claims: provider.claims("ann")))
            #expect(try await Self.exchange(app, code: "again").status == .unauthorized)
        }
        try await provider.stop()
    }

    @Test func withoutTheClaimTheUserinfoEndpointNamesTheUser() async throws {
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(.sqlite, configure: Self.configure(provider)) { (app: TestApp) async throws in
            provider.grant("c", .init(claims: provider.claims(nil), userinfoName: "Bob"))
            #expect(try await Self.exchange(app, code: "c").status == .created)
            #expect(try await app.store.user(named: "bob")?.origin == .oidc)
        }
        try await provider.stop()
    }

    @Test func keycloakRealmsAsTheOldServersNewestAppsUseThem() async throws {
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(.sqlite, configure: Self.configure(provider, realms: true)) { (app: TestApp) async throws in
            let discovered = try await app.request(.get, "/api/v2/realm-discovery/?type=demo")
            #expect(discovered.status == .ok)
            #expect(try discovered.json(["realm"]) as? String == "herald-demo")
            #expect(try discovered.json(["discovery_uri"]) as? String == "\(provider.base)/realms/herald-demo")
            #expect(try await app.request(.get, "/api/v2/realm-discovery/?type=nonsense").status == .unprocessableContent)
            #expect(try await app.request(.get, "/api/v2/realm-discovery/").status == .unprocessableContent)

            provider.grant("r", .init(claims: provider.claims("carol", issuer: "\(provider.base)/realms/herald")))
            #expect(try await Self.exchange(app, code: "r", realm: "real").status == .created)
            // Older apps send no realm: the default one.
            provider.grant("d", .init(claims: provider.claims("carol", issuer: "\(provider.base)/realms/herald")))
            #expect(try await Self.exchange(app, code: "d").status == .ok)
            // A token of one realm does not sign in to another.
            provider.grant("x", .init(claims: provider.claims("carol", issuer: "\(provider.base)/realms/herald")))
            #expect(try await Self.exchange(app, code: "x", realm: "demo").status == .unauthorized)
        }
        try await provider.stop()
    }

    @Test func withoutOIDCTheRoutesSaySoAndAProviderThatIsDownIs503() async throws {
        try await TestApp.run(.sqlite) { (app: TestApp) async throws in
            #expect(try await app.request(.get, "/api/v2/realm-discovery/?type=real").status == .methodNotAllowed)
            #expect(try await Self.exchange(app, code: "c").status == .methodNotAllowed)
        }
        try await TestApp.run(.sqlite, configure: { config in
            config.auth.oidc = OIDCSettings(discoveryURL: "http://127.0.0.1:1/.well-known/openid-configuration", clientID: TestOpenIDProvider.clientID)
        }) { (app: TestApp) async throws in
            let response = try await Self.exchange(app, code: "c")
            #expect(response.status == .serviceUnavailable)
        }
    }

    @Test(arguments: Backend.allCases)
    func aBrowserSignsInWithStateNonceAndPKCEAndGetsACookie(_ backend: Backend) async throws {
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(backend, configure: Self.configure(provider)) { (app: TestApp) async throws in
            let start = try await app.request(.get, "/login/oidc")
            #expect(start.status == .seeOther)
            let location = try #require(start.headers[.location].flatMap(URLComponents.init(string:)))
            #expect(location.path == "/authorize")
            let query = Dictionary(uniqueKeysWithValues: (location.queryItems ?? []).map { ($0.name, $0.value ?? "") })
            #expect(query["redirect_uri"] == "https://herald.example.org/login/oidc/callback")
            #expect(query["code_challenge_method"] == "S256" && query["client_id"] == TestOpenIDProvider.clientID)
            let stateCookie = try #require(start.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            #expect(start.headers[.setCookie]?.contains("HttpOnly") == true)

            // The user signs in at the provider, which sends the browser back;
            // its token endpoint wants the verifier of the challenge it saw.
            var grant = TestOpenIDProvider.Grant(claims: provider.claims("dave", nonce: query["nonce"]), redirectURI: "https://herald.example.org/login/oidc/callback")
            grant.challenge = query["code_challenge"]
            provider.grant("browser-code", grant)
            let back = try await app.request(
                .get, "/login/oidc/callback?code=browser-code&state=\(query["state"]!)", headers: [.cookie: stateCookie]
            )
            #expect(back.status == .seeOther, "\(back.text)")
            let tokenCookie = try #require(back.headers[values: .setCookie].first { $0.hasPrefix("herald_token=") })
            #expect(tokenCookie.contains("HttpOnly") && tokenCookie.contains("Secure") && tokenCookie.contains("SameSite=Lax"))
            let token = String(tokenCookie.dropFirst("herald_token=".count).prefix { $0 != ";" })
            #expect(try await app.profileName(token) == "dave")

            // A callback without the browser's state cookie, or with another state, is refused.
            provider.grant("stolen", TestOpenIDProvider.Grant(claims: provider.claims("eve", nonce: query["nonce"]), redirectURI: "https://herald.example.org/login/oidc/callback"))
            #expect(try await app.request(.get, "/login/oidc/callback?code=stolen&state=\(query["state"]!)").status == .badRequest)
            #expect(try await app.request(.get, "/login/oidc/callback?code=stolen&state=other", headers: [.cookie: stateCookie]).status == .badRequest)
            // A replayed ID token with another nonce is refused.
            provider.grant("replay", TestOpenIDProvider.Grant(claims: provider.claims("eve", nonce: "old-nonce"), redirectURI: "https://herald.example.org/login/oidc/callback"))
            #expect(try await app.request(.get, "/login/oidc/callback?code=replay&state=\(query["state"]!)", headers: [.cookie: stateCookie]).status == .unauthorized)
        }
        try await provider.stop()
    }
}
