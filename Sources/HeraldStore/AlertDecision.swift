import Foundation
import HeraldCore

/// Which alerts of one report to push, and the state to record for each,
/// given what was recorded before. Shared by both stores.
struct AlertDecision {
    struct Recorded {
        var fingerprint: String
        var state: AlertState
    }

    let toNotify: [AlertObservation]
    let newStates: [Recorded]

    init(alerts: [AlertObservation], previous: [String: AlertState], now: Date, renotifyAfter: TimeInterval?) {
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
