import Foundation
import Prometheus

/// How alarms are handled, served at `/metrics`: acknowledgements made and
/// withdrawn, and how long after the notification each came (a histogram
/// from seconds to an hour: the on-call question "how fast do we react").
public final class AcknowledgementMetrics: Sendable {
    let acknowledged: Counter
    let withdrawn: Counter
    let timeToAcknowledge: DurationHistogram

    public init(registry: PrometheusCollectorRegistry) {
        acknowledged = registry.makeCounter(
            descriptor: .init(metricName: "herald_acknowledgements_total", unitName: "", helpText: "Notifications acknowledged (the first acknowledgement of each).")
        )
        withdrawn = registry.makeCounter(
            descriptor: .init(metricName: "herald_acknowledgements_withdrawn_total", unitName: "", helpText: "Acknowledgements withdrawn by their author or an admin.")
        )
        let buckets: [Duration] = [.seconds(5), .seconds(15), .seconds(30), .seconds(60), .seconds(120), .seconds(300), .seconds(600), .seconds(1_800), .seconds(3_600)]
        timeToAcknowledge = registry.makeDurationHistogram(
            descriptor: .init(
                metricName: "herald_time_to_acknowledge_seconds", unitName: "", helpText: "Time from a notification's publication to its first acknowledgement."
            ),
            buckets: buckets
        )
    }

    func record(acknowledgedAfter delay: TimeInterval) {
        acknowledged.increment()
        timeToAcknowledge.record(.milliseconds(Int64(max(0, delay) * 1_000)))
    }

    func recordWithdrawal() {
        withdrawn.increment()
    }
}
