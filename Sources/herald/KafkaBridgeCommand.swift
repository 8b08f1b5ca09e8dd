import ArgumentParser
import HeraldCore
import HeraldServer

struct KafkaBridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kafka-bridge",
        abstract: "Run only the EPICS alarm bridge: Phoebus alarm topics on Kafka to notifications.",
        discussion: """
            Configured by KAFKA_BROKERS, KAFKA_TOPICS, KAFKA_SERVICES (/alarm/path=service-uuid, ...), KAFKA_GROUP_ID \
            and KAFKA_MIN_SEVERITY (see the README). `herald serve` runs the same bridge itself unless KAFKA_BRIDGE=off; \
            run one bridge per consumer group. The bridge serves /metrics and /-/health on HTTP_HOST:HTTP_PORT (or --host/--port).
            """
    )

    @OptionGroup var listen: ListenOptions

    func run() async throws {
        let (config, logger) = try await CommandEnvironment.load(listen: listen)
        guard config.kafka != nil else { throw ValidationError("KAFKA_BROKERS is not set: nothing to bridge") }
        try await HeraldServer.run(config: config, roles: .kafkaBridge, logger: logger, options: ServerOptions(alarmBridge: kafkaAlarmBridge, phoebusCommands: kafkaPhoebusCommands))
    }
}
