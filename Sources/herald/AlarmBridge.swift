import HeraldKafka
import HeraldServer

/// The Kafka alarm bridge, which only this binary links (librdkafka): the
/// composition root gets it through `ServerOptions.alarmBridge`.
let kafkaAlarmBridge: AlarmBridgeMaker = { parts in
    KafkaAlarmBridge(
        settings: parts.settings, services: parts.services, publisher: parts.publisher, parking: parts.parking, logger: parts.logger
    )
}

/// Phoebus commands (acknowledgements written back) over the same Kafka.
let kafkaPhoebusCommands: PhoebusCommandMaker = { brokers in try KafkaCommandProducer(brokers: brokers) }
