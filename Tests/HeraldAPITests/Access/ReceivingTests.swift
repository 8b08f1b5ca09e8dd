import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Who must and who may receive (issue 41): a team's mandatory
/// subscription cannot be left through v1, v2 or the web app; a default
/// one is made when someone joins; a private service appears nowhere for
/// someone who holds none of its roles.
@Suite("Who must and who may receive")
struct ReceivingTests {
    static func subscribed(_ app: TestApp, _ token: String, to service: ServiceRecord, version: String = "v2") async throws -> Bool? {
        let list = try #require(try await app.request(.get, "/api/\(version)/users/user/services", token: token).json() as? [[String: Any]])
        return list.first { $0["id"] as? String == service.id.wireString }?["is_subscribed"] as? Bool
    }

    @Test(arguments: Backend.allCases)
    func aMandatorySubscriptionCannotBeLeftAndADefaultOneIsMadeAtJoining(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let (ann, annToken) = try await app.user("ann")
            let (bob, bobToken) = try await app.user("bob")
            let safety = try await app.createService(category: "Safety")
            let news = try await app.createService(category: "News")
            let team = try #require(try await app.store.createTeam(name: "Operators", source: .manual, at: Date()))
            #expect(try await app.store.addTeamMember(teamID: team.id, userID: ann.id, at: Date()))
            let rule = "/api/v2/services/\(safety.id.uuidString)/team-subscriptions/\(team.id)"
            #expect(try await app.request(.put, rule, token: annToken, json: ["mandatory": true]).status == .forbidden, "an owner's or admin's to say")
            #expect(try await app.request(.put, rule, token: admin, json: ["mandatory": true]).status == .ok)
            #expect(try await Self.subscribed(app, annToken, to: safety) == true, "a member already in the team is subscribed at once")

            // Leaving is refused on v2 and v1, whole: nothing of the request is applied.
            for version in ["v2", "v1"] {
                let leave = try await app.request(
                    .patch, "/api/\(version)/users/user/services", token: annToken,
                    json: [["id": news.id.wireString, "is_subscribed": true], ["id": safety.id.wireString, "is_subscribed": false]]
                )
                #expect(leave.status == .conflict && leave.detail?.contains("Your team Operators must receive this service") == true, "\(version): \(leave.text)")
                #expect(try await Self.subscribed(app, annToken, to: safety, version: version) == true)
                #expect(try await Self.subscribed(app, annToken, to: news) == false, "nothing of a refused request is applied")
            }
            // And through the web app, which shows it as required.
            let web = WebSession(app)
            _ = try await web.signIn("ann")
            let page = try await web.get("/subscriptions")
            #expect(page.text.contains("data-mandatory") && page.text.contains("Your team Operators must receive this service"))
            let refused = try await web.post("/subscriptions", [("service", safety.id.wireString), ("subscribed", "off")])
            #expect(refused.status == .conflict)
            #expect(try await Self.subscribed(app, annToken, to: safety) == true)
            // Taken away by hand, it is back at the next login.
            try await app.store.setSubscriptions(userID: ann.id, [safety.id: false])
            _ = try await app.login("ann")
            #expect(try await Self.subscribed(app, annToken, to: safety) == true)

            // A default one: made when someone joins, and theirs to leave.
            #expect(try await app.request(.put, rule, token: admin, json: ["mandatory": false]).status == .ok)
            #expect(try await app.request(.post, "/api/v2/teams/\(team.id)/members", token: admin, json: ["username": "bob"]).status == .created)
            #expect(try await Self.subscribed(app, bobToken, to: safety) == true)
            let left = try await app.request(.patch, "/api/v2/users/user/services", token: bobToken, json: [["id": safety.id.wireString, "is_subscribed": false]])
            #expect(left.status == .noContent)
            #expect(try await Self.subscribed(app, bobToken, to: safety) == false)
            _ = bob
            let rules = try #require(try await app.request(.get, "/api/v2/services/\(safety.id.uuidString)/team-subscriptions", token: admin).json() as? [[String: Any]])
            #expect(rules.count == 1 && rules.first?["mandatory"] as? Bool == false && rules.first?["team_name"] as? String == "Operators")
        }
    }

    /// A mandatory subscription is not filtered away either: a filter on it
    /// is refused (409, the reason), and one set before the rule goes when
    /// the rule comes (one's own filters on other services stay).
    @Test(arguments: Backend.allCases)
    func aMandatorySubscriptionCannotBeFilteredAway(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let (ann, annToken) = try await app.user("ann")
            let safety = try await app.createService(category: "Safety")
            let news = try await app.createService(category: "News")
            try await app.store.setSubscriptions(userID: ann.id, [safety.id: true, news.id: true])
            let team = try #require(try await app.store.createTeam(name: "Operators", source: .manual, at: Date()))
            #expect(try await app.store.addTeamMember(teamID: team.id, userID: ann.id, at: Date()))
            for service in [safety, news] {
                let set = try await app.request(.put, "/api/v2/users/user/services/\(service.id.uuidString)/filters", token: annToken, json: ["expression": "title contains \"nothing\""])
                #expect(set.status == .ok || set.status == .noContent, "\(set.text)")
            }
            #expect(try await app.request(.put, "/api/v2/services/\(safety.id.uuidString)/team-subscriptions/\(team.id)", token: admin, json: ["mandatory": true]).status == .ok)
            #expect(try await app.store.filter(userID: ann.id, serviceID: safety.id) == nil, "the filter that would hide what is mandatory is gone")
            #expect(try await app.store.filter(userID: ann.id, serviceID: news.id) != nil, "her other filter stays")
            let refused = try await app.request(.put, "/api/v2/users/user/services/\(safety.id.uuidString)/filters", token: annToken, json: ["expression": "severity >= major"])
            #expect(refused.status == .conflict && refused.detail?.contains("Your team Operators must receive all of this service") == true, "\(refused.text)")
            #expect(try await app.store.filter(userID: ann.id, serviceID: safety.id) == nil)
            // Taking a filter away is always allowed.
            let cleared = try await app.request(.put, "/api/v2/users/user/services/\(safety.id.uuidString)/filters", token: annToken, json: ["expression": ""])
            #expect(cleared.status != .conflict, "\(cleared.text)")
        }
    }

    @Test(arguments: Backend.allCases)
    func aPrivateServiceAppearsNowhereForSomeoneWithoutARole(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let (olaf, olafToken) = try await app.user("olaf")
            let (vera, veraToken) = try await app.user("vera")
            let secret = try await app.createService(category: "Secret Lab")
            let open = try await app.createService(category: "Open")
            for user in [olaf, vera] { try await app.store.setSubscriptions(userID: user.id, [secret.id: true, open.id: true]) }
            #expect(try await app.store.grantRole(.viewer, of: secret.id, to: .user(vera.id), at: Date()))
            let before = try #require(try await app.store.publish(NotificationDraft(title: "Sealed result"), serviceID: secret.id, at: Date()))
            _ = try await app.store.publish(NotificationDraft(title: "Open result"), serviceID: open.id, at: Date())

            let made = try await app.request(.patch, "/api/v2/services/\(secret.id.uuidString)", token: admin, json: ["is_private": true])
            let madePrivate = try made.json(["is_private"]) as? Bool
            #expect(made.status == .ok && madePrivate == true)
            #expect(try await app.store.subscriberIDs(serviceID: secret.id) == [vera.id], "made private, it is left by those who may not see it")
            _ = try await app.store.publish(NotificationDraft(title: "Sealed later"), serviceID: secret.id, at: Date())

            // Every list and read, for olaf: the service and its notifications are nowhere.
            let s = secret.id.uuidString
            let reads = [
                "/api/v2/services", "/api/v1/services", "/api/v2/users/user/services", "/api/v1/users/user/services", "/api/v2/users/user/notifications",
                "/api/v1/users/user/notifications", "/api/v2/users/user/notifications?limit=50&after=0", "/api/v2/users/user/snoozes", "/api/v2/users/user/roles",
            ]
            for path in reads {
                let answer = try await app.request(.get, path, token: olafToken)
                #expect(answer.status == .ok, "\(path)")
                #expect(!answer.text.contains(secret.id.wireString) && !answer.text.contains("Sealed") && !answer.text.contains("Secret Lab"), "\(path): \(answer.text)")
            }
            #expect(try await app.request(.get, "/api/v2/users/user/notifications/unread-count", token: olafToken).text.contains("1"), "the open one only")
            #expect(try await app.request(.get, "/api/v2/users/user/notifications?service_id=\(s)", token: olafToken).text.contains("Sealed") == false)
            for (method, path, body) in [
                (HTTPRequest.Method.get, "/api/v2/users/user/services/\(s)/filters", nil), (.put, "/api/v2/users/user/services/\(s)/filters", ["expression": "severity = major"]),
                (.put, "/api/v2/users/user/services/\(s)/snooze", ["length": "1h"]), (.get, "/api/v2/services/\(s)/notifications", nil),
                (.post, "/api/v2/users/user/notifications/\(before.id)/acknowledge", nil),
            ] as [(HTTPRequest.Method, String, [String: String]?)] {
                let answer = try await app.request(method, path, token: olafToken, json: body)
                #expect([.notFound, .forbidden].contains(answer.status), "\(method) \(path): \(answer.status)")
                #expect(!answer.text.contains("Sealed"), "\(path)")
            }
            // Asking to subscribe to it is skipped, as an unknown id is.
            #expect(try await app.request(.patch, "/api/v2/users/user/services", token: olafToken, json: [["id": secret.id.wireString, "is_subscribed": true]]).status == .noContent)
            #expect(try await app.store.subscriberIDs(serviceID: secret.id) == [vera.id])
            let web = WebSession(app)
            _ = try await web.signIn("olaf")
            for page in ["/inbox", "/subscriptions", "/profile"] {
                #expect(try await !web.get(page).text.contains("Secret Lab"), "\(page)")
            }

            // Its role's holder sees it all; an admin too.
            let list = try await app.request(.get, "/api/v2/services", token: veraToken)
            #expect(list.text.contains(secret.id.wireString))
            #expect(try await app.request(.get, "/api/v2/users/user/notifications", token: veraToken).text.contains("Sealed later"))
            #expect(try await app.request(.get, "/api/v2/services", token: admin).text.contains(secret.id.wireString))
            // The role taken away: gone for vera too, her subscription with it.
            #expect(try await app.request(.delete, "/api/v2/services/\(s)/roles/viewer/users/\(vera.id)", token: admin).status == .noContent)
            #expect(try await app.store.subscriberIDs(serviceID: secret.id).isEmpty)
            #expect(try await !app.request(.get, "/api/v2/users/user/notifications", token: veraToken).text.contains("Sealed"))
        }
    }
}
