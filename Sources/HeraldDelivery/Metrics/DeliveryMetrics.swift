import HeraldCore
import Prometheus

/// The delivery worker's Prometheus metrics, served at `/metrics`.
public final class DeliveryMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    let queueDepth: Gauge
    let retries: Counter
    let tokensDropped: Counter
    /// Pushes sent again at once on a fresh connection (GOAWAY, refused stream).
    let resends: Counter
    /// 1 while a provider answers none of the pushes sent to it.
    let unreachable: [Platform: Gauge]
    /// 1 while fan-outs' pushes to a provider are held back (its rate, or a wait it asked for).
    let fanoutHeld: [Platform: Gauge]
    private let sends: [Platform: [DeliveryState: Counter]]
    private let latency: [Platform: DurationHistogram]

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        queueDepth = registry.makeGauge(
            descriptor: .init(metricName: "herald_delivery_queue_depth", unitName: "", helpText: "Deliveries waiting to be sent (pending or retrying).")
        )
        retries = registry.makeCounter(
            descriptor: .init(metricName: "herald_delivery_retries_total", unitName: "", helpText: "Attempts that will be retried later.")
        )
        tokensDropped = registry.makeCounter(
            descriptor: .init(metricName: "herald_device_tokens_dropped_total", unitName: "", helpText: "Device tokens removed because the provider said they are dead.")
        )
        resends = registry.makeCounter(
            descriptor: .init(
                metricName: "herald_push_resends_total", unitName: "",
                helpText: "Pushes the provider refused unprocessed (GOAWAY, REFUSED_STREAM), sent again at once."
            )
        )
        var sends: [Platform: [DeliveryState: Counter]] = [:]
        var latency: [Platform: DurationHistogram] = [:]
        let buckets: [Duration] = [.milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5)]
        for platform in Platform.allCases {
            for state in DeliveryState.allCases where state != .pending {
                sends[platform, default: [:]][state] = registry.makeCounter(
                    descriptor: .init(metricName: "herald_pushes_total", unitName: "", helpText: "Push attempts by provider and outcome."),
                    labels: [("provider", platform.rawValue), ("outcome", state.rawValue)]
                )
            }
            latency[platform] = registry.makeDurationHistogram(
                descriptor: .init(metricName: "herald_push_duration_seconds", unitName: "", helpText: "Time from sending a push to the provider's answer."),
                labels: [("provider", platform.rawValue)], buckets: buckets
            )
        }
        self.sends = sends
        self.latency = latency
        unreachable = Dictionary(uniqueKeysWithValues: Platform.allCases.map { platform in
            let descriptor = MetricNameDescriptor(
                metricName: "herald_provider_unreachable", unitName: "", helpText: "1 while the provider answers none of the pushes sent to it."
            )
            return (platform, registry.makeGauge(descriptor: descriptor, labels: [("provider", platform.rawValue)]))
        })
        fanoutHeld = Dictionary(uniqueKeysWithValues: Platform.allCases.map { platform in
            let descriptor = MetricNameDescriptor(
                metricName: "herald_fanout_held", unitName: "",
                helpText: "1 while fan-outs' pushes to the provider are held back: its FANOUT_RATE, or a wait the provider asked for."
            )
            return (platform, registry.makeGauge(descriptor: descriptor, labels: [("provider", platform.rawValue)]))
        })
    }

    /// Which providers' fan-out pushes the last claim held back.
    func held(_ withheld: Set<Platform>) {
        for (platform, gauge) in fanoutHeld { gauge.set(Int64(withheld.contains(platform) ? 1 : 0)) }
    }

    func record(_ outcome: DeliveryOutcome, platform: Platform) {
        sends[platform]?[outcome.state]?.increment()
        switch outcome.state {
        case .retrying: retries.increment()
        case .dropped: tokensDropped.increment()
        default: break
        }
    }

    func recordLatency(_ duration: Duration, platform: Platform) {
        latency[platform]?.record(duration)
    }

    /// The text exposition format.
    public func render() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
