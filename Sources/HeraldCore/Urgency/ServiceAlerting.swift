import Foundation

/// What a service's admin changed about how its notifications alert; what
/// is not named here follows the site (`UrgencySettings`).
public struct ServiceAlerting: Sendable, Equatable {
    /// Severities whose urgency differs from the site's table.
    public var urgency: [Severity: Urgency]
    /// How an alarm's resolution reaches the phones that were alerted.
    public var resolutions: ResolutionAlerting

    public init(urgency: [Severity: Urgency] = [:], resolutions: ResolutionAlerting = .quiet) {
        self.urgency = urgency
        self.resolutions = resolutions
    }

    public var isEmpty: Bool { urgency.isEmpty && resolutions == .quiet }

    /// As stored: `{"urgency": {"info": "active"}, "resolutions": "alert"}`
    /// (resolutions only when not the default).
    public var json: String {
        let levels = Dictionary(uniqueKeysWithValues: urgency.map { ($0.key.rawValue, $0.value.rawValue) })
        var object: [String: Any] = ["urgency": levels]
        if resolutions != .quiet { object["resolutions"] = resolutions.rawValue }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
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
        resolutions = (object?["resolutions"] as? String).flatMap(ResolutionAlerting.init(rawValue:)) ?? .quiet
    }
}

/// Whether a resolved alarm's push alerts as its firing did or arrives
/// quietly (passive: replaces the shown notification without a sound).
/// Quiet unless a service's admin says otherwise: "it is over" should not
/// wake anyone.
public enum ResolutionAlerting: String, Sendable, CaseIterable {
    case quiet
    case alert

    public static let names = allCases.map(\.rawValue).joined(separator: ", ")
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
