import Foundation
import HeraldCore
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Phones without an app of one's own (issue 43), against the ntfy and
/// Pushover mock (which refuses what they refuse): a topic or user key
/// verified with the code sent to it; a critical alarm sent loud by the
/// person's rule; ntfy's Acknowledge button (the request ntfy's app makes)
/// takes it as them, once; Pushover's own acknowledgement, read from the
/// emergency's receipt, takes it as them; once an alarm is taken or
/// resolved, the ntfy message is replaced and cleared and the Pushover
/// emergency stops repeating.
@Suite("Contact: ntfy and Pushover")
struct PhoneAppContactTests {
    static let topic = "herald-oncall-7f3k9q2m"
    static let userKey = "uoncallpushoveruserkey12345678"

    static func waitFor<T>(_ what: String, seconds: Int = 20, _ probe: () async throws -> T?) async throws -> T {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if let found = try await probe() { return found }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestSetupError("waited \(seconds) s for \(what)")
    }

    static func code(in text: String) throws -> String { try #require(ContactReplyCode.codes(in: text).first as String?, "a code in \(text)") }

    @Test(arguments: Backend.allCases)
    func anNtfyButtonTakesTheAlarmOnceAndTheMessageIsClearedWhenItEnds(_ backend: Backend) async throws {
        let mock = try await MockPhoneApps.start()
        defer { mock.stop() }
        let configure: @Sendable (inout HeraldConfig) -> Void = { config in
            config.publicURL = "https://herald.example.org"
            config.delivery.pollSeconds = 0.2
            config.contacts = ContactSettings(defaults: ContactDefaults(steps: [.critical: [.init(kind: .ntfy, delaySeconds: 0)]]))
            config.contacts.ntfy = NtfySettings(baseURL: mock.baseURL, token: MockPhoneApps.ntfyToken)
            // Numbers are kept to one country; topics and keys are not numbers.
            config.contacts.countries = ["+46"]
        }
        try await TestApp.run(backend, framework: .live, configure: configure, schedulers: true) { app in
            // Where the phone's request for https://herald.example.org/… arrives.
            let origin = "http://127.0.0.1:\(try #require(app.client.port))"
            let service = try await app.createService()
            let (person, token) = try await app.user("oncall")
            try await app.store.setSubscriptions(userID: person.id, [service.id: true])
            let guessable = try await app.request(.post, "/api/v2/users/user/contact-methods", token: token, json: ["kind": "ntfy", "address": "oncall"])
            #expect((400..<500).contains(Int(guessable.status.code)) && guessable.text.contains("12 to 64"), "\(guessable.status) \(guessable.text)")
            let added = try await app.request(.post, "/api/v2/users/user/contact-methods", token: token, json: ["kind": "ntfy", "address": Self.topic])
            #expect(added.status == .created, "\(added.text)")
            let id = try #require(try added.json(["id"]) as? Int)
            let codeMessage = try await Self.waitFor("the code's message") { try await mock.ntfy().first { $0["topic"] as? String == Self.topic } }
            let code = try Self.code(in: codeMessage["message"] as? String ?? "")
            #expect(try await app.request(.post, "/api/v2/users/user/contact-methods/\(id)/verify", token: token, json: ["code": code]).status == .ok)

            let posted = try await app.request(
                .post, "/api/v1/services/\(service.id.uuidString)/notifications",
                json: ["title": "Kryo: tryck högt ⚠", "subtitle": "Kompressor 2 stoppad", "url": "https://logbook.example.org/e/42", "severity": "critical"]
            )
            #expect(posted.status == .created, "\(posted.text)")
            let notification = try #require(try await app.store.notifications(serviceID: service.id).first?.id)
            let sequence = "herald-\(notification)"
            let alarm = try await Self.waitFor("the alarm's ntfy message") { try await mock.ntfy().first { $0["sequence_id"] as? String == sequence } }
            #expect(alarm["priority"] as? Int == 5 && alarm["tags"] as? [String] == ["rotating_light"], "\(alarm)")
            #expect(alarm["title"] as? String == "[CRITICAL] Kryo: tryck högt ⚠", "the title's encoded word decodes to it: \(alarm)")
            #expect(alarm["message"] as? String == "Kompressor 2 stoppad" && alarm["click"] as? String == "https://logbook.example.org/e/42")
            let action = try #require((alarm["actions"] as? [[String: String]])?.first, "\(alarm)")
            #expect(action["action"] == "http" && action["method"] == "POST" && action["clear"] == "true", "\(action)")
            #expect(action["url"]?.hasPrefix("https://herald.example.org/api/v2/acknowledge/") == true, "\(action)")

            // The person taps Acknowledge: ntfy's app makes the request.
            let pressed = ContinuousClock.now
            let tap = try await mock.press(topic: Self.topic, sequenceID: sequence, origin: origin)
            #expect(tap.status == 201, "\(tap)")
            #expect(try await app.store.acknowledgements(of: [notification])[notification]?.username == "oncall")
            // Taken: the message says so, quietly, and is cleared on the person's phones.
            let cleared = try await Self.waitFor("the clear") {
                try await mock.ntfy().contains { $0["event"] as? String == "clear" && $0["sequence_id"] as? String == sequence } ? true : nil
            }
            print("ntfy: acknowledged by its button, its message cleared \(ContinuousClock.now - pressed) after the tap")
            #expect(cleared)
            let ended = try #require(try await mock.ntfy().last { $0["event"] as? String == "message" && $0["sequence_id"] as? String == sequence })
            #expect(ended["message"] as? String == "Acknowledged by oncall." && ended["priority"] as? Int == 1 && (ended["actions"] as? [Any])?.isEmpty == true)
            // A link takes an alarm once: tapped again (or replayed from the topic's cache), and after a withdrawal, it takes nothing.
            #expect(try await mock.press(topic: Self.topic, sequenceID: sequence, origin: origin).status == 404)
            #expect(try await app.request(.delete, "/api/v2/users/user/notifications/\(notification)/acknowledge", token: token).status == .noContent)
            let replay = try await mock.press(topic: Self.topic, sequenceID: sequence, origin: origin)
            #expect(replay.status == 404 && replay.body.contains("withdrew"), "\(replay)")
            #expect(try await app.store.acknowledgements(of: [notification])[notification] == nil)

            // An alarm resolved at its source: the message is replaced by "Resolved." and cleared.
            let path = "/api/v2/services/\(service.id.uuidString)/alertmanager"
            #expect(try await app.request(.post, path, json: AlertReceiverTests.alertmanagerBody(fingerprints: ["ntfy1"])).status == .ok)
            let firing = try #require(try await app.store.notifications(serviceID: service.id).map(\.id).max())
            _ = try await Self.waitFor("the firing alarm's message") { try await mock.ntfy().first { $0["sequence_id"] as? String == "herald-\(firing)" } }
            #expect(try await app.request(.post, path, json: AlertReceiverTests.alertmanagerBody(status: "resolved", fingerprints: ["ntfy1"])).status == .ok)
            _ = try await Self.waitFor("the resolved alarm's clear") {
                try await mock.ntfy().first { $0["event"] as? String == "clear" && $0["sequence_id"] as? String == "herald-\(firing)" }
            }
            let resolved = try #require(try await mock.ntfy().last { $0["event"] as? String == "message" && $0["sequence_id"] as? String == "herald-\(firing)" })
            #expect(resolved["message"] as? String == "Resolved." && resolved["priority"] as? Int == 1, "\(resolved)")
        }
    }

    @Test(arguments: Backend.allCases)
    func aPushoverEmergencyIsTakenInPushoverAndStopsWhenTakenInHerald(_ backend: Backend) async throws {
        let mock = try await MockPhoneApps.start()
        defer { mock.stop() }
        let configure: @Sendable (inout HeraldConfig) -> Void = { config in
            config.delivery.pollSeconds = 0.2
            config.contacts = ContactSettings(defaults: ContactDefaults(steps: [.critical: [.init(kind: .pushover, delaySeconds: 0)]]))
            config.contacts.pushover = PushoverSettings(baseURL: mock.baseURL, token: MockPhoneApps.pushoverToken, retrySeconds: 30, expireSeconds: 600, pollSeconds: 1)
            config.contacts.countries = ["+46"]
        }
        try await TestApp.run(backend, framework: .live, configure: configure, schedulers: true) { app in
            let service = try await app.createService()
            let (person, token) = try await app.user("oncall")
            try await app.store.setSubscriptions(userID: person.id, [service.id: true])
            let wrong = try await app.request(.post, "/api/v2/users/user/contact-methods", token: token, json: ["kind": "pushover", "address": "not a key"])
            #expect((400..<500).contains(Int(wrong.status.code)) && wrong.text.contains("30 letters"), "\(wrong.status) \(wrong.text)")
            let added = try await app.request(.post, "/api/v2/users/user/contact-methods", token: token, json: ["kind": "pushover", "address": Self.userKey])
            #expect(added.status == .created, "\(added.text)")
            let id = try #require(try added.json(["id"]) as? Int)
            let codeMessage = try await Self.waitFor("the code's message") { try await mock.pushover().first }
            #expect(codeMessage["user"] == Self.userKey && codeMessage["priority"] == "0", "\(codeMessage)")
            let code = try Self.code(in: codeMessage["message"] ?? "")
            #expect(try await app.request(.post, "/api/v2/users/user/contact-methods/\(id)/verify", token: token, json: ["code": code]).status == .ok)

            func alarm(_ title: String) async throws -> (NotificationID, [String: String]) {
                let posted = try await app.request(.post, "/api/v1/services/\(service.id.uuidString)/notifications", json: ["title": title, "severity": "critical"])
                #expect(posted.status == .created, "\(posted.text)")
                let notification = try #require(try await app.store.notifications(serviceID: service.id).map(\.id).max())
                let message = try await Self.waitFor("\(title)'s Pushover message") { try await mock.pushover().first { $0["title"] == "[CRITICAL] \(title)" } }
                return (notification, message)
            }
            let (first, emergency) = try await alarm("Beam lost")
            #expect(emergency["priority"] == "2" && emergency["retry"] == "30" && emergency["expire"] == "600", "\(emergency)")
            let receipt = try #require(emergency["receipt"])
            // Acknowledged in Pushover's app: read from the receipt, it is the person's acknowledgement in Herald.
            let acknowledged = ContinuousClock.now
            try await mock.acknowledge(receipt: receipt, user: Self.userKey)
            let taker = try await Self.waitFor("the acknowledgement read from the receipt") { try await app.store.acknowledgements(of: [first])[first]?.username }
            print("Pushover: its acknowledgement reached Herald \(ContinuousClock.now - acknowledged) after it was made (receipt read every 1 s)")
            #expect(taker == "oncall")

            // Taken in Herald: the emergency stops repeating.
            let (second, repeating) = try await alarm("Vacuum trip")
            let secondReceipt = try #require(repeating["receipt"])
            let taken = ContinuousClock.now
            #expect(try await app.request(.post, "/api/v2/users/user/notifications/\(second)/acknowledge", token: token).status == .created)
            let cancelled = try await Self.waitFor("the emergency cancelled") {
                try await mock.receipts()[secondReceipt]?["cancelled"] as? Bool == true ? true : nil
            }
            print("Pushover: its emergency cancelled \(ContinuousClock.now - taken) after the alarm was taken in Herald")
            let firstCancelled = try await mock.receipts()[receipt]?["cancelled"] as? Bool
            #expect(cancelled && firstCancelled == false, "the first one ended by its own acknowledgement")

            // Pushover took an emergency but its answer (the receipt) was lost: taken in Herald, it is stopped by the notification's tag.
            try await mock.loseAnswers(1)
            let (third, lost) = try await alarm("Cooling water low")
            #expect(lost["tags"] == "herald-\(third)" && lost["receipt"] != nil, "\(lost)")
            let lostReceipt = try #require(lost["receipt"])
            let report = try await Self.waitFor("the lost answer recorded") {
                try await app.store.deliveryReport(notificationID: third).first { $0.state == .failed }
            }
            #expect(report.lastError?.contains("not sent again") == true, "\(report)")
            #expect(try await app.request(.post, "/api/v2/users/user/notifications/\(third)/acknowledge", token: token).status == .created)
            _ = try await Self.waitFor("the emergency cancelled by its tag") { try await mock.receipts()[lostReceipt]?["cancelled"] as? Bool == true ? true : nil }
        }
    }
}
