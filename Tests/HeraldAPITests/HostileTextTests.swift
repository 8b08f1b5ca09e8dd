import Foundation
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Any string JSON allows, control characters included, in every text field
/// of every source: a 4xx with a reason where the sender can be told no,
/// text fitted to the rules where it cannot, never a 500 and nothing stored
/// that the rules refuse.
@Suite("Hostile text in every source")
struct HostileTextTests {
    /// NUL (which PostgreSQL cannot store in text), ESC, DEL and a lone
    /// C1 control, next to ordinary text.
    static let hostile = "a\u{0}b\u{1b}[31m\u{7f}\u{85}c"

    @Test(arguments: Backend.allCases)
    func senderFieldsAreRefusedWithTheFieldNamed(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let path = "/api/v2/services/\(service.id.uuidString)/notifications"
            for field in ["title", "subtitle", "url"] {
                var body = ["title": "Pump", "subtitle": "", "url": ""]
                body[field] = Self.hostile
                let response = try await app.request(.post, path, json: body)
                #expect(response.status == .unprocessableContent, "\(field)")
                let issue = try #require((try response.json(["detail"]) as? [[String: Any]])?.first)
                #expect(issue["loc"] as? [String] == ["body", field])
            }
            let script = try await app.request(.post, path, json: ["title": "Pump", "url": "javascript:alert(document.cookie)"])
            #expect(script.status == .unprocessableContent)
            #expect((try script.json(["detail"]) as? [[String: Any]])?.first?["type"] as? String == "url_scheme")
            let spaced = try await app.request(.post, path, json: ["title": "Pump", "url": "https://wiki.example.org/Pump P-101"])
            #expect((try spaced.json(["detail"]) as? [[String: Any]])?.first?["type"] as? String == "url_syntax")
            #expect(try await app.store.notifications(serviceID: service.id).isEmpty, "nothing refused is stored")

            let webhook = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/webhook", json: ["title": Self.hostile])
            #expect(webhook.status == .badRequest)
            #expect(webhook.detail?.contains("title: String should not contain control characters") == true)
            #expect(try await app.store.notifications(serviceID: service.id).isEmpty)
        }
    }

    @Test(arguments: Backend.allCases)
    func adminAndUserFieldsAreRefusedToo(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let created = try await app.request(.post, "/api/v2/services/", token: admin, json: ["category": Self.hostile, "color": "ff0000", "owner": "ops"])
            #expect(created.status == .unprocessableContent)
            let service = try await app.createService()
            let base = "/api/v2/services/\(service.id.uuidString)"
            #expect(try await app.request(.patch, base, token: admin, json: ["owner": Self.hostile]).status == .unprocessableContent)
            #expect(try await app.request(.post, "\(base)/tokens", token: admin, json: ["name": Self.hostile]).status == .unprocessableContent)
            for field in ["title", "subtitle", "url", "severity"] {
                var templates = ["title": "{{title}}"]
                templates[field] = Self.hostile
                #expect(try await app.request(.put, "\(base)/templates", token: admin, json: templates).status == .unprocessableContent, "\(field)")
            }
            let login = try await app.request(.post, "/api/v2/login", json: ["username": Self.hostile, "password": "x"])
            #expect(login.status == .unauthorized)

            let (_, user) = try await app.user("ann")
            for token in [Self.hostile, "tökén", String(repeating: "x", count: 2049)] {
                let response = try await app.request(.post, "/api/v2/users/user/device-token", token: user, json: ["device_token": token])
                #expect(response.status == .unprocessableContent)
            }
            // The longest token accepted is stored, even as a unique index key on PostgreSQL.
            let longest = (0..<2048).map { _ in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_:".randomElement()! }
            let stored = try await app.request(.post, "/api/v2/users/user/device-token", token: user, json: ["device_token": String(longest)])
            #expect(stored.status == .created)

            // Removing a token no device can have (NUL, which PostgreSQL text cannot hold) removes nothing, quietly.
            let root = try #require(try await app.store.user(named: "root"))
            let ann = try #require(try await app.store.user(named: "ann"))
            for path in ["/api/v2/users/\(ann.id)/device-token", "/api/v1/users/\(ann.id)/device-token"] {
                let removal = try await app.request(.delete, path, token: admin, json: ["device_token": Self.hostile])
                #expect(removal.status == .noContent, "\(path): \(removal.text)")
            }
            #expect(try await app.store.devices(userID: ann.id).map(\.token) == [String(longest)])
            // Nulls in a user change leave the flags as they are (as the old server's optional fields did).
            let unchanged = try await app.request(.patch, "/api/v2/users/\(root.id)", token: admin, rawBody: #"{"is_admin": null, "is_active": null}"#)
            #expect(unchanged.status == .ok)
            #expect(try unchanged.json(["is_admin"]) as? Bool == true && unchanged.json(["is_active"]) as? Bool == true)
        }
    }

    @Test(arguments: Backend.allCases)
    func alertsCannotBeRefusedSoTheirTextIsFitted(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (user, _) = try await app.user("oncall")
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            // A fingerprint far beyond an index entry, with a NUL in it, and
            // every text field hostile or too long.
            let fingerprint = String(repeating: "f", count: 10_000) + "\u{0}"
            let alert: [String: Any] = [
                "status": "firing", "startsAt": "2024-05-02T09:00:00Z\u{0}", "fingerprint": fingerprint,
                "labels": ["alertname": Self.hostile, "severity": "sev\u{0}1", "instance": Self.hostile],
                "annotations": ["summary": Self.hostile + String(repeating: "S", count: 2000), "description": Self.hostile, "runbook_url": "https://x/\u{0}"],
                "generatorURL": Self.hostile,
            ]
            let body: [String: Any] = ["version": "4", "status": "firing", "receiver": Self.hostile, "externalURL": Self.hostile, "alerts": [alert]]
            for route in ["alertmanager", "grafana"] {
                let path = "/api/v2/services/\(service.id.uuidString)/\(route)"
                let first = try await app.request(.post, path, json: body)
                #expect(first.status == .ok, "\(route): \(first.text)")
                let again = try await app.request(.post, path, json: body)
                #expect(again.status == .ok)
                #expect(try again.json(["notified"]) as? Int == 0, "the hashed fingerprint still deduplicates")
                var resolved = body
                resolved["alerts"] = [alert.merging(["status": "resolved"]) { $1 }]
                #expect(try await app.request(.post, path, json: resolved).json(["notified"]) as? Int == 1)
            }
            let stored = try await app.store.notifications(serviceID: service.id)
            // Per route one notification, its firing resolved in place (the
            // second route's firing follows a resolution: a new one, which
            // the key moved to, hashed to fit the index).
            #expect(stored.count == 2 && stored.allSatisfy { $0.alarm == .resolved }, "\(stored.map(\.title))")
            #expect(stored.first?.key == nil)
            let key = try #require(stored.last?.key)
            #expect(key.utf8.count <= NotificationRules.maxIdentityBytes && !TextRules.hasControlCharacter(key) && key != "alert:" + fingerprint)
            for notification in stored {
                for text in [notification.title, notification.subtitle, notification.url] {
                    #expect(!TextRules.hasControlCharacter(text))
                }
                #expect(notification.title.unicodeScalars.count <= NotificationRules.maxTitleLength)
                #expect(notification.severity == nil, "'sev1' is not a severity")
                #expect(notification.url == "")
            }
        }
    }

    /// Whatever slips past the rules and is refused by the database itself
    /// is answered 422, never 500.
    @Test func aValueTheDatabaseRefusesIsA422() async throws {
        let faults = StoreFaults()
        try await TestApp.run(.sqlite, faults: faults) { app in
            let service = try await app.createService()
            faults.fail(.publish, with: StoreError.invalidInput("invalid byte sequence for encoding \"UTF8\": 0x00 (SQLSTATE 22021)"))
            let response = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Pump"])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("22021"))
            #expect(try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "Pump"]).status == .created)
        }
    }

    @Test(arguments: Backend.allCases)
    func oddFormsAndTemplatesAreAnsweredNot500(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            // Fields nobody asked for, given twice or with broken escapes, are
            // ignored as FastAPI ignores them; credentials given twice, with
            // broken escapes, or in a body that is not UTF-8 are malformed.
            try await app.createUser("b")
            let password = TestApp.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!


            func login(_ body: String) async throws -> TestResponse {
                try await app.request(.post, "/api/v1/login", rawBody: body, headers: [.contentType: "application/x-www-form-urlencoded"])
            }
            #expect(try await login("username=b&x=%ZZ&x=1&%ZZ=2&password=\(password)").status == .ok)
            #expect(try await login("username=a&username=b&password=\(password)").status == .unprocessableContent)
            #expect(try await login("username=%ZZ&password=\(password)").status == .unprocessableContent)
            var latin1 = ByteBuffer(string: "username=b&password=")
            latin1.writeBytes([0xE9, 0xE9])
            let notUTF8 = try await app.client.execute(
                uri: "/api/v2/login", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: latin1
            )
            #expect(notUTF8.status == .unprocessableContent)
            // An emoji modifier first would join the pragma's closing brace into one Character.
            let (_, admin) = try await app.user("root", admin: true)
            let service = try await app.createService()
            let templates = ["title": "\u{1F3FB} {{title}}", "severity": "\u{1F3FB}"]
            #expect(try await app.request(.put, "/api/v2/services/\(service.id.uuidString)/templates", token: admin, json: templates).status == .ok)
        }
    }

    /// A `<` or a quote behind a mark that joins it into one character
    /// (U+0600, a prepend mark; U+0301, a combining accent) is escaped like
    /// any other: a sender's title, a chosen user name and an
    /// acknowledgement's comment cannot become markup on a page.
    @Test func markupBehindAJoiningMarkIsEscaped() async throws {
        try await TestApp.run(.sqlite) { app in
            let service = try await app.createService(category: "\u{0600}<i>Kryo</i>")
            let (admin, _) = try await app.user("root", admin: true)
            try await app.store.setSubscriptions(userID: admin.id, [service.id: true])
            let hostile = "\u{0600}<a href=//evil.example style=position:fixed;inset:0 x=\"\u{0301}"
            let posted = try #require(try await app.store.publish(NotificationDraft(title: hostile, subtitle: "\u{0600}<b>bold</b>"), serviceID: service.id, at: Date()))
            let effects = AcknowledgementEffects(writeBack: false, withdrawOn: [], endsEscalation: true, withdrawalsAsFanout: false)
            _ = try await app.store.acknowledge(notificationID: posted.id, by: admin, comment: "\u{0600}<u>mine</u>", effects: effects, at: Date())
            let web = WebSession(app)
            _ = try await web.signIn("root")
            for page in ["/inbox", "/subscriptions", "/admin/services", "/admin/services/\(service.id.uuidString)/notifications/\(posted.id)"] {
                let html = try await web.get(page).text
                for markup in ["<a href=//evil", "<b>bold", "<i>Kryo", "<u>mine"] {
                    #expect(!html.contains(markup), "\(page) shows \(markup) as markup")
                }
            }
            let inbox = try await web.get("/inbox").text
            #expect(inbox.contains("\u{0600}&lt;a href=//evil.example"), "escaped, not dropped")
        }
    }
}
