import Foundation
import NIOConcurrencyHelpers
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Flood control: rate limits, digests, user brakes")
struct FloodControlTests {
    /// A service over its limit: posts are refused with 429 and Retry-After,
    /// another service is untouched, and the refused posts come back as one
    /// digest notification with their count.
    @Test(arguments: Backend.allCases)
    func aFloodedServiceIsBrakedAndItsSubscribersGetADigest(_ backend: Backend) async throws {
        // The application's clock stands still until the test moves it: what
        // the brake and the digest do depends on it alone, never on how fast
        // this machine posts (a wall clock let the bucket refill during a
        // slow run, so nothing was refused and no digest came).
        let start = Date()
        let elapsed = NIOLockedValueBox<TimeInterval>(0)
        try await TestApp.run(backend, configure: {
            $0.limits.publishPerSecond = 0.5
            $0.limits.publishBurst = 3
            $0.limits.digestWindowSeconds = 2
        }, clock: WallClock { start.addingTimeInterval(elapsed.withLockedValue { $0 }) }) { app in
            let flooded = try await app.createService(category: "Flooded")
            let quiet = try await app.createService(category: "Quiet")
            // A canary flooded a second before: its digest falls due first,
            // the positive signal that the digest pass ran while Flooded's
            // window was still open.
            let canary = try await app.createService(category: "Canary")
            let (user, _) = try await app.user("fiona")
            try await app.store.setSubscriptions(userID: user.id, [flooded.id: true, quiet.id: true, canary.id: true])
            for index in 0..<4 {
                let posted = try await app.request(.post, "/api/v2/services/\(canary.id.uuidString)/notifications", json: ["title": "chirp \(index)"])
                #expect(posted.status == (index < 3 ? .created : .tooManyRequests))
            }
            elapsed.withLockedValue { $0 = 1 }
            var refused = 0
            for index in 0..<12 {
                let posted = try await app.request(.post, "/api/v2/services/\(flooded.id.uuidString)/notifications", json: ["title": "storm \(index)"])
                if index < 3 {
                    #expect(posted.status == .created, "the burst of three: post \(index)")
                } else {
                    #expect(posted.status == .tooManyRequests, "post \(index)")
                    #expect(posted.headers[.retryAfter] == "2", "a token every 2 s, none yet")
                    #expect(posted.detail?.contains("over its rate limit") == true)
                    refused += 1
                }
            }
            #expect(refused == 9)
            let other = try await app.request(.post, "/api/v2/services/\(quiet.id.uuidString)/notifications", json: ["title": "still here"])
            #expect(other.status == .created, "another service has its own bucket")

            @Sendable func digests(_ service: String = "Flooded") async throws -> [NotificationRecord] {
                try await app.store.inbox(userID: user.id, limit: 100, order: .ascending).map(\.notification)
                    .filter { $0.title.hasSuffix(" from \(service) in the last 2 seconds") }
            }
            // Within its window no digest goes out, however long the test takes:
            // at 2.5 s the canary's window (from 0 s) has passed, Flooded's (from 1 s) not.
            elapsed.withLockedValue { $0 = 2.5 }
            _ = try await eventually("the canary's digest") { () -> Bool? in try await digests("Canary").isEmpty ? nil : true }
            #expect(try await digests().isEmpty)
            // Once the window has passed: one digest, counting every refusal.
            elapsed.withLockedValue { $0 = 3.5 }
            let found = try await eventually("the digest", timeout: .seconds(30)) { () -> [NotificationRecord]? in
                let found = try await digests()
                return found.isEmpty ? nil : found
            }
            #expect(found.map(\.title) == ["9 more notifications from Flooded in the last 2 seconds"])
            let digest = try #require(found.first)
            #expect(digest.subtitle.contains("limit of 0.5 per second (burst 3)"), "\(digest.subtitle)")
            // A token came back with the time: the service posts again.
            #expect(try await app.request(.post, "/api/v2/services/\(flooded.id.uuidString)/notifications", json: ["title": "calm"]).status == .created)
            #expect(digest.serviceID == flooded.id)
        }
    }

    struct Limit: Decodable, Equatable {
        var per_second: Double
        var burst: Int
        var is_default: Bool

        init(per_second: Double, burst: Int, is_default: Bool) {
            self.per_second = per_second
            self.burst = burst
            self.is_default = is_default
        }

        init(_ response: TestResponse) throws {
            self = try JSONDecoder().decode(Limit.self, from: Data(response.body.readableBytesView))
        }
    }

