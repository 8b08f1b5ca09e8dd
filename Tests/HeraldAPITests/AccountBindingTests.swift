import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 23: an account is bound to where it came from. An identity
/// provider that lets people choose their `preferred_username` (self
/// registration, brokering, a realm run by someone else) must not hand them
/// another origin's account, the bootstrap admin's least of all.
@Suite("Accounts bound to their origin")
struct AccountBindingTests {
    static func exchange(_ app: TestApp, code: String, realm: String? = nil) async throws -> TestResponse {
        try await OIDCTests.exchange(app, code: code, realm: realm)
    }

    /// The hole: a local account with a password, then an OpenID login with
    /// its name used to get that account's token (200). Now 409, the
    /// account stays as it was, and the log names both origins.
    @Test(arguments: Backend.allCases)
    func anOpenIDLoginCannotTakeALocalAccount(_ backend: Backend) async throws {
        let provider = try await TestOpenIDProvider.start()
        let logs = CapturedLogs()
        try await TestApp.run(backend, configure: OIDCTests.configure(provider), logger: logs.logger) { (app: TestApp) async throws in
            let admin = try await app.createUser("admin", admin: true)
            provider.grant("c1", .init(claims: provider.claims("Admin", subject: "attacker-1")))
            let response = try await Self.exchange(app, code: "c1")
            #expect(response.status == .conflict, "\(response.text)")
            #expect(response.detail?.contains("local account") == true)
            #expect(try response.json(["access_token"]) == nil)
            #expect(try await app.store.user(named: "admin") == admin)
            #expect(try await app.store.identities(userID: admin.id).isEmpty)
            #expect(try await app.store.user(issuer: provider.base, subject: "attacker-1") == nil)
            let line = try #require(logs.all.first { $0.contains("another origin") })
            #expect(line.contains("account_origin=local") && line.contains("login_origin=oidc"), "\(line)")
            let metrics = try await app.request(.get, "/metrics").text
            #expect(metrics.contains(#"herald_logins_total{method="oidc",outcome="conflict"} 1"#))
            // The admin still signs in with the password.
            #expect(try await app.profileName(try await app.login("admin")) == "admin")
        }
        try await provider.stop()
    }

    /// An OpenID account is its subject's, whatever the name says later: a
    /// renamed user keeps their account, and another person of the same
    /// provider who takes the old name does not get it.
    @Test(arguments: Backend.allCases)
    func anOpenIDAccountIsFoundByIssuerAndSubject(_ backend: Backend) async throws {
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(backend, configure: OIDCTests.configure(provider)) { (app: TestApp) async throws in
            provider.grant("c1", .init(claims: provider.claims("ann", subject: "1111")))
            #expect(try await Self.exchange(app, code: "c1").status == .created)
            let ann = try #require(try await app.store.user(named: "ann"))
            #expect(try await app.store.identities(userID: ann.id) == [AccountIdentity(origin: .oidc, issuer: provider.base, subject: "1111")])
            // Renamed at the provider: the same account.
            provider.grant("c2", .init(claims: provider.claims("anne", subject: "1111")))
            let renamed = try await Self.exchange(app, code: "c2")
            #expect(renamed.status == .ok)
            #expect(try await app.profileName(try #require(try renamed.json(["access_token"]) as? String)) == "ann")
            #expect(try await app.store.user(named: "anne") == nil)
            // Someone else at the provider now calls themselves ann.
            provider.grant("c3", .init(claims: provider.claims("ann", subject: "2222")))
            #expect(try await Self.exchange(app, code: "c3").status == .conflict)
        }
        try await provider.stop()
    }

    /// A directory or URL login meeting an account of another origin is
    /// refused the same way, unless an admin linked the method to it.
    @Test(arguments: Backend.allCases)
    func aPasswordMethodMeetingAnotherOriginIsRefusedUnlessLinked(_ backend: Backend) async throws {
        let service = try await AuthenticationService.start()
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(backend, configure: { config in
            OIDCTests.configure(provider)(&config)
            config.auth.method = .url
            config.auth.authenticationURL = service.url
        }) { (app: TestApp) async throws in
            // ann made by OpenID Connect; the authentication URL also knows an ann.
            provider.grant("c1", .init(claims: provider.claims("ann", subject: "s-ann")))
            #expect(try await Self.exchange(app, code: "c1").status == .created)
            let refused = try await SignInMethodsTests.login(app, "ann", "ann-password")
            #expect(refused.status == .conflict, "\(refused.text)")
            // An admin links the authentication URL to the account.
            let ann = try #require(try await app.store.user(named: "ann"))
            #expect(try await app.store.link(userID: ann.id, AccountIdentity(origin: .url), at: Date()))
            #expect(try await SignInMethodsTests.login(app, "ann", "ann-password").status == .ok)
        }
        try await service.stop()
        try await provider.stop()
    }

