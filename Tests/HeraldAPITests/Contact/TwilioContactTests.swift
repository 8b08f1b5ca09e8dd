import Foundation
import HeraldCore
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Texts through a Twilio-compatible API (issue 42), against a mock that
/// checks what Twilio checks and signs its webhooks as Twilio does: a
/// number verified with the texted code, a critical notification texted
/// at once by the person's rule, the answer through Twilio's signed
/// webhook acknowledging as them; a forged signature, a stranger's number,
/// a wrong code change nothing; a Twilio outage is retried and sent once.
@Suite("Contact: Twilio")
struct TwilioContactTests {
    static let number = "+46700000002"

    @Test(arguments: Backend.allCases)
    func aTextGoesThroughTwilioAndASignedReplyTakesTheAlarm(_ backend: Backend) async throws {
        let twilio = try await MockTwilio.start()
        defer { twilio.stop() }
        let configure: @Sendable (inout HeraldConfig) -> Void = { config in
            config.delivery.pollSeconds = 0.2
            config.delivery.retryBaseSeconds = 0.2
            // The mock is on loopback: trusted as the operator's URL (TWILIO_URL) is.
            config.contacts = ContactSettings(
                sms: .twilio(TwilioSettings(baseURL: twilio.baseURL, accountSID: MockTwilio.accountSID, authToken: MockTwilio.authToken, from: "+46100000000")),
                defaults: ContactDefaults(steps: [.critical: [.init(kind: .sms, delaySeconds: 0)]])
            )
        }
        try await TestApp.run(backend, framework: .live, configure: configure, schedulers: true) { app in
            let service = try await app.createService()
            let (person, token) = try await app.user("oncall")
            try await app.store.setSubscriptions(userID: person.id, [service.id: true])
            let added = try await app.request(.post, "/api/v2/users/user/contact-methods", token: token, json: ["kind": "sms", "address": "0046 700 000 002"])
            #expect(added.status == .created, "\(added.text)")
            let id = try #require(try added.json(["id"]) as? Int)
            let sent = try await twilio.messages()
            #expect(sent.count == 1 && sent.first?["To"] == Self.number && sent.first?["From"] == "+46100000000")
            let code = try #require(ContactReplyCode.codes(in: sent.first?["Body"] ?? "").first as String?)
            #expect(try await app.request(.post, "/api/v2/users/user/contact-methods/\(id)/verify", token: token, json: ["code": code]).status == .ok)

            // Twilio is down for the first two tries: retried, then sent once.
            try await twilio.fail(status: 503, count: 2)
            let posted = try await app.request(
                .post, "/api/v1/services/\(service.id.uuidString)/notifications", json: ["title": "Cryo plant trip", "subtitle": "Compressor 2 stopped", "severity": "critical"]
            )
            #expect(posted.status == .created, "\(posted.text)")
            let notification = try #require(try await app.store.notifications(serviceID: service.id).first?.id)
            let deadline = ContinuousClock.now + .seconds(30)
            var texts: [[String: String]] = []
            while texts.count < 2, ContinuousClock.now < deadline {
                texts = try await twilio.messages()
                try await Task.sleep(for: .milliseconds(100))
            }
            try await Task.sleep(for: .seconds(1))
            texts = try await twilio.messages()
            #expect(texts.count == 2, "the code and the alarm, once: \(texts)")
            let body = try #require(texts.last?["Body"])
            #expect(body.hasPrefix("[CRITICAL] Cryo plant trip: Compressor 2 stopped"), "\(body)")
            let replyCode = try #require(ContactReplyCode.codes(in: body).first)

            let port = try #require(app.client.port)
            let webhook = "http://127.0.0.1:\(port)/api/v2/channels/twilio/sms"
            let forged = try await twilio.inbound(to: webhook, from: Self.number, to: "+46100000000", body: replyCode, forged: true)
            #expect(forged.status == 403, "\(forged)")
            let stranger = try await twilio.inbound(to: webhook, from: "+46700000999", to: "+46100000000", body: replyCode)
            #expect(stranger.status == 200, "\(stranger)")
            let wrong = try await twilio.inbound(to: webhook, from: Self.number, to: "+46100000000", body: replyCode == "111111" ? "222222" : "111111")
            #expect(wrong.status == 200)
            #expect(try await app.store.acknowledgements(of: [notification])[notification] == nil, "nothing changed")

            let answer = try await twilio.inbound(to: webhook, from: Self.number, to: "+46100000000", body: "ok \(replyCode) on my way")
            #expect(answer.status == 200 && answer.body.contains("<Response>"), "\(answer)")
            let taken = try #require(try await app.store.acknowledgements(of: [notification])[notification])
            #expect(taken.username == "oncall" && taken.comment == "by text reply")
            // The same reply again (Twilio retries a webhook) changes nothing.
            #expect(try await twilio.inbound(to: webhook, from: Self.number, to: "+46100000000", body: replyCode).status == 200)
            #expect(try await app.store.acknowledgements(of: [notification])[notification] == taken)
        }
    }

