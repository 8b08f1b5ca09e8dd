import Foundation
import HeraldCore
import HeraldServer
import HeraldStore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Every process is wired by the composition root, so a worker or a bridge
/// on its own serves `/metrics` and `/-/health` like `herald serve`.
@Suite("Composition root")
struct ProcessRolesTests {
    static func run(
        _ roles: ProcessRoles, configure: @Sendable (inout HeraldConfig) -> Void = { _ in }, _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await TestDatabase.withFreshDatabase(.sqlite) { location in
            try await run(roles, at: location, configure: configure, body)
        }
    }

    /// The process for `roles`, built by the composition root on the database at `location`.
    static func run(
        _ roles: ProcessRoles, at location: DatabaseLocation, configure: @Sendable (inout HeraldConfig) -> Void = { _ in },
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        var config = TestApp.config(location)
        configure(&config)
        let opened = try await StoreFactory.open(location, logger: TestDatabase.logger)
        do {
            let app = try HeraldServer.buildApplication(config: config, opened: opened, roles: roles, logger: TestDatabase.logger)
            try await app.test(.router) { client in try await body(client) }
            try await opened.close()
        } catch {
            try? await opened.close()
            throw error
        }
    }

    @Test func aWorkerServesMetricsAndHealthButNoAPI() async throws {
        try await Self.run(.worker) { client in
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            #expect(metrics.status == .ok)
            #expect(String(buffer: metrics.body).contains("herald_delivery_queue_depth"))
            let health = try await client.execute(uri: "/-/health", method: .get)
            #expect(health.status == .ok && String(buffer: health.body) == "OK")
            #expect(try await client.execute(uri: "/api/v2/services", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/api/v2/login", method: .post).status == .notFound)
        }
    }

    @Test func serveRunsTheWorkerAndTheBridgeUnlessTheyRunElsewhere() throws {
        var config = HeraldConfig()
        #expect(ProcessRoles.serve(config) == [.api, .worker])
        config.kafka = KafkaSettings(brokers: "k:9092", topics: ["A"], services: [("/A", UUID())])
        #expect(ProcessRoles.serve(config) == [.api, .worker, .kafkaBridge])
        config.kafka?.runsInServer = false
        config.delivery.runsInServer = false
        #expect(ProcessRoles.serve(config) == [.api])
    }
}
