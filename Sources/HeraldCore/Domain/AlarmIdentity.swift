import Foundation

/// Which alarm at its source a notification stands for, kept in typed
/// columns beside the notification (`alarm_source`, `alarm_identity`) and
/// read back by the write-back, instead of parsed out of its key.
///
/// The key (`alert:<identity>`, `alarm:<PV path>`) stays what makes a later
/// report update the same notification; but a key is an index entry, cut to
/// a hash past `NotificationRules.maxIdentityBytes`, and a hashed key no
/// longer says which alarm it was. The identity is kept whole.
public struct AlarmIdentity: Sendable, Equatable, Hashable {
    public enum Source: String, Sendable, CaseIterable {
        /// An Alertmanager (or Grafana) alert, reported to a service's webhook.
        case alertmanager
        /// A PV's alarm from the Phoebus alarm server, through the Kafka bridge.
        case phoebus

        /// What keys of this source's notifications start with (reserved:
        /// senders cannot post under them).
        public var keyPrefix: String {
            switch self {
            case .alertmanager: "alert:"
            case .phoebus: "alarm:"
            }
        }
    }

    public var source: Source
    /// Alertmanager: the alert's identity (its fingerprint, or
    /// `fingerprint~digest` for an alert kept apart, `AlertLabels`);
    /// Phoebus: the PV's alarm path.
    public var name: String

    /// Longer names are not an alarm any source sends (Alertmanager's
    /// fingerprints are 16 hex digits, Phoebus paths a few hundred bytes at
    /// most); one that is is not kept (`NotificationRules.fitted` says so).
    public static let maxNameBytes = 4_096

    public init(source: Source, name: String) {
        self.source = source
        self.name = name
    }

    public static func alertmanager(_ identity: String) -> AlarmIdentity { AlarmIdentity(source: .alertmanager, name: identity) }
    public static func phoebus(_ path: String) -> AlarmIdentity { AlarmIdentity(source: .phoebus, name: path) }

    /// The key its notification is published under.
    public var key: String { source.keyPrefix + name }

    /// The alarm a key names, read back (the inverse of `key`): only keys
    /// an alert source publishes under, as written (senders cannot post
    /// under them); nil for any other key.
    public init?(key: String) {
        guard let source = Source.allCases.first(where: { key.hasPrefix($0.keyPrefix) }) else { return nil }
        self.init(source: source, name: String(key.dropFirst(source.keyPrefix.count)))
    }

    /// A stored pair read back; nil when either column is empty. An unknown
    /// source is the caller's to judge (`StoredValue`).
    public init?(source: String?, name: String?) {
        guard let source, let name, let known = Source(rawValue: source) else { return nil }
        self.init(source: known, name: name)
    }
}
