import NIOConcurrencyHelpers
import Prometheus

/// The counters of one metric name, one per set of label values, each made
/// the first time it is counted: a source that never publishes or fails
/// adds no series.
public final class CounterFamily: Sendable {
    private let registry: PrometheusCollectorRegistry
    private let name: String
    private let help: String
    private let counters = NIOLockedValueBox<[[String]: Counter]>([:])

    public init(registry: PrometheusCollectorRegistry, name: String, help: String) {
        self.registry = registry
        self.name = name
        self.help = help
    }

    /// Adds `amount` to the counter with these labels (always given in the same order).
    public func increment(_ labels: KeyValuePairs<String, String>, by amount: Int64 = 1) {
        let values = labels.map(\.value)
        let counter = counters.withLockedValue { counters in
            if let counter = counters[values] { return counter }
            let counter = registry.makeCounter(descriptor: .init(metricName: name, unitName: "", helpText: help), labels: labels.map { ($0.key, $0.value) })
            counters[values] = counter
            return counter
        }
        counter.increment(by: amount)
    }
}
