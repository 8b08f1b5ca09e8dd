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
            title: "  ", subtitle: String(repeating: "x", count: 10_001), url: "javascript:alert(1)"
        ).withSeverityWord("apocalyptic")
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

    @Test func attributesAreSmallFlatAndNamedPlainly() throws {
        let good = NotificationAttributes(["class": .string("supernova"), "magnitude": .number(17.9), "alert.stream_v2": .string("CRTS"), "_x": .bool(true)])
        #expect(try NotificationRules.validated(NotificationDraft(title: "t", attributes: good)).attributes == good)
        #expect(try NotificationRules.validated(NotificationDraft(title: "t", attributes: NotificationAttributes())).attributes == nil, "empty is none")
        func issues(_ values: [String: AttributeValue]) -> [String] {
            do {
                _ = try NotificationRules.validated(NotificationDraft(title: "t", attributes: NotificationAttributes(values)))
                return []
            } catch {
                return error.issues.filter { $0.field == .attributes }.map(\.message)
            }
        }
        #expect(issues(["1st": .string("x")]).first?.contains("should be 1 to 64 letters") == true)
        #expect(issues(["has space": .string("x")]).count == 1)
        #expect(issues([String(repeating: "a", count: 65): .string("x")]).count == 1)
        #expect(issues(["text": .string(String(repeating: "x", count: 257))]).first?.contains("at most 256") == true)
        #expect(issues(["text": .string("a\u{0}b")]).count == 1)
        #expect(issues(["n": .number(.infinity)]).first?.contains("finite") == true)
        #expect(issues(Dictionary(uniqueKeysWithValues: (0..<33).map { ("a\($0)", AttributeValue.bool(true)) })).first?.contains("at most 32") == true)
        #expect(issues(Dictionary(uniqueKeysWithValues: (0..<10).map { ("a\($0)", AttributeValue.string(String(repeating: "x", count: 250))) })).first?.contains("2048 bytes") == true)
        // What cannot be refused (an alert) loses them instead, and says so.
        let (fitted, changes) = NotificationRules.fitted(NotificationDraft(title: "t", attributes: NotificationAttributes(["bad name": .bool(true)])))
        #expect(fitted.attributes == nil && changes.map(\.field) == [.attributes])
    }

    @Test func attributesKeepTheirTypesThroughTheirStoredForm() throws {
        let attributes = NotificationAttributes([
            "class": .string("comet \"C/2026\" / é"), "magnitude": .number(17.9), "count": .number(3), "tiny": .number(1e-7), "flag": .bool(false),
        ])
        #expect(attributes.json == #"{"class":"comet \"C/2026\" / é","count":3,"flag":false,"magnitude":17.9,"tiny":1e-07}"#)
        #expect(NotificationAttributes(json: attributes.json) == attributes)
        #expect(NotificationAttributes(json: #"{"nested":{"a":1}}"#) == nil)
        #expect(NotificationAttributes(json: #"{"n":null}"#) == nil)
    }

    @Test func expiryMustBeAheadAndKeysShortAndClean() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try NotificationRules.validated(NotificationDraft(title: "t", expiresAt: now.addingTimeInterval(1), key: "ivo://x#1"), now: now).key == "ivo://x#1")
        #expect(throws: NotificationRules.Violations.self) { try NotificationRules.validated(NotificationDraft(title: "t", expiresAt: now), now: now) }
        for key in ["", " ", "a\u{1}", String(repeating: "é", count: 200)] {
            #expect(throws: NotificationRules.Violations.self, "\(key)") { try NotificationRules.validated(NotificationDraft(title: "t", key: key), now: now) }
        }
    }

    @Test func senderTimesAreReadInEveryCommonForm() {
        let base = Date(timeIntervalSince1970: 1_795_996_800)  // 2026-11-30T00:00:00Z
        #expect(Timestamp.parse("2026-11-30T00:00:00Z") == base)
        #expect(Timestamp.parse("2026-11-30T00:00:00") == base, "zone-less is UTC, as the API writes")
        #expect(Timestamp.parse("2026-11-30T01:30:00+01:30") == base)
        #expect(Timestamp.parse("2026-11-29T23:00:00.250-01:00") == base.addingTimeInterval(0.25))
        #expect(Timestamp.parse("2026-11-30 00:00:00.123456z")?.microsecondsSince1970 == base.microsecondsSince1970 + 123_456)
        for bad in ["", "2026-11-30", "2026-13-01T00:00:00Z", "2026-11-30T00:00:00+1", "2026-11-30T00:00:00Zjunk", "tomorrow", "2026-11-30T00:00:00."] {
            #expect(Timestamp.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func severitiesAreAClosedSetReadWithCommonSpellings() throws {
        #expect(try NotificationRules.validated(NotificationDraft(title: "t").withSeverityWord(" Warn ")).severity == .warning)
        #expect(try NotificationRules.validated(NotificationDraft(title: "t").withSeverityWord("CRIT")).severity == .critical)
        #expect(try NotificationRules.validated(NotificationDraft(title: "t").withSeverityWord("major")).severity == .major)
        // Only nil is none; a blank or unknown word is kept for the rules to refuse.
        #expect(NotificationDraft(title: "t").withSeverityWord(nil).unknownSeverity == nil)
        for word in ["", "  ", "P1"] {
            #expect(NotificationDraft(title: "t").withSeverityWord(word).severity == nil)
            #expect(NotificationDraft(title: "t").withSeverityWord(word).unknownSeverity == word)
            #expect(throws: NotificationRules.Violations.self) { try NotificationRules.validated(NotificationDraft(title: "t").withSeverityWord(word)) }
        }
        #expect(NotificationDraft(title: "t").withSeverityWord("P1").unknownSeverity == "P1")
        #expect(Severity(parsing: "P1") == nil)
        #expect(Severity.critical > .major && Severity.major > .minor && Severity.minor > .info && Severity.undefined > .invalid)
    }

    @Test func fittingStripsCutsAndDropsInsteadOfRefusing() {
        let draft = NotificationDraft(
            title: "\u{0}\u{1b}[31m" + String(repeating: "T", count: 1500), subtitle: "ok\u{0}", url: "javascript:alert(1)"
        ).withSeverityWord("p1")
        let (fitted, changes) = NotificationRules.fitted(draft)
        #expect(fitted.title.unicodeScalars.count == NotificationRules.maxTitleLength)
        #expect(fitted.title.hasPrefix("[31mTTT") && fitted.title.hasSuffix("…"))
        #expect(fitted.subtitle == "ok")
        #expect(fitted.url == "")
        #expect(fitted.severity == nil && fitted.unknownSeverity == nil)
        #expect(Set(changes.map(\.field)) == [.title, .subtitle, .url, .severity])
        // What fitting makes always passes validation.
        #expect(throws: Never.self) { try NotificationRules.validated(fitted) }
        #expect(NotificationRules.fitted(NotificationDraft(title: "\u{0}\u{0}")).draft.title == NotificationRules.untitled)
        let clean = NotificationDraft(title: "Pump", subtitle: "s", url: "https://x", severity: .minor)
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

    /// An alarm's identity is kept whole where its key becomes a hash; one
    /// that names no alarm (empty, past `AlarmIdentity.maxNameBytes`, with
    /// control characters) is dropped, and the change says its
    /// acknowledgements are not written back.
    @Test func anAlarmsIdentityIsKeptWholeUnlessItNamesNoAlarm() {
        var long = NotificationDraft(title: "t")
        long.standsFor(.phoebus("/Acc/" + String(repeating: "p", count: 400)))
        let fitted = NotificationRules.fitted(long)
        #expect(fitted.draft.key?.hasPrefix("sha256:") == true && fitted.draft.alarmIdentity == long.alarmIdentity && fitted.changes.isEmpty)
        for name in ["", "/Acc/" + String(repeating: "p", count: AlarmIdentity.maxNameBytes), "/Acc/PV\u{0}1"] {
            var draft = NotificationDraft(title: "t")
            draft.standsFor(.phoebus(name))
            let (kept, changes) = NotificationRules.fitted(draft)
            #expect(kept.alarmIdentity == nil && kept.key != nil)
            #expect(changes.map(\.message).contains { $0.contains("not written back") }, "\(changes)")
        }
        #expect(AlarmIdentity.alertmanager("fp1").key == "alert:fp1" && AlarmIdentity.phoebus("/A/PV").key == "alarm:/A/PV")
        #expect(AlarmIdentity(source: "nagios", name: "x") == nil && AlarmIdentity(source: "phoebus", name: nil) == nil)
    }

    /// Issue 39: a post may not use the alert receivers' keys (`alert:`,
    /// `alarm:`, or the hashed form `sha256:` a long one is stored as): it
    /// would rewrite a real alarm's notification and what its write-back
    /// silences. The receivers' own drafts keep them.
    @Test func thePostsOfSendersCannotTakeTheAlertReceiversKeys() throws {
        for key in ["alert:c0ffee", "alarm:/Acc/Vac/PV3", "sha256:" + String(repeating: "a", count: 64)] {
            #expect(throws: NotificationRules.Violations.self, "\(key)") { _ = try NotificationRules.validated(NotificationDraft(title: "t", key: key)) }
        }
        #expect(try NotificationRules.validated(NotificationDraft(title: "t", key: "deploy:42")).key == "deploy:42")
        #expect(NotificationRules.fitted(NotificationDraft(title: "t", key: "alert:c0ffee")).0.key == "alert:c0ffee", "the receivers' own")
        let long = "alert:" + String(repeating: "f", count: 300)
        #expect(NotificationRules.fitted(NotificationDraft(title: "t", key: long)).0.key?.hasPrefix("sha256:") == true)
    }
}
