import Foundation
import HeraldCore
import HeraldTestSupport
import HeraldUseCases
import Hummingbird
import HummingbirdTesting
import Testing

/// Where a service's acknowledgements are sent back, and what happens when
/// the source is down or refuses: who may set it, what targets are refused
/// (the outbound policy applies to an Alertmanager's address as to a feed's),
/// and a failed write-back retried and shown without touching the
/// acknowledgement. The real sources are in RealAlertmanagerTests and
/// PhoebusWriteBackTests.
@Suite("Write-back")
struct WriteBackTests {
    static func path(_ service: ServiceRecord) -> String { "/api/v2/services/\(service.id.uuidString)/write-back" }

    @Test(arguments: Backend.allCases)
    func onlyAnAdminSaysWhereAcknowledgementsGoAndBadTargetsAreRefused(_ backend: Backend) async throws {
        try await TestApp.run(backend, configure: { $0.outbound.policy = OutboundPolicy(allowedNetworks: [IPNetwork("192.168.7.0/24")!]) }) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let (_, alice) = try await app.user("alice")
            let good: [String: Any] = ["target": "alertmanager", "url": "http://192.168.7.2:9093/", "silence_minutes": 45]
            #expect(try await app.request(.put, Self.path(service), token: alice, json: good).status == .forbidden)
            #expect(try await app.request(.get, Self.path(service), token: alice).status == .forbidden)
            #expect(try await app.request(.put, Self.path(service), json: good).status == .unauthorized)

            let refused: [([String: Any], String)] = [
                (["target": "pagerduty"], "target"),
                (["target": "alertmanager"], "url"),
                (["target": "alertmanager", "url": "ftp://am.example.org"], "url"),
                (["target": "alertmanager", "url": "http://admin:secret@am.example.org"], "url"),
                (["target": "alertmanager", "url": "http://am.example.org/?x=1"], "url"),
                (["target": "alertmanager", "url": "http://10.1.2.3:9093"], "url"),
                (["target": "alertmanager", "url": "http://169.254.169.254"], "url"),
                (["target": "alertmanager", "url": "http://localhost:9093"], "url"),
                (["target": "alertmanager", "url": "http://am.example.org", "silence_minutes": 0], "silence_minutes"),
                (["target": "alertmanager", "url": "http://am.example.org", "silence_minutes": 100_000], "silence_minutes"),
            ]
            for (body, field) in refused {
                let response = try await app.request(.put, Self.path(service), token: admin, json: body)
                #expect(response.status == .unprocessableContent, "\(body)")
                let fields = (try response.json(["detail"]) as? [[String: Any]])?.compactMap { ($0["loc"] as? [Any])?.last as? String }
                #expect(fields?.contains(field) == true, "\(body): \(fields ?? [])")
            }
            #expect(try await app.request(.get, Self.path(service), token: admin).json(["target"]) as? String == "none")
            // Phoebus without a Kafka bridge: valid, but this server cannot.
            let phoebus = try await app.request(.put, Self.path(service), token: admin, json: ["target": "phoebus"])
            #expect(phoebus.status == .conflict && phoebus.text.contains("KAFKA_BROKERS"))

            // With ALLOWED_NETWORKS empty and no token, anyone could post alerts an
            // acknowledgement would silence (issue 39): 409, saying what to set up.
            let open = try await app.request(.put, Self.path(service), token: admin, json: good)
            #expect(open.status == .conflict && open.text.contains("publish token") && open.text.contains("ALLOWED_NETWORKS"), "\(open.text)")
            #expect(try await app.request(.get, Self.path(service), token: admin).json(["target"]) as? String == "none")
            // One set before the rule (past the API): said at every start until it has a token.
            let writeBacks = ServiceWriteBacks(store: app.store, outbound: OutboundPolicy(), hasKafka: false, clock: .system, receiversOpen: true)
            #expect(try await app.store.setServiceWriteBack(serviceID: service.id, .alertmanager(url: "http://192.168.7.2:9093", silenceMinutes: 45), at: Date()))
            #expect(try await writeBacks.servicesShutOut(logger: TestDatabase.logger).map(\.id) == [service.id])
            #expect(try await app.store.setServiceWriteBack(serviceID: service.id, nil, at: Date()))
            let token = try await app.request(.post, "/api/v2/services/\(service.id.uuidString)/tokens", token: admin, json: ["name": "am"])
            #expect(token.status == .created)
            let set = try await app.request(.put, Self.path(service), token: admin, json: good)
            #expect(set.status == .ok, "\(set.text)")
            #expect(try await writeBacks.servicesShutOut(logger: TestDatabase.logger).isEmpty, "it has a token now")
            let shown = try await app.request(.get, Self.path(service), token: admin)
            #expect(try shown.json(["target"]) as? String == "alertmanager")
            #expect(try shown.json(["url"]) as? String == "http://192.168.7.2:9093", "the base, without its trailing slash")
            #expect(try shown.json(["silence_minutes"]) as? Int == 45)
            #expect(try await app.request(.delete, Self.path(service), token: admin).status == .noContent)
            #expect(try await app.request(.get, Self.path(service), token: admin).json(["target"]) as? String == "none")
            #expect(try await app.request(.put, "/api/v2/services/\(UUID().uuidString)/write-back", token: admin, json: good).status == .notFound)
        }
    }

    /// The Alertmanager does not answer: the acknowledgement stands at once,
    /// and the write-back is retried, its error shown on the delivery report.
    /// A plain notification, and an alarm already resolved, are acknowledged
    /// in Herald only.
    @Test(arguments: Backend.allCases)
    func aFailedWriteBackIsRetriedAndShownWithoutTouchingTheAcknowledgement(_ backend: Backend) async throws {
        // Held bound, never listened on: refused every time, and no other test's server can take it meanwhile.
        try await withRefusingLoopbackPort { closed in
        let configure: @Sendable (inout HeraldConfig) -> Void = { $0.outbound.policy = OutboundPolicy(allowedNetworks: [IPNetwork("127.0.0.1/32")!]) }
        try await TestApp.run(backend, configure: configure, schedulers: true) { app in
            let service = try await app.createService()
            let (_, admin) = try await app.user("root", admin: true)
            let (alice, aliceToken) = try await app.user("alice")
            try await app.store.setSubscriptions(userID: alice.id, [service.id: true])
            let target: [String: Any] = ["target": "alertmanager", "url": "http://127.0.0.1:\(closed)"]
            let base = "/api/v2/services/\(service.id.uuidString)"
            let secret = try #require(try await app.request(.post, "\(base)/tokens", token: admin, json: ["name": "am"]).json(["token"]) as? String)
            #expect(try await app.request(.put, Self.path(service), token: admin, json: target).status == .ok)
            // Its alert reports now need the token: they decide what an acknowledgement silences.
            let anonymous = try await app.request(.post, "\(base)/alertmanager", json: AlertReceiverTests.alertmanagerBody(fingerprints: ["fp1"]))
            #expect(anonymous.status == .forbidden && anonymous.text.contains("publish tokens"), "\(anonymous.text)")
            #expect(try await app.store.notifications(serviceID: service.id).isEmpty, "nothing taken from it")
            // A handled service's alarms are taken by its responders (issue 39): its policy names alice.
            let named = try await app.request(
                .put, "\(base)/escalation", token: admin, json: ["steps": [["targets": [["type": "user", "username": "alice"]], "wait_seconds": 3_600]]]
            )
            #expect(named.status == .ok, "\(named.text)")
            let fired = try await app.request(
                .post, "\(base)/alertmanager", token: secret, json: AlertReceiverTests.alertmanagerBody(fingerprints: ["fp1", "fp2"])
            )
            let ids = try #require(try fired.json(["notifications"]) as? [Int])
            let plain = try #require(try await app.request(.post, "\(base)/notifications", json: ["title": "Coffee"]).json(["id"]) as? Int)
            #expect(ids.count == 2)

            let taken = try await app.request(.post, "/api/v2/users/user/notifications/\(ids[0])/acknowledge", token: aliceToken, json: [:])
            #expect(taken.status == .created, "the acknowledgement does not wait for Alertmanager")
            func report(_ id: Int) async throws -> TestResponse {
                try await app.request(.get, "\(base)/notifications/\(id)/deliveries", token: admin)
            }
            // AsyncHTTPClient retries a refused connection until the request's
            // 10-s deadline, so the first failure shows after about 10 s.
            let deadline = ContinuousClock.now + .seconds(90)
            while try await report(ids[0]).json(["write_back", "state"]) as? String != "retrying" {
                guard ContinuousClock.now < deadline else { throw TestSetupError("the failed write-back was never shown as retrying") }
                try await Task.sleep(for: .milliseconds(100))
            }
            let shown = try await report(ids[0])
            #expect((try shown.json(["write_back", "attempts"]) as? Int ?? 0) >= 1)
            #expect((try shown.json(["write_back", "detail"]) as? String)?.isEmpty == false)
            #expect(try shown.json(["write_back", "wanted"]) as? String == "acknowledged")
            #expect(try shown.json(["acknowledgement", "acknowledged_by"]) as? String == "alice")

            // The second alert resolves first; then acknowledged: nothing to tell its source.
            let resolved = AlertReceiverTests.alertmanagerBody(status: "resolved", fingerprints: ["fp2"])
            #expect(try await app.request(.post, "\(base)/alertmanager", token: secret, json: resolved).status == .ok)
            for id in [ids[1], plain] {
                let acknowledged = try await app.request(.post, "/api/v2/users/user/notifications/\(id)/acknowledge", token: aliceToken, json: [:])
                #expect(acknowledged.status == .created)
                let report = try await report(id)
                #expect(try report.json(["acknowledgement", "acknowledged_by"]) as? String == "alice")
                #expect(try report.json(["write_back"]) == nil, "notification \(id) is not an open alarm")
            }
        }
        }
    }
}
