import Foundation
import HeraldCore
import HeraldServer
import HeraldStore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// `/-/live` and `/-/ready` for orchestrators: ready means the database
/// answers with the schema this build expects and the worker runs.
@Suite("Liveness and readiness")
struct ProbeTests {
    struct Report: Decodable {
        struct Check: Decodable { let name: String; let ok: Bool; let required: Bool; let reason: String? }
        let ready: Bool
        let checks: [Check]
    }

    static func report(_ client: some TestClientProtocol) async throws -> (HTTPResponse.Status, Report) {
        let response = try await client.execute(uri: "/-/ready", method: .get)
        #expect(response.headers[.contentType] == "application/json")
        return (response.status, try JSONDecoder().decode(Report.self, from: Data(String(buffer: response.body).utf8)))
    }

    /// Polls `/-/ready` until it answers `status` or `seconds` pass.
    static func waitFor(_ status: HTTPResponse.Status, _ client: some TestClientProtocol, seconds: Int = 30) async throws -> Report {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            let (answered, report) = try await Self.report(client)
            if answered == status { return report }
            guard ContinuousClock.now < deadline else { throw TestSetupError("/-/ready stayed \(answered.code): \(report.checks)") }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    @Test func aMigratedProcessWithItsWorkerIsReadyAndAlwaysLive() async throws {
        try await TestDatabase.withFreshDatabase(.sqlite) { location in
            try await ProcessRolesTests.run([.api, .worker], at: location) { client in
                let report = try await Self.waitFor(.ok, client)
                #expect(report.ready)
                #expect(report.checks.map(\.name) == ["database", "migrations", "worker", "token-pruning"])
                #expect(report.checks.allSatisfy { $0.ok && $0.reason == nil })
                let live = try await client.execute(uri: "/-/live", method: .get)
                #expect(live.status == .ok && String(buffer: live.body) == "OK")
            }
        }
    }

    @Test func readinessFollowsPostgreSQLDownAndBack() async throws {
        let spare = try #require(SpareCluster(), "run the tests with scripts/test, which starts a spare PostgreSQL cluster")
        try await spare.exclusively { try await readinessFollows(spare) }
    }

    private func readinessFollows(_ spare: SpareCluster) async throws {
        try await ProcessRolesTests.run([.worker], at: try DatabaseLocation(url: spare.url)) { client in
            _ = try await Self.waitFor(.ok, client)

            let stopped = try await spare.run("stop")
            #expect(stopped.status == 0, "pg-cluster stop: \(stopped.output)")
            do {
                let down = try await Self.waitFor(.serviceUnavailable, client)
                let database = try #require(down.checks.first { $0.name == "database" })
                #expect(!database.ok && database.required && !(database.reason ?? "").isEmpty)
                #expect(!down.ready)
            } catch {
                _ = try? await spare.run("start")
                throw error
            }

            let started = try await spare.run("start")
            #expect(started.status == 0, "pg-cluster start: \(started.output)")
            let back = try await Self.waitFor(.ok, client, seconds: 60)
            #expect(back.ready && back.checks.allSatisfy(\.ok))
        }
    }

    /// A schema behind this build, a database that errors and a stopped
    /// worker each make the process unready, saying why; an optional part
    /// (the Kafka bridge) is reported without making it unready.
    @Test func eachFailingCheckSaysWhy() async throws {
        try await TestDatabase.withFaultyStore(.sqlite) { store in
            let parts = PartStates()
            let applied = try await store.appliedMigrations()
            let probe = ReadinessProbe(
                schema: store, expectedMigrations: applied.union([9_999]), parts: parts, requiredParts: [.worker], optionalParts: [.kafkaBridge]
            )
            parts.set(.worker, .running)
            let behind = await probe.report()
            #expect(!behind.ready)
            #expect(behind.checks.first { $0.name == "migrations" }?.reason == "not applied: 9999")
            #expect(behind.checks.first { $0.name == "kafka-bridge" } == .init(name: "kafka-bridge", ok: false, required: false, reason: "not started"))

            let current = ReadinessProbe(schema: store, expectedMigrations: applied, parts: parts, requiredParts: [.worker], optionalParts: [.kafkaBridge])
            #expect(await current.report().ready, "a stopped optional part does not make the process unready")

            parts.set(.worker, .stopped(reason: "failed: boom"))
            #expect(await current.report().checks.first { $0.name == "worker" }?.reason == "failed: boom")
            parts.set(.worker, .running)

            store.faults.fail(.appliedMigrations)
            let failing = await current.report()
            #expect(!failing.ready)
            #expect(failing.checks.prefix(2).map(\.ok) == [false, false])
        }
    }
}
