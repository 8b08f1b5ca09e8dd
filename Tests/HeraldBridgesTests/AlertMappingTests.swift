import Foundation
import HeraldBridges
import HeraldCore
import Testing

@Suite("Alert mapping and deduplication")
struct AlertMappingTests {
    /// The example from Alertmanager's webhook documentation, as in alert-sources.md.
    static let alertmanagerExample = """
        {"receiver":"herald","status":"firing","alerts":[{"status":"firing",
        "labels":{"alertname":"ProbeFailure","instance":"https://server.example.org",
        "severity":"critical"},"annotations":{"summary":"Probe failure",
        "description":"down for over 5m"},"startsAt":"2023-02-06T13:08:45.828Z",
        "endsAt":"0001-01-01T00:00:00Z","generatorURL":"http://prom:9090/graph?g0.expr=...",
        "fingerprint":"1a30ba71cca2921f"}],"groupLabels":{"alertname":"ProbeFailure"},
        "commonLabels":{"alertname":"ProbeFailure","severity":"critical"},
        "commonAnnotations":{"summary":"Probe failure"},
        "externalURL":"http://alertmanager:9093","version":"4",
        "groupKey":"{}:{alertname=\\"ProbeFailure\\"}","truncatedAlerts":0,"notification_reason":"new"}
        """

    static let grafanaExample = """
        {"receiver":"herald","status":"firing","orgId":1,"state":"alerting","title":"[FIRING:1] DiskFull","message":"disk",
        "version":"1","externalURL":"http://grafana:3000/","alerts":[{"status":"firing","labels":{"alertname":"DiskFull"},
        "annotations":{},"startsAt":"2024-01-01T10:00:00Z","endsAt":"0001-01-01T00:00:00Z",
        "dashboardURL":"http://grafana:3000/d/abc","panelURL":"http://grafana:3000/d/abc?viewPanel=2","valueString":"[ var='A' value=97 ]"}]}
        """

    @Test func alertmanagerAlertsMapToTitledNotifications() throws {
        let report = try AlertReport.decode(Data(Self.alertmanagerExample.utf8))
        let alert = try #require(report.alerts.first)
        let draft = AlertMapping.notification(for: alert, in: report)
        #expect(draft.title == "[CRITICAL] Probe failure")
        #expect(draft.subtitle == "down for over 5m — instance https://server.example.org")
        #expect(draft.url == "http://prom:9090/graph?g0.expr=...")
        #expect(draft.severity == .critical)
        var resolved = alert
        resolved.status = "resolved"
        #expect(AlertMapping.notification(for: resolved, in: report).title == "Resolved: [CRITICAL] Probe failure")
        var bare = alert
        bare.annotations = nil
        bare.labels = ["alertname": "HighLoad"]
        bare.generatorURL = nil
        let fallback = AlertMapping.notification(for: bare, in: report)
        #expect(fallback.title == "HighLoad" && fallback.url == "http://alertmanager:9093" && fallback.severity == nil)
    }

    @Test func grafanaAlertsLinkToTheirPanelAndFingerprintTheirLabels() throws {
        let report = try AlertReport.decode(Data(Self.grafanaExample.utf8))
        let alert = try #require(report.alerts.first)
        let draft = AlertMapping.notification(for: alert, in: report)
        #expect(draft.title == "DiskFull")
        #expect(draft.url == "http://grafana:3000/d/abc?viewPanel=2")
        #expect(draft.subtitle == "[ var='A' value=97 ]")
        #expect(alert.identity.count == 16, "no fingerprint in Grafana's payload: derived from the labels")
        #expect(alert.identity == alert.identity)
    }

