import Foundation
import HeraldBridges
import HeraldCore
import HeraldPublishing
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import ServiceLifecycle

/// Reads Phoebus alarm topics and publishes new alarms, escalations and
/// returns to OK to the services their alarm tree paths map to.
///
/// Every start reads the topics from the beginning to relearn descriptions
/// and states. Messages below the group's committed offset (on a first
/// start: below the high watermark) are history and only learned; later ones
/// are acted on, and their offset is committed after the notification is
/// stored. A replay after a crash is deduplicated by path and state time in
/// the database (the same atomic step as Alertmanager's alerts). A message
/// whose handling keeps failing is parked (`MessageParking`); an error of
/// Kafka itself ends `run()`, and the composition root starts it again.
public struct KafkaAlarmBridge: ServiceLifecycle.Service {
    let settings: KafkaSettings
    /// Where the services' templates are read, for JSON topics.
    let services: any ServiceStore
    let publisher: Publisher
    /// A message that keeps failing is parked, not read again forever.
    let parking: MessageParking
    let logger: Logger
    public let progress = KafkaBridgeProgress()

    public init(
        settings: KafkaSettings, services: any ServiceStore, publisher: Publisher, parking: MessageParking, logger: Logger
    ) {
        self.settings = settings
        self.services = services
        self.publisher = publisher
        self.parking = parking
        self.logger = logger
    }

