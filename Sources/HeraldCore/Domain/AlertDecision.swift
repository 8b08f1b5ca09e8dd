import Foundation

/// Which alerts of one report to push, and the state to record for each,
/// given what was recorded before. `AlertDecision.publish` applies it inside
/// a store's unit of work (`AlertStateStore.withAlertStates`), so the rule
/// and its orchestration are written once for every backend.
public struct AlertDecision: Sendable {
    public struct Recorded: Sendable {
        public var fingerprint: String
        public var state: AlertState
    }

    /// A report of a known alert that cannot be it: its fingerprint is
    /// known with other labels (a forged or colliding report). Neither
    /// pushed nor recorded, whether firing or resolved.
    public struct Refusal: Sendable, Equatable {
        public var fingerprint: String
        public var status: AlertObservation.Status
        public var reason: String
    }

    public let toNotify: [AlertObservation]
    public let newStates: [Recorded]
    public let refused: [Refusal]

    public init(alerts: [AlertObservation], previous: [String: AlertState], now: Date, renotifyAfter: TimeInterval?) {
        // A report may list a fingerprint twice; the last entry counts.
        var latest: [String: AlertObservation] = [:]
        var order: [String] = []
        for alert in alerts {
            if latest[alert.fingerprint] == nil { order.append(alert.fingerprint) }
            latest[alert.fingerprint] = alert
        }
        var toNotify: [AlertObservation] = []
        var newStates: [Recorded] = []
        var refused: [Refusal] = []
        for fingerprint in order {
            guard let alert = latest[fingerprint] else { continue }
            let before = previous[fingerprint]
            // An alert is what its labels say: the same fingerprint with other labels is not it.
            if let known = before?.labels, alert.labels != known {
                refused.append(
                    Refusal(
                        fingerprint: fingerprint, status: alert.status,
                        reason: "fingerprint \(fingerprint) is known with other labels (\(Self.difference(known, alert.labels)))"
                    )
                )
                continue
            }
            let notify = AlertDedupe.shouldNotify(previous: before, current: alert, now: now, renotifyAfter: renotifyAfter)
            if notify { toNotify.append(alert) }
            let notifiedAt = notify ? now : (before?.notifiedAt ?? now)
            newStates.append(
                Recorded(
                    fingerprint: fingerprint,
                    state: AlertState(status: alert.status, startsAt: alert.startsAt, notifiedAt: notifiedAt, labels: alert.labels ?? before?.labels)
                )
            )
        }
        self.toNotify = toNotify
        self.newStates = newStates
        self.refused = refused
    }

    /// Which label names differ (names only: values may be what an
    /// attacker wants logged).
    static func difference(_ known: [String: String], _ given: [String: String]?) -> String {
        guard let given else { return "the report has none" }
        let names = Set(known.keys).union(given.keys).filter { known[$0] != given[$0] }.sorted()
        return "differing: " + names.prefix(10).joined(separator: ", ")
    }
}
