import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// An email address the sign-in vouches for becomes the person's contact
/// method (issue 42): an OpenID `email` its provider verified is theirs and
/// verified with no code, follows the site's default rules, is replaced when
/// a later login names another, cannot be removed (409) while an entered one
/// can; an unverified claim changes nothing. (The directory's `mail` is read
/// by `LDAPTests` against slapd; both reach the same use case.)
@Suite("Contact: the sign-in's email address")
struct SignInEmailTests {
    static func configure(_ provider: TestOpenIDProvider) -> @Sendable (inout HeraldConfig) -> Void {
        { config in
            OIDCTests.configure(provider)(&config)
            // Email is sent (nothing reaches this port in the test: no code is ever sent), routine alarms by email at once.
            config.contacts = ContactSettings(defaults: ContactDefaults(steps: [.routine: [.init(kind: .email, delaySeconds: 0)]]))
            config.contacts.smtp = SMTPSettings(url: "smtp://127.0.0.1:9", username: nil, password: nil, from: "herald@example.org")
        }
    }

    @Test(arguments: Backend.allCases)
    func aVerifiedOpenIDEmailIsKeptAsTheSignInsAndFollowsIt(_ backend: Backend) async throws {
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(backend, configure: Self.configure(provider)) { (app: TestApp) async throws in
            var code = 0
            func signIn(_ name: String, email: String?, verified: Bool?) async throws -> String {
                code += 1
                var claims = provider.claims(name)
                claims.email = email
                claims.email_verified = verified
                provider.grant("c\(code)", .init(claims: claims, verifier: "v-123"))
                let answer = try await OIDCTests.exchange(app, code: "c\(code)")
                #expect(answer.status == .created || answer.status == .ok, "\(answer.text)")
                return try #require(try answer.json(["access_token"]) as? String)
            }
            func methods(_ token: String) async throws -> [[String: Any]] {
                try #require(try await app.request(.get, "/api/v2/users/user/contact-methods", token: token).json() as? [[String: Any]])
            }

            var token = try await signIn("alice", email: "Alice.Smith@Example.org", verified: true)
            var kept = try await methods(token)
            #expect(kept.count == 1)
            #expect(kept.first?["address"] as? String == "alice.smith@example.org" && kept.first?["verified"] as? Bool == true)
            #expect(kept.first?["source"] as? String == "sign-in" && kept.first?["kind"] as? String == "email")
            let first = try #require(kept.first?["id"] as? Int)
            // In the audit log as alice's, with its hint only.
            let audited = try await app.store.auditEntries(AuditQuery(action: .contactVerified)).map(\.record)
            #expect(audited.count == 1 && audited.first?.actorName == "alice" && audited.first?.after?.contains("sign-in") == true)
            #expect(audited.first?.after?.contains("alice.smith@example.org") == false, "\(audited.first?.after ?? "")")
            // The site's default rule reaches it: routine alarms by email.
            let rules = try #require(try await app.request(.get, "/api/v2/users/user/notification-rules", token: token).json(["rules"]) as? [[String: Any]])
            let routine = try #require(rules.first { $0["rule_class"] as? String == "routine" }?["steps"] as? [[String: Any]])
            #expect(routine.map { $0["method_id"] as? Int } == [first])

            // Not removed by its person: it would return with the next login.
            let refused = try await app.request(.delete, "/api/v2/users/user/contact-methods/\(first)", token: token)
            #expect(refused.status == .conflict && refused.detail?.contains("comes from your sign-in") == true, "\(refused.text)")
            #expect(try await methods(token).count == 1)

            // Signing in again changes nothing; a new address replaces the old.
            token = try await signIn("alice", email: "alice.smith@example.org", verified: true)
            #expect(try await methods(token).map { $0["id"] as? Int } == [first])
            token = try await signIn("alice", email: "alice@new.example.org", verified: true)
            kept = try await methods(token)
            #expect(kept.map { $0["address"] as? String } == ["alice@new.example.org"] && kept.first?["source"] as? String == "sign-in")
            // An address the provider did not verify is none: the one it vouched for before is taken back.
            token = try await signIn("alice", email: "mallory@evil.example.org", verified: false)
            #expect(try await methods(token).isEmpty)
            token = try await signIn("alice", email: "alice@new.example.org", verified: true)
            token = try await signIn("alice", email: nil, verified: nil)
            #expect(try await methods(token).isEmpty)
            token = try await signIn("alice", email: "alice@new.example.org", verified: true)
            #expect(try await methods(token).map { $0["address"] as? String } == ["alice@new.example.org"])

            // Bob added the address himself and never typed its code: his sign-in vouches for it now.
            _ = try await signIn("bob", email: nil, verified: nil)
            let bob = try #require(try await app.store.user(named: "bob"))
            let entered = try #require(try await app.store.addContactMethod(userID: bob.id, kind: .email, address: "bob@example.org", at: Date()))
            let other = try #require(try await app.store.addContactMethod(userID: bob.id, kind: .email, address: "bob@home.example.org", at: Date()))
            _ = try await app.store.verifyContactMethod(methodID: other.id, userID: bob.id, at: Date())
            let bobToken = try await signIn("bob", email: "bob@example.org", verified: true)
            let bobs = try await methods(bobToken)
            #expect(bobs.map { $0["id"] as? Int } == [Int(entered.id), Int(other.id)])
            // Verified, and still his own (entered): he may remove it, and a later address leaves it be.
            #expect(bobs.map { $0["verified"] as? Bool } == [true, true] && bobs.map { $0["source"] as? String } == ["entered", "entered"])
            #expect(try await app.request(.delete, "/api/v2/users/user/contact-methods/\(other.id)", token: bobToken).status == .noContent)
            #expect(try await methods(bobToken).map { $0["id"] as? Int } == [Int(entered.id)])
            let removals = try await app.store.auditEntries(AuditQuery(action: .contactRemoved)).map(\.record.actorName)
            #expect(removals.filter { $0 == "bob" }.count == 1 && removals.filter { $0 == "alice" }.count == 3, "\(removals)")
        }
        try await provider.stop()
    }

    @Test func aSiteThatSendsNoEmailKeepsNoAddress() async throws {
        let provider = try await TestOpenIDProvider.start()
        try await TestApp.run(.sqlite, configure: OIDCTests.configure(provider)) { (app: TestApp) async throws in
            var claims = provider.claims("carol")
            claims.email = "carol@example.org"
            claims.email_verified = true
            provider.grant("c1", .init(claims: claims, verifier: "v-123"))
            let answer = try await OIDCTests.exchange(app, code: "c1")
            #expect(answer.status == .created)
            let carol = try #require(try await app.store.user(named: "carol"))
            #expect(try await app.store.contactMethods(userID: carol.id).isEmpty)
        }
        try await provider.stop()
    }
}
