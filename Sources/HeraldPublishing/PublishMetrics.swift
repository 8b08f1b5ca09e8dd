import Prometheus

/// Counters of what the publisher did, by source, served at `/metrics`.
public final class PublishMetrics: Sendable {
    private let published: CounterFamily
    private let rejected: CounterFamily
    private let fitted: CounterFamily
    private let refusedAlerts: CounterFamily

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        published = CounterFamily(registry: registry, name: "herald_notifications_published_total", help: "Notifications stored and queued for push.")
        rejected = CounterFamily(registry: registry, name: "herald_notifications_rejected_total", help: "Drafts refused for breaking a notification rule.")
        fitted = CounterFamily(
            registry: registry, name: "herald_notification_fields_fitted_total",
            help: "Fields of drafts from sources that cannot be refused, changed to fit the rules (stripped, cut, dropped)."
        )
        refusedAlerts = CounterFamily(
            registry: registry, name: "herald_alert_reports_refused_total",
            help: "Alerts whose fingerprint is known with other labels, refused (not pushed, not recorded)."
        )
    }

    func published(_ count: Int, from source: PublishSource) {
        published.increment(["source": source.name], by: Int64(count))
    }

    func rejected(from source: PublishSource) {
        rejected.increment(["source": source.name])
    }

    func refusedAlert(from source: PublishSource) {
        refusedAlerts.increment(["source": source.name])
    }

    func fitted(_ field: String, from source: PublishSource) {
        fitted.increment(["source": source.name, "field": field])
    }
}
