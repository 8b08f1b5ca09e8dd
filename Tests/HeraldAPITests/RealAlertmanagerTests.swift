import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldMocks
import HeraldTestSupport
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import HummingbirdTesting
import NIOFoundationCompat
import Testing

/// The real Prometheus Alertmanager (Debian's, started here on loopback)
/// sends to a running Herald, whose worker pushes to the mock APNs: an
/// alarm's whole life. The alert fires and repeats (one notification,
/// time-sensitive); the on-call engineer acknowledges it (a colleague's
/// stream shows it at once, and Herald makes a silence in that Alertmanager
/// naming them); the alert resolves (Alertmanager withholds a silenced
/// alert's resolution, so Herald's watch tells it): still one notification,
/// resolved, pushed again quietly under the same collapse id, and the
/// silence expired. The phone also got a background withdrawal when the
/// alarm was taken.
@Suite("Real Alertmanager")
struct RealAlertmanagerTests {
    @Test(arguments: Backend.allCases)
    func anAlarmsLifeFiringAcknowledgedSilencedAndResolvedIsOneNotification(_ backend: Backend) async throws {
        let binary = try #require(
            ProcessInfo.processInfo.environment["HERALD_TEST_ALERTMANAGER"],
            "HERALD_TEST_ALERTMANAGER is not set: run the tests with scripts/test, which installs Alertmanager"
        )
        let firingSeconds = Double(ProcessInfo.processInfo.environment["HERALD_TEST_ALERT_SECONDS"] ?? "") ?? 8
        try await MockProviders.run { mocks in
        let delivery = try mocks.deliverySettings()
        let configure: @Sendable (inout HeraldConfig) -> Void = { config in
            config.allowedNetworks = [IPNetwork("10.0.0.0/8")!]
            config.delivery = delivery
            // The Alertmanager is on loopback: the site allows it, as a site would its own network.
            config.outbound.policy = OutboundPolicy(allowedNetworks: [IPNetwork("127.0.0.1/32")!])
            config.writeBackWatchSeconds = 1
        }
        try await TestApp.run(backend, framework: .live, configure: configure, schedulers: true) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let (oncall, oncallToken) = try await app.user("oncall")
            let (colleague, colleagueToken) = try await app.user("colleague")
            for user in [oncall, colleague] { try await app.store.setSubscriptions(userID: user.id, [service.id: true]) }
            let phone = DeliveryHarness.apnsToken(1)
            _ = try await app.store.registerDevice(userID: oncall.id, token: phone, platform: .apns, at: Date())
            let created = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/tokens", token: admin, json: ["name": "am"])
            let secret = try #require(try created.json(["token"]) as? String)
            let port = try #require(app.client.port)
            let alertmanager = try await AlertmanagerProcess.start(
                binary: binary, webhook: "http://127.0.0.1:\(port)/api/v2/services/\(service.id.uuidString)/alertmanager", token: secret
            )
            // Stopped on every path, and without blocking a thread of the
            // cooperative pool (polled, not waited for).
            do {
                let writeBack = try await app.request(
                    .put, "/api/v2/services/\(service.id.uuidString)/write-back", token: admin,
                    json: ["target": "alertmanager", "url": "http://127.0.0.1:\(alertmanager.port)", "silence_minutes": 30]
                )
                #expect(writeBack.status == .ok)
                // Its alarms are its responders' to take (issue 39): the policy names the on-call engineer.
                let policy = try await app.request(
                    .put, "/api/v2/services/\(service.id.uuidString)/escalation", token: admin,
                    json: ["steps": [["targets": [["type": "user", "username": "oncall"]], "wait_seconds": 3_600]]]
                )
                #expect(policy.status == .ok, "\(policy.text)")
                // Each step waits on Alertmanager's own count of webhook calls
                // (a call is counted once Herald has answered it).
                @Sendable func waitForCalls(_ calls: Int, _ what: String) async throws {
                    let deadline = ContinuousClock.now + .seconds(firingSeconds * 4 + 30)
                    while try await alertmanager.webhookNotificationsSent() < calls {
                        guard ContinuousClock.now < deadline else { throw TestSetupError("Alertmanager never \(what): \(alertmanager.logTail)") }
                        try await Task.sleep(for: .milliseconds(200))
                    }
                }
                @Sendable func waitUntil(_ what: String, _ condition: @Sendable () async throws -> Bool) async throws {
                    let deadline = ContinuousClock.now + .seconds(60)
                    while try await !condition() {
                        guard ContinuousClock.now < deadline else { throw TestSetupError("\(what) never happened: \(alertmanager.logTail)") }
                        try await Task.sleep(for: .milliseconds(100))
                    }
                }
                let startsAt = Date()
                try await alertmanager.post(alert: "DiskFull", startsAt: startsAt, endsAt: startsAt.addingTimeInterval(3600))
                try await waitForCalls(2, "repeated the firing alert")
                let id = try #require(try await app.store.notifications(serviceID: service.id).first?.id)

                // The on-call engineer takes it; the colleague sees it live.
                let stream = try await InboxStreamTests.open(port, token: colleagueToken)
                let acknowledged = ContinuousClock.now
                let taken = try await app.request(
                    .post, "/api/v2/users/user/notifications/\(id)/acknowledge", token: oncallToken, json: ["comment": "replacing the disk"]
                )
                #expect(taken.status == .created)
                var seen: EventStreamReader.Event?
                while seen == nil, let event = try await stream.next() {
                    if event.json["id"] as? Int == Int(id), event.json["acknowledged_by"] as? String == "oncall" { seen = event }
                }
                // Timed, not asserted: under the whole suite's load the
                // request alone can take a second (the 1-s target is
                // measured on its own; see the issue's closing note).
                print("acknowledgement reached the colleague's stream in \(ContinuousClock.now - acknowledged)")
                #expect(seen?.json["state"] as? String == "acknowledged")
                let colleagueInbox = try #require(try await app.request(.get, "/api/v2/users/user/notifications", token: colleagueToken).json() as? [[String: Any]])
                #expect(colleagueInbox.first?["acknowledged_by"] as? String == "oncall")

                // Alertmanager gets a silence for exactly that alert, naming who took it.
                try await waitUntil("the silence") { try await !alertmanager.silences().filter { $0.state == "active" }.isEmpty }
                let silence = try #require(try await alertmanager.silences().first)
                #expect(silence.createdBy.contains("oncall") && silence.comment.contains("replacing the disk"))
                #expect(silence.matchers == ["alertname": "DiskFull", "instance": "db1", "severity": "critical"])
                let report = try await app.request(.get, "/api/v2/services/\(service.id.uuidString)/notifications/\(id)/deliveries", token: admin)
                #expect(try report.json(["write_back", "state"]) as? String == "done")
                #expect(try report.json(["write_back", "reference"]) as? String == silence.id)

                // It resolves: Alertmanager sends nothing (silenced); Herald's watch tells the resolution.
                try await alertmanager.post(alert: "DiskFull", startsAt: startsAt, endsAt: Date())
                try await waitUntil("the resolution") {
                    try await app.store.notifications(serviceID: service.id).contains { $0.title.hasPrefix("Resolved") }
                }
                let stored = try await app.store.notifications(serviceID: service.id)
                #expect(stored.map(\.title) == ["Resolved: [CRITICAL] Disk full"], "one notification: the resolution updated the firing one")
                let inbox = try #require(try await app.request(.get, "/api/v2/users/user/notifications", token: oncallToken).json() as? [[String: Any]])
                #expect(inbox.count == 1 && inbox.first?["state"] as? String == "resolved")
                try await waitUntil("the silence's expiry") { try await alertmanager.silences().allSatisfy { $0.state == "expired" } }
                try await waitUntil("the resolution's push") { mocks.apns.pushes.filter { $0.token == phone && !$0.isBackground }.count >= 2 }
                // The acknowledgement took the alarm down on the phone too (a background push).
                #expect(mocks.apns.pushes.filter { $0.token == phone }.map(\.isBackground) == [false, true, false])
                let pushes = mocks.apns.pushes.filter { $0.token == phone && !$0.isBackground }
                #expect(pushes.count == 2, "the firing and the resolution, not the repeats")
                #expect(pushes.map { $0.headers["apns-collapse-id"] } == ["herald-\(id)", "herald-\(id)"])
                let levels = pushes.map { ($0.payload["aps"] as? [String: any Sendable])?["interruption-level"] as? String }
                #expect(levels == ["time-sensitive", "passive"], "the alarm alerts; its resolution replaces it quietly")
                #expect(mocks.apns.violations == [])
                let after = try await app.request(.get, "/api/v2/services/\(service.id.uuidString)/notifications/\(id)/deliveries", token: admin)
                #expect(try after.json(["write_back", "wanted"]) as? String == "resolved" && (try after.json(["write_back", "state"]) as? String) == "done")
            } catch {
                await alertmanager.stop()
                throw error
            }
            await alertmanager.stop()
        }
        }
    }

    /// A decoy silences nothing (issue 39): a real alert fires in the real
    /// Alertmanager ("PaymentsDatabaseDown"); someone posts a harmless
    /// alert to a sandbox service that writes back to the same
    /// Alertmanager, under the real alert's fingerprint (a hash of its
    /// labels, computable offline). Acknowledging the decoy makes no
    /// silence: Alertmanager lists other labels under that fingerprint than
    /// Herald received, and the write-back says `refused`, and why.
    @Test(arguments: Backend.allCases)
    func aDecoyWithARealAlertsFingerprintSilencesNothing(_ backend: Backend) async throws {
        let binary = try #require(
            ProcessInfo.processInfo.environment["HERALD_TEST_ALERTMANAGER"],
            "HERALD_TEST_ALERTMANAGER is not set: run the tests with scripts/test, which installs Alertmanager"
        )
        let configure: @Sendable (inout HeraldConfig) -> Void = { config in
            config.outbound.policy = OutboundPolicy(allowedNetworks: [IPNetwork("127.0.0.1/32")!])
        }
        try await TestApp.run(backend, framework: .live, configure: configure, schedulers: true) { app in
            let payments = try await app.createService(category: "Payments")
            let sandbox = try await app.createService(category: "Sandbox")
            let (root, admin) = try await app.user("root", admin: true)
            try await app.store.setSubscriptions(userID: root.id, [sandbox.id: true])
            func token(_ service: ServiceRecord) async throws -> String {
                let made = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/tokens", token: admin, json: ["name": "am"])
                return try #require(try made.json(["token"]) as? String)
            }
            let paymentsToken = try await token(payments)
            let sandboxToken = try await token(sandbox)
            let port = try #require(app.client.port)
            let alertmanager = try await AlertmanagerProcess.start(
                binary: binary, webhook: "http://127.0.0.1:\(port)/api/v2/services/\(payments.id.uuidString)/alertmanager", token: paymentsToken
            )
            do {
                let real = ["alertname": "PaymentsDatabaseDown", "severity": "critical", "team": "payments"]
                try await alertmanager.post(labels: real, startsAt: Date(), endsAt: Date().addingTimeInterval(3_600))
                let listed = try await alertmanager.alerts()
                let fingerprint = try #require(listed.first { $0.labels == real }?.fingerprint, "\(listed)")

                let writeBack = try await app.request(
                    .put, "/api/v2/services/\(sandbox.id.uuidString)/write-back", token: admin,
                    json: ["target": "alertmanager", "url": "http://127.0.0.1:\(alertmanager.port)"]
                )
                #expect(writeBack.status == .ok, "\(writeBack.text)")
                var decoy = AlertReceiverTests.alertmanagerBody(fingerprints: [fingerprint])
                var alerts = decoy["alerts"] as? [[String: Any]] ?? []
                alerts[0]["labels"] = ["alertname": "HarmlessTestAlert", "severity": "info"]
                decoy["alerts"] = alerts
                let posted = try await app.request(.post, "/api/v2/services/\(sandbox.id.uuidString)/alertmanager", token: sandboxToken, json: decoy)
                let id = try #require((try posted.json(["notifications"]) as? [Int])?.first, "\(posted.text)")
                #expect(try await app.request(.post, "/api/v2/users/user/notifications/\(id)/acknowledge", token: admin, json: [:]).status == .created)

                let reportPath = "/api/v2/services/\(sandbox.id.uuidString)/notifications/\(id)/deliveries"
                let deadline = ContinuousClock.now + .seconds(60)
                while try await app.request(.get, reportPath, token: admin).json(["write_back", "state"]) as? String != "refused" {
                    guard ContinuousClock.now < deadline else { throw TestSetupError("the write-back was never refused") }
                    try await Task.sleep(for: .milliseconds(100))
                }
                let detail = try await app.request(.get, reportPath, token: admin).json(["write_back", "detail"]) as? String
                #expect(detail?.contains("labels differ") == true && detail?.contains("alertname") == true, "\(detail ?? "")")
                #expect(try await alertmanager.silences().isEmpty, "the real alert was not silenced")
            } catch {
                await alertmanager.stop()
                throw error
            }
            await alertmanager.stop()
        }
    }
}

