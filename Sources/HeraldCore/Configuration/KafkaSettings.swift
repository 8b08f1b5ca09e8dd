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

    public init(brokers: String, topics: [String], groupID: String = "herald-alarm-bridge", services: [(prefix: String, serviceID: UUID)], minimumSeverity: String = "MINOR", runsInServer: Bool = true) {
        self.brokers = brokers
        self.topics = topics
        self.groupID = groupID
        self.services = services
        self.minimumSeverity = minimumSeverity
        self.runsInServer = runsInServer
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
        guard !topics.isEmpty else { throw ConfigurationError("KAFKA_TOPICS", "name at least one alarm topic (e.g. Accelerator)") }
        var services: [(prefix: String, serviceID: UUID)] = []
        for entry in (text("KAFKA_SERVICES") ?? "").split(separator: ",") {
            let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
            guard parts.count == 2, parts[0].hasPrefix("/"), let id = UUID(uuidString: parts[1]) else {
                throw ConfigurationError("KAFKA_SERVICES", "expected /alarm/path=service-uuid entries, got '\(entry)'")
            }
            services.append((parts[0], id))
        }
        guard !services.isEmpty else { throw ConfigurationError("KAFKA_SERVICES", "map at least one alarm path prefix to a service: /Accelerator=<uuid>") }
        let severity = (text("KAFKA_MIN_SEVERITY") ?? "MINOR").uppercased()
        guard ["MINOR", "MAJOR", "INVALID", "UNDEFINED"].contains(severity) else {
            throw ConfigurationError("KAFKA_MIN_SEVERITY", "expected MINOR, MAJOR, INVALID or UNDEFINED")
        }
        return KafkaSettings(
            brokers: brokers, topics: topics, groupID: text("KAFKA_GROUP_ID") ?? "herald-alarm-bridge", services: services,
            minimumSeverity: severity, runsInServer: (text("KAFKA_BRIDGE") ?? "on").lowercased() != "off"
        )
    }
}
