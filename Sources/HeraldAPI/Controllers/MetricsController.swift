import Crypto
import Foundation
import Hummingbird
import Logging
import NIOCore
import Prometheus

/// Prometheus metrics in the text exposition format; with METRICS_TOKEN set,
/// only for requests bearing it (for deployments where `/metrics` is
/// reachable from outside).
struct MetricsController {
    /// The process's one registry: delivery, publishing and service metrics.
    let registry: PrometheusCollectorRegistry
    let token: String?
    let refusals: RefusalMetrics

    func addRoutes(to router: Router<HeraldRequestContext>) {
        router.get("metrics") { request, _ in
            if let token, !Self.matches(SenderAuthorization.bearer(request), token) {
                refusals.count(.metricsToken)
                throw APIError(.unauthorized, "Metrics need the bearer token set in METRICS_TOKEN", headers: [.wwwAuthenticate: "Bearer"])
            }
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: render()))
            )
        }
    }

    /// Compared as SHA-256 digests, so the time taken does not tell how
    /// much of a guess was right.
    static func matches(_ presented: String?, _ token: String) -> Bool {
        guard let presented else { return false }
        return SHA256.hash(data: Data(presented.utf8)) == SHA256.hash(data: Data(token.utf8))
    }

    private func render() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
