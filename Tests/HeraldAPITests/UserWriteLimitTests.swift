import Crypto
import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing

/// Issue 23: what one user can turn against everyone. Every per-user write
/// is braked the same way from the API and the web pages, a filter is
/// replaced where it was (publishing never evaluates one nobody holds),
/// filters per service are capped, and a Web Push endpoint cannot point
/// inside the network.
@Suite("Per-user writes: brakes, caps and endpoints")
struct UserWriteLimitTests {
    /// A clock that moves a millisecond per reading: the brakes' buckets
    /// gain nothing between requests, however slow the machine.
    static func creepingClock() -> WallClock {
        let start = Date()
        let readings = NIOLockedValueBox(0.0)
        return WallClock { start.addingTimeInterval(readings.withLockedValue { $0 += 0.001; return $0 }) }
    }

    /// A browser's subscription with real keys, at `endpoint`.
    static func webPushToken(_ endpoint: String) -> (token: String, p256dh: String, auth: String) {
        func base64URL(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let key = base64URL(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
        let auth = base64URL(Data((0..<16).map { _ in UInt8.random(in: 0...255) }))
        return (WebPushSubscription.token(endpoint: endpoint, p256dh: key, auth: auth), key, auth)
    }

    static let insideEndpoints = [
        "https://127.0.0.1:8443/push", "https://10.1.2.3/push", "https://169.254.169.254/latest/meta-data/", "https://localhost/push",
        "https://[::1]/push", "https://[fd00::1]/push", "https://evil.example/push", "http://fcm.googleapis.com/fcm/send/x",
        "https://fcm.googleapis.com.evil.example/push",
    ]

    /// The hole: any signed-in user registered an endpoint inside the
    /// network (all 201) and the worker posted there on every
    /// notification. Now 422 with the reason, from the API and the web.
    @Test(arguments: Backend.allCases)
    func webPushEndpointsOutsideThePushServicesAreRefused(_ backend: Backend) async throws {
        try await TestApp.run(backend, configure: { $0.delivery.webPushSubject = "mailto:ops@example.org" }) { app in
            let (user, token) = try await app.user("mallory")
            for endpoint in Self.insideEndpoints {
                let response = try await app.request(
                    .post, "/api/v2/users/user/device-token", token: token, json: ["device_token": Self.webPushToken(endpoint).token, "platform": "webpush"]
                )
                #expect(response.status == .unprocessableContent, "\(endpoint)")
                let message = (try response.json(["detail"]) as? [[String: Any]])?.first?["msg"] as? String ?? ""
                #expect(message.contains("refused") || message.contains("https"), "\(endpoint): \(message)")
            }
            let session = WebSession(app)
            _ = try await session.signIn("mallory")
            for endpoint in ["https://127.0.0.1:8443/push", "https://169.254.169.254/x"] {
                let subscription = Self.webPushToken(endpoint)
                let page = try await session.post(
                    "/profile/web-push", [("endpoint", endpoint), ("p256dh", subscription.p256dh), ("auth", subscription.auth)],
                    headers: [.accept: "application/json"]
                )
                #expect(page.status == .unprocessableContent, "\(endpoint)")
            }
            #expect(try await app.store.devices(userID: user.id).isEmpty)
            // The browsers' own push services are taken.
            for endpoint in ["https://fcm.googleapis.com/fcm/send/abc", "https://updates.push.services.mozilla.com/wpush/v2/x", "https://web.push.apple.com/Q1"] {
                let response = try await app.request(
                    .post, "/api/v2/users/user/device-token", token: token, json: ["device_token": Self.webPushToken(endpoint).token, "platform": "webpush"]
                )
                #expect(response.status == .created, "\(endpoint): \(response.text)")
            }
        }
        // A site's own push service is added by name; still never an address inside.
        try await TestApp.run(.sqlite, configure: { $0.outbound.webPushHosts = ["push.example.org", "10.0.0.9"] }) { app in
            let (_, token) = try await app.user("ann")
            func register(_ endpoint: String) async throws -> HTTPResponse.Status {
                try await app.request(
                    .post, "/api/v2/users/user/device-token", token: token, json: ["device_token": Self.webPushToken(endpoint).token, "platform": "webpush"]
                ).status
            }
            #expect(try await register("https://eu.push.example.org/p/1") == .created)
            #expect(try await register("https://10.0.0.9/p/1") == .unprocessableContent)
        }
    }

    /// The hole: 150 filter changes in a row were all 200, each leaving
    /// the previous filter stored for publishing to evaluate. Now the
    /// user's change budget brakes them (429), and the filter is replaced
    /// where it was: the service never holds more rows than filters held.
    @Test(arguments: Backend.allCases)
    func filterChangesAreBrakedAndReplacedInPlace(_ backend: Backend) async throws {
        try await TestApp.run(backend, clock: Self.creepingClock()) { app in
            let service = try await app.createService()
            let (_, token) = try await app.user("mallory")
            var statuses: [HTTPResponse.Status] = []
            for index in 0..<150 {
                let response = try await app.request(
                    .put, "/api/v2/users/user/services/\(service.id.uuidString)/filters", token: token, json: ["expression": "severity = critical or title contains 'x\(index)'"]
                )
                statuses.append(response.status)
            }
            #expect(statuses.prefix(60).allSatisfy { $0 == .ok }, "USER_CHANGES_PER_MINUTE (60) go through")
            #expect(statuses.dropFirst(60).allSatisfy { $0 == .tooManyRequests }, "\(Set(statuses.dropFirst(60)))")
            let rows = try await app.store.filters(serviceIDs: [service.id], after: 0)
            #expect(rows.count == 1, "one filter held, one row: \(rows.count)")
            #expect(rows.first?.filter.expression?.contains("x59") == true)
        }
    }

    /// The web page draws from the same budget as the API.
    @Test func theWebPagesAreBrakedLikeTheAPI() async throws {
        try await TestApp.run(.sqlite, configure: { $0.limits.userChangesPerMinute = 4 }, clock: Self.creepingClock()) { app in
            let service = try await app.createService()
            let (_, token) = try await app.user("mallory")
            let session = WebSession(app)
            _ = try await session.signIn("mallory")
            let json: HTTPFields = [.accept: "application/json"]
            #expect(try await session.post("/subscriptions", [("service", service.id.uuidString), ("subscribed", "on")], headers: json).status == .noContent)
            #expect(try await session.post("/subscriptions/filter", [("service", service.id.uuidString), ("expression", "severity = critical")], headers: json).status == .noContent)
            #expect(try await app.request(.patch, "/api/v2/users/user/services", token: token, json: [[String: Any]]()).status == .noContent)
            #expect(try await session.post("/subscriptions", [("service", service.id.uuidString), ("subscribed", "off")], headers: json).status == .noContent)
            let braked = try await session.post("/subscriptions", [("service", service.id.uuidString), ("subscribed", "on")], headers: json)
            #expect(braked.status == .tooManyRequests)
            #expect(try await session.post("/subscriptions/filter", [("service", service.id.uuidString), ("expression", "severity = warning")], headers: json).status == .tooManyRequests)
            // Starring (a bookmark outlives retention) too; reading does not.
            let posted = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "kept"])
            let id = try #require(try posted.json(["id"]) as? Int)
            #expect(try await session.post("/inbox/update", [("id", "\(id)"), ("action", "star")], headers: json).status == .tooManyRequests)
            #expect(try await app.request(.patch, "/api/v2/users/user/notifications", token: token, json: [["id": id, "status": "starred"]]).status == .tooManyRequests)
            #expect(try await app.request(.patch, "/api/v2/users/user/notifications", token: token, json: [["id": id, "status": "read"]]).status == .noContent)
        }
    }

