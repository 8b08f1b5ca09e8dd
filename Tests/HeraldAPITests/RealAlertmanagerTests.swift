import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldMocks
import HeraldTestSupport
import Hummingbird
import NIOCore
import NIOHTTP1
import HummingbirdTesting
import Testing

/// The real Prometheus Alertmanager (Debian's, started here on loopback)
/// sends to a running Herald, whose worker pushes to the mock APNs: an
/// alert that fires, repeats every 2 seconds and then resolves is one
/// notification, pushed twice under one collapse id (the phone replaces the
/// alarm with its resolution, quietly).
@Suite("Real Alertmanager")
struct RealAlertmanagerTests {
    @Test func firingRepeatingAndResolvingIsOneNotificationPushedTwiceUnderOneCollapseID() async throws {
        let binary = try #require(
            ProcessInfo.processInfo.environment["HERALD_TEST_ALERTMANAGER"],
            "HERALD_TEST_ALERTMANAGER is not set: run the tests with scripts/test, which installs Alertmanager"
        )
        let firingSeconds = Double(ProcessInfo.processInfo.environment["HERALD_TEST_ALERT_SECONDS"] ?? "") ?? 8
        try await MockProviders.run { mocks in
        let delivery = try mocks.deliverySettings()
        try await TestApp.run(.sqlite, framework: .live, configure: { $0.allowedNetworks = [IPNetwork("10.0.0.0/8")!]; $0.delivery = delivery }) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let (oncall, oncallToken) = try await app.user("oncall")
            try await app.store.setSubscriptions(userID: oncall.id, [service.id: true])
            let phone = DeliveryHarness.apnsToken(1)
            _ = try await app.store.registerDevice(userID: oncall.id, token: phone, platform: .apns, at: Date())
            let created = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/tokens", token: admin, json: ["name": "am"])
            let secret = try #require(try created.json(["token"]) as? String)
            let port = try #require(app.client.port)
            let alertmanager = try await AlertmanagerProcess.start(
                binary: binary, webhook: "http://127.0.0.1:\(port)/api/v2/services/\(service.id.uuidString)/alertmanager", token: secret
            )
            // Stopped on every path, and without blocking a thread of the
            // cooperative pool (Process.waitUntilExit can hang there).
            do {
                // Each step waits on Alertmanager's own count of webhook calls
                // (a call is counted once Herald has answered it), so the last
                // check sees every call made, without sleeping to see nothing more.
                @Sendable func waitForCalls(_ calls: Int, _ what: String) async throws {
                    let deadline = ContinuousClock.now + .seconds(firingSeconds * 4 + 30)
                    while try await alertmanager.webhookNotificationsSent() < calls {
                        guard ContinuousClock.now < deadline else { throw TestSetupError("Alertmanager never \(what): \(alertmanager.logTail)") }
                        try await Task.sleep(for: .milliseconds(200))
                    }
                }
                let startsAt = Date()
                try await alertmanager.post(alert: "DiskFull", startsAt: startsAt, endsAt: startsAt.addingTimeInterval(3600))
                try await waitForCalls(2, "repeated the firing alert")
                try await alertmanager.post(alert: "DiskFull", startsAt: startsAt, endsAt: Date())
                // Resolved once stored (Alertmanager then stops calling for this group).
                let deadline = ContinuousClock.now + .seconds(60)
                while try await !app.store.notifications(serviceID: service.id).contains(where: { $0.title.hasPrefix("Resolved") }) {
                    guard ContinuousClock.now < deadline else { throw TestSetupError("no resolution arrived: \(alertmanager.logTail)") }
                    try await Task.sleep(for: .milliseconds(200))
                }
                let sent = try await alertmanager.webhookNotificationsSent()
                #expect(sent >= 3, "Alertmanager repeated the alert (it sent \(sent) webhook calls)")
                let stored = try await app.store.notifications(serviceID: service.id)
                #expect(stored.map(\.title) == ["Resolved: [CRITICAL] Disk full"], "one notification: the resolution updated the firing one")
                let inbox = try #require(try await app.request(.get, "/api/v2/users/user/notifications", token: oncallToken).json() as? [[String: Any]])
                #expect(inbox.count == 1 && inbox.first?["state"] as? String == "resolved")
                let id = try #require(stored.first?.id)
                let pushDeadline = ContinuousClock.now + .seconds(60)
                while mocks.apns.pushes.filter({ $0.token == phone }).count < 2 {
                    guard ContinuousClock.now < pushDeadline else { throw TestSetupError("the phone never got both pushes: \(mocks.apns.pushes.count)") }
                    try await Task.sleep(for: .milliseconds(100))
                }
                let pushes = mocks.apns.pushes.filter { $0.token == phone }
                #expect(pushes.count == 2, "the firing and the resolution, not the repeats")
                #expect(pushes.map { $0.headers["apns-collapse-id"] } == ["herald-\(id)", "herald-\(id)"])
                let levels = pushes.map { ($0.payload["aps"] as? [String: any Sendable])?["interruption-level"] as? String }
                #expect(levels == ["time-sensitive", "passive"], "the alarm alerts; its resolution replaces it quietly")
                #expect(mocks.apns.violations == [])
            } catch {
                await alertmanager.stop()
                throw error
            }
            await alertmanager.stop()
        }
        }
    }
}

