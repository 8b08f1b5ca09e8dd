import Foundation
import HeraldBridges
import HeraldCore
import Testing

/// The write-back's pure parts: the next step from what is wanted and what
/// the source holds, Alertmanager's silence requests and answers, and the
/// Phoebus command as its UI sends one.
@Suite("Write-back steps")
struct WriteBackStepTests {
    static let am = WriteBackTarget.alertmanager(url: "http://am:9093", silenceMinutes: 60)

    static func record(_ wanted: WriteBackGoal, reference: String? = nil) -> WriteBackRecord {
        WriteBackRecord(notificationID: 1, wanted: wanted, reference: reference, nextAttemptAt: Date(), updatedAt: Date())
    }

    @Test func eachGoalAndTargetHasOneNextStep() {
        #expect(WriteBackStep.next(for: Self.record(.acknowledged), target: Self.am) == .makeSilence)
        #expect(WriteBackStep.next(for: Self.record(.acknowledged, reference: "s1"), target: Self.am) == .settle(reference: "s1", detail: nil))
        #expect(WriteBackStep.next(for: Self.record(.withdrawn, reference: "s1"), target: Self.am) == .expireSilence(id: "s1"))
        #expect(WriteBackStep.next(for: Self.record(.resolved, reference: "s1"), target: Self.am) == .expireSilence(id: "s1"))
        #expect(WriteBackStep.next(for: Self.record(.withdrawn), target: Self.am) == .settle(reference: nil, detail: nil), "nothing was made")
        #expect(WriteBackStep.next(for: Self.record(.acknowledged), target: .phoebus) == .sendCommand(acknowledge: true))
        #expect(WriteBackStep.next(for: Self.record(.withdrawn, reference: "sent"), target: .phoebus) == .sendCommand(acknowledge: false))
        #expect(WriteBackStep.next(for: Self.record(.resolved, reference: "sent"), target: .phoebus) == .settle(reference: nil, detail: nil))
        if case .refuse = WriteBackStep.next(for: Self.record(.acknowledged), target: nil) {} else { Issue.record("no target: refused") }
    }

    @Test func silencesMatchEveryLabelExactlyAndNameWhoTookIt() throws {
        let listing = #"[{"fingerprint":"other","labels":{"alertname":"B"}},{"fingerprint":"fp1","labels":{"alertname":"DiskFull","instance":"db1"},"annotations":{"summary":"Disk full"},"startsAt":"2026-11-26T10:00:00.000Z","status":{"state":"suppressed"},"receivers":[]}]"#
        let alert = try #require(try AlertmanagerSilences.alert(withFingerprint: "fp1", in: Data(listing.utf8)))
        #expect(alert.labels == ["alertname": "DiskFull", "instance": "db1"] && alert.startsAt == "2026-11-26T10:00:00.000Z")
        #expect(try AlertmanagerSilences.alert(withFingerprint: "gone", in: Data(listing.utf8)) == nil)
        #expect(throws: WriteBackFailure.self) { try AlertmanagerSilences.alert(withFingerprint: "fp1", in: Data("<html>".utf8)) }

        let body = AlertmanagerSilences.silence(
            labels: alert.labels, from: Date(timeIntervalSince1970: 0), until: Date(timeIntervalSince1970: 3_600), createdBy: "herald (alice)", comment: "c"
        )
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let matchers = try #require(object["matchers"] as? [[String: Any]])
        #expect(matchers.map { $0["name"] as? String } == ["alertname", "instance"])
        #expect(matchers.allSatisfy { $0["isRegex"] as? Bool == false && $0["isEqual"] as? Bool == true })
        #expect(object["startsAt"] as? String == "1970-01-01T00:00:00.000000Z" && object["endsAt"] as? String == "1970-01-01T01:00:00.000000Z")
        #expect(try AlertmanagerSilences.silenceID(in: Data(#"{"silenceID":"a3d6e67c-1a36"}"#.utf8)) == "a3d6e67c-1a36")
        #expect(AlertmanagerSilences.silenceURL(base: "http://am", id: "../../api/v2/alerts") == nil, "only an id's characters go into the path")

        // The resolution Alertmanager withholds from a silenced alert, as its webhook would send it.
        let resolution = try #require(AlertmanagerSilences.resolution(ofListing: alert.json, at: Date(timeIntervalSince1970: 60), base: "http://am"))
        let report = try AlertReport.decode(resolution)
        #expect(report.alerts.map(\.status) == ["resolved"] && report.alerts.first?.fingerprint == "fp1")
        #expect(report.alerts.first?.annotations?["summary"] == "Disk full" && report.alerts.first?.startsAt == "2026-11-26T10:00:00.000Z")
    }

    @Test func answersDecideBetweenRetryAndRefusal() {
        #expect(AlertmanagerSilences.failure(status: 200, body: Data(), doing: "x") == nil)
        for status in [500, 503, 429, 408] {
            if case .retry? = AlertmanagerSilences.failure(status: status, body: Data(), doing: "x") {} else { Issue.record("\(status) is retried") }
        }
        for status in [400, 401, 403, 422] {
            if case .refused? = AlertmanagerSilences.failure(status: status, body: Data(), doing: "x") {} else { Issue.record("\(status) is refused") }
        }
    }

    @Test func phoebusCommandsAreWhatTheAlarmUISends() throws {
        let command = try #require(PhoebusCommand(acknowledge: true, path: "/Accelerator/Vacuum/PV1", user: "alice", host: "herald-1"))
        #expect(command.topic == "AcceleratorCommand" && command.key == "command:/Accelerator/Vacuum/PV1")
        let value = try #require(try JSONSerialization.jsonObject(with: Data(command.value.utf8)) as? [String: String])
        #expect(value == ["user": "alice", "host": "herald-1", "command": "acknowledge"])
        #expect(PhoebusCommand(acknowledge: false, path: "/Accelerator/PV", user: "a", host: "h")?.value.contains("unacknowledge") == true)
        #expect(PhoebusCommand(acknowledge: true, path: "PV1", user: "a", host: "h") == nil, "a path names its configuration first")
        #expect(PhoebusCommand(acknowledge: true, path: "/Accelerator", user: "a", host: "h") == nil)
    }
}