    /// Issue 39: an admin's link to a provider names the person's subject
    /// there. A link by name alone used to wait and bind the first login
    /// through the provider with that name, whoever made it: now it is
    /// refused (422 naming the field), and one stored that way by an
    /// earlier version reaches nobody. Only the linked subject gets in.
    @Test(arguments: Backend.allCases)
    func anAdminsOpenIDLinkNamesTheSubject(_ backend: Backend) async throws {
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(backend, configure: OIDCTests.configure(provider)) { (app: TestApp) async throws in
            let (admin, adminToken) = try await app.user("root", admin: true)
            let bob = try await app.createUser("bob")
            let session = WebSession(app)
            #expect(try await session.signIn("root").status == .seeOther)
            let page = try await session.get("/admin/users/\(bob.id)/links")
            #expect(page.status == .ok)
            #expect(page.text.contains("How bob signs in") && page.text.contains("a local account"), "the account's page, not the admin's")
            // By name alone: refused, saying which field.
            for subject in [nil, " "] as [String?] {
                let fields = [("origin", "oidc"), ("issuer", provider.base)] + (subject.map { [("subject", $0)] } ?? [])
                let refused = try await session.post("/admin/users/\(bob.id)/links", fields)
                #expect(refused.status == .unprocessableContent && refused.text.contains("subject (`sub`)"), "\(refused.text)")
            }
            #expect(try await app.store.identities(userID: bob.id).isEmpty)
            // Such a link stored by an earlier version binds nobody's login.
            #expect(try await app.store.link(userID: bob.id, AccountIdentity(origin: .oidc, issuer: provider.base), at: Date()))
            #expect(try await session.get("/admin/users/\(bob.id)/links").text.contains("no subject: reaches nobody"))
            provider.grant("c0", .init(claims: provider.claims("bob", subject: "first-comer")))
            #expect(try await Self.exchange(app, code: "c0").status == .conflict)
            #expect(try await app.store.identities(userID: bob.id) == [AccountIdentity(origin: .oidc, issuer: provider.base)])
            // With the subject: that person, and only they, reach the account.
            let linked = try await session.post("/admin/users/\(bob.id)/links", [("origin", "oidc"), ("issuer", provider.base), ("subject", "bob-sub")])
            #expect(linked.status == .seeOther, "\(linked.text)")
            #expect(try await app.store.identities(userID: bob.id) == [AccountIdentity(origin: .oidc, issuer: provider.base, subject: "bob-sub")])
            provider.grant("c1", .init(claims: provider.claims("bob", subject: "bob-sub")))
            let first = try await Self.exchange(app, code: "c1")
            #expect(first.status == .ok, "\(first.text)")
            #expect(try await app.profileName(try #require(try first.json(["access_token"]) as? String)) == "bob")
            provider.grant("c2", .init(claims: provider.claims("bob", subject: "someone-else")))
            #expect(try await Self.exchange(app, code: "c2").status == .conflict)
            // A link to the demo account or of a local password is refused, with a reason.
            let local = try await session.post("/admin/users/\(bob.id)/links", [("origin", "local")])
            #expect(local.status == .unprocessableContent)
            let noIssuer = try await session.post("/admin/users/\(bob.id)/links", [("origin", "oidc"), ("issuer", "not a url"), ("subject", "x")])
            #expect(noIssuer.status == .unprocessableContent && noIssuer.text.contains("issuer"))
            // Removing the link keeps the subject away again.
            #expect(try await session.post("/admin/users/\(bob.id)/links/remove", [("origin", "oidc"), ("issuer", provider.base)]).status == .seeOther)
            provider.grant("c3", .init(claims: provider.claims("bob", subject: "bob-sub")))
            #expect(try await Self.exchange(app, code: "c3").status == .conflict)
            // A directory's or a URL's link has no issuer and wants no subject: the page says nothing of one.
            #expect(try await app.store.link(userID: bob.id, AccountIdentity(origin: .url), at: Date()))
            let urlLink = try await session.get("/admin/users/\(bob.id)/links").text
            #expect(urlLink.contains("<input type=\"hidden\" name=\"origin\" value=\"url\">") && !urlLink.contains("no subject"), "\(urlLink)")
            // Only admins reach the page.
            let bobSession = WebSession(app)
            #expect(try await bobSession.signIn("bob").status == .seeOther)
            #expect(try await bobSession.get("/admin/users/\(admin.id)/links").status == .forbidden)
            _ = adminToken
        }
        try await provider.stop()
    }

