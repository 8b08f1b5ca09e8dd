import OTel
import ServiceLifecycle

/// OpenTelemetry traces over OTLP/HTTP, when OTEL_EXPORTER_OTLP_ENDPOINT is
/// set: HTTP requests (Hummingbird's TracingMiddleware), publishes, and the
/// worker's deliveries and provider calls, which continue the publish's
/// trace from the context stored with the notification. Logs and metrics
/// stay Herald's own (stderr, /metrics). The exporter reads the standard
/// OTEL_* variables (endpoint, headers, sampler, resource attributes).
enum Tracing {
    static func bootstrap(serviceName: String) throws -> some Service {
        var configuration = OTel.Configuration.default
        configuration.serviceName = serviceName
        configuration.logs.enabled = false
        configuration.metrics.enabled = false
        configuration.traces.enabled = true
        configuration.traces.exporter = .otlp
        return try OTel.bootstrap(configuration: configuration)
    }
}

extension ProcessRoles {
    /// The OpenTelemetry service name of a process with these roles.
    var serviceName: String {
        if contains(.api) { return "herald" }
        if contains(.worker) { return "herald-worker" }
        return "herald-kafka-bridge"
    }
}