    @Test(arguments: [
        ("{", "the body is not valid JSON"),
        (#"{"status":"firing"}"#, "missing field alerts"),
        (#"{"alerts":[{"status":"firing","startsAt":"x"}]}"#, "missing field alerts[0].labels"),
        (#"{"alerts":"none"}"#, "wrong type at alerts"),
    ])
    func malformedPayloadsAreRefusedWithAReason(_ body: String, _ reason: String) {
        #expect(throws: AlertReportError(reason: reason)) { try AlertReport.decode(Data(body.utf8)) }
    }

    @Test func manyNewAlertsBecomeOneSummary() throws {
        var report = try AlertReport.decode(Data(Self.alertmanagerExample.utf8))
        let template = report.alerts[0]
        report.alerts = (0..<12).map { index in
            var alert = template
            alert.fingerprint = "fp\(index)"
            alert.labels["severity"] = index == 3 ? "warning" : "critical"
            return alert
        }
        let all = report.alerts.map(\.observation)
        let summary = AlertMapping.notifications(for: all, in: report, stormThreshold: 10)
        #expect(summary.count == 1)
        #expect(summary[0].title == "[CRITICAL] 12 firing (alertname=ProbeFailure)")
        #expect(summary[0].subtitle == "Probe failure")
        #expect(summary[0].key == nil && summary[0].alarm == nil, "a summary stands for no one alarm")
        let single = AlertMapping.notifications(for: Array(all.prefix(3)), in: report, stormThreshold: 10)
        #expect(single.map(\.key) == ["alert:fp0", "alert:fp1", "alert:fp2"], "one notification per alert, under its fingerprint")
        #expect(single.allSatisfy { $0.alarm == .firing } && single.count == 3)
        var resolvedReport = report
        resolvedReport.alerts = report.alerts.map { var alert = $0; alert.status = "resolved"; return alert }
        let resolved = AlertMapping.notifications(for: Array(resolvedReport.alerts.prefix(1)).map(\.observation), in: resolvedReport, stormThreshold: 10)
        #expect(resolved.map(\.key) == ["alert:fp0"] && resolved.map(\.alarm) == [.resolved])
        report.truncatedAlerts = 40
        #expect(AlertMapping.notifications(for: Array(all.prefix(3)), in: report, stormThreshold: 10).first?.title
            == "[CRITICAL] 3 firing, 40 more not shown by Alertmanager (alertname=ProbeFailure)")
    }

    @Test func onlyChangesArePushed() {
        let now = Date()
        let firing = AlertObservation(fingerprint: "f", status: .firing, startsAt: "t1")
        let state = AlertState(status: .firing, startsAt: "t1", notifiedAt: now.addingTimeInterval(-600))
        #expect(AlertDedupe.shouldNotify(previous: nil, current: firing, now: now, renotifyAfter: nil))
        #expect(!AlertDedupe.shouldNotify(previous: state, current: firing, now: now, renotifyAfter: nil), "a repeat")
        #expect(AlertDedupe.shouldNotify(previous: state, current: firing, now: now, renotifyAfter: 300), "re-notify interval passed")
        #expect(!AlertDedupe.shouldNotify(previous: state, current: firing, now: now, renotifyAfter: 3600))
        #expect(AlertDedupe.shouldNotify(previous: state, current: .init(fingerprint: "f", status: .firing, startsAt: "t2"), now: now, renotifyAfter: nil), "fired again")
        let resolved = AlertObservation(fingerprint: "f", status: .resolved, startsAt: "t1")
        #expect(AlertDedupe.shouldNotify(previous: state, current: resolved, now: now, renotifyAfter: nil))
        let wasResolved = AlertState(status: .resolved, startsAt: "t1", notifiedAt: now)
        #expect(!AlertDedupe.shouldNotify(previous: wasResolved, current: resolved, now: now, renotifyAfter: nil), "resolution repeated")
        #expect(AlertDedupe.shouldNotify(previous: wasResolved, current: firing, now: now, renotifyAfter: nil), "firing after resolution")
        #expect(!AlertDedupe.shouldNotify(previous: nil, current: resolved, now: now, renotifyAfter: nil), "never seen firing")
    }
}
