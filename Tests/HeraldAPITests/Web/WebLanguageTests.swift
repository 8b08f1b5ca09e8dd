import Foundation
import HeraldCore
import HeraldTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The pages in the person's language (issue 43): every word a template
/// names is in the catalog; the browser's Accept-Language chooses, and the
/// person's own choice on the profile wins over it; a notification's own
/// words stay as they were written.
@Suite("Web app: languages")
struct WebLanguageTests {
    static let templates: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/HeraldAPI/Resources/web")

    @Test func everyWordATemplateNamesIsInTheCatalog() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.templates.path).filter { $0.hasSuffix(".mustache") }
        #expect(files.count > 10)
        var named = 0
        for file in files {
            let text = try String(contentsOf: Self.templates.appendingPathComponent(file), encoding: .utf8)
            var rest = Substring(text)
            while let range = rest.range(of: "{{t.") {
                let end = rest[range.upperBound...].range(of: "}}")!.lowerBound
                let key = String(rest[range.upperBound..<end])
                #expect(Catalog.english[key] != nil, "\(file) names t.\(key), which the catalog lacks")
                named += 1
                rest = rest[end...]
            }
        }
        #expect(named > 60)
    }

    @Test(arguments: Backend.allCases)
    func theBrowsersLanguageChoosesAndThePersonsChoiceWins(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let service = try await app.createService(category: "Kryo")
            let (user, _) = try await app.user("ann")
            try await app.store.setSubscriptions(userID: user.id, [service.id: true])
            _ = try await app.store.publish(NotificationDraft(title: "Compressor 2 stopped"), serviceID: service.id, at: Date())
            // Before signing in, the browser's language alone.
            let login = try await app.client.execute(uri: "/login", method: .get, headers: [.acceptLanguage: "fr-CH, fr;q=0.9, en;q=0.8"])
            #expect(login.text.contains(#"<html lang="fr">"#) && login.text.contains("<h1>Connexion</h1>") && login.text.contains("Mot de passe"))
            let web = WebSession(app)
            _ = try await web.signIn("ann")
            func inbox(_ language: String?) async throws -> String {
                var headers: HTTPFields = [:]
                if let language { headers[.acceptLanguage] = language }
                return try await web.get("/inbox", headers: headers).text
            }
            let swedish = try await inbox("sv-SE,sv;q=0.9,en;q=0.5")
            #expect(swedish.contains(#"<html lang="sv">"#) && swedish.contains("<h1>Inkorg</h1>") && swedish.contains("1 oläst") && swedish.contains("Kvittera"))
            #expect(swedish.contains("Compressor 2 stopped"), "a notification's own words are never translated")
            let english = try await inbox(nil)
            #expect(english.contains(#"<html lang="en">"#) && english.contains("<h1>Inbox</h1>"))

            // The person's choice, from the profile's form, wins over the browser's.
            _ = try await web.get("/profile")
            let saved = try await web.post("/profile/language", [("language", "de")])
            #expect(saved.status == .seeOther, "\(saved.status) \(saved.text)")
            let german = try await inbox("sv-SE,sv;q=0.9")
            #expect(german.contains(#"<html lang="de">"#) && german.contains("<h1>Posteingang</h1>") && german.contains("1 ungelesen"))
            let refused = try await web.post("/profile/language", [("language", "xx")])
            #expect((400..<500).contains(Int(refused.status.code)), "\(refused.status)")
            let oncall = try await web.get("/oncall").text
            #expect(oncall.contains("<h1>Bereitschaft</h1>"))
        }
    }

    /// Every page an admin can open, in Swedish, German and French, shows
    /// no English sentence of Herald's own: the visible text (tags, scripts
    /// and the fixture's own data taken out) holds none of the English
    /// words that only English sentences use. A page with words written
    /// straight into its template or handler, not from the catalog, fails.
    @Test(arguments: [Language.sv, .de, .fr])
    func noPageLeavesHeraldsOwnWordsInEnglish(_ language: Language) async throws {
        try await TestApp.run(.sqlite) { app in
            let service = try await app.createService(category: "Kryo", owner: "Kryogruppen")
            let (admin, _) = try await app.user("root", admin: true)
            try await app.store.setLanguage(language, of: admin.id, at: Date())
            try await app.store.setSubscriptions(userID: admin.id, [service.id: true])
            let posted = try #require(try await app.store.publish(NotificationDraft(title: "Kompressor 2", severity: .critical), serviceID: service.id, at: Date()))
            let rota = try #require(try await app.store.createRota(
                RotaDefinition(name: "Jour", members: [admin.id], rotation: .days(7), timeZone: .gmt, start: Date().addingTimeInterval(-60)), feedSecretHash: "unused", at: Date()
            ))
            let team = try #require(try await app.store.createTeam(name: "Kryo", source: .manual, at: Date()))
            let web = WebSession(app)
            _ = try await web.signIn("root")
            let pages = [
                "/inbox", "/inbox?state=starred", "/subscriptions", "/profile", "/profile/contact", "/oncall", "/oncall/rotas/\(rota.id)",
                "/admin/services", "/admin/services/\(service.id.uuidString)", "/admin/services/\(service.id.uuidString)/escalation",
                "/admin/services/\(service.id.uuidString)/notifications/\(posted.id)", "/admin/services/\(service.id.uuidString)/delete",
                "/admin/audit", "/admin/users", "/admin/users/\(admin.id)/links", "/admin/users/\(admin.id)/delete", "/admin/teams", "/admin/teams/\(team.id)",
                "/admin/services/00000000-0000-0000-0000-000000000000",
            ]
            // The detector finds English where there is some: the same inbox in English.
            try await app.store.setLanguage(.en, of: admin.id, at: Date())
            #expect(Self.englishSentences(in: try await web.get("/subscriptions").text).count > 3)
            try await app.store.setLanguage(language, of: admin.id, at: Date())
            var leftovers: [String] = []
            for page in pages {
                let html = try await web.get(page).text
                #expect(html.contains("<html lang=\"\(language.rawValue)\">"), "\(page)")
                for sentence in Self.englishSentences(in: html) { leftovers.append("\(page): \(sentence)") }
            }
            #expect(leftovers == [], "\(leftovers.count) English bits in \(language.rawValue):\n\(leftovers.joined(separator: "\n"))")
        }
    }

    /// Words only English uses, among Herald's four languages (not "on",
    /// "or", "all", "was", "will" or "name": French, Swedish or German
    /// write those too).
    static let englishWords: Set<String> = [
        "the", "and", "your", "you", "with", "this", "that", "not", "for", "every", "from", "when", "what", "who", "which", "here", "there",
        "are", "is", "be", "been", "has", "have", "can", "may", "must", "yet", "none", "add", "save", "delete", "remove",
        "new", "of", "to", "by", "at", "off", "if", "it", "its", "any", "each", "one", "more", "after", "before",
    ]

    /// The visible text's runs that hold an English-only word: each text
    /// node, attributes that people read (title, aria-label, placeholder,
    /// alt, value of buttons) included.
    static func englishSentences(in html: String) -> [String] {
        var text = html
        for element in ["script", "style", "code", "pre"] {
            while let open = text.range(of: "<\(element)"), let close = text.range(of: "</\(element)>", range: open.upperBound..<text.endIndex) {
                text.replaceSubrange(open.lowerBound..<close.upperBound, with: "\n")
            }
        }
        var runs: [String] = []
        // Readable attributes.
        for attribute in ["title", "aria-label", "placeholder", "alt"] {
            var rest = Substring(text)
            while let found = rest.range(of: " \(attribute)=\"") {
                guard let end = rest[found.upperBound...].firstIndex(of: "\"") else { break }
                runs.append(String(rest[found.upperBound..<end]))
                rest = rest[end...]
            }
        }
        // Text between tags.
        var inTag = false
        var run = ""
        for character in text {
            if character == "<" { inTag = true; runs.append(run); run = ""; continue }
            if character == ">" { inTag = false; continue }
            if !inTag { run.append(character) }
        }
        runs.append(run)
        return runs.compactMap { raw -> String? in
            let decoded = raw.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&#39;", with: "'").trimmingCharacters(in: .whitespacesAndNewlines)
            let words = decoded.lowercased().split { !$0.isLetter }.map(String.init)
            // A filter expression's example is the filter language, not English.
            guard !decoded.hasPrefix("class in [supernova, comet]") else { return nil }
            guard words.count >= 2, words.contains(where: englishWords.contains) else { return nil }
            return decoded
        }
    }
}
