import AsyncHTTPClient
import Foundation
import HTTPTypes
@testable import HeraldAPI
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import Testing

/// Who may call what, proven route by route (issue 41): every operation in
/// openapi.yaml is called as each kind of caller, and its status compared
/// with `RouteRoleTable`, the one file that says who may. An operation the
/// table does not judge fails the test, so no route ships unjudged.
@Suite("Every route as every role")
struct RouteRoleTests {
    /// The callers, least trusted first: the table's columns.
    enum Role: String, CaseIterable {
        case anonymous, demo, user, responder, otherOwner = "other-owner", owner, admin
    }

    @Test(arguments: Backend.allCases)
    func everyOperationAnswersEachRoleAsTheTableSays(_ backend: Backend) async throws {
        let operations = try MetaTests.documentedOperations(try BundledResources.openAPI()).sorted()
        try await TestApp.run(backend, framework: .live, configure: {
            $0.auth.demo = DemoAccount(password: "review-2026", service: "Demo")
            $0.chat.teamsHosts = ChatSettings.workflowHosts
            $0.limits = .unlimited
            // Senders are judged by address or token: the tests' address is not a sender's, so a person's role is what counts.
            $0.allowedNetworks = [IPNetwork("10.0.0.0/8")!]
        }) { app in
            var world = try await RouteWorld.make(app)
            var observed: [String: [Int]] = [:]
            var dirty = false
            for operation in operations {
                let method = String(operation.split(separator: " ")[0])
                var statuses: [Int] = []
                for role in Role.allCases {
                    // A change may take what the next caller needs: after one that went through
                    // (a 2xx), the next call gets a world of its own; a refused one changed nothing.
                    if dirty {
                        world = try await world.renewed(changing: true)
                        dirty = false
                    }
                    let status = try await world.call(operation, as: role)
                    if method != "get", (200..<300).contains(status) { dirty = true }
                    statuses.append(status)
                    if operation.hasSuffix("logout-everywhere") { try await world.signInAgain(role) }
                }
                observed[operation] = statuses
            }
            var unjudged: [String] = []
            for operation in operations {
                let got = observed[operation]!.map(String.init).joined(separator: " ")
                guard let expected = RouteRoleTable.answers[operation] else {
                    unjudged.append("        \"\(operation)\": \"\(got)\",")
                    continue
                }
                #expect(got == expected, "\(operation) as \(Role.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            #expect(unjudged.isEmpty, "operations RouteRoleTable does not judge (what they answer now):\n\(unjudged.joined(separator: "\n"))")
            let stale = Set(RouteRoleTable.answers.keys).subtracting(operations)
            #expect(stale.isEmpty, "RouteRoleTable judges operations openapi.yaml no longer has: \(stale.sorted())")
        }
    }
}

/// The fixture every call is made in: a service the owner owns and the
/// responder answers for, another service the other owner owns, and one of
/// each thing a path can name, all in the first service.
struct RouteWorld {
    let app: TestApp
    var tokens: [RouteRoleTests.Role: String]
    var users: [RouteRoleTests.Role: User]
    var generation = 0
    var parameters: [String: String] = [:]

    static func make(_ app: TestApp) async throws -> RouteWorld {
        _ = try await app.createService(category: "Demo")
        var users: [RouteRoleTests.Role: User] = [:]
        for role in RouteRoleTests.Role.allCases where role != .anonymous && role != .demo {
            users[role] = try await app.createUser("routes-\(role.rawValue)", admin: role == .admin)
        }
        var world = RouteWorld(app: app, tokens: [:], users: users)
        for role in RouteRoleTests.Role.allCases where role != .anonymous { try await world.signInAgain(role) }
        world.users[.demo] = try await app.store.user(named: "demo")
        return try await world.renewed(changing: true)
    }

    mutating func signInAgain(_ role: RouteRoleTests.Role) async throws {
        switch role {
        case .anonymous: return
        case .demo:
            let login = try await SignInMethodsTests.login(app, "demo", "review-2026")
            tokens[role] = try #require(try login.json(["access_token"]) as? String)
        default: tokens[role] = try await app.login("routes-\(role.rawValue)")
        }
    }