    /// ADMIN_USERS makes an admin through the primary method only: a login
    /// from another realm (`demo`, run for app-store reviewers, maybe
    /// with self-registration) that picks an admin's name gets an account
    /// without rights.
    @Test func adminUsersOnlyThroughThePrimaryProvider() async throws {
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(.sqlite, configure: { config in
            OIDCTests.configure(provider, realms: true)(&config)
            config.adminUsers = ["chief", "deputy"]
        }) { (app: TestApp) async throws in
            provider.grant("other", .init(claims: provider.claims("chief", issuer: "\(provider.base)/realms/herald-demo")))
            #expect(try await Self.exchange(app, code: "other", realm: "demo").status == .created)
            #expect(try await app.store.user(named: "chief")?.isAdmin == false)
            provider.grant("primary", .init(claims: provider.claims("deputy", issuer: "\(provider.base)/realms/herald")))
            #expect(try await Self.exchange(app, code: "primary", realm: "real").status == .created)
            #expect(try await app.store.user(named: "deputy")?.isAdmin == true)
            // And the primary realm's chief is not the demo realm's: refused.
            provider.grant("real-chief", .init(claims: provider.claims("chief", issuer: "\(provider.base)/realms/herald")))
            #expect(try await Self.exchange(app, code: "real-chief", realm: "real").status == .conflict)
        }
        try await provider.stop()
    }

    /// A site whose directory and OpenID provider name the same people
    /// says so once (LINKED_SIGN_IN_METHODS), and accounts made by one are
    /// reached by the other; a local account never is.
    @Test func linkedMethodsShareNamesButNeverALocalAccount() async throws {
        let service = try await AuthenticationService.start()
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(.sqlite, configure: { config in
            OIDCTests.configure(provider)(&config)
            config.auth.method = .url
            config.auth.authenticationURL = service.url
            config.auth.linkedMethods = [.url, .oidc]
        }) { (app: TestApp) async throws in
            #expect(try await SignInMethodsTests.login(app, "ann", "ann-password").status == .created)
            provider.grant("c1", .init(claims: provider.claims("ann", subject: "ann-at-idp")))
            #expect(try await Self.exchange(app, code: "c1").status == .ok)
            let ann = try #require(try await app.store.user(named: "ann"))
            #expect(ann.origin == .url)
            #expect(try await app.store.identities(userID: ann.id).map(\.subject) == ["ann-at-idp"])
            try await app.createUser("ops", admin: true)
            provider.grant("c2", .init(claims: provider.claims("ops")))
            #expect(try await Self.exchange(app, code: "c2").status == .conflict)
        }
        try await service.stop()
        try await provider.stop()
    }

    /// Whether a directory login may reach an OpenID account depends on
    /// the primary provider's issuer: while its document cannot be had, the
    /// login is answered 503 (try again), not refused with 409 as if the
    /// name belonged to someone else; once it is back, the login goes in.
    @Test func aProviderOutageDuringADecisionIsA503NotARefusal() async throws {
        let service = try await AuthenticationService.start()
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(.sqlite, configure: { config in
            OIDCTests.configure(provider)(&config)
            config.auth.method = .url
            config.auth.authenticationURL = service.url
            config.auth.linkedMethods = [.url, .oidc]
        }) { (app: TestApp) async throws in
            let identity = AccountIdentity(origin: .oidc, issuer: provider.base, subject: "ann-at-idp")
            let ann = try await app.store.createUser(username: "ann", passwordHash: nil, isAdmin: false, origin: .oidc, identity: identity, at: Date())
            provider.setDiscoveryDown(true)
            // A login whose decision does not turn on the issuer goes in all the
            // same: a local password on an OpenID account (the break-glass way in).
            let carl = AccountIdentity(origin: .oidc, issuer: provider.base, subject: "carl-at-idp")
            _ = try await app.store.createUser(username: "carl", passwordHash: TestApp.passwordHash, isAdmin: false, origin: .oidc, identity: carl, at: Date())
            #expect(try await SignInMethodsTests.login(app, "carl", TestApp.password).status == .ok, "a local password needs no provider")
            let away = try await SignInMethodsTests.login(app, "ann", "ann-password")
            #expect(away.status == .serviceUnavailable, "\(away.status) \(away.text)")
            #expect(away.headers[.retryAfter] != nil)
            provider.setDiscoveryDown(false)
            #expect(try await SignInMethodsTests.login(app, "ann", "ann-password").status == .ok, "the provider is back: the same login goes in")
            #expect(try await app.store.user(named: "ann")?.id == ann.id)
        }
        try await service.stop()
        try await provider.stop()
    }
}
