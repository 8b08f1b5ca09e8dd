import Foundation

/// What a service's admin changed about how its notifications alert; what
/// is not named here follows the site (`UrgencySettings`).
public struct ServiceAlerting: Sendable, Equatable {
    /// Severities whose urgency differs from the site's table.
    public var urgency: [Severity: Urgency]

    public init(urgency: [Severity: Urgency] = [:]) {
        self.urgency = urgency
    }

    public var isEmpty: Bool { urgency.isEmpty }

    /// As stored and as the API shows it: `{"urgency": {"info": "active"}}`.
    public var json: String {
        let levels = Dictionary(uniqueKeysWithValues: urgency.map { ($0.key.rawValue, $0.value.rawValue) })
        let data = (try? JSONSerialization.data(withJSONObject: ["urgency": levels], options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// A stored value read back; what Herald does not know (a level from a
    /// later version) is left out rather than refused.
    public init(json: String) {
        let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
        let levels = object?["urgency"] as? [String: String] ?? [:]
        urgency = Dictionary(uniqueKeysWithValues: levels.compactMap { key, value in
            Severity(rawValue: key).flatMap { severity in Urgency(rawValue: value).map { (severity, $0) } }
        })
    }
}

extension UrgencyTable {
    /// This table with a service's own levels.
    public func overridden(by service: ServiceAlerting?) -> UrgencyTable {
        guard let service, !service.isEmpty else { return self }
        var table = self
        for (severity, urgency) in service.urgency { table.set(severity, urgency) }
        return table
    }
}

/// Where services' own alerting is kept.
public protocol ServiceAlertingStore: Sendable {
    /// Nil: the service alerts as the site says (or does not exist).
    func serviceAlerting(serviceID: UUID) async throws -> ServiceAlerting?
    /// Sets (or, with nil, removes) a service's own alerting; false when
    /// the service does not exist.
    func setServiceAlerting(serviceID: UUID, _ alerting: ServiceAlerting?, at: Date) async throws -> Bool
}