    /// A fresh set of things to name (`changing`), or this one again.
    func renewed(changing: Bool) async throws -> RouteWorld {
        guard changing || parameters.isEmpty else { return self }
        var next = self
        next.generation += 1
        let n = next.generation
        let store = app.store
        let now = Date()
        let later = now.addingTimeInterval(3600)
        let mine = try await app.createService(category: "Cryo \(n)")
        let theirs = try await app.createService(category: "RF \(n)")
        let target = try await app.createUser("routes-target-\(n)")
        #expect(try await store.grantRole(.owner, of: mine.id, to: .user(users[.owner]!.id), at: now))
        #expect(try await store.grantRole(.responder, of: mine.id, to: .user(users[.responder]!.id), at: now))
        #expect(try await store.grantRole(.owner, of: theirs.id, to: .user(users[.otherOwner]!.id), at: now))
        #expect(try await store.grantRole(.viewer, of: mine.id, to: .user(target.id), at: now))
        let team = try #require(try await store.createTeam(name: "Team \(n)", source: .manual, at: now))
        #expect(try await store.addTeamMember(teamID: team.id, userID: target.id, at: now))
        #expect(try await store.grantRole(.viewer, of: mine.id, to: .team(team.id), at: now))
        _ = try await store.registerDevice(userID: target.id, token: "fcm-target-\(n)-" + String(repeating: "x", count: 140), platform: .fcm, at: now)
        // Everyone who may subscribes and holds its alarm; a policy makes the service handled (only responders take its alarms).
        for user in users.values { try await store.setSubscriptions(userID: user.id, [mine.id: true]) }
        #expect(try await store.setEscalationPolicy(
            serviceID: mine.id, EscalationPolicy(steps: [.init(targets: [.user(users[.admin]!.id)], waitSeconds: 600)], minimumSeverity: .critical), at: now
        ))
        let alarm = try #require(try await store.publish(NotificationDraft(title: "Pump tripped", severity: .major), serviceID: mine.id, at: now))
        // One the responder took: what a withdrawal names.
        let taken = try #require(try await store.publish(NotificationDraft(title: "Valve stuck", severity: .major), serviceID: mine.id, at: now))
        let effects = AcknowledgementEffects(writeBack: false, withdrawOn: [], endsEscalation: true, withdrawalsAsFanout: false)
        #expect(try await store.acknowledge(notificationID: taken.id, by: users[.responder]!, comment: nil, effects: effects, at: now)?.isNew == true)
        let token = try #require(try await store.createServiceToken(serviceID: mine.id, name: "am", tokenHash: ServiceToken.hash("secret-\(n)"), at: now))
        let feed = try #require(try await store.createFeed(FeedDraft(url: "https://feeds.example/\(n)", intervalSeconds: 600), serviceID: mine.id, at: now))
        let held = try #require(try await store.schedule(NotificationDraft(title: "held"), serviceID: mine.id, deliverAt: later, at: now))
        let recurring = try #require(try await store.createRecurring(
            NotificationDraft(title: "daily"), serviceID: mine.id, cron: "0 8 * * *", timeZone: "UTC", nextRunAt: later, at: now
        ))
        let feedSecret = FeedSecret.make()
        let rota = try #require(try await store.createRota(
            RotaDefinition(name: "Rota \(n)", members: [target.id], rotation: .days(7), timeZone: .gmt, start: now.addingTimeInterval(-60)),
            feedSecretHash: FeedSecret.hash(feedSecret), at: now
        ))
        let override = try #require(try await store.addOverride(rotaID: rota.id, userID: target.id, from: now, until: later, at: now))
        // The service's owner runs the rota too (with the team): rota ownership is judged in the same column.
        #expect(try await store.grantRotaOwner(rotaID: rota.id, to: .user(users[.owner]!.id), at: now))
        #expect(try await store.grantRotaOwner(rotaID: rota.id, to: .team(team.id), at: now))
        #expect(try await store.grantRotaOwner(rotaID: rota.id, to: .user(target.id), at: now))
        // Someone else's number: no caller may verify, resend to or remove it.
        let method = try #require(try await store.addContactMethod(userID: target.id, kind: .sms, address: "+4670000\(1000 + n)", at: now))
        let room = try #require(try await store.addChatRoom(serviceID: mine.id, kind: .teams, target: "https://r\(n).logic.azure.com/w", at: now))
        next.parameters = [
            "service_id": mine.id.wireString, "notification_id": "\(alarm.id)", "token_id": "\(token.id)", "feed_id": "\(feed.id)",
            "scheduled_id": "\(held.id)", "recurring_id": "\(recurring.id)", "rota_id": "\(rota.id)", "override_id": "\(override.id)",
            "team_id": "\(team.id)", "user_id": "\(target.id)", "role": "viewer", "feed": feedSecret, "capability": "not-a-capability",
            "target": target.username, "target_device": "fcm-target-\(n)-" + String(repeating: "x", count: 140), "n": "\(n)", "taken_id": "\(taken.id)",
            "method_id": "\(method.id)", "rule_class": "call",
            "room_id": "\(room.id)", "kind": "slack", "chat_user": "T1:U\(n)",
        ]
        return next
    }

    /// Calls `operation` ("get /api/v2/...") as `role` and answers its status.
    func call(_ operation: String, as role: RouteRoleTests.Role) async throws -> Int {
        let parts = operation.split(separator: " ", maxSplits: 1).map(String.init)
        var path = parts[1]
        if parts[0] == "delete", path.hasSuffix("/acknowledge") { path = path.replacingOccurrences(of: "{notification_id}", with: parameters["taken_id"]!) }
        for (name, value) in parameters { path = path.replacingOccurrences(of: "{\(name)}", with: value) }
        #expect(!path.contains("{"), "\(operation): a path parameter RouteWorld does not fill")
        let v2 = operation.replacingOccurrences(of: "/api/v1/", with: "/api/v2/")
        var headers: HTTPFields = [:]
        if let token = tokens[role] { headers[.authorization] = "Bearer \(token)" }
        if path.hasSuffix("/notifications/stream") {
            var fields = [("Accept", "text/event-stream")]
            if let token = tokens[role] { fields.append(("Authorization", "Bearer \(token)")) }
            let port = try #require(app.client.port)
            return Int(try await EventStreamReader(url: "http://127.0.0.1:\(port)\(path)", headers: fields).status.code)
        }
        var body: ByteBuffer?
        if let form = RouteRoleTable.forms[operation] ?? RouteRoleTable.forms[v2] {
            body = ByteBuffer(string: fill(form))
            headers[.contentType] = "application/x-www-form-urlencoded"
        } else if let json = RouteRoleTable.bodies[operation] ?? RouteRoleTable.bodies[v2] {
            body = ByteBuffer(string: fill(json))
            headers[.contentType] = "application/json"
        }
        let method = HTTPRequest.Method(parts[0].uppercased())!
        return Int(try await app.client.execute(uri: path, method: method, headers: headers, body: body).status.code)
    }

    /// A body with the world's names put in (`{{service_id}}`, `{{target}}`, ...).
    func fill(_ text: String) -> String {
        var filled = text
        for (name, value) in parameters { filled = filled.replacingOccurrences(of: "{{\(name)}}", with: value) }
        return filled.replacingOccurrences(of: "{{password}}", with: TestApp.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
    }
}