/// A Prometheus Alertmanager process with a webhook receiver to Herald.
///
/// Started with posix_spawn (`spawnProgram`), not Foundation's Process:
/// Process.run crashed a full run once (SIGSEGV in
/// findMaximumOpenFromProcSelfFD, swift-corelibs-foundation #5472, not
/// fixed in the machine's Swift 6.3.1).
final class AlertmanagerProcess: Sendable {
    let pid: pid_t
    let binary: String
    /// Its exit status once reaped (a pid is reaped once).
    private let exit = NIOLockedValueBox<Int32?>(nil)
    let port: Int
    let directory: URL

    /// Starts Alertmanager and waits until it answers `/-/ready` with its own
    /// configuration. Alertmanager binds its port itself, so the port is
    /// chosen free and released first: a start that exits (the port taken
    /// meanwhile), or whose port answers for another test's Alertmanager (it
    /// took the port first; its configuration names another webhook), is
    /// tried again on another port; one that neither exits nor gets ready in
    /// 30 s fails the test with what Alertmanager wrote.
    static func start(binary: String, webhook: String, token: String) async throws -> AlertmanagerProcess {
        var failures: [String] = []
        for _ in 0..<3 {
            let alertmanager = try AlertmanagerProcess(binary: binary, webhook: webhook, token: token)
            do {
                try await alertmanager.waitUntilReady()
                try await alertmanager.checkItIsOurs(webhook: webhook)
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
        let arguments = [
            "--config.file=\(directory.appendingPathComponent("alertmanager.yml").path)", "--storage.path=\(directory.path)",
            "--web.listen-address=127.0.0.1:\(port)", "--cluster.listen-address=", "--log.level=info",
        ]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        self.binary = binary
        pid = try spawnProgram(binary, arguments, environment: environment, input: "/dev/null", output: log.path)
    }

    /// Its exit status if it has ended, nil while it runs.
    private var ended: Int32? {
        exit.withLockedValue { status in
            if status == nil { status = try? endedProgramStatus(pid, binary) }
            return status
        }
    }

    /// SIGTERM, then SIGKILL if it is still running five seconds later.
    func stop() async {
        kill(pid, SIGTERM)
        for _ in 0..<50 where ended == nil {
            try? await Task.sleep(for: .milliseconds(100))
        }
        if ended == nil {
            kill(pid, SIGKILL)
            for _ in 0..<50 where ended == nil { try? await Task.sleep(for: .milliseconds(100)) }
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The last lines Alertmanager logged, for a failure's message.
    var logTail: String {
        let text = (try? String(contentsOf: directory.appendingPathComponent("alertmanager.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(5).joined(separator: " | ")
    }

    /// The process on the port is this one: its configuration names our webhook.
    private func checkItIsOurs(webhook: String) async throws {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v2/status"), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        let status = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any]
        let original = (status?["config"] as? [String: Any])?["original"] as? String
        guard original?.contains(webhook) == true else {
            throw TestSetupError("port \(port) answers for another Alertmanager (its configuration does not name \(webhook))")
        }
    }

    private func waitUntilReady() async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        var lastAnswer = "no answer"
        while ContinuousClock.now < deadline {
            if let status = ended {
                throw TestSetupError("Alertmanager on port \(port) exited (\(status)): \(logTail)")
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
        try await post(labels: ["alertname": name, "severity": "critical", "instance": "db1"], startsAt: startsAt, endsAt: endsAt)
    }

    func post(labels: [String: String], startsAt: Date, endsAt: Date) async throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let body: [[String: Any]] = [[
            "labels": labels,
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

    /// The alerts Alertmanager lists, with their fingerprints.
    func alerts() async throws -> [(fingerprint: String, labels: [String: String])] {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v2/alerts"), timeout: .seconds(5))
        let body = try await response.body.collect(upTo: 4 << 20)
        let list = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [[String: Any]] ?? []
        return list.compactMap { item in
            guard let fingerprint = item["fingerprint"] as? String, let labels = item["labels"] as? [String: String] else { return nil }
            return (fingerprint, labels)
        }
    }

    struct Silence {
        var id: String
        var state: String
        var createdBy: String
        var comment: String
        var matchers: [String: String]
    }

    /// The silences Alertmanager holds (active and expired).
    func silences() async throws -> [Silence] {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v2/silences"), timeout: .seconds(5))
        let body = try await response.body.collect(upTo: 4 << 20)
        let list = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [[String: Any]] ?? []
        return list.map { item in
            let matchers = (item["matchers"] as? [[String: Any]] ?? []).compactMap { m -> (String, String)? in
                guard let name = m["name"] as? String, let value = m["value"] as? String, m["isRegex"] as? Bool == false else { return nil }
                return (name, value)
            }
            return Silence(
                id: item["id"] as? String ?? "", state: (item["status"] as? [String: Any])?["state"] as? String ?? "",
                createdBy: item["createdBy"] as? String ?? "", comment: item["comment"] as? String ?? "",
                matchers: Dictionary(matchers, uniquingKeysWith: { first, _ in first })
            )
        }
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
