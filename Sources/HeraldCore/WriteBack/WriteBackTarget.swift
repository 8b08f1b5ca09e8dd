import Foundation

/// Where a service's acknowledgements are sent back, set by an admin per
/// service: the Alertmanager its alerts come from (a silence for the
/// alert's labels), or the Phoebus alarm server behind the Kafka bridge
/// (an acknowledge command for the PV).
public enum WriteBackTarget: Sendable, Equatable {
    /// `url`: the Alertmanager's base (`http://alertmanager:9093`); each
    /// silence lasts `silenceMinutes` unless the alert resolves or the
    /// acknowledgement is withdrawn first.
    case alertmanager(url: String, silenceMinutes: Int)
    case phoebus

    public static let defaultSilenceMinutes = 120
    /// A week: a silence is a promise someone is on it, not a way to mute.
    public static let silenceMinutesRange = 1...10_080

    public var name: String {
        switch self {
        case .alertmanager: "alertmanager"
        case .phoebus: "phoebus"
        }
    }

    /// Whether a notification standing for this alarm is one of the
    /// target's (an Alertmanager alert, a Phoebus PV's alarm); others are
    /// acknowledged in Herald only.
    public func writesBack(_ alarm: AlarmIdentity?) -> Bool {
        switch self {
        case .alertmanager: alarm?.source == .alertmanager
        case .phoebus: alarm?.source == .phoebus
        }
    }

    /// As stored and as the API shows it:
    /// `{"target": "alertmanager", "url": "...", "silence_minutes": 120}` or
    /// `{"target": "phoebus"}`.
    public var object: [String: Any] {
        switch self {
        case .alertmanager(let url, let minutes): ["target": name, "url": url, "silence_minutes": minutes]
        case .phoebus: ["target": name]
        }
    }

    public var json: String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// A stored value read back; nil for what this version does not know.
    public init?(json: String) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] else { return nil }
        switch object["target"] as? String {
        case "alertmanager":
            guard let url = object["url"] as? String else { return nil }
            self = .alertmanager(url: url, silenceMinutes: object["silence_minutes"] as? Int ?? Self.defaultSilenceMinutes)
        case "phoebus": self = .phoebus
        default: return nil
        }
    }
}

/// Where services' write-back targets are kept.
public protocol ServiceWriteBackStore: Sendable {
    func serviceWriteBack(serviceID: UUID) async throws -> WriteBackTarget?
    /// Sets (nil: removes) a service's target; false when the service does not exist.
    func setServiceWriteBack(serviceID: UUID, _ target: WriteBackTarget?, at: Date) async throws -> Bool
}
