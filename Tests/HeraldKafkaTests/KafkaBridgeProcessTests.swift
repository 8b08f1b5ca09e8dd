import Foundation
import HeraldCore
import HeraldKafka
import HeraldServer
import HeraldStore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// `herald kafka-bridge`: the composition root with the bridge the binary
/// passes in, serving `/metrics` and `/-/health` and nothing of the API.
@Suite("Kafka bridge process")
struct KafkaBridgeProcessTests {
    static let bridge: AlarmBridgeMaker = { parts in
        KafkaAlarmBridge(
            settings: parts.settings, services: parts.services, publisher: parts.publisher, parking: parts.parking, logger: parts.logger
        )
    }

    @Test func aKafkaBridgeServesMetricsAndHealth() async throws {
        let producer = try KafkaProducer(mockBrokers: 1)
        try producer.createMockTopic("Accelerator")
        let brokers = try #require(producer.mockBootstrapServers)
        try await TestDatabase.withFreshDatabase(.sqlite) { location in
            var config = TestApp.config(location)
            config.kafka = KafkaSettings(brokers: brokers, topics: ["Accelerator"], services: [("/Acc", UUID())])
            let opened = try await StoreFactory.open(location, logger: TestDatabase.logger)
            do {
                let app = try HeraldServer.buildApplication(
                    config: config, opened: opened, roles: .kafkaBridge, logger: TestDatabase.logger, options: ServerOptions(alarmBridge: Self.bridge)
                )
                try await app.test(.router) { client in
                    #expect(try await client.execute(uri: "/-/health", method: .get).status == .ok)
                    let metrics = try await client.execute(uri: "/metrics", method: .get)
                    #expect(metrics.status == .ok)
                    #expect(!String(buffer: metrics.body).contains("herald_delivery_queue_depth"), "no worker in this process")
                    #expect(try await client.execute(uri: "/api/v2/services", method: .get).status == .notFound)
                }
                try await opened.close()
            } catch {
                try? await opened.close()
                throw error
            }
        }
    }

    /// A build without the bridge says so instead of starting without it.
    @Test func aProcessWithoutTheBridgeRefusesTheRole() async throws {
        try await TestDatabase.withFreshDatabase(.sqlite) { location in
            var config = TestApp.config(location)
            config.kafka = KafkaSettings(brokers: "127.0.0.1:1", topics: ["A"], services: [("/A", UUID())])
            let opened = try await StoreFactory.open(location, logger: TestDatabase.logger)
            #expect(throws: ConfigurationError.self) {
                _ = try HeraldServer.buildApplication(config: config, opened: opened, roles: .kafkaBridge, logger: TestDatabase.logger)
            }
            try await opened.close()
        }
    }
}
