import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HeraldAPI

/// The API reference page, the static files, and no page answering 500
/// whatever a form sends.
@Suite("Web app: docs, assets, bad input")
struct WebDocsAndAssetsTests {
    @Test func theReferenceShowsEveryOperationWithoutAnythingFromElsewhere() async throws {
        try await TestApp.run(.sqlite) { app in
            let docs = try await app.request(.get, "/docs")
            #expect(docs.status == .ok)
            let text = docs.text
            let yaml = try BundledResources.openAPI()
            // /api/v1 paths that are only a $ref to their /api/v2 twin are listed with it.
            let aliases = Set(yaml.matches(of: /\n  (\/api\/v1\/[^\n]*):\n    \$ref:/).map { MetaTests.normalised(String($0.1)) })
            let documented = try MetaTests.documentedOperations(yaml).filter { !aliases.contains(String($0.split(separator: " ")[1])) }
            let shown = text.matches(of: /<details class="op" id="([^"]+)">/).map { String($0.1) }
            #expect(shown.count == documented.count, "one entry per /api/v2 and other operation")
            #expect(Set(shown).count == shown.count, "anchors are unique")
            #expect(text.contains("<code class=\"path\">/api/v2/services/{service_id}/notifications</code>"))
            #expect(text.contains("Who may call it:</b> Administrators") && text.contains("Who may call it:</b> Senders on ALLOWED_NETWORKS"))
            #expect(text.contains("curl -X POST &quot;$HERALD/api/v2/services/$SERVICE_ID/notifications&quot;"))
            #expect(text.contains("id=\"schema-notificationcreate\""))
            #expect(text.contains("Also at</b> <code>/api/v1/services</code>"))
            #expect(!text.contains("cdn.") && !text.contains("<script>"), "nothing from elsewhere, no inline script")
        }
    }

    @Test func staticFilesAreServedWithCacheHeaders() async throws {
        try await TestApp.run(.sqlite) { app in
            let version = try WebAssets.shared.get().version
            let css = try await app.request(.get, "/static/herald.css?v=\(version)")
            #expect(css.status == .ok && css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(css.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let script = try await app.request(.get, "/static/herald.js")
            #expect(script.status == .ok && script.headers[.cacheControl] == "public, max-age=300")
            let etag = try #require(script.headers[.eTag])
            #expect(try await app.request(.get, "/static/herald.js", headers: [.ifNoneMatch: etag]).status == .notModified)
            #expect(try await app.request(.get, "/static/nothing.js").status == .notFound)
            #expect(try await app.request(.get, "/static/..%2FResources%2Fopenapi.yaml").status == .notFound)
        }
    }

    /// Issue 43: what makes the web app installable, and the worker allowed
    /// the whole app (its offline copies of the inbox).
    @Test func theInstallableAppsFilesAreServed() async throws {
        try await TestApp.run(.sqlite) { app in
            let manifest = try await app.request(.get, "/static/manifest.webmanifest")
            #expect(manifest.status == .ok && manifest.headers[.contentType] == "application/manifest+json")
            let fields = try #require(try manifest.json() as? [String: Any])
            #expect(fields["start_url"] as? String == "/inbox" && fields["scope"] as? String == "/" && fields["display"] as? String == "standalone")
            let icons = try #require(fields["icons"] as? [[String: String]])
            for icon in icons where icon["type"] == "image/png" {
                let image = try await app.request(.get, try #require(icon["src"]))
                #expect(image.status == .ok && image.headers[.contentType] == "image/png", "\(icon)")
                // The size the manifest names is the image's (PNG's IHDR: width, height).
                let bytes = Array(image.body.readableBytesView)
                let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
                #expect(icon["sizes"] == "\(width)x\(height)", "\(icon)")
            }
            #expect(Set(icons.compactMap { $0["sizes"] }).isSuperset(of: ["192x192", "512x512"]) && icons.contains { $0["purpose"] == "maskable" })
            let worker = try await app.request(.get, "/static/herald-sw.js")
            #expect(worker.headers[HTTPField.Name("Service-Worker-Allowed")!] == "/")
            #expect(try await app.request(.get, "/static/herald.js").headers[HTTPField.Name("Service-Worker-Allowed")!] == nil)

            // Every page links the manifest; only a signed-in person's names the worker (and them).
            let web = WebSession(app)
            let login = try await web.get("/login").text
            #expect(login.contains("<link rel=\"manifest\" href=\"/static/manifest.webmanifest\">") && !login.contains("herald-worker"))
            try await app.createUser("ann")
            _ = try await web.signIn("ann")
            #expect(try await web.get("/inbox").text.contains("<meta name=\"herald-worker\" content=\"/static/herald-sw.js\" data-user=\"ann\">"))
        }
    }

    /// Random and hostile form bodies at every form: a 3xx or 4xx, never a 500.
    @Test(arguments: Backend.allCases)
    func noFormBodyMakesAPageFail(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let admin = try await app.createUser("root", admin: true)
            let service = try await app.createService()
            let web = WebSession(app)
            _ = try await web.signIn("root")
            let forms = [
                "/login", "/logout", "/inbox/update", "/inbox/read-all", "/subscriptions", "/profile/devices/remove", "/admin/services",
                "/admin/services/\(service.id.wireString)", "/admin/services/\(service.id.wireString)/tokens", "/admin/services/not-a-uuid/tokens",
                "/admin/services/\(service.id.wireString)/tokens/99999999999999999999/revoke", "/admin/users/\(admin.id)", "/admin/users/-1", "/admin/users/x/delete",
                "/admin/services/\(UUID().uuidString)/delete", "/admin/services/\(service.id.wireString)/templates", "/admin/users",
                "/admin/users/\(admin.id)/logout-everywhere", "/admin/users/12345/logout-everywhere",
                "/admin/services/\(service.id.wireString)/alerting", "/admin/services/\(UUID().uuidString)/alerting",
                "/admin/services/\(service.id.wireString)/write-back",
                "/oncall/rotas", "/oncall/rotas/1/overrides", "/oncall/rotas/1/overrides/2/remove", "/oncall/rotas/x/delete",
                "/admin/services/\(service.id.wireString)/escalation", "/profile/quiet-hours", "/subscriptions/snooze",
                "/admin/teams", "/admin/teams/1/members", "/admin/teams/x/members/1/remove", "/admin/teams/1/delete",
                "/admin/services/\(service.id.wireString)/roles", "/admin/services/\(service.id.wireString)/roles/remove",
            ]
            let values = ["", "on", "off", "read", "remove", "-1", "9223372036854775808", "%00", "\u{0}", "<b>", "{{#x}}", String(repeating: "x", count: 5_000), "#zzzzzz", "🚀", "ünï"]
            let names = [
                "members", "rotation_unit", "rotation_length", "time_zone", "starts_on", "hand_off", "from", "until", "step0.target0", "step0.wait", "step0.username0", "step1.target2", "step-1.wait", "step9999999999999999999.target0",
                "repeats", "minimum_severity", "remove", "nights_from", "nights_until", "weekends", "break_through", "quieting", "clear", "length",
                "id", "action", "service", "subscribed", "device", "category", "owner", "color", "name", "field", "value", "username", "password", "title", "url",
                "severity", "admin", "urgency.info", "urgency.", "urgency.critical", "target", "silence_minutes",
            ]
            var generator = SystemRandomNumberGenerator()
            for form in forms {
                for _ in 0..<12 {
                    let fields = (0..<Int.random(in: 0...6, using: &generator)).map { _ in (names.randomElement()!, values.randomElement()!) }
                    let response = try await web.post(form, fields)
                    #expect(response.status.code < 500, "\(form) \(fields) → \(response.status)")
                }
                let raw = try await app.client.execute(
                    uri: form, method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "herald_csrf=\(await web.csrf)"],
                    body: ByteBuffer(bytes: [0xff, 0xfe, 0x25, 0x26, 0x3d, 0x3d])
                )
                #expect(raw.status.code < 500, "\(form) invalid UTF-8 → \(raw.status)")
            }
        }
    }
}