    /// A forged sender guessing codes: after five misses from a number its
    /// replies wait, the right code too; and an answer after someone else
    /// withdrew the acknowledgement (since the text went) takes nothing back.
    @Test(arguments: Backend.allCases)
    func guessesAreBrakedAndALateAnswerDoesNotUndoAWithdrawal(_ backend: Backend) async throws {
        let twilio = try await MockTwilio.start()
        defer { twilio.stop() }
        let configure: @Sendable (inout HeraldConfig) -> Void = { config in
            config.delivery.pollSeconds = 0.2
            config.contacts = ContactSettings(
                sms: .twilio(TwilioSettings(baseURL: twilio.baseURL, accountSID: MockTwilio.accountSID, authToken: MockTwilio.authToken, from: "+46100000000")),
                defaults: ContactDefaults(steps: [.critical: [.init(kind: .sms, delaySeconds: 0)]])
            )
            config.contacts.dailyCapPerPerson = 1  // critical ones have as much again in reserve: 2
        }
        try await TestApp.run(backend, framework: .live, configure: configure, schedulers: true) { app in
            let service = try await app.createService()
            let (root, admin) = try await app.user("root", admin: true)
            let (person, token) = try await app.user("oncall")
            try await app.store.setSubscriptions(userID: person.id, [service.id: true])
            try await app.store.setSubscriptions(userID: root.id, [service.id: true])
            let added = try await app.request(.post, "/api/v2/users/user/contact-methods", token: token, json: ["kind": "sms", "address": Self.number])
            let id = try #require(try added.json(["id"]) as? Int)
            let code = try #require(ContactReplyCode.codes(in: try await twilio.messages().first?["Body"] ?? "").first as String?)
            #expect(try await app.request(.post, "/api/v2/users/user/contact-methods/\(id)/verify", token: token, json: ["code": code]).status == .ok)
            func post(_ title: String) async throws -> Int64 {
                let posted = try await app.request(.post, "/api/v1/services/\(service.id.uuidString)/notifications", json: ["title": title, "severity": "critical"])
                #expect(posted.status == .created, "\(posted.text)")
                return try #require(try await app.store.notifications(serviceID: service.id).first { $0.title == title }?.id)
            }
            func textFor(_ title: String) async throws -> String {
                let deadline = ContinuousClock.now + .seconds(20)
                while ContinuousClock.now < deadline {
                    if let body = try await twilio.messages().first(where: { $0["Body"]?.contains(title) == true })?["Body"] { return body }
                    try await Task.sleep(for: .milliseconds(100))
                }
                throw TestSetupError("no text for \(title)")
            }
            let port = try #require(app.client.port)
            let webhook = "http://127.0.0.1:\(port)/api/v2/channels/twilio/sms"

            // Taken by root and given back after the text went: ann's late answer takes nothing.
            let first = try await post("Vacuum leak")
            let firstCode = try #require(ContactReplyCode.codes(in: try await textFor("Vacuum leak")).first as String?)
            #expect(try await app.request(.post, "/api/v2/users/user/notifications/\(first)/acknowledge", token: admin, json: [:]).status == .created)
            #expect(try await app.request(.delete, "/api/v2/users/user/notifications/\(first)/acknowledge", token: admin).status == .noContent)
            #expect(try await twilio.inbound(to: webhook, from: Self.number, to: "+46100000000", body: firstCode).status == 200)
            #expect(try await app.store.acknowledgements(of: [first])[first] == nil, "a late answer does not undo the withdrawal")

            // Five misses from the number: the right code then waits too.
            let second = try await post("Cryo trip")
            let secondCode = try #require(ContactReplyCode.codes(in: try await textFor("Cryo trip")).first as String?)
            for guess in 0..<5 {
                let wrong = String(format: "%06d", (Int(secondCode)! + 1 + guess) % 1_000_000)
                #expect(try await twilio.inbound(to: webhook, from: Self.number, to: "+46100000000", body: wrong).status == 200)
            }
            #expect(try await twilio.inbound(to: webhook, from: Self.number, to: "+46100000000", body: secondCode).status == 200)
            #expect(try await app.store.acknowledgements(of: [second])[second] == nil, "braked after five misses")

            // The daily cap (1 per person here, 2 for critical ones): the third alarm is not texted, and says why.
            let third = try await post("Third alarm")
            try await Task.sleep(for: .seconds(2))
            #expect(try await twilio.messages().filter { $0["Body"]?.contains("Third alarm") == true }.isEmpty)
            let report = try await app.request(.get, "/api/v2/services/\(service.id.uuidString)/notifications/\(third)/deliveries", token: admin)
            #expect(report.text.contains("daily cap"), "\(report.text)")
        }
    }
}
