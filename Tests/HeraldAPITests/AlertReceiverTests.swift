import Foundation
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Alert receivers over HTTP")
struct AlertReceiverTests {
    static func alertmanagerBody(status: String = "firing", startsAt: String = "2024-05-02T09:00:00Z", fingerprints: [String] = ["fp1"]) -> [String: Any] {
        [
            "version": "4", "status": status, "receiver": "herald", "groupLabels": ["alertname": "DiskFull"],
            "externalURL": "http://alertmanager:9093", "truncatedAlerts": 0,
            "alerts": fingerprints.map { fingerprint in
                [
                    "status": status, "labels": ["alertname": "DiskFull", "severity": "critical", "instance": "db-\(fingerprint)"],
                    "annotations": ["summary": "Disk full", "description": "/var at 99%"], "startsAt": startsAt,
                    "endsAt": status == "firing" ? "0001-01-01T00:00:00Z" : "2024-05-02T10:00:00Z", "fingerprint": fingerprint,
                    "generatorURL": "http://prometheus:9090/graph",
                ] as [String: Any]
            },
        ]
    }

    @Test(arguments: Backend.allCases)
    func repeatsArePushedOnceAndResolutionOnce(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (user, token) = try await app.user("oncall")
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            let path = "/api/v2/services/\(service.id.uuidString)/alertmanager"
            func post(_ body: [String: Any]) async throws -> Int? {
                let response = try await app.request(.post, path, json: body)
                #expect(response.status == .ok)
                return try response.json(["notified"]) as? Int
            }
            #expect(try await post(Self.alertmanagerBody()) == 1)
            #expect(try await post(Self.alertmanagerBody()) == 0, "a repeat")
            #expect(try await post(Self.alertmanagerBody()) == 0, "a repeat")
            #expect(try await post(Self.alertmanagerBody(status: "resolved")) == 1)
            #expect(try await post(Self.alertmanagerBody(status: "resolved")) == 0, "a repeated resolution")
            #expect(try await post(Self.alertmanagerBody(startsAt: "2024-05-02T11:00:00Z")) == 1, "fired again")

            // The resolution updated the firing notification; the new firing is a new one.
            let inbox = try #require(try await app.request(.get, "/api/v2/users/user/notifications", token: token).json() as? [[String: Any]])
            #expect(inbox.compactMap { $0["title"] as? String } == ["Resolved: [CRITICAL] Disk full", "[CRITICAL] Disk full"])
            #expect(inbox.compactMap { $0["state"] as? String } == ["resolved", "open"])
            #expect(inbox.compactMap { $0["key"] as? String } == ["alert:fp1"], "the key moved to the new firing")
            #expect(inbox.first?["severity"] as? String == "critical")
            #expect(inbox.first?["subtitle"] as? String == "/var at 99% — instance db-fp1")
            #expect(inbox.first?["url"] as? String == "http://prometheus:9090/graph")

            let storm = try await app.request(.post, path, json: Self.alertmanagerBody(fingerprints: (0..<15).map { "storm\($0)" }))
            #expect(try storm.json(["notified"]) as? Int == 1)
            #expect(try await app.store.unreadCount(userID: user.id) == 3)
            let summary = try #require(try await app.store.notifications(serviceID: service.id).last)
            #expect(summary.key == nil && summary.alarm == nil, "a storm's summary stands for no one alarm")
        }
    }

    /// An alarm's life on one notification: the firing is pushed to every
    /// subscriber's device; the resolution updates it (same id, `state`
    /// resolved, seen by the live inbox as a change) and is pushed again to
    /// those who still hold it, so each phone replaces what it shows; who
    /// deleted it gets nothing more. Grafana's receiver does the same.
    @Test(arguments: Backend.allCases)
    func aResolutionUpdatesTheFiringNotificationAndIsPushedToItsHolders(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (alice, aliceToken) = try await app.user("alice")
            let (bob, bobToken) = try await app.user("bob")
            for (index, user) in [alice, bob].enumerated() {
                try await app.store.setSubscriptions(userID: user.id, [service.id: true])
                _ = try await app.store.registerDevice(userID: user.id, token: String(format: "%064x", index + 1), platform: .apns, at: Date())
            }
            for route in ["alertmanager", "grafana"] {
                let fingerprint = "\(route)-disk"
                let path = "/api/v2/services/\(service.id.uuidString)/\(route)"
                let fired = try await app.request(.post, path, json: Self.alertmanagerBody(fingerprints: [fingerprint]))
                let id = try #require((try fired.json(["notifications"]) as? [Int])?.first)
                #expect(try await app.store.deliveryReport(notificationID: Int64(id)).count == 2, "one push per subscriber's device")
                // Bob deletes it; Alice keeps it.
                #expect(try await app.request(.patch, "/api/v2/users/user/notifications", token: bobToken, json: [["id": id, "status": "deleted"]]).status == .noContent)

                let resolved = try await app.request(.post, path, json: Self.alertmanagerBody(status: "resolved", fingerprints: [fingerprint]))
                #expect(try resolved.json(["notifications"]) as? [Int] == [id], "the same notification")
                let item = try #require(
                    (try await app.request(.get, "/api/v2/users/user/notifications", token: aliceToken).json() as? [[String: Any]])?
                        .first { $0["id"] as? Int == id }
                )
                #expect(item["title"] as? String == "Resolved: [CRITICAL] Disk full")
                #expect(item["state"] as? String == "resolved")
                let report = try await app.store.deliveryReport(notificationID: Int64(id))
                #expect(report.count == 3, "the resolution went again to Alice's device only")
                #expect(report.filter { $0.userID == alice.id }.count == 2 && report.filter { $0.userID == bob.id }.count == 1)
                #expect(try await app.store.notifications(serviceID: service.id).filter { $0.key == "alert:\(fingerprint)" }.map(\.id) == [Int64(id)])
            }
        }
    }

    /// An alert is what its labels say (issue 39): a report wearing a known
    /// fingerprint with other labels, firing or resolved, is kept apart as
    /// an alert of its own (logged): a forged resolution leaves the real
    /// alarm open, a decoy cannot rewrite it, and a forgery posted first
    /// (claiming a real alert's fingerprint before it fires) does not shut
    /// the real alert out. The real source's own reports still count.
    @Test(arguments: Backend.allCases)
    func aKnownFingerprintWithOtherLabelsIsKeptApart(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            let (alice, _) = try await app.user("alice")
            try await app.store.setSubscriptions(userID: alice.id, [service.id: true])
            let path = "/api/v2/services/\(service.id.uuidString)/alertmanager"
            func report(_ status: String, labels: [String: String], fingerprint: String = "c0ffee", summary: String = "Disk full") -> [String: Any] {
                var body = Self.alertmanagerBody(status: status, fingerprints: [fingerprint])
                var alerts = body["alerts"] as? [[String: Any]] ?? []
                alerts[0]["labels"] = labels
                alerts[0]["annotations"] = ["summary": summary]
                body["alerts"] = alerts
                return body
            }
            let real = ["alertname": "PaymentsDatabaseDown", "severity": "critical", "team": "payments"]
            let decoy = ["alertname": "HarmlessTestAlert", "severity": "info"]
            let fired = try await app.request(.post, path, json: report("firing", labels: real))
            let id = try #require((try fired.json(["notifications"]) as? [Int])?.first)

            // A forged resolution with the real fingerprint: taken (200, Alertmanager
            // must not retry it) but it is another alert's, never seen firing.
            let forged = try await app.request(.post, path, json: report("resolved", labels: decoy))
            #expect(try forged.status == .ok && (forged.json(["notified"]) as? Int) == 0, "\(forged.text)")
            #expect(try await app.store.notification(id: Int64(id))?.alarm == .firing, "the real alarm is still open")
            // A decoy firing under it: a notification of its own; the real one untouched.
            let decoyFired = try await app.request(.post, path, json: report("firing", labels: decoy, summary: "Harmless"))
            let decoyID = try #require((try decoyFired.json(["notifications"]) as? [Int])?.first)
            #expect(decoyID != id)
            let real0 = try #require(try await app.store.notification(id: Int64(id)))
            #expect(real0.title.contains("Disk full") && real0.key == "alert:c0ffee", "\(real0.title) \(real0.key ?? "")")
            #expect(try await app.store.notification(id: Int64(decoyID))?.key?.hasPrefix("alert:c0ffee~") == true)

            // The real source's resolution still resolves the real one.
            let resolved = try await app.request(.post, path, json: report("resolved", labels: real))
            #expect(try resolved.json(["notifications"]) as? [Int] == [id])
            #expect(try await app.store.notification(id: Int64(id))?.alarm == .resolved)

            // A forgery first: it claims a fingerprint before the real alert fires.
            _ = try await app.request(.post, path, json: report("resolved", labels: decoy, fingerprint: "beef"))
            let late = try await app.request(.post, path, json: report("firing", labels: real, fingerprint: "beef"))
            #expect(try late.json(["notified"]) as? Int == 1, "the real alert is not shut out: \(late.text)")
            let lateID = Int64(try #require((try late.json(["notifications"]) as? [Int])?.first))
            #expect(try await app.store.notification(id: lateID)?.alarm == .firing)
        }
    }

    /// Stored templates that no longer parse (saved by an older build, or
    /// written past the API) must not silence a service's alerts, nor be
    /// skipped silently: the default mapping is used and the log says which
    /// service needs its templates saved again.
    @Test func storedTemplatesThatDoNotParseFallBackToTheDefaultAndAreLogged() async throws {
        let logs = CapturedLogs()
        try await TestApp.run(.sqlite, logger: logs.logger) { app in
            let service = try await app.createService()
            let (user, token) = try await app.user("oncall")
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            #expect(try await app.store.setServiceTemplates(serviceID: service.id, NotificationTemplates(title: "{{#unclosed}}"), at: Date()))
            let response = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/alertmanager", json: Self.alertmanagerBody())
            #expect(response.status == .ok)
            #expect(try response.json(["notified"]) as? Int == 1)
            let inbox = try #require(try await app.request(.get, "/api/v2/users/user/notifications", token: token).json() as? [[String: Any]])
            #expect(inbox.compactMap { $0["title"] as? String } == ["[CRITICAL] Disk full"])
            let line = try #require(logs.all.first { $0.contains("templates do not parse") })
            #expect(line.hasPrefix("error") && line.contains(service.id.uuidString.lowercased()), "\(line)")
        }
    }

    @Test(arguments: Backend.allCases)
    func badPayloadsAre400AndUnknownServices404(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService()
            for route in ["alertmanager", "grafana"] {
                let bad = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/\(route)", rawBody: #"{"alerts": 5}"#)
                #expect(bad.status == .badRequest)
                #expect(bad.detail == "Invalid alert payload: wrong type at alerts")
                let broken = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/\(route)", rawBody: "{")
                #expect(broken.status == .badRequest && broken.detail == "Invalid alert payload: the body is not valid JSON")
                let negative = try await app.request(
                    .post, "/api/v2/services/\(service.id.uuidString)/\(route)", rawBody: #"{"alerts": [], "truncatedAlerts": -3}"#
                )
                #expect(negative.status == .badRequest && negative.detail == "Invalid alert payload: truncatedAlerts should be 0 or more")
            }
            let unknown = try await app.request(.post, "/api/v2/services/\(UUID().uuidString)/alertmanager", json: Self.alertmanagerBody())
            #expect(unknown.status == .notFound)
            #expect(try await app.store.notifications(serviceID: service.id).isEmpty)
        }
    }

    /// Outside the allowlist, a service token lets a sender in; a revoked
    /// one, another service's, or none does not. On every backend: the
    /// token's hash is looked up and its use recorded by the store.
    @Test(arguments: Backend.allCases)
    func serviceTokensAdmitSendersOutsideTheAllowlist(_ backend: Backend) async throws {
        try await TestApp.run(backend, framework: .live, configure: { $0.allowedNetworks = [IPNetwork("10.0.0.0/8")!] }) { app in
            let service = try await app.createService()
            let other = try await app.createService(category: "Other")
            let (_, admin) = try await app.user("root", admin: true)
            let created = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/tokens", token: admin, json: ["name": "alertmanager"])
            #expect(created.status == .created)
            let secret = try #require(try created.json(["token"]) as? String)
            let id = try #require(try created.json(["id"]) as? Int)
            #expect(secret.hasPrefix("hrld_"))

            let base = "/api/v2/services/\(service.id.uuidString)"
            let paths = ["\(base)/alertmanager", "\(base)/notifications", "\(base)/webhook", "\(base)/grafana"]
            let bodies: [Any] = [Self.alertmanagerBody(), ["title": "by token"], ["title": "hooked"], Self.alertmanagerBody(fingerprints: ["g1"])]
            for (path, body) in zip(paths, bodies) {
                #expect(try await app.request(.post, path, json: body).status == .forbidden, "\(path)")
                #expect(try await app.request(.post, path, token: secret, json: body).status.code < 300, "\(path)")
                #expect(try await app.request(.post, path, token: "hrld_wrong", json: body).status == .forbidden, "\(path)")
            }
            #expect(Set(try await app.store.notifications(serviceID: service.id).map(\.title)).isSuperset(of: ["by token", "hooked"]))
            // Another service's token opens nothing here, and this one nothing there.
            let otherToken = try #require(
                try await app.request(.post, "/api/v2/services/\(other.id.uuidString)/tokens", token: admin, json: ["name": "other"]).json(["token"]) as? String
            )
            #expect(try await app.request(.post, paths[1], token: otherToken, json: ["title": "t"]).status == .forbidden)
            let elsewhere = try await app.request(.post, "/api/v2/services/\(other.id.uuidString)/notifications", token: secret, json: ["title": "t"])
            #expect(elsewhere.status == .forbidden)
            #expect(try await app.store.notifications(serviceID: other.id).isEmpty)
            // A token is revoked only through its own service.
            #expect(try await app.request(.delete, "/api/v2/services/\(other.id.uuidString)/tokens/\(id)", token: admin).status == .notFound)
            #expect(try await app.request(.post, paths[1], token: secret, json: ["title": "still"]).status == .created)

            let listed = try #require(try await app.request(.get, "/api/v2/services/\(service.id.uuidString)/tokens", token: admin).json() as? [[String: Any]])
            #expect(listed.count == 1 && listed[0]["token"] == nil && listed[0]["last_used_at"] is String)
            #expect(try await app.request(.delete, "/api/v2/services/\(service.id.uuidString)/tokens/\(id)", token: admin).status == .noContent)
            #expect(try await app.request(.post, paths[1], token: secret, json: ["title": "t"]).status == .forbidden)
        }
    }
}
