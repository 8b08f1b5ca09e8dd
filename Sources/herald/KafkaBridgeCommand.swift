import ArgumentParser
import HeraldBridges
import HeraldCore
import Logging

struct KafkaBridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kafka-bridge",
        abstract: "Run only the EPICS alarm bridge: Phoebus alarm topics on Kafka to notifications.",
        discussion: """
            Configured by KAFKA_BROKERS, KAFKA_TOPICS, KAFKA_SERVICES (/alarm/path=service-uuid, ...), KAFKA_GROUP_ID \
            and KAFKA_MIN_SEVERITY (see the README). `herald serve` runs the same bridge itself unless KAFKA_BRIDGE=off; \
            run one bridge per consumer group.
            """
    )

    func run() async throws {
        let (config, logger) = try await CommandEnvironment.load()
        guard let kafka = config.kafka else { throw ValidationError("KAFKA_BROKERS is not set: nothing to bridge") }
        try await Standalone.run(config: config, logger: logger) { store, ready in
            [KafkaAlarmBridge(settings: kafka, store: store, signal: QueueSignal(), ready: ready, logger: logger)]
        }
    }
}
