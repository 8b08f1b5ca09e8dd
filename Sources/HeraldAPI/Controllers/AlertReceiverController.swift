import Foundation
import HeraldBridges
import HeraldCore
import HeraldPublishing
import HeraldUseCases
import Hummingbird
import Logging

/// Webhook receivers for Prometheus Alertmanager and Grafana. Each alert is
/// deduplicated by fingerprint (repeats are not pushed), mapped to a
/// notification, and published; a storm becomes one summary.
struct AlertReceiverController {
    let senders: SenderAuthorization
    let decoding: RequestDecoding
    let alertReports: AlertReports

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.post("services/{service_id}/alertmanager") { try await receive($0, context: $1, from: .alertmanager) }
        group.post("services/{service_id}/grafana") { try await receive($0, context: $1, from: .grafana) }
    }

    private struct Answer: Encodable {
        var alerts: Int
        var notified: Int
        var notifications: [Int64]
    }

    @Sendable func receive(_ request: Request, context: HeraldRequestContext, from source: PublishSource) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        try await senders.check(
            request, context: context, serviceID: serviceID, credentialRequired: try await alertReports.sendersMustProveThemselves(to: serviceID)
        )
        let body = try await decoding.body(of: request)
        let report: AlertReport
        do {
            report = try AlertReport.decode(Data(body.readableBytesView))
        } catch {
            // 400, never 5xx: Alertmanager retries 5xx forever, and bad input stays bad.
            throw APIError(.badRequest, "Invalid alert payload: \(error.reason)")
        }
        let published = try await alertReports.receive(report, to: serviceID, from: source, logger: context.logger)
        return JSONBody.response(Answer(alerts: report.alerts.count, notified: published.count, notifications: published.map(\.id)))
    }
}
