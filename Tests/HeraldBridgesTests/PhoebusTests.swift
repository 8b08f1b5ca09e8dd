import Foundation
import HeraldBridges
import HeraldCore
import Testing

@Suite("Phoebus alarm states")
struct PhoebusTests {
    static func state(_ severity: String, seconds: Int, mode: String? = nil, notify: Bool? = nil) -> Data {
        var json: [String: Any] = [
            "severity": severity, "latch": true, "message": severity == "OK" ? "NO_ALARM" : "LOLO", "value": "0.5",
            "time": ["seconds": seconds, "nano": 250], "current_severity": severity, "current_message": "LOLO",
        ]
        if let mode { json["mode"] = mode }
        if let notify { json["notify"] = notify }
        return try! JSONSerialization.data(withJSONObject: json)
    }

    @Test func messagesAreDecodedByKey() {
        let config = PhoebusMessage.decode(key: "config:/Acc/Vac/PV1", value: Data(#"{"description":"Pump 1 pressure","enabled":true}"#.utf8))
        #expect(config == .config(path: "/Acc/Vac/PV1", description: "Pump 1 pressure"))
        guard case .leafState(let path, let leaf) = PhoebusMessage.decode(key: "state:/Acc/Vac/PV1", value: Self.state("MAJOR", seconds: 7)) else {
            Issue.record("not a leaf state")
            return
        }
        #expect(path == "/Acc/Vac/PV1" && leaf.severity == .major && leaf.time == "7.000000250" && leaf.notify && !leaf.maintenance)
        #expect(PhoebusMessage.decode(key: "state:/Acc/Vac", value: Data(#"{"severity":"MAJOR"}"#.utf8)) == .other, "a node, not a leaf")
        #expect(PhoebusMessage.decode(key: "state:/Acc/Vac/PV1", value: nil) == .other, "a tombstone")
        #expect(PhoebusMessage.decode(key: "talk:/Acc/Vac/PV1", value: Data(#"{"talk":"x"}"#.utf8)) == .other)
    }

    @Test func newAlarmsEscalationsAndReturnsToOKArePushed() {
        var tracker = PhoebusAlarmTracker(minimumSeverity: .minor)
        func push(_ severity: String, _ seconds: Int, act: Bool = true, mode: String? = nil, notify: Bool? = nil) -> PhoebusAlarmTracker.Push? {
            tracker.observe(PhoebusMessage.decode(key: "state:/Acc/PV", value: Self.state(severity, seconds: seconds, mode: mode, notify: notify)), act: act)
        }
        _ = tracker.observe(.config(path: "/Acc/PV", description: "Beam current"), act: false)
        #expect(push("MINOR", 1, act: false) == nil, "history is only learned")
        #expect(push("OK", 2, act: false) == nil)
        let alarm = push("MINOR", 3)
        #expect(alarm?.draft.title == "[MINOR] Beam current" && alarm?.observation.status == .firing && alarm?.draft.severity == .minor)
        #expect(alarm?.draft.key == "alarm:/Acc/PV" && alarm?.draft.alarm == .firing, "under the PV's key, so its later states update it")
        let escalated = push("MAJOR", 4)
        #expect(escalated?.draft.subtitle.hasPrefix("escalated") == true)
        #expect(escalated?.draft.key == "alarm:/Acc/PV" && escalated?.draft.alarm == .firing)
        #expect(push("MINOR", 5) == nil, "de-escalation")
        #expect(push("MINOR_ACK", 6) == nil, "acknowledged")
        let resolved = push("OK", 7)
        #expect(resolved?.draft.title == "Resolved: Beam current" && resolved?.observation.status == .resolved)
        #expect(resolved?.draft.key == "alarm:/Acc/PV" && resolved?.draft.alarm == .resolved)
        #expect(push("MAJOR", 8, mode: "maintenance") == nil, "maintenance mode")
        #expect(push("OK", 9) != nil, "it was active: its return to OK is news")
        #expect(push("MAJOR", 10, notify: false) == nil, "notify=false")
        var strict = PhoebusAlarmTracker(minimumSeverity: .major)
        #expect(strict.observe(PhoebusMessage.decode(key: "state:/X", value: Self.state("MINOR", seconds: 1)), act: true) == nil)
    }

    @Test func pathsMapToServicesByTheLongestPrefix() {
        let accelerator = UUID()
        let vacuum = UUID()
        let settings = KafkaSettings(brokers: "b", topics: ["t"], services: [("/Acc", accelerator), ("/Acc/Vac", vacuum)])
        #expect(settings.service(for: "/Acc/Vac/PV1") == vacuum)
        #expect(settings.service(for: "/Acc/RF/PV2") == accelerator)
        #expect(settings.service(for: "/Accel/PV") == nil)
        #expect(settings.service(for: "/Other") == nil)
    }
}
