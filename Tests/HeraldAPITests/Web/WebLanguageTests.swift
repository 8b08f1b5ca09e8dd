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
}
