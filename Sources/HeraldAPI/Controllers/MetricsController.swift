import Hummingbird
import Logging
import NIOCore
import Prometheus

/// Prometheus metrics in the text exposition format.
struct MetricsController {
    /// The process's one registry: delivery, publishing and service metrics.
    let registry: PrometheusCollectorRegistry

    func addRoutes(to router: Router<HeraldRequestContext>) {
        router.get("metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: render()))
            )
        }
    }

    private func render() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
