import Foundation

/// The EPICS alarm bridge: which Phoebus alarm topics to read, and which
/// service each part of the alarm tree notifies.
public struct KafkaSettings: Sendable {
    public var brokers: String
    public var topics: [String]
    public var groupID: String
    /// Alarm tree path prefixes and their services; the longest match wins.
    public var services: [(prefix: String, serviceID: UUID)]
    /// OK, MINOR, MAJOR, INVALID or UNDEFINED: quieter alarms are not pushed.
    public var minimumSeverity: String
    /// Run the bridge inside `herald serve` (else only `herald kafka-bridge`).
    public var runsInServer: Bool
    /// Plain JSON topics and the service each notifies; messages are rendered
    /// with the service's templates, as the webhook receiver does.
    public var jsonTopics: [(topic: String, serviceID: UUID)]

    public static let defaultGroupID = "herald-alarm-bridge"
    public static let defaultMinimumSeverity = "MINOR"

    public init(
        brokers: String, topics: [String], groupID: String = defaultGroupID, services: [(prefix: String, serviceID: UUID)],
        minimumSeverity: String = defaultMinimumSeverity, runsInServer: Bool = true, jsonTopics: [(topic: String, serviceID: UUID)] = []
    ) {
        self.brokers = brokers
        self.topics = topics
        self.groupID = groupID
        self.services = services
        self.minimumSeverity = minimumSeverity
        self.runsInServer = runsInServer
        self.jsonTopics = jsonTopics
    }

    /// The service for an alarm path, by the longest configured prefix.
    public func service(for path: String) -> UUID? {
        services.filter { path == $0.prefix || path.hasPrefix($0.prefix.hasSuffix("/") ? $0.prefix : $0.prefix + "/") }
            .max { $0.prefix.count < $1.prefix.count }?.serviceID
    }

    /// Nil when KAFKA_BROKERS is unset: no bridge.
    static func from(text: (String) -> String?) throws -> KafkaSettings? {
        guard let brokers = text("KAFKA_BROKERS") else { return nil }
        let topics = (text("KAFKA_TOPICS") ?? "").split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        func pairs(_ variable: String, _ example: String) throws -> [(String, UUID)] {
            try (text(variable) ?? "").split(separator: ",").map { entry in
                let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
                guard parts.count == 2, !parts[0].isEmpty, let id = UUID(uuidString: parts[1]) else {
                    throw ConfigurationError(variable, "expected \(example)=service-uuid entries, got '\(entry)'")
                }
                return (parts[0], id)
            }
        }
        let services = try pairs("KAFKA_SERVICES", "/alarm/path")
        let jsonTopics = try pairs("KAFKA_JSON_TOPICS", "topic")
        guard !topics.isEmpty || !jsonTopics.isEmpty else {
            throw ConfigurationError("KAFKA_TOPICS", "name at least one alarm topic (e.g. Accelerator), or JSON topics in KAFKA_JSON_TOPICS")
        }
        if !topics.isEmpty, services.isEmpty || services.contains(where: { !$0.0.hasPrefix("/") }) {
            throw ConfigurationError("KAFKA_SERVICES", "map alarm path prefixes to services: /Accelerator=<uuid>")
        }
        let severity = (text("KAFKA_MIN_SEVERITY") ?? defaultMinimumSeverity).uppercased()
        guard ["MINOR", "MAJOR", "INVALID", "UNDEFINED"].contains(severity) else {
            throw ConfigurationError("KAFKA_MIN_SEVERITY", "expected MINOR, MAJOR, INVALID or UNDEFINED")
        }
        return KafkaSettings(
            brokers: brokers, topics: topics, groupID: text("KAFKA_GROUP_ID") ?? defaultGroupID,
            services: services.map { (prefix: $0.0, serviceID: $0.1) },
            minimumSeverity: severity, runsInServer: (text("KAFKA_BRIDGE") ?? "on").lowercased() != "off",
            jsonTopics: jsonTopics.map { (topic: $0.0, serviceID: $0.1) }
        )
    }
}
