import Crypto
import Foundation

/// One alert as a source reports it, reduced to what deduplication needs.
public struct AlertObservation: Sendable, Equatable {
    public enum Status: String, Sendable {
        case firing
        case resolved
    }

    public var fingerprint: String
    public var status: Status
    /// When this firing began, as the source wrote it; a new value means the
    /// alert fired again.
    public var startsAt: String
    /// The alert's labels as its source sent them (Alertmanager, Grafana):
    /// what the alert is. Nil for sources without labels (Phoebus, Kafka).
    public var labels: [String: String]?

    public init(fingerprint: String, status: Status, startsAt: String, labels: [String: String]? = nil) {
        self.fingerprint = fingerprint
        self.status = status
        self.startsAt = startsAt
        self.labels = labels
    }
}

/// Labels kept as text: a JSON object with sorted keys, so equal label
/// sets are equal strings.
public enum AlertLabels {
    public static func json(_ labels: [String: String]?) -> String? {
        guard let labels, let data = try? JSONSerialization.data(withJSONObject: labels, options: [.sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The identity a reported alert is kept under (issue 39): its
    /// fingerprint, unless Herald already knows that fingerprint with other
    /// labels. Then it is another alert wearing its name (a decoy, or one
    /// a forger posted first to claim a real alert's fingerprint), kept
    /// apart under `fingerprint~<labels' digest>`: it can neither rewrite,
    /// resolve nor silence the alert known under the fingerprint, and the
    /// real one is never refused because a forgery came first.
    public static func identity(fingerprint: String, labels: [String: String], known: [String: String]?) -> String {
        guard let known, known != labels else { return fingerprint }
        return fingerprint + forkSeparator + digest(labels)
    }

    /// Between a fingerprint and the labels' digest in an identity kept apart.
    public static let forkSeparator = "~"

    /// The fingerprint Alertmanager knows an identity by (the part before a fork's digest).
    public static func fingerprint(ofIdentity identity: String) -> String {
        identity.components(separatedBy: forkSeparator).first ?? identity
    }

    /// 16 hex digits of the SHA-256 of the labels' sorted JSON.
    public static func digest(_ labels: [String: String]) -> String {
        SHA256.hash(data: Data((json(labels) ?? "{}").utf8)).prefix(8).hexEncoded
    }

    /// Nil for no labels; throws for text that is not such an object
    /// (a stored value Herald does not understand is not a default).
    public static func parse(_ text: String?) throws -> [String: String]? {
        guard let text else { return nil }
        guard let labels = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: String] else {
            throw StoreError.unreadableRow("alert labels are not a JSON object of strings")
        }
        return labels
    }
}

/// Where an alarm's notification stands in the alarm's life, as its source
/// last said (stored in `notifications.alarm`).
public enum AlarmStatus: String, Sendable, Equatable, CaseIterable {
    case firing
    case resolved

    /// As clients read it (`state` of an inbox item): `open` or `resolved`.
    public var state: String {
        switch self {
        case .firing: "open"
        case .resolved: "resolved"
        }
    }
}

/// What Herald last recorded for an alert.
public struct AlertState: Sendable, Equatable {
    public var status: AlertObservation.Status
    public var startsAt: String
    public var notifiedAt: Date
    /// The labels its source first reported it with (issue 39): a later
    /// report of the same fingerprint with other labels is another alert
    /// wearing its name, and is refused; the write-back silences only the
    /// alert Alertmanager lists with these very labels.
    public var labels: [String: String]?

    public init(status: AlertObservation.Status, startsAt: String, notifiedAt: Date, labels: [String: String]? = nil) {
        self.status = status
        self.startsAt = startsAt
        self.notifiedAt = notifiedAt
        self.labels = labels
    }
}

/// Alertmanager re-sends every alert of a group at each group_interval and
/// repeat_interval; phones should buzz only when something changed.
public enum AlertDedupe {
    /// Push when an alert is new, fires again (its startsAt changed, or it
    /// was resolved before), or resolves after firing. A repeat is pushed
    /// only when `renotifyAfter` is set and that long has passed since the
    /// last push. A resolution of an alert never seen firing is not pushed.
    public static func shouldNotify(previous: AlertState?, current: AlertObservation, now: Date, renotifyAfter: TimeInterval?) -> Bool {
        switch (previous, current.status) {
        case (nil, .firing): return true
        case (nil, .resolved): return false
        case (let previous?, .firing):
            if previous.status == .resolved || previous.startsAt != current.startsAt { return true }
            guard let renotifyAfter else { return false }
            return now.timeIntervalSince(previous.notifiedAt) >= renotifyAfter
        case (let previous?, .resolved):
            return previous.status == .firing
        }
    }
}

/// The notifications to publish for the alerts that passed deduplication
/// (in the order given), computed inside the store's transaction.
public typealias AlertComposer = @Sendable (_ alertsToNotify: [AlertObservation]) -> [NotificationDraft]

/// A per-service credential for senders outside the allowlist.
public struct ServiceToken: Sendable, Equatable {
    public var id: Int64
    public var serviceID: UUID
    public var name: String
    public var createdAt: Date
    public var lastUsedAt: Date?

    public init(id: Int64, serviceID: UUID, name: String, createdAt: Date, lastUsedAt: Date?) {
        self.id = id
        self.serviceID = serviceID
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// Mustache templates a service sets for notifications made from webhooks
/// (and alerts): rendered over the received JSON.
public struct NotificationTemplates: Sendable, Equatable {
    public var title: String
    public var subtitle: String
    public var url: String
    /// Renders to the severity; empty means none.
    public var severity: String

    public init(title: String, subtitle: String = "", url: String = "", severity: String = "") {
        self.title = title
        self.subtitle = subtitle
        self.url = url
        self.severity = severity
    }
}