/// A Prometheus Alertmanager process with a webhook receiver to Herald.
final class AlertmanagerProcess: Sendable {
    let process: Process
    let port: Int
    let directory: URL

    /// Starts Alertmanager and waits until it answers `/-/ready`. A start
    /// that exits (its port taken between choosing and binding it) is tried
    /// again on another port; one that neither exits nor gets ready in 30 s
    /// fails the test with what Alertmanager wrote.
    static func start(binary: String, webhook: String, token: String) async throws -> AlertmanagerProcess {
        var failures: [String] = []
        for _ in 0..<3 {
            let alertmanager = try AlertmanagerProcess(binary: binary, webhook: webhook, token: token)
            do {
                try await alertmanager.waitUntilReady()
                return alertmanager
            } catch {
                failures.append("\(error)")
                await alertmanager.stop()
            }
        }
        throw TestSetupError("Alertmanager did not start: \(failures.joined(separator: "; "))")
    }

    private init(binary: String, webhook: String, token: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-am-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = """
            route:
              receiver: herald
              group_by: [alertname]
              group_wait: 0s
              group_interval: 1s
              repeat_interval: 2s
            receivers:
              - name: herald
                webhook_configs:
                  - url: \(webhook)
                    send_resolved: true
                    http_config:
                      authorization:
                        credentials: \(token)
            """
        try config.write(to: directory.appendingPathComponent("alertmanager.yml"), atomically: true, encoding: .utf8)
        port = try unusedLoopbackPort()
        let log = directory.appendingPathComponent("alertmanager.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "--config.file=\(directory.appendingPathComponent("alertmanager.yml").path)", "--storage.path=\(directory.path)",
            "--web.listen-address=127.0.0.1:\(port)", "--cluster.listen-address=", "--log.level=info",
        ]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        self.process = process
    }

    /// SIGTERM, then SIGKILL if it is still running five seconds later.
    func stop() async {
        process.terminate()
        for _ in 0..<50 where process.isRunning {
            try? await Task.sleep(for: .milliseconds(100))
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The last lines Alertmanager logged, for a failure's message.
    var logTail: String {
        let text = (try? String(contentsOf: directory.appendingPathComponent("alertmanager.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(5).joined(separator: " | ")
    }

    private func waitUntilReady() async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        var lastAnswer = "no answer"
        while ContinuousClock.now < deadline {
            guard process.isRunning else {
                throw TestSetupError("Alertmanager on port \(port) exited (\(process.terminationStatus)): \(logTail)")
            }
            do {
                let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/-/ready"), timeout: .seconds(2))
                if response.status == .ok { return }
                lastAnswer = "\(response.status)"
            } catch {
                lastAnswer = "\(error)"
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestSetupError("Alertmanager on port \(port) was not ready in 30 s (last: \(lastAnswer)): \(logTail)")
    }

    func post(alert name: String, startsAt: Date, endsAt: Date) async throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let body: [[String: Any]] = [[
            "labels": ["alertname": name, "severity": "critical", "instance": "db1"],
            "annotations": ["summary": "Disk full"],
            "startsAt": formatter.string(from: startsAt), "endsAt": formatter.string(from: endsAt),
        ]]
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v2/alerts")
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(5))
        guard response.status == .ok else { throw TestSetupError("Alertmanager refused the alert: \(response.status)") }
    }

    /// alertmanager_notifications_total for the webhook integration.
    func webhookNotificationsSent() async throws -> Int {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/metrics"), timeout: .seconds(5))
        let text = String(buffer: try await response.body.collect(upTo: 4 << 20))
        let line = text.split(separator: "\n")
            .first { $0.hasPrefix("alertmanager_notifications_total") && $0.contains(#"integration="webhook""#) }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
    }
}
