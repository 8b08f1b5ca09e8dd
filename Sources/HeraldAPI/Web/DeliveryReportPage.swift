import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird

/// One notification's delivery report for admins: what happened to it (how
/// many of its recipients read it, who acknowledged it, what its alarm's
/// source was told), counts by outcome, the per-minute chart and the
/// devices (last characters of each token only; withdrawals marked).
struct DeliveryReportPage {
    let web: WebSupport
    let reports: DeliveryReports
    let timelines: NotificationTimeline
    let services: any ServiceStore
    /// The most device rows the page lists; the counts and chart cover all.
    static let maxRows = 500

    func addRoutes(to router: some RouterMethods<HeraldRequestContext>) {
        router.get("admin/services/{service_id}/notifications/{notification_id}", use: report)
    }

    @Sendable func report(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let actor = try await web.requireActor(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let notificationID = try Identifiers.integer(context, "notification_id")
        let report = try await reports.report(of: notificationID, in: serviceID, for: actor)
        let (notification, rows) = (report.notification, report.rows)
        let service = try await services.service(id: serviceID)
        let chart = DeliveryChart(rows.map { ($0.updatedAt, $0.state) })
        // Who was called at which step and what became of it (the pushes are in the table below).
        let timeline = try await timelines.timeline(of: notificationID, in: serviceID, for: actor, pushes: false)
        let model = ReportPage(
            timeline: timeline.events.map { event in
                ReportPage.Event(
                    at: Timestamp.wireString(event.at), kind: event.kind.rawValue, step: event.step.map { "step \($0)" } ?? "", who: event.who ?? "",
                    detail: event.detail ?? ""
                )
            },
            serviceID: serviceID.wireString, serviceName: service?.category ?? "Service",
            notification: ReportPage.Notification(title: notification.title, timestamp: Timestamp.wireString(notification.timestamp)),
            total: rows.count, recipients: report.recipients, read: report.read,
            readBar: Self.readBar(read: report.read, of: report.recipients),
            acknowledgement: report.acknowledgement.map { ReportPage.Acknowledgement(by: $0.username, at: Timestamp.wireString($0.at), comment: $0.comment) },
            writeBack: report.writeBack.map {
                ReportPage.WriteBack(
                    state: $0.state, wanted: $0.wanted.rawValue, detail: $0.detail ?? "", attempts: $0.attempts, tried: $0.attempts > 0,
                    updated: Timestamp.wireString($0.updatedAt)
                )
            },
            counts: DeliveryChart.colors.map { state, _ in ReportPage.Count(state: state.rawValue, count: report.counts[state] ?? 0) },
            chart: chart.isEmpty ? "<p class=\"muted\">No pushes: nobody subscribed had a device.</p>" : chart.svg(),
            legend: DeliveryChart.colors.map { state, color in ReportPage.Key(state: state.rawValue, color: color) },
            rows: rows.prefix(Self.maxRows).map {
                ReportPage.Row(
                    platform: AccountPages.platformName($0.platform), hint: $0.tokenHint, state: $0.state.rawValue, attempts: $0.attempts,
                    lastError: $0.lastError ?? "", withdrawal: $0.purpose == .withdrawal, call: $0.purpose == .call
                )
            },
            truncated: rows.count > Self.maxRows, shown: Self.maxRows
        )
        return try await web.page("admin-report", title: "Delivery report", nav: "services", actor: actor, request: request, model: model)
    }

    /// How many of the recipients read it, as a bar (drawn on the server).
    static func readBar(read: Int, of recipients: Int) -> String {
        let width = 240.0
        let filled = recipients == 0 ? 0 : width * Double(min(read, recipients)) / Double(recipients)
        return """
            <svg class="read-bar" width="240" height="10" viewBox="0 0 240 10" role="img" aria-label="\(read) of \(recipients) read">\
            <rect width="240" height="10" rx="3" fill="#e5e7eb"/><rect width="\(String(format: "%.1f", filled))" height="10" rx="3" fill="#2563eb"/></svg>
            """
    }
}

/// A notification's delivery report as the page shows it.
struct ReportPage: PageModel {
    struct Event: PageValues {
        var at, kind, step, who, detail: String
    }

    struct Notification: PageValues {
        var title, timestamp: String
    }

    struct Acknowledgement: PageValues {
        var by, at: String
        var comment: String?
    }

    struct WriteBack: PageValues {
        var state, wanted, detail: String
        var attempts: Int
        /// Some attempt failed (the page says how many).
        var tried: Bool
        var updated: String
    }

    struct Count: PageValues {
        var state: String
        var count: Int
    }

    struct Key: PageValues {
        var state, color: String
    }

    struct Row: PageValues {
        var platform: String
        var hint: String?
        var state: String
        var attempts: Int
        var lastError: String
        var withdrawal, call: Bool
    }

    var timeline: [Event]
    var serviceID, serviceName: String
    var notification: Notification
    var total, recipients, read: Int
    var readBar: String
    var acknowledgement: Acknowledgement?
    var writeBack: WriteBack?
    var counts: [Count]
    var chart: String
    var legend: [Key]
    var rows: [Row]
    var truncated: Bool
    var shown: Int
}
