import HeraldDelivery
import Hummingbird
import Logging
import NIOCore

/// Prometheus metrics in the text exposition format.
struct MetricsController {
    let metrics: DeliveryMetrics

    func addRoutes(to router: Router<HeraldRequestContext>) {
        router.get("metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: metrics.render()))
            )
        }
    }
}
