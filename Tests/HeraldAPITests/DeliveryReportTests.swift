import Foundation
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Delivery report and metrics over HTTP")
struct DeliveryReportTests {
    /// The server's own worker runs; with no provider configured, deliveries
    /// are recorded as skipped with that reason, and the report shows them
    /// without full tokens.
    @Test(arguments: Backend.allCases)
    func adminsSeeHowANotificationWasPushed(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (user, token) = try await app.user("nina")
            let (_, admin) = try await app.user("root", admin: true)
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            let deviceToken = String(repeating: "c", count: 64)
            _ = try await app.request(.post, "/api/v2/users/user/device-token", token: token, json: ["device_token": deviceToken])
            let posted = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/notifications", json: ["title": "t"])
            let id = try #require(try posted.json(["id"]) as? Int)
            let path = "/api/v2/services/\(service.id.uuidString)/notifications/\(id)/deliveries"

            var report: [String: Any] = [:]
            let deadline = ContinuousClock.now + .seconds(15)
            repeat {
                try await Task.sleep(for: .milliseconds(50))
                report = try #require(try await app.request(.get, path, token: admin).json() as? [String: Any])
            } while (report["counts"] as? [String: Int])?["skipped"] != 1 && ContinuousClock.now < deadline
            #expect((report["counts"] as? [String: Int])?["skipped"] == 1)
            let row = try #require((report["deliveries"] as? [[String: Any]])?.first)
            #expect(row["last_error"] as? String == "APNs is not configured")
            #expect(row["platform"] as? String == "apns")
            #expect(row["token"] as? String == "…cccccc")
            #expect(!(try await app.request(.get, path, token: admin).text.contains(deviceToken)), "no full token in the report")
            #expect(report["recipients"] as? Int == 1 && report["read"] as? Int == 0 && report["acknowledgement"] == nil)

            // What happened among its recipients: read, and who took it.
            #expect(try await app.request(.patch, "/api/v2/users/user/notifications", token: token, json: [["id": id, "status": "read"]]).status == .noContent)
            #expect(try await app.request(.post, "/api/v2/users/user/notifications/\(id)/acknowledge", token: token, json: ["comment": "seen"]).status == .created)
            let handled = try #require(try await app.request(.get, path, token: admin).json() as? [String: Any])
            #expect(handled["recipients"] as? Int == 1 && handled["read"] as? Int == 1)
            let acknowledgement = try #require(handled["acknowledgement"] as? [String: Any])
            #expect(acknowledgement["acknowledged_by"] as? String == "nina" && acknowledgement["comment"] as? String == "seen")

            #expect(try await app.request(.get, path, token: token).status == .forbidden)
            let other = try await app.createService()
            #expect(try await app.request(.get, "/api/v2/services/\(other.id.uuidString)/notifications/\(id)/deliveries", token: admin).status == .notFound)

            let metrics = try await app.request(.get, "/metrics")
            #expect(metrics.status == .ok)
            #expect(metrics.text.contains(#"herald_pushes_total{provider="apns",outcome="skipped"} 1"#))
            #expect(metrics.text.contains("herald_delivery_queue_depth"))
        }
    }
}
