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

    public let toNotify: [AlertObservation]
    public let newStates: [Recorded]

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
        for fingerprint in order {
            guard let alert = latest[fingerprint] else { continue }
            let before = previous[fingerprint]
            let notify = AlertDedupe.shouldNotify(previous: before, current: alert, now: now, renotifyAfter: renotifyAfter)
            if notify { toNotify.append(alert) }
            let notifiedAt = notify ? now : (before?.notifiedAt ?? now)
            newStates.append(Recorded(fingerprint: fingerprint, state: AlertState(status: alert.status, startsAt: alert.startsAt, notifiedAt: notifiedAt)))
        }
        self.toNotify = toNotify
        self.newStates = newStates
    }
}
