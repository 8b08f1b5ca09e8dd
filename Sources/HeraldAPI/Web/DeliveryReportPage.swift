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
        let language = try await web.language(request, user: actor.user)
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
                // The event's details are the timeline's own words (the JSON's too): as written.
                ReportPage.Event(
                    at: Timestamp.wireString(event.at), kind: Self.word("report.event.\(event.kind.rawValue)", language, else: event.kind.rawValue),
                    step: event.step.map { Catalog.text("report.step", language, ["step": "\($0)"]) } ?? "", who: event.who ?? "", detail: event.detail ?? ""
                )
            },
            serviceID: serviceID.wireString, serviceName: service?.category ?? Catalog.text("report.service", language),
            notification: ReportPage.Notification(title: notification.title, timestamp: Timestamp.wireString(notification.timestamp)),
            total: rows.count, totalText: Catalog.plural("report.deliveries", count: rows.count, language), recipients: report.recipients, read: report.read,
            readText: Catalog.plural(
                "report.readBy", count: report.read, language, ["count": "<b>\(report.read)</b>", "recipients": "<b>\(report.recipients)</b>"]
            ),
            readBar: Self.readBar(read: report.read, of: report.recipients, language),
            acknowledgement: report.acknowledgement.map {
                ReportPage.Acknowledgement(
                    by: $0.username, at: Timestamp.wireString($0.at), comment: $0.comment,
                    text: Self.acknowledged(by: $0.username, at: Timestamp.wireString($0.at), comment: $0.comment, language)
                )
            },
            writeBack: report.writeBack.map {
                // The source's own answer (`detail`) is as it came.
                ReportPage.WriteBack(
                    state: Self.word("report.writeBack.\($0.state)", language, else: $0.state),
                    wanted: Self.word("report.goal.\($0.wanted.rawValue)", language, else: $0.wanted.rawValue),
                    detail: $0.detail ?? "", attempts: $0.attempts, tried: $0.attempts > 0,
                    triesText: Catalog.plural("report.failedTries", count: $0.attempts, language), updated: Timestamp.wireString($0.updatedAt)
                )
            },
            counts: DeliveryChart.colors.map { state, _ in ReportPage.Count(state: DeliveryChart.outcome(state, language), count: report.counts[state] ?? 0) },
            chart: chart.isEmpty ? "<p class=\"muted\">\(Catalog.text("report.noPushes", language))</p>" : chart.svg(language),
            legend: DeliveryChart.colors.map { state, color in ReportPage.Key(state: DeliveryChart.outcome(state, language), color: color) },
            rows: rows.prefix(Self.maxRows).map {
                ReportPage.Row(
                    platform: Self.platformName($0.platform, language), hint: $0.tokenHint, state: DeliveryChart.outcome($0.state, language),
                    attempts: $0.attempts, lastError: $0.lastError ?? "", withdrawal: $0.purpose == .withdrawal, call: $0.purpose == .call
                )
            },
            truncated: rows.count > Self.maxRows, shown: Self.maxRows,
            truncatedText: Catalog.text("report.truncated", language, ["shown": "\(Self.maxRows)", "total": "\(rows.count)"])
        )
        return try await web.page(
            "admin-report", title: Catalog.text("report.title", language), nav: "services", actor: actor, request: request, model: model, language: language
        )
    }

    /// A platform's name in `language`: the profile's.
    static func platformName(_ platform: Platform, _ language: Language) -> String {
        AccountPages.platformName(platform, language)
    }

    /// A state or kind the page names (`sent`, `posted`) in `language`; one the catalog lacks as it is.
    static func word(_ key: String, _ language: Language, else fallback: String) -> String {
        Catalog.words[key]?.text(language) ?? fallback
    }

    /// "✓ Acknowledged by ann at …: “on it”" as HTML: the name and the comment escaped, the time a `<time>` the page's script shows locally.
    static func acknowledged(by name: String, at: String, comment: String?, _ language: Language) -> String {
        var values = ["name": "<b>\(RotaCalendar.escaped(name))</b>", "time": "<time datetime=\"\(at)Z\">\(at)</time>"]
        guard let comment else { return Catalog.text("report.acknowledged", language, values) }
        values["comment"] = RotaCalendar.escaped(comment)
        return Catalog.text("report.acknowledgedWithComment", language, values)
    }

    /// How many of the recipients read it, as a bar (drawn on the server).
    static func readBar(read: Int, of recipients: Int, _ language: Language = .en) -> String {
        let label = Catalog.text("report.readBarLabel", language, ["read": "\(read)", "recipients": "\(recipients)"])
        let width = 240.0
        let filled = recipients == 0 ? 0 : width * Double(min(read, recipients)) / Double(recipients)
        return """
            <svg class="read-bar" width="240" height="10" viewBox="0 0 240 10" role="img" aria-label="\(label)">\
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
        /// The whole line as HTML, in the page's language (`acknowledged(by:at:comment:_:)`).
        var text: String
    }

    struct WriteBack: PageValues {
        var state, wanted, detail: String
        var attempts: Int
        /// Some attempt failed (the page says how many).
        var tried: Bool
        /// "3 failed tries", in the page's language.
        var triesText: String
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
    var total: Int
    /// "12 deliveries", in the page's language.
    var totalText: String
    var recipients, read: Int
    /// "<b>1</b> of <b>4</b> recipients read it", as HTML.
    var readText: String
    var readBar: String
    var acknowledgement: Acknowledgement?
    var writeBack: WriteBack?
    var counts: [Count]
    var chart: String
    var legend: [Key]
    var rows: [Row]
    var truncated: Bool
    var shown: Int
    var truncatedText: String
}
