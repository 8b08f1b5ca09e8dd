import Foundation
import HeraldCore

/// How alerts become notifications: pure, so every rule is tested directly.
public enum AlertMapping {
    /// `[SEVERITY] summary` (else the alert name), `Resolved: ` first when it
    /// resolved; the subtitle from description (or message) and instance; the
    /// link from the runbook, Grafana's panel or dashboard, the generator, or
    /// Alertmanager's external URL; the level from labels.severity. Lengths
    /// and the severity's name are fitted by the publisher, like every source's.
    public static func notification(for alert: AlertReport.Alert, in report: AlertReport) -> NotificationDraft {
        let annotations = alert.annotations ?? [:]
        let severity = alert.labels["severity"]?.lowercased()
        let name = annotations["summary"] ?? alert.labels["alertname"] ?? report.title ?? "Alert"
        let title = (alert.isResolved ? "Resolved: " : "") + (severity.map { "[\($0.uppercased())] " } ?? "") + name
        let detail = annotations["description"] ?? annotations["message"] ?? alert.valueString
        let subtitle = [detail, alert.labels["instance"].map { "instance \($0)" }].compactMap { $0 }.joined(separator: " — ")
        let url = [annotations["runbook_url"], alert.panelURL, alert.dashboardURL, alert.generatorURL, report.externalURL]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        return NotificationDraft(title: title, subtitle: subtitle, url: url).withSeverityWord(severity)
    }

    /// One notification standing for many alerts, instead of a storm.
    public static func summary(of alerts: [AlertReport.Alert], in report: AlertReport) -> NotificationDraft {
        let firing = alerts.filter { !$0.isResolved }.count
        let resolved = alerts.count - firing
        let group = (report.groupLabels ?? report.commonLabels ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        var counts: [String] = []
        if firing > 0 { counts.append("\(firing) firing") }
        if resolved > 0 { counts.append("\(resolved) resolved") }
        if let truncated = report.truncatedAlerts, truncated > 0 { counts.append("\(truncated) more not shown by Alertmanager") }
        let names = alerts.compactMap { $0.annotations?["summary"] ?? $0.labels["alertname"] }
        let distinct = names.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let severity = alerts.compactMap { $0.labels["severity"].flatMap(Severity.init(parsing:)) }.max()
        let title = (severity.map { "[\($0.rawValue.uppercased())] " } ?? "") + "\(counts.joined(separator: ", "))" + (group.isEmpty ? "" : " (\(group))")
        let subtitle = distinct.prefix(5).joined(separator: "; ") + (distinct.count > 5 ? "; …" : "")
        return NotificationDraft(title: title, subtitle: subtitle, url: report.externalURL ?? "", severity: severity)
    }

    /// What to publish for the alerts that passed deduplication: one each,
    /// under the alert's key (`alarmIdentity`, so a resolution replaces its
    /// firing notification), or one unkeyed summary when there are more
    /// than `stormThreshold` or Alertmanager truncated the group.
    /// With `templates`, a service's own templates replace the default mapping
    /// for single alerts (summaries keep theirs).
    public static func notifications(
        for toNotify: [AlertObservation], in report: AlertReport, stormThreshold: Int, templates: TemplateRenderer? = nil
    ) -> [NotificationDraft] {
        var byIdentity: [String: AlertReport.Alert] = [:]
        for alert in report.alerts { byIdentity[alert.identity] = alert }
        let alerts = toNotify.compactMap { byIdentity[$0.fingerprint] }
        guard !alerts.isEmpty else { return [] }
        if alerts.count > stormThreshold || (report.truncatedAlerts ?? 0) > 0 {
            return [summary(of: alerts, in: report)]
        }
        return alerts.map { alert in
            var draft = notification(for: alert, in: report)
            if let templates {
                var rendered = templates.render(alert.templateContext(in: report))
                if rendered.title.isEmpty { rendered.title = draft.title }
                draft = rendered
            }
            // One notification per firing: its resolution updates it.
            draft.standsFor(alert.alarmIdentity)
            draft.alarm = alert.isResolved ? .resolved : .firing
            return draft
        }
    }
}
