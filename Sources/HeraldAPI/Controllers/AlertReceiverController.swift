import Foundation
import HeraldBridges
import HeraldCore
import Hummingbird
import Logging

/// Webhook receivers for Prometheus Alertmanager and Grafana. Each alert is
/// deduplicated by fingerprint (repeats are not pushed), mapped to a
/// notification, and published; a storm becomes one summary.
struct AlertReceiverController {
    let api: APIContext

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.post("services/{service_id}/alertmanager", use: receive)
        group.post("services/{service_id}/grafana", use: receive)
    }

    private struct Answer: Encodable {
        var alerts: Int
        var notified: Int
        var notifications: [Int64]
    }

    @Sendable func receive(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let serviceID = try Identifiers.serviceID(context)
        try await api.senders.check(request, context: context, serviceID: serviceID)
        let body = try await api.decoding.body(of: request)
        let report: AlertReport
        do {
            report = try AlertReport.decode(Data(body.readableBytesView))
        } catch {
            // 400, never 5xx: Alertmanager retries 5xx forever, and bad input stays bad.
            throw APIError(.badRequest, "Invalid alert payload: \(error.reason)")
        }
        let threshold = api.config.alertStormThreshold
        // A service's own templates, when it has them, replace the default mapping.
        let templates = try await api.store.serviceTemplates(serviceID: serviceID).flatMap { try? TemplateRenderer($0) }
        let published = try await api.store.publishAlerts(
            serviceID: serviceID, report.alerts.map(\.observation), renotifyAfter: api.config.alertRenotifySeconds, at: Timestamp.now()
        ) { toNotify in
            AlertMapping.notifications(for: toNotify, in: report, stormThreshold: threshold, templates: templates)
        }
        guard let published else { throw APIError.notFound("Service") }
        if !published.isEmpty { api.queueSignal.notify() }
        context.logger.info(
            "alerts received", metadata: ["service": "\(serviceID.wireString)", "alerts": "\(report.alerts.count)", "notified": "\(published.count)"]
        )
        return JSONBody.response(Answer(alerts: report.alerts.count, notified: published.count, notifications: published.map(\.id)))
    }
}
