import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import HeraldUseCases
import Hummingbird
import HummingbirdTesting
import Testing

/// Every audited action leaves exactly one entry (issue 41): a walk
/// through each kind of change, made as Herald's users make it (the JSON
/// API, the pages, the command line's use case), each followed by a look
/// at what the log gained. A kind of change the walk does not make fails
/// the test, so a new one cannot go unwalked.
@Suite("The audit trail, one entry per change")
struct AuditTrailTests {
    @Test(arguments: Backend.allCases)
    func everyAuditedActionLeavesExactlyOneEntry(_ backend: Backend) async throws {
        // Texts are files in a Gammu spool (issue 42): the code is read back from its outbox.
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("audit-gammu-\(UUID().uuidString)")
        for box in ["outbox", "inbox"] { try FileManager.default.createDirectory(at: spool.appendingPathComponent(box), withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(at: spool) }
        let configure: @Sendable (inout HeraldConfig) -> Void = { [path = spool.path] config in
            config.auth.failedLoginsPerMinute = 3
            config.chat.teamsHosts = ChatSettings.workflowHosts
            config.contacts.sms = .gammu(GammuSettings(spool: path))
        }
        try await TestApp.run(backend, configure: configure) { app in
            let (root, admin) = try await app.user("root", admin: true)
            let (olga, _) = try await app.user("olga")
            let (vic, vicToken) = try await app.user("vic")
            var walk = Walk(app: app)

            // Services and what their owners keep.
            let made = try await app.request(.post, "/api/v2/services", token: admin, json: ["category": "Cryo", "color": "00ff00", "owner": "ops"])
            let serviceText = try #require(made.json(["id"]) as? String)
            let service = try #require(UUID(uuidString: serviceText))
            let s = "/api/v2/services/\(service.uuidString)"
            try await walk.expect(.serviceCreated, by: "root", service: service, after: #""category":"Cryo""#)
            _ = try await app.request(.post, "\(s)/roles", token: admin, json: ["role": "owner", "username": "olga"])
            try await walk.expect(.roleGranted, by: "root", service: service, after: #"{"user":"olga"}"#)
            let owner = try await app.login("olga")
            _ = try await app.request(.patch, s, token: owner, json: ["owner": "cryo group"])
            try await walk.expect(.serviceChanged, by: "olga", service: service, before: #""owner":"ops""#, after: #""owner":"cryo group""#)
            let token = try await app.request(.post, "\(s)/tokens", token: owner, json: ["name": "alertmanager"])
            try await walk.expect(.tokenIssued, by: "olga", service: service, after: #""name":"alertmanager""#)
            _ = try await app.request(.put, "\(s)/templates", token: owner, json: ["title": "{{title}}"])
            try await walk.expect(.templatesChanged, by: "olga", service: service, after: #""title":"{{title}}""#)
            _ = try await app.request(.put, "\(s)/rate-limit", token: owner, json: ["per_second": 5, "burst": 10])
            try await walk.expect(.rateLimitChanged, by: "olga", service: service, after: #""burst":10"#)
            _ = try await app.request(.put, "\(s)/alerting", token: owner, json: ["urgency": ["critical": "critical"]])
            try await walk.expect(.alertingChanged, by: "olga", service: service)
            // Where acknowledgements go stays an admin's choice (a silence reaches other teams' alerts).
            #expect(try await app.request(.put, "\(s)/write-back", token: owner, json: ["target": "none"]).status == .forbidden)
            try await walk.expect(nothingFor: "a refused write-back")
            _ = try await app.request(.put, "\(s)/write-back", token: admin, json: ["target": "alertmanager", "url": "https://alertmanager.example.org:9093"])
            try await walk.expect(.writeBackChanged, by: "root", service: service, after: "alertmanager.example.org")
            _ = try await app.request(.delete, "\(s)/tokens/\(try #require(token.json(["id"]) as? Int))", token: owner)
            try await walk.expect(.tokenRevoked, by: "olga", service: service, before: #""name":"alertmanager""#)
            _ = try await app.request(.put, "\(s)/escalation", token: owner, json: ["steps": [["targets": [["type": "subscribers"]], "wait_seconds": 300]]])
            try await walk.expect(.escalationChanged, by: "olga", service: service, after: "subscribers")
            let feed = try await app.request(.post, "\(s)/feeds", token: owner, json: ["url": "https://feeds.example.org/cryo"])
            try await walk.expect(.feedAdded, by: "olga", service: service, after: "feeds.example.org")
            _ = try await app.request(.delete, "\(s)/feeds/\(try #require(feed.json(["id"]) as? Int))", token: owner)
            try await walk.expect(.feedRemoved, by: "olga", service: service, before: "feeds.example.org")
            let room = try await app.request(.post, "\(s)/chat-rooms", token: owner, json: ["kind": "teams", "target": "https://x.logic.azure.com/workflows/secret-path"])
            try await walk.expect(.chatRoomAdded, by: "olga", service: service, after: "x.logic.azure.com")
            let shown = walk.last?.record.after ?? ""
            #expect(!shown.contains("secret-path"), "a webhook's path is a credential: \(shown)")
            _ = try await app.request(.delete, "\(s)/chat-rooms/\(try #require(room.json(["id"]) as? Int))", token: owner)
            try await walk.expect(.chatRoomRemoved, by: "olga", service: service)
            let keys = VAPIDKeys(settings: app.store, subject: "mailto:herald@invalid")
            let link = ChatSigner(vapid: try await keys.vapid()).link(kind: .slack, chatUser: "T1:U0VIC", issuedAt: Date())
            #expect(try await app.request(.post, "/api/v2/users/user/chat-accounts", token: vicToken, json: ["token": link]).status == .created)
            try await walk.expect(.chatAccountLinked, by: "vic")
            #expect(try await app.request(.delete, "/api/v2/users/user/chat-accounts/slack/T1:U0VIC", token: vicToken).status == .noContent)
            try await walk.expect(.chatAccountUnlinked, by: "vic")
            let later = Timestamp.wireString(Date().addingTimeInterval(3600))
            let held = try await app.request(.post, "\(s)/notifications", token: owner, json: ["title": "later", "deliver_at": later])
            #expect(held.status == .accepted || held.status == .created, "\(held.text)")
            _ = try await app.request(.delete, "\(s)/scheduled/\(try #require(held.json(["id"]) as? Int))", token: owner)
            try await walk.expect(.scheduleCancelled, by: "olga", service: service)
            let recurring = try await app.request(.post, "\(s)/recurring", token: owner, json: ["cron": "0 8 * * *", "title": "Daily check"])
            try await walk.expect(.recurringAdded, by: "olga", service: service, after: "Daily check")
            _ = try await app.request(.delete, "\(s)/recurring/\(try #require(recurring.json(["id"]) as? Int))", token: owner)
            try await walk.expect(.recurringRemoved, by: "olga", service: service)
            _ = try await app.request(.delete, "\(s)/roles/owner/users/\(olga.id)", token: admin)
            try await walk.expect(.roleRevoked, by: "root", service: service, before: #"{"user":"olga"}"#)

            // Teams and rotas.
            let team = try await app.request(.post, "/api/v2/teams", token: admin, json: ["name": "Cryo experts"])
            let t = "/api/v2/teams/\(try #require(team.json(["id"]) as? Int))"
            try await walk.expect(.teamCreated, by: "root")
            _ = try await app.request(.post, "\(t)/members", token: admin, json: ["username": "vic"])
            try await walk.expect(.teamMemberAdded, by: "root", after: "vic")
            _ = try await app.request(.delete, "\(t)/members/\(vic.id)", token: admin)
            try await walk.expect(.teamMemberRemoved, by: "root", before: "vic")
            _ = try await app.request(.put, "\(s)/team-subscriptions/\(try #require(team.json(["id"]) as? Int))", token: admin, json: ["mandatory": true])
            try await walk.expect(.teamSubscriptionChanged, by: "root", service: service, after: #"{"mandatory":true}"#)
            _ = try await app.request(.delete, t, token: admin)
            try await walk.expect(.teamDeleted, by: "root")
            let rotaBody: [String: Any] = [
                "name": "Cryo on call", "members": ["vic"], "rotation_unit": "weeks", "rotation_length": 1, "time_zone": "UTC", "starts_on": "2026-11-30",
                "hand_off": "08:00",
            ]
            let rota = try await app.request(.post, "/api/v2/rotas", token: admin, json: rotaBody)
            let r = "/api/v2/rotas/\(try #require(rota.json(["id"]) as? Int))"
            try await walk.expect(.rotaCreated, by: "root", after: "vic")
            _ = try await app.request(.post, "\(r)/owners", token: admin, json: ["username": "vic"])
            try await walk.expect(.rotaOwnerGranted, by: "root", after: #"{"user":"vic"}"#)
            _ = try await app.request(.delete, "\(r)/owners/users/\(vic.id)", token: admin)
            try await walk.expect(.rotaOwnerRevoked, by: "root", before: #"{"user":"vic"}"#)
            var renamed = rotaBody
            renamed["name"] = "Cryo night"
            _ = try await app.request(.put, r, token: admin, json: renamed)
            try await walk.expect(.rotaChanged, by: "root", before: "Cryo on call", after: "Cryo night")
            _ = try await app.request(.post, "\(r)/feed", token: admin)
            try await walk.expect(.rotaFeedRenewed, by: "root")
            let override = try await app.request(
                .post, "\(r)/overrides", token: admin, json: ["username": "vic", "from": "2030-12-01T08:00:00Z", "until": "2030-12-02T08:00:00Z"]
            )
            try await walk.expect(.overrideAdded, by: "root", after: "vic")
            _ = try await app.request(.delete, "\(r)/overrides/\(try #require(override.json(["id"]) as? Int))", token: admin)
            try await walk.expect(.overrideRemoved, by: "root", before: "vic")
            // A page: one entry, though it makes the rota's page service and grants its responders.
            let paged = try await app.request(.post, "\(r)/pages", token: admin, json: ["title": "Cold box trip"])
            #expect(paged.status == .created, "\(paged.text)")
            try await walk.expect(.pageSent, by: "root", service: try #require(UUID(uuidString: try #require(paged.json(["service_id"]) as? String))), after: "Cold box trip")
            _ = try await app.request(.delete, r, token: admin)
            try await walk.expect(.rotaDeleted, by: "root")

            // Accounts: the admin pages, the API and the command line.
            let web = WebSession(app)
            _ = try await web.signIn("root")
            #expect(try await web.post("/admin/users", [("username", "ned"), ("password", "long enough password")]).status == .seeOther)
            try await walk.expect(.userCreated, by: "root", after: #""is_admin":false"#)
            let ned = try #require(try await app.store.user(named: "ned"))
            let accounts = UserAccounts(store: app.store, clock: .system) { _ in "-" }
            try await accounts.setPassword(username: "ned", password: "another long password", by: .commandLine, logger: TestDatabase.logger)
            try await walk.expect(.userPasswordSet, by: "command line")
            _ = try await app.request(.patch, "/api/v2/users/\(ned.id)", token: admin, json: ["is_admin": true])
            try await walk.expect(.userChanged, by: "root", before: #""is_admin":false"#, after: #""is_admin":true"#)
            _ = try await app.store.registerDevice(userID: ned.id, token: "fcm-ned-" + String(repeating: "x", count: 140), platform: .fcm, at: Date())
            _ = try await app.request(.delete, "/api/v2/users/\(ned.id)/device-token", token: admin, json: ["device_token": "fcm-ned-" + String(repeating: "x", count: 140)])
            try await walk.expect(.userDeviceRemoved, by: "root")
            let removed = walk.last?.record.before ?? ""
            #expect(removed.contains("xxxxxx") && !removed.contains(String(repeating: "x", count: 20)), "a device token is never written whole: \(removed)")
            let links = AccountLinks(store: app.store, clock: .system)
            let actor = Actor(user: root, isConfined: false, grants: .none)
            try await links.link(username: "ned", origin: .oidc, issuer: "https://idp.example", subject: "ned-1", by: .admin(actor), logger: TestDatabase.logger)
            try await walk.expect(.linkAdded, by: "root", after: "idp.example")
            try await links.unlink(username: "ned", origin: .oidc, issuer: "https://idp.example", by: .admin(actor), logger: TestDatabase.logger)
            try await walk.expect(.linkRemoved, by: "root", before: "idp.example")
            _ = try await app.request(.post, "/api/v2/users/\(ned.id)/logout-everywhere", token: admin)
            try await walk.expect(.userSignedOut, by: "root")
            _ = try await app.request(.delete, "/api/v2/users/\(ned.id)", token: admin)
            try await walk.expect(.userDeleted, by: "root")

            // A person's contact methods and rules (issue 42), the number never whole in the log.
            let added = try await app.request(.post, "/api/v2/users/user/contact-methods", token: vicToken, json: ["kind": "sms", "address": "+46700000077"])
            let methodID = try #require(try added.json(["id"]) as? Int, "\(added.text)")
            try await walk.expect(.contactAdded, by: "vic", after: #""kind":"sms""#)
            #expect(walk.last?.record.after?.contains("46700000077") == false)
            let texts = try FileManager.default.contentsOfDirectory(at: spool.appendingPathComponent("outbox"), includingPropertiesForKeys: nil)
            let text = try #require(texts.compactMap { String(data: try Data(contentsOf: $0), encoding: .utf16) }.first)
            let code = try #require(text.firstMatch(of: /[0-9]{6}/)).output
            #expect(try await app.request(.post, "/api/v2/users/user/contact-methods/\(methodID)/verify", token: vicToken, json: ["code": String(code)]).status == .ok)
            try await walk.expect(.contactVerified, by: "vic", after: #""kind":"sms""#)
            let rule = try await app.request(
                .put, "/api/v2/users/user/notification-rules/critical", token: vicToken, json: ["steps": [["method_id": methodID, "delay_seconds": 60]]]
            )
            #expect(rule.status == .ok, "\(rule.text)")
            try await walk.expect(.contactRulesChanged, by: "vic", after: "@60s")
            #expect(try await app.request(.delete, "/api/v2/users/user/contact-methods/\(methodID)", token: vicToken).status == .noContent)
            try await walk.expect(.contactRemoved, by: "vic", after: #""kind":"sms""#)

            // An alarm taken and given back, on a service nobody handles.
            let plain = try await app.createService(category: "Plain")
            try await app.store.setSubscriptions(userID: vic.id, [plain.id: true])
            let alarm = try #require(try await app.store.publish(NotificationDraft(title: "Pump tripped", severity: .major), serviceID: plain.id, at: Date()))
            _ = try await app.request(.post, "/api/v2/users/user/notifications/\(alarm.id)/acknowledge", token: vicToken, json: ["comment": "on it"])
            try await walk.expect(.acknowledged, by: "vic", service: plain.id, after: "on it")
            _ = try await app.request(.post, "/api/v2/users/user/notifications/\(alarm.id)/acknowledge", token: vicToken, json: [:] as [String: String])
            try await walk.expect(nothingFor: "acknowledging what is already acknowledged")
            _ = try await app.request(.delete, "/api/v2/users/user/notifications/\(alarm.id)/acknowledge", token: vicToken)
            try await walk.expect(.acknowledgementWithdrawn, by: "vic", service: plain.id, before: "vic")

            // A burst of failed sign-ins: one entry however long it is held back.
            for _ in 0..<6 {
                _ = try await app.client.execute(
                    uri: "/api/v2/login", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "username=vic&password=wrong")
                )
            }
            try await walk.expect(.signInFailures, by: "vic")

            _ = try await app.request(.delete, s, token: admin)
            try await walk.expect(.serviceDeleted, by: "root", service: service, before: #""category":"Cryo""#)

            // Nothing that only reads leaves an entry.
            _ = try await app.request(.get, "\(s)/tokens", token: admin)
            _ = try await app.request(.get, "/api/v2/audit", token: admin)
            try await walk.expect(nothingFor: "reads")

            #expect(Set(AuditAction.allCases).subtracting(walk.walked).isEmpty, "actions the walk does not make: \(Set(AuditAction.allCases).subtracting(walk.walked))")
            _ = admin
        }
    }

    @Test(arguments: Backend.allCases)
    func anOwnerReadsTheirServicesEntriesAndNoOthers(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let (olga, _) = try await app.user("olga")
            let (_, vicToken) = try await app.user("vic")
            let cryo = try await app.createService(category: "Cryo")
            let rf = try await app.createService(category: "RF")
            #expect(try await app.store.grantRole(.owner, of: cryo.id, to: .user(olga.id), at: Date()))
            for service in [cryo, rf] {
                _ = try await app.request(.put, "/api/v2/services/\(service.id.uuidString)/rate-limit", token: admin, json: ["per_second": 1, "burst": 1])
            }
            _ = try await app.request(.post, "/api/v2/teams", token: admin, json: ["name": "Site wide"])
            let owner = try await app.login("olga")
            let mine = try await app.request(.get, "/api/v2/audit", token: owner)
            let entries = try #require(try mine.json() as? [[String: Any]])
            #expect(mine.status == .ok && entries.count == 1)
            #expect(entries.first?["service_id"] as? String == cryo.id.wireString && entries.first?["actor"] as? String == "root")
            #expect(entries.first?["action"] as? String == "rate-limit.changed")
            #expect(try await app.request(.get, "/api/v2/audit?service_id=\(rf.id.uuidString)", token: owner).status == .forbidden)
            #expect(try await app.request(.get, "/api/v2/audit", token: vicToken).status == .forbidden)
            let all = try #require(try await app.request(.get, "/api/v2/audit", token: admin).json() as? [[String: Any]])
            #expect(all.count == 3, "an admin reads every entry, the site-wide one too")
            let page = try await app.request(.get, "/api/v2/audit?limit=2", token: admin)
            #expect(page.headers[HTTPField.Name("Link")!]?.contains("before=") == true)
            #expect(try await app.request(.get, "/api/v2/audit?action=nope&limit=0&since=yesterday", token: admin).status == .unprocessableContent)
            let web = WebSession(app)
            _ = try await web.signIn("olga")
            let shown = try await web.get("/admin/audit")
            #expect(shown.status == .ok && shown.text.contains("<code>rate-limit.changed</code>") && !shown.text.contains("<code>team.created</code>"))
            #expect(try await web.get("/admin/audit?service=\(rf.id.uuidString)").status == .forbidden)
        }
    }
}

/// What the log gained since the last look.
struct Walk {
    let app: TestApp
    var seen: Int64 = 0
    var walked: Set<AuditAction> = []
    var last: AuditEntry?

    mutating func expect(
        _ action: AuditAction, by actor: String, service: UUID? = nil, before: String? = nil, after: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let new = try await app.store.auditEntries(after: seen, limit: 100)
        #expect(new.map(\.record.action) == [action], "exactly one entry, \(action.rawValue)", sourceLocation: sourceLocation)
        guard let entry = new.last else { return }
        seen = entry.id
        last = entry
        walked.insert(action)
        let record = entry.record
        #expect(record.actorName == actor, "\(action.rawValue) by \(record.actorName)", sourceLocation: sourceLocation)
        #expect(record.serviceID == service, "\(action.rawValue) of service \(String(describing: record.serviceID))", sourceLocation: sourceLocation)
        if let before { #expect(record.before?.contains(before) == true, "\(action.rawValue) before: \(record.before ?? "none")", sourceLocation: sourceLocation) }
        if let after { #expect(record.after?.contains(after) == true, "\(action.rawValue) after: \(record.after ?? "none")", sourceLocation: sourceLocation) }
    }

    mutating func expect(nothingFor what: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let new = try await app.store.auditEntries(after: seen, limit: 100)
        #expect(new.isEmpty, "\(what) left \(new.map(\.record.action.rawValue))", sourceLocation: sourceLocation)
        if let entry = new.last { seen = entry.id }
    }
}
