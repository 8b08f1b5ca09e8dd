import Foundation
import HeraldCore
import Testing

@Suite("Notification rules")
struct NotificationRulesTests {
    static let controls: [Unicode.Scalar] = (0..<0x20).compactMap(Unicode.Scalar.init).filter { !["\t", "\n", "\r"].contains($0) }

    @Test func everyC0ControlButTabAndLineBreaksIsRefusedInEveryTextField() throws {
        for control in Self.controls {
            let text = "a\(Character(control))b"
            for draft in [
                NotificationDraft(title: text), NotificationDraft(title: "t", subtitle: text), NotificationDraft(title: "t", url: "https://x/\(text)"),
            ] {
                #expect(throws: NotificationRules.Violations.self, "U+\(String(control.value, radix: 16))") { try NotificationRules.validated(draft) }
            }
        }
        let multiline = NotificationDraft(title: "Pump\ttripped", subtitle: "line 1\r\nline 2\n")
        #expect(try NotificationRules.validated(multiline) == multiline)
    }

    @Test func violationsNameEveryBrokenRule() {
        let draft = NotificationDraft(
            title: "  ", subtitle: String(repeating: "x", count: 10_001), url: "javascript:alert(1)", severity: "apocalyptic"
        )
        #expect(throws: NotificationRules.Violations.self) { try NotificationRules.validated(draft) }
        do {
            _ = try NotificationRules.validated(draft)
        } catch {
            #expect(error.issues.map(\.field) == [.title, .subtitle, .url, .severity])
            #expect(error.issues.map(\.type) == ["string_too_short", "string_too_long", "url_scheme", "enum"])
        }
    }

    @Test func lengthsCountCodePointsAsJSONSchemaDoes() throws {
        // "é" as e + combining accent: one character to Swift, two code points to JSON Schema.
        let decomposed = String(repeating: "e\u{301}", count: 500)
        #expect(decomposed.count == 500 && decomposed.unicodeScalars.count == 1000)
        _ = try NotificationRules.validated(NotificationDraft(title: decomposed))
        #expect(throws: NotificationRules.Violations.self) { try NotificationRules.validated(NotificationDraft(title: decomposed + "e")) }
        // Four-byte characters count once each.
        _ = try NotificationRules.validated(NotificationDraft(title: String(repeating: "🚨", count: 1000)))
    }

    @Test func linksMayBeRelativeOrAnySafeSchemeButNotScriptsOrFiles() throws {
        for url in ["", "https://wiki.example.org/p101?a=b#c", "/relative/path", "www.example.org", "mailto:ops@example.org", "tel:+4612345"] {
            _ = try NotificationRules.validated(NotificationDraft(title: "t", url: url))
        }
        for url in ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html;base64,AAAA", "file:///etc/passwd", "vbscript:x", "https://x/a b", "https://x/\u{7f}"] {
            #expect(throws: NotificationRules.Violations.self, "\(url)") { try NotificationRules.validated(NotificationDraft(title: "t", url: url)) }
        }
    }

    @Test func severitiesAreAClosedSetReadWithCommonSpellings() throws {
        #expect(try NotificationRules.validated(NotificationDraft(title: "t", severity: " Warn ")).severity == "warning")
        #expect(try NotificationRules.validated(NotificationDraft(title: "t", severity: "CRIT")).severity == "critical")
        #expect(try NotificationRules.validated(NotificationDraft(title: "t", severity: "major")).severity == "major")
        #expect(Severity(parsing: "P1") == nil)
        #expect(Severity.critical > .major && Severity.major > .minor && Severity.minor > .info && Severity.undefined > .invalid)
    }

    @Test func fittingStripsCutsAndDropsInsteadOfRefusing() {
        let draft = NotificationDraft(
            title: "\u{0}\u{1b}[31m" + String(repeating: "T", count: 1500), subtitle: "ok\u{0}", url: "javascript:alert(1)", severity: "p1"
        )
        let (fitted, changes) = NotificationRules.fitted(draft)
        #expect(fitted.title.unicodeScalars.count == NotificationRules.maxTitleLength)
        #expect(fitted.title.hasPrefix("[31mTTT") && fitted.title.hasSuffix("…"))
        #expect(fitted.subtitle == "ok")
        #expect(fitted.url == "")
        #expect(fitted.severity == nil)
        #expect(Set(changes.map(\.field)) == [.title, .subtitle, .url, .severity])
        // What fitting makes always passes validation.
        #expect((try? NotificationRules.validated(fitted)) != nil)
        #expect(NotificationRules.fitted(NotificationDraft(title: "\u{0}\u{0}")).draft.title == NotificationRules.untitled)
        let clean = NotificationDraft(title: "Pump", subtitle: "s", url: "https://x", severity: "minor")
        #expect(NotificationRules.fitted(clean).changes.isEmpty)
    }

    @Test func longOrUncleanIdentitiesAreStoredAsTheirHash() {
        #expect(NotificationRules.storableIdentity("fp-1") == "fp-1")
        let long = String(repeating: "f", count: 300)
        #expect(NotificationRules.storableIdentity(long).hasPrefix("sha256:"))
        #expect(NotificationRules.storableIdentity(long) == NotificationRules.storableIdentity(long))
        #expect(NotificationRules.storableIdentity("a\u{0}b").hasPrefix("sha256:"))
        #expect(NotificationRules.storableIdentity(long).utf8.count <= NotificationRules.maxIdentityBytes)
    }
}
