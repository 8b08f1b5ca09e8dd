import HeraldPublishing
import Prometheus

/// Every request Herald brakes or refuses for who sent it or how often,
/// by reason, served at `/metrics` as `herald_requests_refused_total`.
public final class RefusalMetrics: Sendable {
    public enum Reason: String, Sendable {
        /// A post over its service's rate limit.
        case serviceRate = "service_rate"
        /// A post over its sending address's rate limit.
        case senderRate = "sender_rate"
        /// A post from outside ALLOWED_NETWORKS without a service token.
        case addressNotAllowed = "address_not_allowed"
        /// Device registrations or subscription changes over a user's limit.
        case userChanges = "user_changes"
        /// A device token that is not of its platform's form.
        case deviceTokenFormat = "device_token_format"
        /// Live streams over the per-user or total limit.
        case streams
        /// `/metrics` without the METRICS_TOKEN.
        case metricsToken = "metrics_token"
        /// Calendar feed requests over one client's rate.
        case feedRate = "feed_rate"
    }

    private let counters: CounterFamily
    /// The registry the API's other metrics join (acknowledgements).
    let registry: PrometheusCollectorRegistry

    public init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        counters = CounterFamily(registry: registry, name: "herald_requests_refused_total", help: "Requests refused by a rate limit, a cap or an access rule, by reason.")
    }

    func count(_ reason: Reason) {
        counters.increment(["reason": reason.rawValue])
    }
}
