import Foundation
import HeraldCore
import Testing

/// The message catalogs (issue 43): no language lacks a key English has
/// (`Catalog.Words` needs every language; the tables are checked too),
/// each text names the same placeholders, no key is in two areas, a plural
/// has both forms; the language negotiated from a browser's
/// `Accept-Language`; the plural rules.
@Suite("Languages: the catalogs")
struct CatalogTests {
    @Test(arguments: [Language.sv, .de, .fr])
    func noCatalogLacksAKeyOrAPlaceholder(_ language: Language) throws {
        let english = Catalog.english
        let table = try #require(Catalog.tables[language])
        #expect(Set(english.keys).subtracting(table.keys).sorted() == [], "missing in \(language.rawValue)")
        #expect(Set(table.keys).subtracting(english.keys).sorted() == [], "not in English")
        for (key, text) in english {
            guard let translated = table[key] else { continue }
            #expect(Catalog.placeholders(translated) == Catalog.placeholders(text), "\(language.rawValue) \(key): \(translated)")
            #expect(!translated.isEmpty, "\(language.rawValue) \(key) is empty")
        }
    }

    @Test func noKeyIsInTwoAreas() {
        #expect(Catalog.keysInTwoAreas == [])
    }

    @Test func pluralsHaveBothForms() {
        for key in Catalog.english.keys where key.hasSuffix(".one") || key.hasSuffix(".other") {
            let base = key.split(separator: ".").dropLast().joined(separator: ".")
            #expect(Catalog.english["\(base).one"] != nil && Catalog.english["\(base).other"] != nil, "\(base)")
        }
    }

    @Test func placeholdersAreFilledAndPluralsFollowTheLanguage() {
        #expect(Catalog.plural("inbox.unread", count: 1, .sv) == "1 oläst")
        #expect(Catalog.plural("inbox.unread", count: 3, .sv) == "3 olästa")
        #expect(Catalog.plural("inbox.unread", count: 0, .fr) == "0 non lue", "French's one is 0 and 1")
        #expect(Catalog.plural("inbox.unread", count: 2, .fr) == "2 non lues")
        #expect(Catalog.fill("{a} and {b} but {c}", ["a": "x", "b": "{c}"]) == "x and {c} but {c}", "a value is not filled again")
        #expect(Catalog.text("no.such.key", .de) == "no.such.key")
    }

    @Test func theBrowsersLanguageIsNegotiated() {
        #expect(Language.negotiate("sv-SE,sv;q=0.9,en-US;q=0.8,en;q=0.7") == .sv)
        #expect(Language.negotiate("da, en-GB;q=0.8, de;q=0.9") == .de)
        #expect(Language.negotiate("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5") == .fr)
        #expect(Language.negotiate("ja, zh;q=0.9") == nil)
        #expect(Language.negotiate("de;q=0, en;q=0.1") == .en, "q=0 is refused")
        #expect(Language.negotiate(nil) == nil && Language.negotiate("") == nil && Language.negotiate(";;;,,") == nil)
    }
}
