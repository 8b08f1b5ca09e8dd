import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import Testing

/// Calls through Twilio's API (issue 42), against the mock that runs a
/// call's TwiML as Twilio does: a number verified with the code a call
/// speaks; a critical notification calls by the person's rule; pressing 1
/// (the `<Gather>`'s action, signed by Twilio) acknowledges as them; 2, or
/// a forged callback, takes nothing.
@Suite("Contact: Twilio calls")
struct TwilioVoiceTests {
    static let number = "+46700000003"

    @Test(arguments: Backend.allCases)
    func aNumberIsVerifiedByACallAndAnAlarmCallsIt(_ backend: Backend) async throws {
        let twilio = try await MockTwilio.start()
        defer { twilio.stop() }
        // The call's TwiML names the server's own URL (PUBLIC_URL): its port is chosen first.
        let port = try unusedLoopbackPort()
        let configure: @Sendable (inout HeraldConfig) -> Void = { config in
            config.httpPort = port
            config.publicURL = "http://127.0.0.1:\(port)"
            config.delivery.pollSeconds = 0.2
            config.contacts = ContactSettings(defaults: ContactDefaults(steps: [.critical: [.init(kind: .voice, delaySeconds: 0)]]))
            config.contacts.voice = TwilioSettings(baseURL: twilio.baseURL, accountSID: MockTwilio.accountSID, authToken: MockTwilio.authToken, from: "+46100000000")
        }
        try await TestApp.run(backend, framework: .live, configure: configure, schedulers: true) { app in
            let service = try await app.createService()
            let (person, token) = try await app.user("oncall")
            try await app.store.setSubscriptions(userID: person.id, [service.id: true])
            let added = try await app.request(.post, "/api/v2/users/user/contact-methods", token: token, json: ["kind": "voice", "address": Self.number])
            #expect(added.status == .created, "\(added.text)")
            let id = try #require(try added.json(["id"]) as? Int)
            let codeCall = try #require(try await twilio.calls().first)
            #expect(codeCall.form["To"] == Self.number)
            // "Your Herald code is 4, 8, 2, 9, 1, 3." and again: the six digits twice.
            let spoken = (codeCall.form["Twiml"] ?? "").filter { $0.isNumber }
            let code = String(spoken.prefix(6))
            #expect(spoken == code + code, "\(codeCall.form)")
            #expect(try await app.request(.post, "/api/v2/users/user/contact-methods/\(id)/verify", token: token, json: ["code": code]).status == .ok)

            let posted = try await app.request(.post, "/api/v1/services/\(service.id.uuidString)/notifications", json: ["title": "Cryo & <trip>", "severity": "critical"])
            #expect(posted.status == .created)
            let notification = try #require(try await app.store.notifications(serviceID: service.id).first?.id)
            let deadline = ContinuousClock.now + .seconds(20)
            var calls = try await twilio.calls()
            while calls.count < 2, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
                calls = try await twilio.calls()
            }
            let call = try #require(calls.dropFirst().first, "the alarm's call")
            let twiml = call.form["Twiml"] ?? ""
            #expect(twiml.contains("Cryo &amp; &lt;trip&gt;") && twiml.contains("<Gather"), "escaped, with a Gather: \(twiml)")
            #expect(twiml.contains("action=\"http://127.0.0.1:\(port)/api/v2/channels/twilio/voice?n=\(notification)&amp;u=\(person.id)&amp;m=\(id)&amp;c="), "\(twiml)")
        }
    }

    /// Pressing the keys: Herald on a port of its own (the call's TwiML
    /// names it as PUBLIC_URL), the person and their verified number made
    /// through the store, the alarm posted over HTTP; 2 takes nothing, 1
    /// takes it as them, and a forged callback is refused.
    @Test(arguments: Backend.allCases)
    func pressingOneTakesTheAlarm(_ backend: Backend) async throws {
        let twilio = try await MockTwilio.start()
        defer { twilio.stop() }
        let port = try unusedLoopbackPort()
        let configure: @Sendable (inout HeraldConfig) -> Void = { config in
            config.httpPort = port
            config.publicURL = "http://127.0.0.1:\(port)"
            config.delivery.pollSeconds = 0.2
            config.contacts = ContactSettings(defaults: ContactDefaults(steps: [.critical: [.init(kind: .voice, delaySeconds: 0)]]))
            config.contacts.voice = TwilioSettings(baseURL: twilio.baseURL, accountSID: MockTwilio.accountSID, authToken: MockTwilio.authToken, from: "+46100000000")
        }
        try await TestApp.serving(backend, configure: configure) { store, port in
            let service = try await store.createService(ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops"))
            let person = try await store.createUser(username: "oncall", passwordHash: "-", isAdmin: false)
            try await store.setSubscriptions(userID: person.id, [service.id: true])
            let method = try #require(try await store.addContactMethod(userID: person.id, kind: .voice, address: Self.number, at: Date()))
            let verified = try #require(try await store.verifyContactMethod(methodID: method.id, userID: person.id, at: Date()))
            let steps = ContactRules.effective(userID: person.id, own: [:], methods: [verified], defaults: ContactDefaults(steps: [.critical: [.init(kind: .voice, delaySeconds: 0)]]))
            try await store.saveContactRules(userID: person.id, ruleClass: nil, own: nil, steps: steps, at: Date())

            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v1/services/\(service.id.uuidString)/notifications")
            request.method = .POST
            request.headers.add(name: "content-type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: #"{"title": "Cryo trip", "severity": "critical"}"#))
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
            #expect(response.status == .created)
            let notification = try #require(try await store.notifications(serviceID: service.id).first?.id)
            let deadline = ContinuousClock.now + .seconds(20)
            var calls = try await twilio.calls()
            while calls.isEmpty, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
                calls = try await twilio.calls()
            }
            let call = try #require(calls.first, "the alarm's call")
            let wrong = try await twilio.press(call.sid, digits: "2")
            #expect(wrong.status == 200 && wrong.body.contains("Nothing was taken"), "\(wrong)")
            #expect(try await store.acknowledgements(of: [notification])[notification] == nil)
            let forged = try await twilio.inbound(
                to: "http://127.0.0.1:\(port)/api/v2/channels/twilio/voice?n=\(notification)&u=\(person.id)&m=\(method.id)", from: "+46100000000",
                to: Self.number, body: "1", forged: true, extra: ["Digits": "1"]
            )
            #expect(forged.status == 403, "\(forged)")
            // Signed by Twilio, but a URL Herald did not make (its MAC wrong): nothing.
            let made = try await twilio.inbound(
                to: "http://127.0.0.1:\(port)/api/v2/channels/twilio/voice?n=\(notification)&u=\(person.id)&m=\(method.id)&c=000000", from: "+46100000000",
                to: Self.number, body: "", extra: ["Digits": "1"]
            )
            #expect(made.status == 200 && made.body.contains("Nothing was taken"), "\(made)")
            #expect(try await store.acknowledgements(of: [notification])[notification] == nil)
            let pressed = try await twilio.press(call.sid, digits: "1")
            #expect(pressed.status == 200 && pressed.body.contains("Taken"), "\(pressed)")
            #expect(try await store.acknowledgements(of: [notification])[notification]?.username == "oncall")
            #expect(try await store.acknowledgements(of: [notification])[notification]?.comment == "by a keypress on a call")
        }
    }
}
