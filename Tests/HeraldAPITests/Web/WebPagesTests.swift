import Crypto
import Foundation
import HTTPTypes
import HeraldCore
import HeraldPublishing
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldAPI

/// The web app's pages through the real router: signing in with the form,
/// the inbox and its actions, subscriptions, the profile, and CSRF.
@Suite("Web app: a user's pages")
struct WebPagesTests {
    @Test(arguments: Backend.allCases)
    func aUserSignsInReadsTheInboxAndMarksItRead(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let user = try await app.createUser("ann")
            let service = try await app.createService(category: "Beam alarms", color: "d64524")
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            let publisher = Publisher.forTests(app.store)
            let first = try await publisher.publish(NotificationDraft(title: "Beam lost", subtitle: "Ring current dropped", url: "https://ess.eu/beam"), to: service.id, from: .api)
            _ = try await publisher.publish(NotificationDraft(title: "Beam back"), to: service.id, from: .api)

            let web = WebSession(app)
            let before = try await web.get("/inbox")
            #expect(before.status == .seeOther && before.headers[.location] == "/login?next=%2Finbox")
            let signIn = try await web.signIn("ann")
            #expect(signIn.status == .seeOther && signIn.headers[.location] == "/inbox")
            let cookie = try #require(signIn.headers[values: .setCookie].first { $0.hasPrefix("herald_token=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && !cookie.contains("Secure"))

            let inbox = try await web.get("/inbox")
            #expect(inbox.status == .ok)
            #expect(inbox.text.contains("Beam lost") && inbox.text.contains("Ring current dropped") && inbox.text.contains("Beam alarms"))
            #expect(inbox.text.contains("href=\"https://ess.eu/beam\""))
            #expect(inbox.text.contains("<title>(2) Inbox · Herald</title>"))
            #expect(inbox.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)

            let read = try await web.post("/inbox/update", [("id", "\(first.id)"), ("action", "read")])
            #expect(read.status == .seeOther)
            #expect(try await app.store.unreadCount(userID: user.id) == 1)
            let unread = try await web.post("/inbox/update", [("id", "\(first.id)"), ("action", "unread")], headers: [.accept: "application/json"])
            #expect(unread.status == .noContent)
            #expect(try await app.store.unreadCount(userID: user.id) == 2)
            _ = try await web.post("/inbox/read-all")
            #expect(try await app.store.unreadCount(userID: user.id) == 0)
            let unreadOnly = try await web.get("/inbox?state=unread")
            #expect(!unreadOnly.text.contains("Beam lost"))
            // Starred: listed on their own, with the button that takes the star away.
            #expect(try await !web.get("/inbox?state=starred").text.contains("Beam lost"))
            _ = try await web.post("/inbox/update", [("id", "\(first.id)"), ("action", "star")])
            let starred = try await web.get("/inbox?state=starred")
            #expect(starred.text.contains("Beam lost") && !starred.text.contains("Beam back"))
            #expect(starred.text.contains("<option value=\"starred\" selected>Starred</option>"))
            #expect(starred.text.contains(#"value="unstar" aria-label="Unstar" data-when-starred>"#))
            _ = try await web.post("/inbox/update", [("id", "\(first.id)"), ("action", "unstar")])
            #expect(try await !web.get("/inbox?state=starred").text.contains("Beam lost"))
            let delete = try await web.post("/inbox/update", [("id", "\(first.id)"), ("action", "delete")])
            #expect(delete.status == .seeOther)
            let nonsense = try await web.post("/inbox/update", [("id", "\(first.id)"), ("action", "explode")])
            #expect(nonsense.status == .badRequest)
            #expect(try await !web.get("/inbox").text.contains("Beam lost"))
        }
    }

    /// A database that cannot answer is a 503 on the pages, as in the API,
    /// never "sign in first" (which sent a signed-in user to the form and
    /// hid the outage); a refused cookie is still a sign-in page.
    @Test func aDatabaseOutageIsA503NotASignInPage() async throws {
        let faults = StoreFaults()
        try await TestApp.run(.sqlite, faults: faults) { app in
            _ = try await app.createUser("ann")
            let session = WebSession(app)
            #expect(try await session.signIn("ann").status == .seeOther)
            #expect(try await session.get("/inbox").status == .ok)
            faults.fail(.readAccount, with: StoreError.unavailable("connection refused"))
            let away = try await session.get("/inbox")
            #expect(away.status == .serviceUnavailable, "\(away.status) \(away.headers[.location] ?? "")")
            #expect(away.headers[.location] == nil)
            faults.fail(.readAccount, with: StoreError.unavailable("connection refused"))
            #expect(try await session.get("/login").status == .serviceUnavailable)
            #expect(try await session.get("/inbox").status == .ok, "back once the database is")
            await session.set("herald_token", "not-a-token")
            let refused = try await session.get("/inbox")
            #expect(refused.status == .seeOther && refused.headers[.location]?.hasPrefix("/login") == true)
        }
    }

    @Test func theInboxPagesByCursorAndFiltersByService() async throws {
        try await TestApp.run(.sqlite) { app in
            let user = try await app.createUser("ann")
            let alarms = try await app.createService(category: "Alarms")
            let news = try await app.createService(category: "News")
            try await app.store.setSubscriptions(userID: user.id, [alarms.id: true, news.id: true])
            let publisher = Publisher.forTests(app.store)
            for index in 0..<30 { _ = try await publisher.publish(NotificationDraft(title: "alarm \(index)."), to: alarms.id, from: .api) }
            _ = try await publisher.publish(NotificationDraft(title: "news item."), to: news.id, from: .api)
            let web = WebSession(app)
            _ = try await web.signIn("ann")
            let first = try await web.get("/inbox")
            #expect(first.text.contains("news item.") && first.text.contains("alarm 29.") && !first.text.contains("alarm 5."))
            let older = try #require(first.text.firstMatch(of: /href="(\/inbox\?before=\d+)"/)?.1)
            let second = try await web.get(String(older))
            #expect(second.text.contains("alarm 5.") && second.text.contains("alarm 0.") && !second.text.contains("alarm 29."))
            let filtered = try await web.get("/inbox?service=\(news.id.wireString)")
            #expect(filtered.text.contains("news item.") && !filtered.text.contains("alarm 29."))
        }
    }

    @Test(arguments: Backend.allCases)
    func subscriptionsAndDevicesAreManagedOnTheirPages(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let user = try await app.createUser("ann")
            let service = try await app.createService(category: "Cryo")
            _ = try await app.store.registerDevice(userID: user.id, token: String(repeating: "ab", count: 32), platform: .apns, at: Date())
            let web = WebSession(app)
            _ = try await web.signIn("ann")
            #expect(try await web.get("/subscriptions").text.contains("aria-label=\"Subscribed to Cryo\""))
            let on = try await web.post("/subscriptions", [("service", service.id.wireString), ("subscribed", "off"), ("subscribed", "on")])
            #expect(on.status == .seeOther)
            #expect(try await app.store.userServices(userID: user.id).first?.isSubscribed == true)
            _ = try await web.post("/subscriptions", [("service", service.id.wireString), ("subscribed", "off")], headers: [.accept: "application/json"])
            #expect(try await app.store.userServices(userID: user.id).first?.isSubscribed == false)
            let unknown = try await web.post("/subscriptions", [("service", UUID().uuidString), ("subscribed", "on")])
            #expect(unknown.status == .notFound)

            // A filter: saved in canonical form and shown; a mistake is shown with its position.
            #expect(try await web.get("/subscriptions").text.contains("<summary aria-label=\"Filter for Cryo\">Everything</summary>"))
            let filtered = try await web.post(
                "/subscriptions/filter", [("service", service.id.wireString), ("expression", "severity>=major"), ("include", "He, compressor , "), ("exclude", "")]
            )
            #expect(filtered.status == .seeOther)
            #expect(try await app.store.filter(userID: user.id, serviceID: service.id) == SubscriptionFilter(expression: "severity >= major", includeKeywords: ["He", "compressor"]))
            #expect(try await web.get("/subscriptions").text.contains("severity &gt;= major; with He or compressor</summary>"))
            let mistake = try await web.post("/subscriptions/filter", [("service", service.id.wireString), ("expression", "severity >= apocalyptic")])
            #expect(mistake.status == .unprocessableContent && mistake.text.contains("Expected a severity"))
            #expect(mistake.text.contains("at position 12"))
            _ = try await web.post("/subscriptions/filter", [("service", service.id.wireString), ("expression", " "), ("include", ""), ("exclude", "")])
            #expect(try await app.store.filter(userID: user.id, serviceID: service.id) == nil, "all blank removes it")

            let profile = try await web.get("/profile")
            #expect(profile.text.contains("…ababab") && profile.text.contains("Apple (APNs)"))
            #expect(!profile.text.contains(String(repeating: "ab", count: 32)), "the full token is a credential")
            let device = try #require(try await app.store.devices(userID: user.id).first)
            let removed = try await web.post("/profile/devices/remove", [("device", "\(device.id)")])
            #expect(removed.status == .seeOther)
            #expect(try await app.store.devices(userID: user.id).isEmpty)
        }
    }

    @Test func aWrongPasswordShowsTheFormAgainWithTheReason() async throws {
        try await TestApp.run(.sqlite) { app in
            try await app.createUser("ann")
            let web = WebSession(app)
            let refused = try await web.signIn("ann", password: "wrong")
            #expect(refused.status == .unauthorized)
            #expect(refused.text.contains("role=\"alert\"") && refused.text.contains("Incorrect username or password"))
            #expect(refused.text.contains("value=\"ann\""), "the name stays filled in")
            #expect(await web.cookies["herald_token"] == nil)
        }
    }

    @Test func formsWithoutTheCSRFTokenOrFromAnotherSiteAreRefused() async throws {
        try await TestApp.run(.sqlite) { app in
            let user = try await app.createUser("ann")
            let service = try await app.createService()
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            let web = WebSession(app)
            _ = try await web.signIn("ann")
            let withoutToken = try await web.post("/subscriptions", [("service", service.id.wireString), ("subscribed", "off")], csrf: false)
            #expect(withoutToken.status == .forbidden && withoutToken.text.contains("did not come from Herald"))
            let wrongToken = try await web.post("/subscriptions", [("csrf", String(repeating: "0", count: 64)), ("service", service.id.wireString), ("subscribed", "off")], csrf: false)
            #expect(wrongToken.status == .forbidden)
            let otherSite = try await web.post(
                "/subscriptions", [("service", service.id.wireString), ("subscribed", "off")], headers: [.origin: "https://evil.example"]
            )
            #expect(otherSite.status == .forbidden)
            #expect(try await app.store.userServices(userID: user.id).first?.isSubscribed == true, "nothing changed")
            let signIn = try await web.post("/login", [("username", "ann"), ("password", TestApp.password)], csrf: false)
            #expect(signIn.status == .forbidden)
        }
    }

    @Test func signingOutEverywhereEndsTheSession() async throws {
        try await TestApp.run(.sqlite) { app in
            try await app.createUser("ann")
            let web = WebSession(app)
            _ = try await web.signIn("ann")
            let old = try #require(await web.cookies["herald_token"])
            let out = try await web.post("/logout-everywhere")
            #expect(out.status == .seeOther && out.headers[.location] == "/login?flash=signed-out-everywhere")
            await web.set("herald_token", old)
            // Tokens of the same second as the revocation are refused too.
            #expect(try await web.get("/inbox").status == .seeOther)
        }
    }

    @Test func hostileTextIsShownAsText() async throws {
        try await TestApp.run(.sqlite) { app in
            let user = try await app.createUser("ann")
            let service = try await app.createService(category: "<script>alert(1)</script>")
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            _ = try await Publisher.forTests(app.store).publish(
                NotificationDraft(title: "<img src=x onerror=alert(2)>"), to: service.id, from: .api
            )
            let web = WebSession(app)
            _ = try await web.signIn("ann")
            for page in ["/inbox", "/subscriptions"] {
                let text = try await web.get(page).text
                #expect(!text.contains("<script>alert") && !text.contains("<img src=x"), "\(page)")
            }
            let inbox = try await web.get("/inbox").text
            #expect(inbox.contains("&lt;img src=x onerror=alert(2)&gt;"))
            // The publisher refuses other schemes; the page links web addresses only all the same.
            #expect(WebSupport.safeLink("javascript:alert(3)") == nil && WebSupport.safeLink("HTTPS://ess.eu") == "HTTPS://ess.eu")
        }
    }

    @Test func theNextPageAfterSigningInStaysOnThisSite() async throws {
        try await TestApp.run(.sqlite) { app in
            try await app.createUser("ann")
            for (next, expected) in [("%2Fprofile", "/profile"), ("%2F%2Fevil.example", "/inbox"), ("https%3A%2F%2Fevil.example", "/inbox"), ("%2F%5Cevil", "/inbox")] {
                let web = WebSession(app)
                _ = try await web.get("/login")
                let response = try await web.post("/login?next=\(next)", [("username", "ann"), ("password", TestApp.password)])
                #expect(response.headers[.location] == expected, "\(next)")
            }
        }
    }

    /// "Notify me in this browser": the key the browser subscribes with, and
    /// its subscription registered as a Web Push device.
    @Test func aBrowserSubscriptionIsRegisteredAsAWebPushDevice() async throws {
        try await TestApp.run(.sqlite, configure: { $0.delivery.webPushSubject = "mailto:ops@example.org" }) { app in
            let user = try await app.createUser("ann")
            let key = try #require(try await app.request(.get, "/api/v2/webpush/public-key").json(["public_key"]) as? String)
            #expect(key.count == 87 && key.hasPrefix("B"), "an uncompressed P-256 point, base64url")
            #expect(try await app.request(.get, "/api/v2/webpush/public-key").json(["public_key"]) as? String == key, "made once, kept")
            let web = WebSession(app)
            _ = try await web.signIn("ann")
            #expect(try await web.get("/profile").text.contains("data-webpush data-worker=\"/static/herald-sw.js\""))
            let browserKey = P256.KeyAgreement.PrivateKey().publicKey.x963Representation.base64URL
            let auth = Data(repeating: 7, count: 16).base64URL
            let registered = try await web.post("/profile/web-push", [("endpoint", "https://fcm.googleapis.com/fcm/send/abc"), ("p256dh", browserKey), ("auth", auth)])
            #expect(registered.status == .seeOther)
            let device = try #require(try await app.store.devices(userID: user.id).first)
            #expect(device.platform == .webpush && WebPushSubscription(token: device.token)?.endpoint.host == "fcm.googleapis.com")
            #expect(try await web.get("/profile").text.contains("Browser (Web Push)"))
            let loopback = try await web.post("/profile/web-push", [("endpoint", "http://127.0.0.1:8000/x"), ("p256dh", browserKey), ("auth", auth)])
            #expect(loopback.status == .unprocessableContent, "never a push to the server itself")
        }
        try await TestApp.run(.sqlite) { (app: TestApp) async throws in
            let off = try await app.request(.get, "/api/v2/webpush/public-key")
            #expect(off.status == .notFound)
        }
    }
}
