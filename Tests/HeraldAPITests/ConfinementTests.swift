import Foundation
import HTTPTypes
import HeraldCore
import HeraldPublishing
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing

/// Issue 23: the demo account (its password goes to app-store reviewers)
/// sees the demo service only, everywhere; schedules obey the publish
/// limits like posts.
@Suite("The demo account and schedules confined")
struct ConfinementTests {
    static let demo: @Sendable (inout HeraldConfig) -> Void = { $0.auth.demo = DemoAccount(password: "review-2026", service: "Demo") }

    /// The hole: `GET /api/v2/services` listed every service to the demo
    /// account, the inbox page's service list too, and it could set
    /// filters on any service.
    @Test(arguments: Backend.allCases)
    func theDemoAccountSeesOnlyTheDemoServiceEverywhere(_ backend: Backend) async throws {
        try await TestApp.run(backend, configure: Self.demo) { app in
            let demoService = try await app.createService(category: "Demo")
            let real = try await app.createService(category: "Target station")
            let login = try await SignInMethodsTests.login(app, "demo", "review-2026")
            let token = try #require(try login.json(["access_token"]) as? String)
            let listed = try #require(try await app.request(.get, "/api/v2/services", token: token).json() as? [[String: Any]])
            #expect(listed.compactMap { $0["category"] as? String } == ["Demo"])
            let v1 = try #require(try await app.request(.get, "/api/v1/services/", token: token).json() as? [[String: Any]])
            #expect(v1.compactMap { $0["category"] as? String } == ["Demo"])
            let filterPath = "/api/v2/users/user/services/\(real.id.uuidString)/filters"
            #expect(try await app.request(.put, filterPath, token: token, json: ["expression": "severity = critical"]).status == .notFound)
            #expect(try await app.request(.get, filterPath, token: token).status == .notFound)
            #expect(try await app.request(.put, "/api/v2/users/user/services/\(demoService.id.uuidString)/filters", token: token, json: ["expression": "severity = critical"]).status == .ok)

            let session = WebSession(app)
            #expect(try await session.signIn("demo", password: "review-2026").status == .seeOther)
            let inbox = try await session.get("/inbox")
            #expect(inbox.status == .ok)
            #expect(inbox.text.contains("Demo") && !inbox.text.contains("Target station"))
            let subscriptions = try await session.get("/subscriptions")
            #expect(!subscriptions.text.contains("Target station"))
            let json: HTTPFields = [.accept: "application/json"]
            #expect(try await session.post("/subscriptions", [("service", real.id.uuidString), ("subscribed", "on")], headers: json).status == .notFound)
            #expect(try await session.post("/subscriptions/filter", [("service", real.id.uuidString), ("expression", "severity = critical")], headers: json).status == .notFound)
            // Everyone else still sees every service.
            let (_, other) = try await app.user("ann")
            let all = try #require(try await app.request(.get, "/api/v2/services", token: other).json() as? [[String: Any]])
            #expect(all.count == 2)
        }
    }

    /// A phone belongs to whoever signed in on it last, but the demo
    /// account cannot take one from a real account (a reviewer's token
    /// list is not the site's).
    @Test(arguments: Backend.databases)
    func theDemoAccountCannotTakeADevice(_ backend: Backend) async throws {
        try await TestApp.run(backend, configure: Self.demo) { app in
            let (ann, annToken) = try await app.user("ann")
            let phone = String(repeating: "ab", count: 32)
            #expect(try await app.request(.post, "/api/v2/users/user/device-token", token: annToken, json: ["device_token": phone]).status == .created)
            let token = try #require(try await SignInMethodsTests.login(app, "demo", "review-2026").json(["access_token"]) as? String)
            let taken = try await app.request(.post, "/api/v2/users/user/device-token", token: token, json: ["device_token": phone])
            #expect(taken.status == .conflict)
            #expect(try await app.store.devices(userID: ann.id).map(\.token) == [phone])
            #expect(try await app.request(.post, "/api/v2/users/user/device-token", token: token, json: ["device_token": String(repeating: "cd", count: 32)]).status == .created)
        }
    }

    /// The hole: only making a recurring schedule cost a token, and a
    /// service could hold any number (1,200 every-minute schedules: all
    /// 201). Now each run goes through the service's brake (a refused run
    /// is counted in its digest) and the schedules are capped.
    @Test(arguments: Backend.allCases)
    func recurringRunsAreBrakedAndSchedulesCapped(_ backend: Backend) async throws {
        try await TestApp.run(backend, configure: {
            $0.limits.recurringPerService = 3
            $0.limits.scheduledPerService = 2
        }) { app in
            let service = try await app.createService(category: "Reminders")
            let path = "/api/v2/services/\(service.id.uuidString)"
            for index in 0..<3 {
                #expect(try await app.request(.post, "\(path)/recurring", json: ["cron": "* * * * *", "title": "tick \(index)"]).status == .created)
            }
            let fourth = try await app.request(.post, "\(path)/recurring", json: ["cron": "* * * * *", "title": "tick 3"])
            #expect(fourth.status == .unprocessableContent)
            #expect(fourth.text.contains("RECURRING_PER_SERVICE"))
            for index in 0..<2 {
                #expect(try await app.request(.post, "\(path)/notifications", json: ["title": "later \(index)", "deliver_at": "2099-01-01T00:00:0\(index)Z"]).status == .accepted)
            }
            let third = try await app.request(.post, "\(path)/notifications", json: ["title": "later 2", "deliver_at": "2099-01-01T00:00:02Z"])
            #expect(third.status == .unprocessableContent && third.text.contains("SCHEDULED_PER_SERVICE"))

            // The lists page: two at a time, a Link to the rest.
            let first = try await app.request(.get, "\(path)/recurring?limit=2")
            #expect((try first.json() as? [[String: Any]])?.count == 2)
            let link = try #require(first.headers[HTTPField.Name("Link")!])
            let next = try #require(link.split(separator: ",").first { $0.contains("rel=\"next\"") }.flatMap { $0.split(separator: "<").last?.split(separator: ">").first })
            let rest = try #require(try await app.request(.get, String(next)).json() as? [[String: Any]])
            #expect(rest.compactMap { $0["title"] as? String } == ["tick 2"])
            #expect(try await app.request(.get, "\(path)/scheduled?limit=0").status == .unprocessableContent)

            // All three are due now; the service may publish one a minute.
            let limits = try await app.request(.put, "\(path)/rate-limit", token: try await app.user("root", admin: true).1, json: ["per_second": 1.0 / 60, "burst": 1])
            #expect(limits.status == .ok, "\(limits.text)")
            let later = WallClock { Date().addingTimeInterval(150) }
            let flood = FloodControl(limits: app.config.limits)
            let brake = PublishBrake(flood: flood, store: app.store, clock: later)
            let scheduler = ScheduleService(store: app.store, publisher: Publisher.forTests(app.store), brake: brake, clock: later, logger: TestDatabase.logger)
            #expect(try await scheduler.runDueRecurring() == 1)
            #expect(try await app.store.notifications(serviceID: service.id).count == 1)
            #expect(flood.takeMissed(olderThan: 0, now: later.now()).first?.count == 2, "the refused runs are told in the digest")
        }
    }
}
