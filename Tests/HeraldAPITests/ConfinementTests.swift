import Foundation
import HTTPTypes
import HeraldCore
import HeraldMocks
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
    @Test(arguments: Backend.allCases)
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

    /// Confinement where it is read (issue 39): the demo service renamed
    /// out from under the demo account (or a subscription imported) leaves
    /// it subscribed to a real service; still nothing of that service is
    /// pushed to it, listed, counted or streamed, and its next login drops
    /// the subscription.
    @Test(arguments: Backend.allCases)
    func aRenamedDemoServiceDeliversNothingToTheDemoAccount(_ backend: Backend) async throws {
        try await MockProviders.run { mocks in
            let delivery = try mocks.deliverySettings()
            try await TestApp.run(backend, framework: .live, configure: { Self.demo(&$0); $0.delivery = delivery }) { app in
                let demoService = try await app.createService(category: "Demo")
                let (_, admin) = try await app.user("root", admin: true)
                let login = try await SignInMethodsTests.login(app, "demo", "review-2026")
                let token = try #require(try login.json(["access_token"]) as? String)
                let demo = try #require(try await app.store.user(named: "demo"))
                let phone = DeliveryHarness.apnsToken(61)
                _ = try await app.store.registerDevice(userID: demo.id, token: phone, platform: .apns, at: Date())
                #expect(try await app.request(.patch, "/api/v2/users/user/services", token: token, json: [["id": demoService.id.uuidString, "is_subscribed": true]]).status == .noContent)
                let posted = try await app.request(.post, "/api/v2/services/\(demoService.id.uuidString)/notifications", json: ["title": "Demo hello"])
                let helloID = try #require(try posted.json(["id"]) as? Int)
                try await eventually("the demo service's push", timeout: .seconds(120)) { mocks.apns.pushes.contains { $0.token == phone } ? true : nil }

                // An admin renames the service: it is a real one now, and the subscription stays.
                #expect(try await app.request(.patch, "/api/v2/services/\(demoService.id.uuidString)", token: admin, json: ["category": "Payments"]).status == .ok)
                let real = try await app.request(.post, "/api/v2/services/\(demoService.id.uuidString)/notifications", json: ["title": "Payments database down", "severity": "critical"])
                let realID = Int64(try #require(try real.json(["id"]) as? Int))
                let settled = try await eventually("the real alarm's push to be settled", timeout: .seconds(120)) { () -> DeliveryReportRow? in
                    try await app.store.deliveryReport(notificationID: realID).first { $0.state != .pending && $0.state != .retrying }
                }
                #expect(settled.state == .skipped && settled.lastError?.contains("confined") == true, "\(settled)")
                #expect(mocks.apns.pushes.filter { $0.token == phone }.count == 1, "only the demo service's")
                let inbox = try #require(try await app.request(.get, "/api/v2/users/user/notifications", token: token).json() as? [[String: Any]])
                #expect(inbox.isEmpty, "the renamed service's notifications are not listed, old or new: \(inbox)")
                let page = try #require(try await app.request(.get, "/api/v2/users/user/notifications?before=\(Int64.max)", token: token).json() as? [[String: Any]])
                #expect(page.isEmpty)
                #expect(try await app.request(.get, "/api/v2/users/user/notifications/unread-count", token: token).json(["unread_count"]) as? Int == 0)
                _ = helloID
                // Its next login drops the subscription it may no longer hold.
                _ = try await SignInMethodsTests.login(app, "demo", "review-2026")
                #expect(try await app.store.userServices(userID: demo.id).filter(\.isSubscribed).isEmpty)
            }
        }
    }

    /// A login through a secondary OpenID Connect realm (one that may let
    /// anybody register) is confined like the demo account, unless the site
    /// trusts the realm (OIDC_TRUSTED_REALMS): it sees the demo service only,
    /// no rota, and takes no alarm; its other subscriptions are dropped.
    @Test(arguments: Backend.allCases)
    func aSecondaryRealmsLoginIsConfinedUnlessTrusted(_ backend: Backend) async throws {
        let provider = try await TestOpenIDProvider.start()
        for trusted in [false, true] {
            try await TestApp.run(backend, configure: { config in
                OIDCTests.configure(provider, realms: true)(&config)
                if trusted { config.auth.oidc?.trustedRealms = ["herald-demo"] }
            }) { (app: TestApp) async throws in
                _ = try await app.createService(category: "demo")
                let real = try await app.createService(category: "Cryo")
                provider.grant("s", .init(claims: provider.claims("mallory", issuer: "\(provider.base)/realms/herald-demo")))
                let signedIn = try await OIDCTests.exchange(app, code: "s", realm: "demo")
                #expect(signedIn.status == .created, "\(signedIn.text)")
                let token = try #require(try signedIn.json(["access_token"]) as? String)
                let mallory = try #require(try await app.store.user(named: "mallory"))
                #expect(mallory.isConfined == !trusted)
                let listed = try #require(try await app.request(.get, "/api/v2/services", token: token).json() as? [[String: Any]])
                #expect(listed.compactMap { $0["category"] as? String }.sorted() == (trusted ? ["Cryo", "demo"] : ["demo"]))
                #expect(try await app.request(.get, "/api/v2/rotas", token: token).status == (trusted ? .ok : .forbidden))
                // A subscription written past the API (an import) is dropped at the next login.
                try await app.store.setSubscriptions(userID: mallory.id, [real.id: true])
                provider.grant("t", .init(claims: provider.claims("mallory", issuer: "\(provider.base)/realms/herald-demo")))
                #expect(try await OIDCTests.exchange(app, code: "t", realm: "demo").status == .ok)
                #expect(try await app.store.userServices(userID: mallory.id).first { $0.service.id == real.id }?.isSubscribed == trusted)
                // A confined account takes no alarm.
                try await app.store.setSubscriptions(userID: mallory.id, [real.id: true])
                let alarm = try #require(
                    try await app.request(.post, "/api/v2/services/\(real.id.uuidString)/notifications", json: ["title": "Leak", "severity": "critical"]).json(["id"]) as? Int
                )
                let taken = try await app.request(.post, "/api/v2/users/user/notifications/\(alarm)/acknowledge", token: token, json: [String: String]())
                #expect(taken.status == (trusted ? .created : .forbidden), "\(taken.text)")
                // The primary realm's logins are full accounts.
                provider.grant("p", .init(claims: provider.claims("carol", issuer: "\(provider.base)/realms/herald")))
                #expect(try await OIDCTests.exchange(app, code: "p", realm: "real").status == .created)
                #expect(try await app.store.user(named: "carol")?.isConfined == false)
            }
        }
        try await provider.stop()
    }
}
