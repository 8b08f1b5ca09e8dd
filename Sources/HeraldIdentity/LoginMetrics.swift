import Prometheus

/// `herald_logins_total{method, outcome}`: how sign-ins end, so an operator
/// sees a directory failing (unavailable) or a guessing attack (refused,
/// braked) at a glance. `conflict`: the method vouched for the person, but
/// the name is an account of another origin (counted besides `accepted`).
public struct LoginMetrics: Sendable {
    public enum Outcome: String, Sendable {
        case accepted, refused, braked, unavailable, malformed, conflict
    }

    public enum Method: String, Sendable {
        case password, oidc
    }

    private let counters: [String: Counter]

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        var counters: [String: Counter] = [:]
        for method in [Method.password, .oidc] {
            for outcome in [Outcome.accepted, .refused, .braked, .unavailable, .malformed, .conflict] {
                counters[method.rawValue + outcome.rawValue] = registry.makeCounter(
                    descriptor: .init(metricName: "herald_logins_total", unitName: "", helpText: "Sign-in attempts by how they ended."),
                    labels: [("method", method.rawValue), ("outcome", outcome.rawValue)]
                )
            }
        }
        self.counters = counters
    }

    public func count(_ method: Method, _ outcome: Outcome) {
        counters[method.rawValue + outcome.rawValue]?.increment()
    }
}