    /// FILTERS_PER_SERVICE distinct filters per service: a new one beyond
    /// is 422 with the reason; one another subscriber holds is still taken;
    /// removing one makes room.
    @Test(arguments: Backend.allCases)
    func distinctFiltersPerServiceAreCapped(_ backend: Backend) async throws {
        try await TestApp.run(backend, configure: { $0.limits.filtersPerService = 2 }) { app in
            let service = try await app.createService()
            func put(_ token: String, _ expression: String?) async throws -> TestResponse {
                try await app.request(
                    .put, "/api/v2/users/user/services/\(service.id.uuidString)/filters", token: token, json: ["expression": expression as Any? ?? NSNull()]
                )
            }
            let (_, ann) = try await app.user("ann")
            let (_, bob) = try await app.user("bob")
            let (_, cat) = try await app.user("cat")
            #expect(try await put(ann, "severity = critical").status == .ok)
            #expect(try await put(bob, "severity = warning").status == .ok)
            let over = try await put(cat, "severity = info")
            #expect(over.status == .unprocessableContent)
            #expect(over.text.contains("FILTERS_PER_SERVICE"), "\(over.text)")
            #expect(try await put(cat, "severity = warning").status == .ok, "a filter another subscriber holds")
            // A user's own filter does not count against their change of it,
            // and the row they leave goes (nobody else holds it).
            #expect(try await put(ann, "severity = major").status == .ok)
            #expect(try await app.store.filters(serviceIDs: [service.id], after: 0).compactMap(\.filter.expression).sorted() == ["severity = major", "severity = warning"])
            #expect(try await app.request(.delete, "/api/v2/users/user/services/\(service.id.uuidString)/filters", token: ann).status == .noContent)
            #expect(try await put(cat, "severity = info").status == .ok, "room again")
            #expect(try await app.store.filters(serviceIDs: [service.id], after: 0).compactMap(\.filter.expression).sorted() == ["severity = info", "severity = warning"])
        }
    }
}
