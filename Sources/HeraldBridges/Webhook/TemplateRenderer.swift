import Foundation
import HeraldCore
import Mustache

/// A service's templates, parsed once per request and rendered over JSON.
public struct TemplateRenderer: Sendable {
    /// The templates a service without its own gets for the generic webhook.
    public static let webhookDefaults = NotificationTemplates(
        // A body without a title still makes a notification (named by what it lacks), rather than being refused.
        title: "{{title}}{{^title}}{{#message}}Webhook{{/message}}{{^message}}Webhook without a title{{/message}}{{/title}}", subtitle: "{{message}}{{^message}}{{body}}{{/message}}", url: "{{url}}", severity: "{{severity}}"
    )

    let title: MustacheTemplate
    let subtitle: MustacheTemplate
    let url: MustacheTemplate
    let severity: MustacheTemplate

    /// Parses the templates; the error names the one that does not parse.
    public init(_ templates: NotificationTemplates) throws(TemplateError) {
        func parse(_ text: String, _ field: String) throws(TemplateError) -> MustacheTemplate {
            // Plain text, not HTML: a title must show "a < b", not "a &lt; b".
            // The line break keeps the template's first character apart from
            // the pragma's braces (an emoji modifier would join "}" into one
            // Character and hide the tag's end); rendering trims it.
            do { return try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}\n" + text) } catch {
                throw TemplateError(field: field, reason: "\(error)")
            }
        }
        title = try parse(templates.title, "title")
        subtitle = try parse(templates.subtitle, "subtitle")
        url = try parse(templates.url, "url")
        severity = try parse(templates.severity, "severity")
    }

    /// Renders over a JSON value (from JSONSerialization); a blank severity is none.
    public func render(_ context: Any) -> NotificationDraft {
        func text(_ template: MustacheTemplate) -> String { template.render(context).trimmingCharacters(in: .whitespacesAndNewlines) }
        let level = text(severity)
        return NotificationDraft(title: text(title), subtitle: text(subtitle), url: text(url)).withSeverityWord(level.isEmpty ? nil : level)
    }
}

public struct TemplateError: Error, Equatable {
    public var field: String
    public var reason: String
}

extension TemplateRenderer {
    /// A service's stored templates as a renderer; nil when it has none.
    /// They were checked when saved: if they no longer parse (a newer Herald
    /// reads them differently), `broken` is told (to log it, naming the
    /// service) and nil is returned, so the caller's default applies and the
    /// service's messages still go out; never skipped silently.
    public static func stored(_ templates: NotificationTemplates?, broken: (TemplateError) -> Void) -> TemplateRenderer? {
        guard let templates else { return nil }
        do {
            return try TemplateRenderer(templates)
        } catch {
            broken(error)
            return nil
        }
    }
}

extension AlertReport.Alert {
    /// What an alert template sees: the alert's fields, the report's, and
    /// `resolved` and `severity` for convenience.
    public func templateContext(in report: AlertReport) -> [String: Any] {
        var context: [String: Any] = [
            "status": status, "labels": labels, "annotations": annotations ?? [:], "startsAt": startsAt,
            "resolved": isResolved, "fingerprint": identity,
        ]
        let optional: [String: String?] = [
            "endsAt": endsAt, "generatorURL": generatorURL, "dashboardURL": dashboardURL, "panelURL": panelURL,
            "silenceURL": silenceURL, "valueString": valueString, "externalURL": report.externalURL, "receiver": report.receiver,
            "severity": labels["severity"],
        ]
        for (key, value) in optional { if let value { context[key] = value } }
        if let groupLabels = report.groupLabels { context["groupLabels"] = groupLabels }
        if let commonLabels = report.commonLabels { context["commonLabels"] = commonLabels }
        return context
    }
}
