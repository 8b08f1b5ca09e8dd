import Foundation
import HeraldCore
import Testing

/// What Herald writes outside its pages, in the recipient's language
/// (issue 43): a refusal's English text found in the errors area (exact,
/// then by template, values carried over), and the texts, calls, chat
/// posts and ended phone-app messages Herald composes around a
/// notification's own words, which stay as they were written.
@Suite("Languages: messages and composed texts")
struct ComposedTextTests {
    @Test func aRefusalIsFoundByItsEnglishText() {
        #expect(Catalog.message("Service not found", in: .sv) == "Tjänsten hittades inte")
        #expect(Catalog.message("A rota is already called Kryo {x}", in: .de) == "Es gibt bereits einen Dienstplan namens Kryo {x}", "a value is carried as it is")
        #expect(Catalog.message("Something nobody wrote down", in: .fr) == "Something nobody wrote down", "unknown: stays English")
        #expect(Catalog.message("Service not found", in: .en) == "Service not found")
        #expect(Catalog.message("A rota is already called ", in: .sv) == "A rota is already called ", "a placeholder needs a value")
    }

    /// Every template of the errors area, filled with values, comes back
    /// as its own key's translation: no template hides another.
    @Test(arguments: [Language.sv, .de, .fr])
    func everyTemplateMatchesItself(_ language: Language) {
        var checked = 0
        for (key, words) in Catalog.words where key.hasPrefix("error.") {
            let names = Catalog.placeholders(words.en)
            var values: [String: String] = [:]
            for (index, name) in names.sorted().enumerated() { values[name] = "V\(index)q" }
            let english = Catalog.fill(words.en, values)
            #expect(Catalog.message(english, in: language) == Catalog.fill(words.text(language), values), "\(key): \(english)")
            checked += 1
        }
        #expect(checked > 100)
    }

    /// A dotted key that is also the start of another (`a.b` and `a.b.c`)
    /// could not be both a word and a path in a template.
    @Test func noKeyIsAlsoAPath() {
        let keys = Set(Catalog.words.keys)
        let paths = keys.filter { key in keys.contains { $0.hasPrefix(key + ".") } }
        #expect(paths.sorted() == [])
    }

    @Test func textsCallsAndEndedMessagesAreInTheLanguage() {
        #expect(ContactReplyCode.invitation("482913", .sv) == "Svara 482913 för att ta den.")
        #expect(ContactReplyCode.invitation("482913") == "Reply 482913 to take it.")
        let sms = SMSText.compose(severity: .critical, service: "", title: "Kompressor 2", text: "", answer: ContactReplyCode.invitation("482913", .de))
        #expect(sms == "[CRITICAL] Kompressor 2 Antworten Sie 482913, um es zu übernehmen.")
        #expect(SMSText.fitsOneMessage(sms))
        #expect(TwiML.say(.fr) == #"<Say language="fr-FR">"#)

        let message = PhoneAppMessage.compose(
            title: "Cryo trip", text: "", url: "", severity: .critical, urgency: .critical, call: true, acknowledgeURL: nil, notification: 9, language: .fr
        )
        #expect(message.message == "Une escalade vous appelle : personne ne l’a encore prise.")
        #expect(message.title == "[CRITICAL] Cryo trip", "the notification's own words and severity stay")

        let followUp = ContactFollowUp(deliveryID: 1, platform: .ntfy, notificationID: 9, userID: 3, methodID: 4, receipt: nil, sentAt: Date(), nextCheckAt: Date())
        let record = NotificationRecord(id: 9, serviceID: UUID(), timestamp: Date(), draft: NotificationDraft(title: "Cryo trip"))
        let taken = Acknowledgement(notificationID: 9, userID: 5, username: "ann", comment: nil, at: Date())
        let plan = ContactFollowUpDecision.decide(followUp, notification: record, acknowledgement: taken, now: Date(), pushover: nil, language: .sv)
        #expect(plan == .end(outcome: "Kvitterad av ann."))
    }

    @Test func aRoomsPostIsInTheSitesLanguage() {
        var draft = NotificationDraft(title: "Beam lost")
        draft.severity = .major
        draft.alarm = .resolved
        let record = NotificationRecord(id: 1, serviceID: UUID(), timestamp: Date(), draft: draft)
        let taken = Acknowledgement(notificationID: 1, userID: 5, username: "ann", comment: nil, at: Date())
        let post = ChatMessage.of(record, acknowledgement: taken, answersBack: true, language: .de)
        #expect(post.status == "Behoben (quittiert von ann)" && post.title == "[MAJOR] Beam lost")
        #expect(post.fingerprint != ChatMessage.of(record, acknowledgement: taken, answersBack: true).fingerprint, "another language is another post")
        let digest = ChatMessage.digest([record], language: .sv)
        #expect(digest.title == "1 avisering på en gång")
        #expect(ChatMessage.digest([record, record], language: .fr).title == "2 notifications à la fois")
    }

    @Test func theSitesLanguageIsASetting() throws {
        #expect(try HeraldConfig(environment: [:]).defaultLanguage == .en)
        #expect(try HeraldConfig(environment: ["DEFAULT_LANGUAGE": "SV"]).defaultLanguage == .sv)
        #expect(throws: ConfigurationError.self) { try HeraldConfig(environment: ["DEFAULT_LANGUAGE": "klingon"]) }
    }
}