    /// The clock moves a millisecond per reading, so the bucket of 0.25 a
    /// second gains nothing between the four posts however slowly a loaded
    /// machine runs them (a third post was admitted under load).
    @Test(arguments: [Backend.sqlite, .postgres])
    func adminsSetAServicesOwnLimit(_ backend: Backend) async throws {
        let start = Date()
        let readings = NIOLockedValueBox(0.0)
        let clock = WallClock { start.addingTimeInterval(readings.withLockedValue { $0 += 0.001; return $0 }) }
        try await TestApp.run(backend, configure: { $0.limits.publishBurst = 200 }, clock: clock) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let (_, someone) = try await app.user("someone")
            let path = "/api/v2/services/\(service.id.uuidString)/rate-limit"
            let initial = try await app.request(.get, path, token: admin)
            #expect(try Limit(initial) == Limit(per_second: 50, burst: 200, is_default: true))
            #expect(try await app.request(.put, path, token: someone, json: ["per_second": 1, "burst": 1]).status == .forbidden)
            let bad = try await app.request(.put, path, token: admin, json: ["per_second": -1, "burst": 0])
            #expect(bad.status == .unprocessableContent)
            let locations = (try bad.json(["detail"]) as? [[String: Any]])?.compactMap { $0["loc"] as? [String] }
            #expect(locations == [["body", "per_second"], ["body", "burst"]])
            let set = try await app.request(.put, path, token: admin, json: ["per_second": 0.25, "burst": 2])
            #expect(try Limit(set) == Limit(per_second: 0.25, burst: 2, is_default: false))
            #expect(try Limit(try await app.request(.get, path, token: admin)) == Limit(per_second: 0.25, burst: 2, is_default: false))
            // Its own limit applies at once on this replica.
            let statuses = try await (0..<4).asyncMap { _ in
                try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "t"]).status.code
            }
            #expect(statuses == [201, 201, 429, 429])
            // Reading held and recurring notifications publishes nothing: not
            // braked while the service is over its limit (and not in its digest).
            for held in ["scheduled", "recurring"] {
                #expect(try await app.request(.get, "/api/v2/services/\(service.id.uuidString)/\(held)").status == .ok)
            }
            #expect(try await app.request(.delete, path, token: admin).status == .noContent)
            #expect(try await app.request(.get, path, token: admin).json(["is_default"]) as? Bool == true)
            #expect(try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "t"]).status == .created)
            #expect(try await app.request(.get, "/api/v2/services/\(UUID().uuidString)/rate-limit", token: admin).status == .notFound)
            #expect(try await app.request(.delete, "/api/v2/services/\(UUID().uuidString)/rate-limit", token: admin).status == .notFound)
        }
    }

    /// Device tokens must look like their platform's, a user keeps at most
    /// DEVICES_PER_USER (the least recently seen go), and changes are braked.
    /// The clock moves a millisecond per reading: on a loaded machine the
    /// test may take longer than the ten seconds in which the brake lets one
    /// more change through, and registrations still come one after another.
    @Test(arguments: Backend.allCases)
    func devicesAreCheckedCappedAndBraked(_ backend: Backend) async throws {
        let start = Date()
        let readings = NIOLockedValueBox(0.0)
        let clock = WallClock { start.addingTimeInterval(readings.withLockedValue { $0 += 0.001; return $0 }) }
        try await TestApp.run(backend, configure: {
            $0.limits.devicesPerUser = 3
            $0.limits.userChangesPerMinute = 6
        }, clock: clock) { app in
            let (user, token) = try await app.user("dora")
            func register(_ device: String, platform: String? = nil) async throws -> TestResponse {
                var body: [String: Any] = ["device_token": device]
                if let platform { body["platform"] = platform }
                return try await app.request(.post, "/api/v2/users/user/device-token", token: token, json: body)
            }
            let notHex = try await register(String(repeating: "z", count: 64), platform: "apns")
            #expect(notHex.status == .unprocessableContent)
            #expect((try notHex.json(["detail"]) as? [[String: Any]])?.first?["msg"] as? String == "An APNs device token should be an even number (64 to 400) of hex digits")
            let odd = try await register(String(repeating: "a", count: 65), platform: "apns")
            #expect(odd.status == .unprocessableContent)
            let slash = try await register("fcm/token", platform: "fcm")
            #expect(slash.status == .unprocessableContent)
            #expect((try slash.json(["detail"]) as? [[String: Any]])?.first?["loc"] as? [String] == ["body", "device_token"])

            for index in 1...4 {
                let added = try await register("fcm-\(index):APA91b_x.y")
                #expect(added.status == .created)
            }
            let devices = try await app.store.devices(userID: user.id).map(\.token).sorted()
            #expect(devices == ["fcm-2:APA91b_x.y", "fcm-3:APA91b_x.y", "fcm-4:APA91b_x.y"], "the least recently seen went")

            // Six changes a minute: four registrations above, one subscription change, then the brake.
            #expect(try await app.request(.patch, "/api/v2/users/user/services", token: token, json: [[String: Any]]()).status == .noContent)
            #expect(try await register(String(repeating: "ab", count: 32)).status == .created)
            let braked = try await register(String(repeating: "cd", count: 32))
            #expect(braked.status == .tooManyRequests)
            #expect(Int(braked.headers[.retryAfter] ?? "") ?? 0 >= 1)
            let subscriptions = try await app.request(.patch, "/api/v2/users/user/services", token: token, json: [[String: Any]]())
            #expect(subscriptions.status == .tooManyRequests)
            // Another user is not braked by dora's changes.
            let (_, other) = try await app.user("olaf")
            #expect(try await app.request(.post, "/api/v2/users/user/device-token", token: other, json: ["device_token": "olaf-1"]).status == .created)

            let metrics = try await app.request(.get, "/metrics").text
            #expect(metrics.contains(#"herald_requests_refused_total{reason="user_changes"} 2"#))
            #expect(metrics.contains(#"herald_requests_refused_total{reason="device_token_format"} 3"#))
        }
    }

    @Test func metricsCanRequireAToken() async throws {
        try await TestApp.run(.sqlite, configure: { $0.metricsToken = "metrics-secret" }) { app in
            let open = try await app.request(.get, "/metrics")
            #expect(open.status == .unauthorized)
            #expect(open.headers[.wwwAuthenticate] == "Bearer")
            #expect(try await app.request(.get, "/metrics", token: "wrong").status == .unauthorized)
            let allowed = try await app.request(.get, "/metrics", token: "metrics-secret")
            #expect(allowed.status == .ok)
            #expect(allowed.text.contains(#"herald_requests_refused_total{reason="metrics_token"} 2"#))
        }
        try await TestApp.run(.sqlite) { app in
            let status = try await app.request(.get, "/metrics").status
            #expect(status == .ok, "open without METRICS_TOKEN")
        }
    }
}

extension Sequence where Element: Sendable {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