    /// The composition root starts it once the schema is migrated.
    public func run() async throws {
        // A thread of its own for librdkafka's blocking calls: a poll holds
        // its thread up to 200 ms, and on NIO's shared pool it would make
        // every SQLite query of this process wait behind it.
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        defer { pool.shutdownGracefully { _ in } }
        let consumer = try KafkaConsumer(brokers: settings.brokers, groupID: settings.groupID)
        let topics = settings.topics + settings.jsonTopics.map(\.topic)
        let jsonServices = Dictionary(settings.jsonTopics.map { ($0.topic, $0.serviceID) }, uniquingKeysWith: { first, _ in first })
        let partitions = try await pool.runIfActive { try consumer.partitions(topics: topics) }
        try await pool.runIfActive { try consumer.assignFromBeginning(Array(partitions.keys)) }
        // Act on messages from the committed offset on; a first start acts only on what comes after now.
        let actFrom = partitions.mapValues { $0.committed ?? $0.high }
        var behind = Set(partitions.filter { $0.value.high > 0 }.map(\.key))
        if behind.isEmpty { progress.markCaughtUp() }
        var tracker = PhoebusAlarmTracker(minimumSeverity: PhoebusSeverity(rawValue: settings.minimumSeverity) ?? .minor)
        logger.info("alarm bridge started", metadata: ["topics": "\(topics)", "partitions": "\(partitions.count)"])

        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            guard let event = try await pool.runIfActive({ consumer.poll(timeoutMs: 200) }) else { continue }
            switch event {
            case .message(let partition, let offset, let key, let value):
                progress.sawMessage()
                let act = offset >= (actFrom[partition] ?? 0)
                let reference = "\(partition.topic)/\(partition.partition)/\(offset)"
                // The alarm tree is learnt once per message, before any retry.
                if let serviceID = jsonServices[partition.topic] {
                    if act {
                        try await parking.handle(.kafka, reference: reference, payload: value) {
                            try await publishJSON(value, from: partition, offset: offset, to: serviceID)
                        }
                    }
                } else if let push = tracker.observe(PhoebusMessage.decode(key: key, value: value), act: act) {
                    try await parking.handle(.kafka, reference: reference, payload: value) { try await publish(push) }
                }
                // Committed once handled or parked: never past a message still failing.
                if act { try await pool.runIfActive { try consumer.commit(partition, offset: offset + 1) } }
            case .endOfPartition(let partition, let offset):
                if behind.remove(partition) != nil {
                    // History is handled: say so, so the next start does not redo it.
                    if offset > (partitions[partition]?.committed ?? 0) {
                        try await pool.runIfActive { try consumer.commit(partition, offset: offset) }
                    }
                    if behind.isEmpty {
                        progress.markCaughtUp()
                        logger.info("alarm bridge caught up", metadata: ["messages": "\(progress.messages)"])
                    }
                }
            case .error(let reason):
                logger.warning("alarm bridge: Kafka reports a problem", metadata: ["error": "\(reason)"])
            }
        }
        logger.info("alarm bridge stopped")
    }

    /// A message of a plain JSON topic, rendered with the service's templates
    /// (the webhook receiver's defaults without them). Its topic, partition
    /// and offset identify it, so a replay is not pushed twice.
    private func publishJSON(_ value: Data?, from partition: KafkaConsumer.Partition, offset: Int64, to serviceID: UUID) async throws {
        guard let value, let json = try? JSONSerialization.jsonObject(with: value, options: [.fragmentsAllowed]) else {
            logger.warning("alarm bridge: skipped a message that is not JSON", metadata: ["topic": "\(partition.topic)", "offset": "\(offset)"])
            return
        }
        let stored = TemplateRenderer.stored(try await services.serviceTemplates(serviceID: serviceID)) { error in
            logger.error(
                "alarm bridge: a service's templates do not parse: its messages use the defaults until they are saved again",
                metadata: ["service": "\(serviceID.wireString)", "error": "\(error)"]
            )
        }
        let renderer = try stored ?? TemplateRenderer(TemplateRenderer.webhookDefaults)
        let draft = renderer.render(json)
        guard !draft.title.isEmpty else {
            logger.warning("alarm bridge: the templates give no title for a message", metadata: ["topic": "\(partition.topic)", "offset": "\(offset)"])
            return
        }
        let identity = AlertObservation(fingerprint: "kafka:\(partition.topic)/\(partition.partition)/\(offset)", status: .firing, startsAt: String(offset))
        try await publishOnce(draft, identity: identity, to: serviceID, source: partition.topic)
    }

    private func publish(_ push: PhoebusAlarmTracker.Push) async throws {
        guard let serviceID = settings.service(for: push.path) else {
            logger.debug("no service for alarm path", metadata: ["path": "\(push.path)"])
            return
        }
        try await publishOnce(push.draft, identity: push.observation, to: serviceID, source: push.path)
    }

    /// Publishes `draft` unless `identity` was already handled (a replay),
    /// in the store's atomic dedupe step.
    private func publishOnce(_ draft: NotificationDraft, identity: AlertObservation, to serviceID: UUID, source: String) async throws {
        do {
            let published = try await publisher.publishAlertChanges([identity], to: serviceID, from: .kafka) { chosen in
                chosen.isEmpty ? [] : [draft]
            }
            progress.pushed(published.count)
        } catch PublishError.serviceNotFound {
            logger.warning("alarm bridge: the mapped service does not exist", metadata: ["service": "\(serviceID)", "source": "\(source)"])
        }
    }
}

/// What the bridge has done, for tests and logs.
public final class KafkaBridgeProgress: Sendable {
    private struct State {
        var caughtUp = false
        var messages = 0
        var notifications = 0
    }
    private let state = NIOLockedValueBox(State())

    public var caughtUp: Bool { state.withLockedValue { $0.caughtUp } }
    public var messages: Int { state.withLockedValue { $0.messages } }
    public var notifications: Int { state.withLockedValue { $0.notifications } }

    func markCaughtUp() { state.withLockedValue { $0.caughtUp = true } }
    func sawMessage() { state.withLockedValue { $0.messages += 1 } }
    func pushed(_ count: Int) { state.withLockedValue { $0.notifications += count } }
}

extension KafkaAlarmBridge: CustomStringConvertible {
    /// The service group names each service by its description, kept for
    /// its life: the default one would be this value reflected whole.
    public var description: String { "kafka bridge" }
}
