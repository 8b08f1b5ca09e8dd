import Foundation
import HeraldCore
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Email through a real SMTP server (aiosmtpd) that takes nothing before
/// STARTTLS and AUTH (issue 42): an address verified with the emailed
/// code; a critical notification emailed by the person's rule, parsed by
/// Python's email package (its non-ASCII subject decoded, text and HTML,
/// one thread per notification); its "Acknowledge" link opens a page that
/// takes nothing until its button is pressed, which acknowledges as them.
@Suite("Contact: email")
struct EmailContactTests {
    @Test(arguments: Backend.allCases)
    func anEmailedAlarmIsTakenFromItsLink(_ backend: Backend) async throws {
        let sink = try await SMTPSink.start()
        defer { sink.stop() }
        let configure: @Sendable (inout HeraldConfig) -> Void = { config in
            config.delivery.pollSeconds = 0.2
            config.publicURL = "https://herald.example.org"
            config.contacts = ContactSettings(defaults: ContactDefaults(steps: [.critical: [.init(kind: .email, delaySeconds: 0)]]))
            config.contacts.smtp = SMTPSettings(
                url: sink.url, username: SMTPSink.username, password: SMTPSink.password, from: "herald@example.org", caFile: sink.certificate
            )
        }
        try await TestApp.run(backend, framework: .live, configure: configure, schedulers: true) { app in
            let service = try await app.createService()
            let (person, token) = try await app.user("oncall")
            try await app.store.setSubscriptions(userID: person.id, [service.id: true])
            // Herald's words in the person's language (issue 43); the notification's stay as written.
            try await app.store.setLanguage(.de, of: person.id, at: Date())
            let added = try await app.request(.post, "/api/v2/users/user/contact-methods", token: token, json: ["kind": "email", "address": "On.Call@Example.org"])
            #expect(added.status == .created, "\(added.text)")
            #expect(try added.json(["address"]) as? String == "on.call@example.org")
            let id = try #require(try added.json(["id"]) as? Int)
            let first = try #require(sink.messages().first, "the code's email")
            let (codeMail, envelope) = try await sink.parsed(first)
            #expect(envelope["tls"] as? Bool == true && envelope["login"] as? String == SMTPSink.username, "\(envelope)")
            #expect(envelope["rcpt_tos"] as? [String] == ["on.call@example.org"] && envelope["mail_from"] as? String == "herald@example.org")
            let subject = try #require(codeMail["subject"] as? String)
            #expect(subject.hasPrefix("Ihr Herald-Code: "), "\(subject)")
            let code = try #require(ContactReplyCode.codes(in: subject).first as String?)
            #expect(try await app.request(.post, "/api/v2/users/user/contact-methods/\(id)/verify", token: token, json: ["code": code]).status == .ok)

            let title = "Kryo: tryck högt ⚠ \u{202E}fdp.exe"
            let posted = try await app.request(
                .post, "/api/v1/services/\(service.id.uuidString)/notifications",
                json: ["title": title, "subtitle": "Kompressor 2 <b>stoppad</b>", "url": "https://logbook.example.org/e/42", "severity": "critical"]
            )
            #expect(posted.status == .created, "\(posted.text)")
            let notification = try #require(try await app.store.notifications(serviceID: service.id).first?.id)
            let deadline = ContinuousClock.now + .seconds(30)
            while sink.messages().count < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(100)) }
            let alarm = try #require(sink.messages().dropFirst().first, "the alarm's email")
            let (mail, _) = try await sink.parsed(alarm)
            #expect(mail["subject"] as? String == "[CRITICAL] \(title)", "encoded words decode to the title: \(mail)")
            #expect((mail["defects"] as? [String])?.isEmpty == true, "\(mail)")
            #expect(mail["content_type"] as? String == "multipart/alternative")
            #expect((mail["message_id"] as? String)?.hasPrefix("<herald.\(notification).") == true)
            let parts = try #require(mail["parts"] as? [String: String])
            let text = try #require(parts["text/plain"])
            let html = try #require(parts["text/html"])
            #expect(text.contains("Kompressor 2 <b>stoppad</b>") && text.contains("https://logbook.example.org/e/42"))
            #expect(html.contains("Kompressor 2 &lt;b&gt;stoppad&lt;/b&gt;") && !html.contains("<b>stoppad"), "escaped: \(html)")
            #expect(html.hasPrefix(#"<!doctype html><html lang="de">"#) && html.contains(">Quittieren (übernehmen)</a>"))
            let link = try #require(text.split(separator: "\n").first { $0.hasPrefix("Quittieren (übernehmen): ") }.map { String($0.dropFirst("Quittieren (übernehmen): ".count)) })
            #expect(link.hasPrefix("https://herald.example.org/acknowledge/"))
            let path = String(link.dropFirst("https://herald.example.org".count))

            // Opening the link (as a mail scanner would) takes nothing; its button does.
            let browser = WebSession(app)
            let page = try await browser.get(path)
            #expect(page.status == .ok && page.text.contains("tryck högt"), "\(page.status)")
            #expect(try await app.store.acknowledgements(of: [notification])[notification] == nil)
            let forged = try await browser.get(path.dropLast(2) + "xx")
            #expect(forged.status == .notFound)
            let taken = try await browser.post(path)
            #expect(taken.status == .ok && taken.text.contains("Quittiert: Sie gehört Ihnen."), "\(taken.text)")
            #expect(try await app.store.acknowledgements(of: [notification])[notification]?.username == "oncall")
        }
    }
}
