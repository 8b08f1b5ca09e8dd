import Foundation
import HTTPTypes
import HeraldBridges
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Generic webhook and templates")
struct WebhookTests {
    @Test(arguments: Backend.allCases)
    func templatesTurnAnyJSONIntoANotification(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let base = "/api/v2/services/\(service.id.uuidString)"

            // Without templates: title/message/url/severity are read from the body.
            let plain = try await app.request(.post, "\(base)/webhook", json: ["title": "Build failed", "message": "main is red", "url": "https://ci/1"])
            #expect(plain.status == .created)
            #expect(try plain.json(["subtitle"]) as? String == "main is red")
            // A body without a title still makes a notification, named for what it lacks.
            let empty = try await app.request(.post, "\(base)/webhook", json: ["unrelated": 1])
            #expect(empty.status == .created)
            #expect(try empty.json(["title"]) as? String == "Webhook without a title")
            let untitled = try await app.request(.post, "\(base)/webhook", json: ["message": "disk 91% full"])
            #expect(try untitled.json(["title"]) as? String == "Webhook")
            #expect(try untitled.json(["subtitle"]) as? String == "disk 91% full")

            let templates: [String: Any] = [
                "title": "{{project.name}}: {{#ok}}recovered{{/ok}}{{^ok}}down < 1 min{{/ok}}",
                "subtitle": "{{#checks}}{{name}} {{/checks}}", "url": "{{links.build}}", "severity": "{{level}}",
            ]
            let builtIn = try await app.request(.get, "\(base)/templates", token: admin)
            #expect(builtIn.status == .ok)
            #expect(try builtIn.json(["is_default"]) as? Bool == true)
            #expect(try builtIn.json(["title"]) as? String == TemplateRenderer.webhookDefaults.title)
            let set = try await app.request(.put, "\(base)/templates", token: admin, json: templates)
            #expect(set.status == .ok)
            #expect(try set.json(["is_default"]) as? Bool == false && set.json(["url"]) as? String == "{{links.build}}")
            let own = try await app.request(.get, "\(base)/templates", token: admin)
            #expect(try own.json(["severity"]) as? String == "{{level}}" && own.json(["is_default"]) as? Bool == false)
            let body: [String: Any] = ["project": ["name": "Cryo"], "ok": false, "checks": [["name": "ping"], ["name": "http"]], "links": ["build": "https://x/1"], "level": "Warning"]
            let made = try await app.request(.post, "\(base)/webhook", json: body)
            #expect(made.status == .created)
            #expect(try made.json(["title"]) as? String == "Cryo: down < 1 min", "text, not HTML-escaped")
            #expect(try made.json(["subtitle"]) as? String == "ping http")
            #expect(try made.json(["url"]) as? String == "https://x/1")
            #expect(try made.json(["severity"]) as? String == "warning")
            // A template that renders blank is no level (a JSON "" is refused instead).
            var levelless = body
            levelless["level"] = nil
            let unlevelled = try await app.request(.post, "\(base)/webhook", json: levelless)
            #expect(unlevelled.status == .created)
            #expect(try unlevelled.json(["severity"]) == nil)

            #expect(try await app.request(.post, "\(base)/webhook", rawBody: "{oops").status == .badRequest)

            let broken = try await app.request(.put, "\(base)/templates", token: admin, json: ["title": "{{#open}}never closed"])
            #expect(broken.status == .unprocessableContent)
            #expect((try broken.json(["detail"]) as? [[String: Any]])?.first?["loc"] as? [String] == ["body", "title"])
            #expect(try await app.request(.delete, "\(base)/templates", token: admin).status == .noContent)
            #expect(try await app.request(.get, "\(base)/templates", token: admin).json(["is_default"]) as? Bool == true)
            #expect(try await app.request(.delete, "\(base)/templates", token: admin).status == .noContent, "removing none is no error")
            let missing = "/api/v2/services/\(UUID().uuidString.lowercased())/templates"
            for method in [HTTPRequest.Method.get, .delete] {
                let answer = try await app.request(method, missing, token: admin)
                #expect(answer.status == .notFound && answer.detail == "Service not found")
            }
        }
    }

    @Test func serviceTemplatesOverrideTheAlertMapping() async throws {
        try await TestApp.run(.sqlite) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let base = "/api/v2/services/\(service.id.uuidString)"
            _ = try await app.request(
                .put, "\(base)/templates", token: admin,
                json: ["title": "{{#resolved}}OK {{/resolved}}{{labels.alertname}} on {{labels.instance}}", "severity": "{{labels.severity}}"]
            )
            let body = AlertReceiverTests.alertmanagerBody()
            let received = try await app.request(.post, "\(base)/alertmanager", json: body)
            #expect(try received.json(["notified"]) as? Int == 1)
            let notifications = try await app.store.notifications(serviceID: service.id)
            #expect(notifications.map(\.title) == ["DiskFull on db-fp1"])
            #expect(notifications.first?.severity == .critical)
        }
    }
}
