import Foundation
import HeraldCore

/// The Phoebus alarm server's severities, least to most severe. `*_ACK`
/// means acknowledged: the alarm persists but nobody needs to be called.
public enum PhoebusSeverity: String, Sendable, CaseIterable, Comparable {
    case ok = "OK"
    case minorAck = "MINOR_ACK"
    case majorAck = "MAJOR_ACK"
    case invalidAck = "INVALID_ACK"
    case undefinedAck = "UNDEFINED_ACK"
    case minor = "MINOR"
    case major = "MAJOR"
    case invalid = "INVALID"
    case undefined = "UNDEFINED"

    /// An unacknowledged alarm.
    public var isActive: Bool { rank > 0 }

    /// The alarm's own level, acknowledged or not.
    var unacknowledged: PhoebusSeverity {
        switch self {
        case .minorAck: .minor
        case .majorAck: .major
        case .invalidAck: .invalid
        case .undefinedAck: .undefined
        default: self
        }
    }

    /// Herald's level for the alarm's own one.
    var level: Severity {
        switch unacknowledged {
        case .minor: .minor
        case .major: .major
        case .invalid: .invalid
        case .undefined: .undefined
        default: .ok
        }
    }

    var rank: Int {
        switch self {
        case .ok, .minorAck, .majorAck, .invalidAck, .undefinedAck: 0
        case .minor: 1
        case .major: 2
        case .invalid: 3
        case .undefined: 4
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// One message of a Phoebus alarm topic, decoded.
public enum PhoebusMessage: Sendable, Equatable {
    public struct LeafState: Sendable, Equatable {
        public var severity: PhoebusSeverity
        public var message: String
        public var value: String
        /// "seconds.nanos" of the state change: identifies it across replays.
        public var time: String
        public var maintenance: Bool
        public var notify: Bool
    }

    case config(path: String, description: String?)
    case leafState(path: String, LeafState)
    /// Node states, commands, talk, tombstones: nothing to act on.
    case other

    /// `key` is `config:/path`, `state:/path`, ...; `value` JSON, nil for a tombstone.
    public static func decode(key: String, value: Data?) -> PhoebusMessage {
        guard let colon = key.firstIndex(of: ":") else { return .other }
        let kind = key[..<colon]
        let path = String(key[key.index(after: colon)...])
        guard let value, let json = try? JSONSerialization.jsonObject(with: value) as? [String: Any] else { return .other }
        switch kind {
        case "config":
            return .config(path: path, description: json["description"] as? String)
        case "state":
            // Leaves carry the PV's value and message; nodes only a severity.
            guard json["current_severity"] != nil || json["value"] != nil || json["message"] != nil,
                  let severity = (json["severity"] as? String).flatMap(PhoebusSeverity.init(rawValue:)) else { return .other }
            let time = json["time"] as? [String: Any]
            let seconds = (time?["seconds"] as? NSNumber)?.int64Value ?? 0
            let nanos = (time?["nano"] as? NSNumber)?.int64Value ?? 0
            return .leafState(
                path: path,
                LeafState(
                    severity: severity, message: json["message"] as? String ?? "", value: json["value"] as? String ?? "",
                    time: "\(seconds).\(String(format: "%09lld", nanos))", maintenance: (json["mode"] as? String) == "maintenance",
                    notify: (json["notify"] as? Bool) ?? true
                )
            )
        default:
            return .other
        }
    }
}

/// What to push for the alarm states seen on a topic: a new alarm, an
/// escalation, or a return to OK, for leaves at or above the minimum
/// severity, never in maintenance mode or with notify=false. Each under the
/// PV's key, so an escalation and the return to OK update the alarm's
/// notification (a new alarm after OK gets its own: `AlertDecision`).
public struct PhoebusAlarmTracker: Sendable {
    public struct Push: Sendable, Equatable {
        public var path: String
        public var observation: AlertObservation
        public var draft: NotificationDraft
    }

    public var minimumSeverity: PhoebusSeverity
    private var descriptions: [String: String] = [:]
    private var states: [String: PhoebusMessage.LeafState] = [:]

    public init(minimumSeverity: PhoebusSeverity = .minor) {
        self.minimumSeverity = minimumSeverity
    }

    /// The notification standing for the alarm of the PV at `path`, under its key.
    static func draft(title: String, subtitle: String, severity: Severity, _ status: AlarmStatus, path: String) -> NotificationDraft {
        var draft = NotificationDraft(title: title, subtitle: subtitle, severity: severity, alarm: status)
        draft.standsFor(.phoebus(path))
        return draft
    }

    /// Learns from a message; returns a push only when `act` (the message is
    /// new, not history) and the transition is one to act on.
    public mutating func observe(_ message: PhoebusMessage, act: Bool) -> Push? {
        switch message {
        case .other:
            return nil
        case .config(let path, let description):
            descriptions[path] = description
            return nil
        case .leafState(let path, let state):
            let previous = states[path]
            states[path] = state
            guard act, !state.maintenance, state.notify else { return nil }
            let wasActive = previous?.severity.isActive ?? false
            let name = descriptions[path].flatMap { $0.isEmpty ? nil : $0 } ?? path
            if state.severity.isActive, state.severity >= minimumSeverity, !wasActive || state.severity > (previous?.severity ?? .ok) {
                let verb = wasActive ? "escalated" : "alarm"
                return Push(
                    path: path, observation: AlertObservation(fingerprint: "kafka:" + path, status: .firing, startsAt: state.time),
                    draft: Self.draft(
                        title: "[\(state.severity.rawValue)] \(name)", subtitle: "\(verb): \(state.message) (value \(state.value)) — \(path)",
                        severity: state.severity.level, .firing, path: path
                    )
                )
            }
            // Acknowledged or not, an alarm that clears is news.
            if state.severity == .ok, let previous, previous.severity != .ok, previous.severity.unacknowledged >= minimumSeverity {
                return Push(
                    path: path, observation: AlertObservation(fingerprint: "kafka:" + path, status: .resolved, startsAt: previous.time),
                    draft: Self.draft(title: "Resolved: \(name)", subtitle: "back to OK — \(path)", severity: .ok, .resolved, path: path)
                )
            }
            return nil
        }
    }
}
