import Foundation
import HeraldCore
import Hummingbird
import NIOCore

/// Probes for orchestrators: `/-/live` (the process answers: restart it
/// when it does not) and `/-/ready` (send it traffic: 503 with the failing
/// checks as JSON otherwise). `/-/health` stays what the old server
/// answered.
struct ProbeController {
    let readiness: ReadinessProbe

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("-/live", use: live)
        group.get("-/ready", use: ready)
    }

    @Sendable func live(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: "OK")))
    }

    @Sendable func ready(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let report = await readiness.report()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Response(
            status: report.ready ? .ok : .serviceUnavailable,
            headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(report)))
        )
    }
}
