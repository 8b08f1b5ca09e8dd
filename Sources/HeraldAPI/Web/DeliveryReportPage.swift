import Foundation
import HeraldCore
import Hummingbird

/// One notification's delivery report for admins: counts by outcome, the
/// per-minute chart and the devices (last characters of each token only).
struct DeliveryReportPage {
    let web: WebSupport
    var api: APIContext { web.api }
    /// The most device rows the page lists; the counts and chart cover all.
    static let maxRows = 500

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("admin/services/{service_id}/notifications/{notification_id}", use: report)
    }

    @Sendable func report(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let admin = try await web.requireAdmin(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let notificationID = try Identifiers.integer(context, "notification_id")
        guard let notification = try await api.store.notification(id: notificationID), notification.serviceID == serviceID else {
            throw APIError.notFound("Notification")
        }
        let service = try await api.store.service(id: serviceID)
        let rows = try await api.store.deliveryReport(notificationID: notificationID)
        var counts: [DeliveryState: Int] = [:]
        for row in rows { counts[row.state, default: 0] += 1 }
        let chart = DeliveryChart(rows.map { ($0.updatedAt, $0.state) })
        let values: [String: Any] = [
            "serviceID": serviceID.wireString, "serviceName": service?.category ?? "Service",
            "notification": ["title": notification.title, "timestamp": Timestamp.wireString(notification.timestamp)],
            "total": rows.count,
            "counts": DeliveryChart.colors.map { state, _ in ["state": state.rawValue, "count": counts[state] ?? 0] as [String: Any] },
            "chart": chart.isEmpty ? "<p class=\"muted\">No pushes: nobody subscribed had a device.</p>" : chart.svg(),
            "legend": DeliveryChart.colors.map { state, color in ["state": state.rawValue, "color": color] },
            "rows": rows.prefix(Self.maxRows).map {
                [
                    "platform": AccountPages.platformName($0.platform), "hint": $0.tokenHint as Any, "state": $0.state.rawValue, "attempts": $0.attempts,
                    "lastError": $0.lastError ?? "",
                ] as [String: Any]
            },
            "truncated": rows.count > Self.maxRows, "shown": Self.maxRows,
        ]
        return try await web.page("admin-report", title: "Delivery report", nav: "services", user: admin, request: request, values: values)
    }
}
