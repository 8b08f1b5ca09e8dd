import Foundation
import HeraldCore
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A Matrix user as a contact method (issue 43), against a real homeserver
/// (Synapse from PyPI on SQLite, started by the test script): the bot
/// opens a direct chat and sends the code there; a critical alarm is a
/// message in that chat (the notification's words escaped in its HTML);
/// a reaction other than a check mark takes nothing, a ✅ from the person
/// takes the alarm as them; the message is then edited in place to say
/// who took it, back to the alarm when that is withdrawn (a ✅ from before
/// takes nothing then), and an alarm resolved at its source is edited to
/// say so.
@Suite("Contact: Matrix, against Synapse")
struct MatrixContactTests {
    @Test(arguments: Backend.allCases)
    func aMatrixUserTakesTheAlarmByAReactionAndTheMessageIsEditedWhenItEnds(_ backend: Backend) async throws {
        let synapse = try Synapse.fromEnvironment()
        let bot = try await synapse.register("herald")
        let ann = try await synapse.register("ann")
        let configure: @Sendable (inout HeraldConfig) -> Void = { config in
            config.delivery.pollSeconds = 0.2
            config.contacts = ContactSettings(defaults: ContactDefaults(steps: [.critical: [.init(kind: .matrix, delaySeconds: 0)]]))
            config.contacts.matrix = MatrixSettings(baseURL: synapse.url, token: bot.token, pollSeconds: 1)
        }
        try await TestApp.run(backend, framework: .live, configure: configure, schedulers: true) { app in
            let service = try await app.createService()
            let (person, token) = try await app.user("oncall")
            try await app.store.setSubscriptions(userID: person.id, [service.id: true])
            let bad = try await app.request(.post, "/api/v2/users/user/contact-methods", token: token, json: ["kind": "matrix", "address": "ann"])
            #expect((400..<500).contains(Int(bad.status.code)) && bad.text.contains("@name:server"), "\(bad.status) \(bad.text)")
            let added = try await app.request(.post, "/api/v2/users/user/contact-methods", token: token, json: ["kind": "matrix", "address": ann.userID])
            #expect(added.status == .created, "\(added.text)")
            let id = try #require(try added.json(["id"]) as? Int)
            // The bot opened a direct chat and invited the person: they join it and read the code.
            let room = try await PhoneAppContactTests.waitFor("the bot's invitation") { try await ann.acceptInvites().first }
            let codeMessage = try await PhoneAppContactTests.waitFor("the code's message") {
                try await ann.messages(in: room).first { (($0["content"] as? [String: Any])?["body"] as? String)?.contains("code") == true }
            }
            let code = try PhoneAppContactTests.code(in: (codeMessage["content"] as? [String: Any])?["body"] as? String ?? "")
            #expect(try await app.request(.post, "/api/v2/users/user/contact-methods/\(id)/verify", token: token, json: ["code": code]).status == .ok)

            let title = "Kryo: tryck högt <b>2</b>"
            let posted = try await app.request(
                .post, "/api/v1/services/\(service.id.uuidString)/notifications", json: ["title": title, "subtitle": "Kompressor 2 stoppad", "severity": "critical"]
            )
            #expect(posted.status == .created, "\(posted.text)")
            let notification = try #require(try await app.store.notifications(serviceID: service.id).first?.id)
            func alarmMessages() async throws -> [[String: Any]] {
                try await ann.messages(in: room).filter {
                    let content = $0["content"] as? [String: Any]
                    return content?["m.relates_to"] == nil && (content?["body"] as? String)?.contains(title) == true
                }
            }
            let alarm = try await PhoneAppContactTests.waitFor("the alarm's message") { try await alarmMessages().first }
            let content = try #require(alarm["content"] as? [String: Any])
            let html = content["formatted_body"] as? String ?? ""
            #expect(alarm["sender"] as? String == bot.userID && (content["body"] as? String)?.hasPrefix("[CRITICAL] \(title)") == true, "\(alarm)")
            #expect(html.contains("&lt;b&gt;2&lt;/b&gt;") && !html.contains("<b>2</b>") && html.contains("React with ✅"), "escaped: \(html)")
            #expect(alarm["sender"] as? String == bot.userID)
            let event = try #require(alarm["event_id"] as? String)

            // 👀 takes nothing; ✅ from the person takes it as them.
            try await ann.react(in: room, to: event, with: "👀")
            try await Task.sleep(for: .milliseconds(2_500))
            #expect(try await app.store.acknowledgements(of: [notification])[notification] == nil, "a look is not an acknowledgement")
            let reacted = ContinuousClock.now
            try await ann.react(in: room, to: event, with: "✅")
            let taker = try await PhoneAppContactTests.waitFor("the reaction's acknowledgement") {
                try await app.store.acknowledgements(of: [notification])[notification]?.username
            }
            print("Matrix: a ✅ reaction acknowledged the alarm \(ContinuousClock.now - reacted) after it was made (reactions read every 1 s)")
            #expect(taker == "oncall")
            func edits(of event: String) async throws -> [String] { try await ann.edits(of: event, in: room) }
            let edited = try await PhoneAppContactTests.waitFor("the message edited") { try await edits(of: event).first }
            #expect(edited.contains("Acknowledged by oncall.") && edited.contains(title), "\(edited)")
            #expect(try await alarmMessages().count == 1, "one message for the alarm")

            // She puts it back: the message is the alarm again. Her ✅ from before takes nothing; a new 👍 takes it again.
            #expect(try await app.request(.delete, "/api/v2/users/user/notifications/\(notification)/acknowledge", token: token).status.code < 300)
            let reopened = try await PhoneAppContactTests.waitFor("the message edited back to the alarm") { () -> String? in
                let latest = try await edits(of: event).first
                return latest?.contains("Acknowledged by") == false ? latest : nil
            }
            #expect(reopened.hasPrefix("[CRITICAL] \(title)"), "\(reopened)")
            try await Task.sleep(for: .milliseconds(2_500))
            #expect(try await app.store.acknowledgements(of: [notification])[notification] == nil, "the ✅ from before the withdrawal does not take it back")
            try await ann.react(in: room, to: event, with: "👍")
            #expect(try await PhoneAppContactTests.waitFor("the new reaction's acknowledgement") { try await app.store.acknowledgements(of: [notification])[notification]?.username } == "oncall")
            let retaken = try await PhoneAppContactTests.waitFor("the message edited again") { () -> String? in
                let all = try await edits(of: event)
                return all.count >= 3 && all.first?.contains("Acknowledged by oncall.") == true ? all.first : nil
            }
            #expect(retaken.contains(title))

            // Resolved at its source: the message says so.
            let path = "/api/v2/services/\(service.id.uuidString)/alertmanager"
            #expect(try await app.request(.post, path, json: AlertReceiverTests.alertmanagerBody(fingerprints: ["matrix1"])).status == .ok)
            let firing = try await PhoneAppContactTests.waitFor("the firing alarm's message") {
                try await ann.messages(in: room).first { message in
                    let content = message["content"] as? [String: Any]
                    return content?["m.relates_to"] == nil && (content?["body"] as? String)?.contains("Disk full") == true
                }
            }
            let firingEvent = try #require(firing["event_id"] as? String)
            #expect(try await app.request(.post, path, json: AlertReceiverTests.alertmanagerBody(status: "resolved", fingerprints: ["matrix1"])).status == .ok)
            let resolved = try await PhoneAppContactTests.waitFor("the resolved alarm's edit") { try await edits(of: firingEvent).first }
            #expect(resolved.contains("Resolved."), "\(resolved)")

            // A reply takes an alarm too: "not me" nothing, "Ack." as the person.
            #expect(try await app.request(.post, "/api/v1/services/\(service.id.uuidString)/notifications", json: ["title": "Vacuum trip", "severity": "critical"]).status == .created)
            let vacuum = try #require(try await app.store.notifications(serviceID: service.id).map(\.id).max())
            let vacuumMessage = try await PhoneAppContactTests.waitFor("the third alarm's message") {
                try await ann.messages(in: room).first { (($0["content"] as? [String: Any])?["body"] as? String)?.contains("Vacuum trip") == true }
            }
            let vacuumEvent = try #require(vacuumMessage["event_id"] as? String)
            try await ann.reply(in: room, to: vacuumEvent, "not me")
            try await Task.sleep(for: .milliseconds(2_500))
            #expect(try await app.store.acknowledgements(of: [vacuum])[vacuum] == nil, "a reply that is not an acknowledgement")
            try await ann.reply(in: room, to: vacuumEvent, "Ack.")
            let replied = try await PhoneAppContactTests.waitFor("the reply's acknowledgement") { try await app.store.acknowledgements(of: [vacuum])[vacuum]?.username }
            #expect(replied == "oncall")
        }
    }
}
