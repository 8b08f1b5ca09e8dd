import Foundation
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Services and posting notifications")
struct ServiceTests {
    /// One rule and one audit line per service change, whichever way in:
    /// the API and the admin page refuse the same bad colour and name the
    /// same field, and every create, change and delete is logged with the
    /// admin's name (the API's change was not logged before).
    @Test func theAPIAndThePagesChangeServicesUnderTheSameRules() async throws {
        let logs = CapturedLogs()
        try await TestApp.run(.sqlite, logger: logs.logger) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let web = WebSession(app)
            #expect(try await web.signIn("root").status == .seeOther)
            let bad = try await app.request(.post, "/api/v2/services", token: admin, json: ["category": "C", "color": "blue", "owner": "o"])
            #expect(bad.status == .unprocessableContent)
            #expect((try bad.json(["detail"]) as? [[String: Any]])?.first?["loc"] as? [String] == ["body", "color"])
            let badPage = try await web.post("/admin/services", [("category", "C"), ("color", "blue"), ("owner", "o")])
            #expect(badPage.status == .unprocessableContent && badPage.text.contains("Colour"))
            #expect(try await app.store.services().isEmpty)

            let made = try await app.request(.post, "/api/v2/services", token: admin, json: ["category": "A", "color": "00ff00", "owner": "o"])
            let id = try #require(try made.json(["id"]) as? String)
            #expect(try await web.post("/admin/services", [("category", "B"), ("color", "#0000ff"), ("owner", "o")]).status == .seeOther)
            #expect(try await app.request(.patch, "/api/v2/services/\(id)", token: admin, json: ["owner": "ops"]).status == .ok)
            #expect(try await web.post("/admin/services/\(id)", [("category", "A2"), ("color", "#00ff00"), ("owner", "ops")]).status == .seeOther)
            #expect(try await app.request(.delete, "/api/v2/services/\(id)", token: admin).status == .noContent)
            for line in ["service created", "service changed", "service deleted"] {
                let lines = logs.all.filter { $0.contains(line) }
                #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("by=root") }, "\(line): \(lines)")
            }
            #expect(logs.all.filter { $0.contains("service created") }.count == 2)
            #expect(logs.all.filter { $0.contains("service changed") }.count == 2)
        }
    }

    /// Cancelling a held notification or removing a recurring one is one
    /// use case: the API (an admin, or the service's sender) and the admin
    /// page write the same line, naming who (the API's removal of a
    /// recurring notification was not logged, nor who cancelled).
    @Test func schedulesAreCancelledWithOneAuditLineWhicheverWayIn() async throws {
        let logs = CapturedLogs()
        try await TestApp.run(.sqlite, logger: logs.logger) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let web = WebSession(app)
            #expect(try await web.signIn("root").status == .seeOther)
            let service = try await app.createService()
            let base = "/api/v2/services/\(service.id.wireString)"
            let later = Timestamp.wireString(Date().addingTimeInterval(3600))
            var held: [Int64] = []
            var recurring: [Int64] = []
            for index in 0..<2 {
                let hold = try await app.request(.post, "\(base)/notifications", token: admin, json: ["title": "Later \(index)", "deliver_at": later])
                held.append(try #require(try hold.json(["id"]) as? Int64, "\(hold.text)"))
                let repeating = try await app.request(.post, "\(base)/recurring", token: admin, json: ["cron": "0 8 * * *", "title": "Daily \(index)"])
                recurring.append(try #require(try repeating.json(["id"]) as? Int64, "\(repeating.text)"))
            }
            #expect(try await app.request(.delete, "\(base)/scheduled/\(held[0])", token: admin).status == .noContent)
            #expect(try await web.post("/admin/services/\(service.id.wireString)/scheduled/\(held[1])/cancel").status == .seeOther)
            #expect(try await app.request(.delete, "\(base)/recurring/\(recurring[0])", token: admin).status == .noContent)
            #expect(try await web.post("/admin/services/\(service.id.wireString)/recurring/\(recurring[1])/remove").status == .seeOther)
            for (line, ids) in [("scheduled notification cancelled", held), ("recurring notification removed", recurring)] {
                for id in ids {
                    let lines = logs.all.filter { $0.contains(line) && $0.contains("id=\(id) ") }
                    #expect(lines.count == 1 && lines.allSatisfy { $0.contains("by=root") }, "\(line) \(id): \(lines)")
                }
            }
            #expect(try await app.request(.delete, "\(base)/scheduled/\(held[0])", token: admin).status == .notFound)
        }
    }

    static func isWireTimestamp(_ text: String?) -> Bool {
        text?.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}/) != nil
    }

    @Test(arguments: Backend.allCases)
    func adminsManageServicesAndUsersListThem(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let (_, user) = try await app.user("dave")
            let created = try await app.request(.post, "/api/v2/services/", token: admin, json: ["category": "Vacuum", "color": "A1b2C3", "owner": "ops"])
            #expect(created.status == .created)
            let body = try #require(try created.json() as? [String: Any])
            #expect(Set(body.keys) == ["id", "category", "color", "owner"])
            let id = try #require(body["id"] as? String)
            #expect(id == id.lowercased() && UUID(uuidString: id) != nil)
            _ = try await app.request(.post, "/api/v2/services", token: admin, json: ["category": "Cooling", "color": "000000", "owner": "x"])

            for path in ["/api/v2/services", "/api/v2/services/", "/api/v1/services/"] {
                let listed = try await app.request(.get, path, token: user)
                #expect(listed.status == .ok)
                #expect((try listed.json() as? [[String: Any]])?.compactMap { $0["category"] as? String } == ["Cooling", "Vacuum"])
            }

            let forbidden = try await app.request(.post, "/api/v2/services/", token: user, json: ["category": "X", "color": "000000", "owner": "x"])
            #expect(forbidden.status == .forbidden)

            let patched = try await app.request(.patch, "/api/v2/services/\(id)", token: admin, json: ["owner": "new owner"])
            #expect(patched.status == .ok)
            #expect(try patched.json(["owner"]) as? String == "new owner")
            #expect(try patched.json(["color"]) as? String == "A1b2C3")

            let missing = try await app.request(.patch, "/api/v2/services/\(UUID().uuidString)", token: admin, json: ["owner": "x"])
            #expect(missing.status == .notFound && missing.detail == "Service not found")

            #expect(try await app.request(.delete, "/api/v2/services/\(id)", token: admin).status == .noContent)
            let gone = try await app.request(.delete, "/api/v2/services/\(id)", token: admin)
            #expect(gone.status == .notFound && gone.detail == "Service not found")
        }
    }

    @Test(arguments: Backend.allCases)
    func badServiceInputIsA422NamingTheField(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let cases: [(Any, [String], String)] = [
                (["category": "X", "color": "red", "owner": "o"], ["body", "color"], "value_error"),
                (["category": "   ", "color": "000000", "owner": "o"], ["body", "category"], "string_too_short"),
                (["category": "X", "owner": "o"], ["body", "color"], "missing"),
                (["category": 5, "color": "000000", "owner": "o"], ["body", "category"], "string_type"),
                (["category": "X", "color": "000000", "owner": "o", "extra": true, "color2": 1], [], ""),
            ]
            for (json, loc, type) in cases {
                let response = try await app.request(.post, "/api/v2/services/", token: admin, json: json)
                if loc.isEmpty {
                    #expect(response.status == .created, "unknown fields are ignored")
                    continue
                }
                #expect(response.status == .unprocessableContent)
                let issue = try #require((try response.json(["detail"]) as? [[String: Any]])?.first)
                #expect(issue["loc"] as? [String] == loc)
                #expect(issue["type"] as? String == type)
                #expect(issue["msg"] is String)
            }
            let notUUID = try await app.request(.patch, "/api/v2/services/not-a-uuid", token: admin, json: ["owner": "x"])
            #expect(notUUID.status == .unprocessableContent)
            #expect((try notUUID.json(["detail"]) as? [[String: Any]])?.first?["loc"] as? [String] == ["path", "service_id"])
        }
    }

    @Test(arguments: Backend.allCases)
    func aPostedNotificationReachesSubscribersOnly(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (subscriber, token) = try await app.user("erin")
            let (_, other) = try await app.user("frank")
            let (_, admin) = try await app.user("root", admin: true)
            try await app.store.setSubscriptions(userID: subscriber.id, [service.id: true])

            let posted = try await app.request(
                .post, "/api/v2/services/\(service.id.uuidString)/notifications",
                json: ["title": "Beam off", "subtitle": "Interlock", "url": "https://example.org/x"]
            )
            #expect(posted.status == .created)
            let body = try #require(try posted.json() as? [String: Any])
            #expect(Set(body.keys) == ["id", "timestamp", "title", "subtitle", "url", "service_id"])
            #expect(body["id"] is Int)
            #expect(Self.isWireTimestamp(body["timestamp"] as? String))
            #expect(body["service_id"] as? String == service.id.uuidString.lowercased())
            #expect(body["url"] as? String == "https://example.org/x")

            let defaults = try await app.request(.post, "/api/v1/services/\(service.id.uuidString)/notifications", json: ["title": "Only a title"])
            #expect(defaults.status == .created)
            #expect(try defaults.json(["subtitle"]) as? String == "")
            #expect(try defaults.json(["url"]) as? String == "")

            let inbox = try #require(try await app.request(.get, "/api/v2/users/user/notifications", token: token).json() as? [[String: Any]])
            #expect(inbox.compactMap { $0["title"] as? String } == ["Beam off", "Only a title"])
            #expect(inbox.first?["is_read"] as? Bool == false)
            #expect((try await app.request(.get, "/api/v2/users/user/notifications", token: other).json() as? [[String: Any]])?.isEmpty == true)

            let history = try await app.request(.get, "/api/v2/services/\(service.id.uuidString)/notifications", token: admin)
            #expect((try history.json() as? [[String: Any]])?.count == 2)
        }
    }

    @Test(arguments: Backend.allCases)
    func badNotificationsAreRefusedAndStoreNothing(_ backend: Backend) async throws {
        try await TestApp.run(backend, configure: { $0.maxBodyBytes = 4096 }) { app in
            let service = try await app.createService()
            let path = "/api/v2/services/\(service.id.uuidString)/notifications"
            let cases: [(String, Int, String?)] = [
                (#"{"title": "#, 422, "json_invalid"),
                (#"{"title": ""}"#, 422, "string_too_short"),
                (#"{"subtitle": "no title"}"#, 422, "missing"),
                (#"{"title": ["list"]}"#, 422, "string_type"),
                (#"[1, 2]"#, 422, "model_type"),
                (#"{"title": "\#(String(repeating: "x", count: 5000))"}"#, 413, nil),
                (#"{"title": "\#(String(repeating: "y", count: 1001))"}"#, 422, "string_too_long"),
            ]
            for (raw, status, type) in cases {
                let response = try await app.request(.post, path, rawBody: raw)
                #expect(response.status.code == status, "\(raw.prefix(40))")
                if let type {
                    #expect((try response.json(["detail"]) as? [[String: Any]])?.first?["type"] as? String == type)
                } else {
                    #expect(response.detail?.isEmpty == false)
                }
            }
            let unknown = try await app.request(.post, "/api/v2/services/\(UUID().uuidString)/notifications", json: ["title": "t"])
            #expect(unknown.status == .notFound && unknown.detail == "Service not found")
            #expect(try await app.store.notifications(serviceID: service.id).isEmpty)
        }
    }

    @Test(arguments: Backend.allCases)
    func deletingAServiceRemovesItsNotificationsFromInboxes(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (user, token) = try await app.user("gina")
            let (_, admin) = try await app.user("root", admin: true)
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            _ = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "t"])
            #expect(try await app.request(.delete, "/api/v2/services/\(service.id.uuidString)", token: admin).status == .noContent)
            #expect((try await app.request(.get, "/api/v2/users/user/notifications", token: token).json() as? [[String: Any]])?.isEmpty == true)
        }
    }
}
