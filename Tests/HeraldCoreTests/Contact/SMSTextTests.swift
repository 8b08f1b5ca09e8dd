import Foundation
import HeraldCore
import Testing

/// A notification as one text (issue 42). The septets are counted here
/// from 3GPP TS 23.038's tables, written out by code point, not from the
/// code under test.
@Suite("One SMS")
struct SMSTextTests {
    /// TS 23.038 6.2.1, the default alphabet (0x1B, the escape, is no character).
    static let basic: Set<UInt32> = {
        var table: [UInt32] = [
            0x40, 0xA3, 0x24, 0xA5, 0xE8, 0xE9, 0xF9, 0xEC, 0xF2, 0xC7, 0x0A, 0xD8, 0xF8, 0x0D, 0xC5, 0xE5,
            0x394, 0x5F, 0x3A6, 0x393, 0x39B, 0x3A9, 0x3A0, 0x3A8, 0x3A3, 0x398, 0x39E, 0xC6, 0xE6, 0xDF, 0xC9,
            0x20, 0x21, 0x22, 0x23, 0xA4,
        ]
        table += Array(0x25...0x3F)
        table += [0xA1] + Array(0x41...0x5A) + [0xC4, 0xD6, 0xD1, 0xDC, 0xA7]
        table += [0xBF] + Array(0x61...0x7A) + [0xE4, 0xF6, 0xF1, 0xFC, 0xE0]
        return Set(table)
    }()
    /// TS 23.038 6.2.1.1, the extension table: escape plus one septet each.
    static let extended: Set<UInt32> = [0x0C, 0x5E, 0x7B, 0x7D, 0x5C, 0x5B, 0x7E, 0x5D, 0x7C, 0x20AC]

    static func septets(_ text: String) -> Int? {
        var count = 0
        for scalar in text.unicodeScalars {
            if basic.contains(scalar.value) {
                count += 1
            } else if extended.contains(scalar.value) {
                count += 2
            } else {
                return nil
            }
        }
        return count
    }

    static func isOneSMS(_ text: String) -> Bool {
        if let septets = septets(text) { return septets <= 160 }
        return text.utf16.count <= 70
    }

    static let answer = "Reply 123456 to take it."

    // MARK: counting

    @Test func theTablesHereHoldTheStandardsCharacterCounts() {
        #expect(Self.basic.count == 127)
        #expect(Self.extended.count == 10)
        #expect(Self.basic.isDisjoint(with: Self.extended))
    }

    /// Every scalar up to U+03FF (Latin-1, Greek) and the euro: one septet,
    /// two, or none at all, as the standard's tables say.
    @Test func everyCharacterCountsAsTheStandardSays() {
        var scalars = Array(UInt32(0)...UInt32(0x3FF)).compactMap(Unicode.Scalar.init)
        scalars += ["€", "…", "‘", "’", "“", "”", "–", "—", "\u{2028}", "\u{FEFF}", "😀", "ж", "Ω", "\u{2126}", "ç", "ı"]
        for scalar in scalars {
            let expected: Int? = Self.basic.contains(scalar.value) ? 1 : Self.extended.contains(scalar.value) ? 2 : nil
            #expect(SMSText.gsmSeptets(String(Character(scalar))) == expected, "U+\(String(scalar.value, radix: 16, uppercase: true))")
            #expect(SMSText.fitsGSM(String(Character(scalar))) == (expected != nil), "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
        #expect(SMSText.gsmSeptets("") == 0)
        #expect(SMSText.gsmSeptets("Ä€{}") == 1 + 2 + 2 + 2)
        #expect(SMSText.gsmSeptets("e\u{301}") == nil, "a combining accent is no GSM character, even on a GSM letter")
    }

    @Test func oneSMSIs160SeptetsOr70UTF16Units() {
        #expect(SMSText.fitsOneMessage(String(repeating: "a", count: 160)))
        #expect(!SMSText.fitsOneMessage(String(repeating: "a", count: 161)))
        #expect(SMSText.fitsOneMessage(String(repeating: "€", count: 80)), "80 × 2 septets")
        #expect(!SMSText.fitsOneMessage(String(repeating: "€", count: 80) + "a"))
        #expect(!SMSText.fitsOneMessage(String(repeating: "a", count: 159) + "["), "159 + 2 septets")
        #expect(SMSText.fitsOneMessage(String(repeating: "a", count: 158) + "]"))
        #expect(SMSText.fitsOneMessage(String(repeating: "ж", count: 70)))
        #expect(!SMSText.fitsOneMessage(String(repeating: "ж", count: 71)))
        #expect(SMSText.fitsOneMessage("ж" + String(repeating: "a", count: 69)), "one non-GSM character makes all of it UCS-2")
        #expect(!SMSText.fitsOneMessage("ж" + String(repeating: "a", count: 70)))
        #expect(SMSText.fitsOneMessage(String(repeating: "😀", count: 35)), "35 surrogate pairs")
        #expect(!SMSText.fitsOneMessage(String(repeating: "😀", count: 35) + "a"))
        #expect(!SMSText.fitsOneMessage(String(repeating: "a", count: 70) + "…"), "\"…\" is not GSM")
        #expect(SMSText.fitsOneMessage(""))
    }

    // MARK: composing

    @Test func aShortNotificationIsWrittenWhole() {
        #expect(
            SMSText.compose(severity: .critical, service: "Vacuum", title: "Pump down", text: "Sector 4 pressure high", answer: Self.answer)
                == "[CRITICAL] Pump down: Sector 4 pressure high (Vacuum) Reply 123456 to take it.")
        #expect(SMSText.compose(severity: nil, service: "", title: "Pump down", text: "Sector 4", answer: nil) == "Pump down: Sector 4")
        #expect(SMSText.compose(severity: .major, service: "", title: "Pump down", text: "", answer: Self.answer) == "[MAJOR] Pump down Reply 123456 to take it.")
        #expect(SMSText.compose(severity: .info, service: "RF", title: "Tuned", text: "", answer: nil) == "[INFO] Tuned (RF)")
    }

    @Test func lineBreaksAndTabsBecomeOneSpace() {
        let sms = SMSText.compose(severity: nil, service: "", title: "  Pump\n\ndown ", text: "line one\r\nline two\t\tend  \n", answer: nil)
        #expect(sms == "Pump down: line one line two end")
    }

    /// Exactly 160 septets goes as it is; one septet more (a euro sign in
    /// place of a letter) is cut.
    @Test func exactly160SeptetsIsKeptAndOneMoreIsCut() {
        // "[CRITICAL] " 13 (its brackets are in the extension table) + "T" 1 + ": " 2
        // + body + " Reply 123456 to take it." 25 = 41 + body.
        let body = String(repeating: "b", count: 119)
        let whole = SMSText.compose(severity: .critical, service: "", title: "T", text: body, answer: Self.answer)
        #expect(Self.septets(whole) == 160)
        #expect(whole == "[CRITICAL] T: " + body + " " + Self.answer)
        let euro = String(repeating: "b", count: 118) + "€"
        let cut = SMSText.compose(severity: .critical, service: "", title: "T", text: euro, answer: Self.answer)
        #expect(cut != "[CRITICAL] T: " + euro + " " + Self.answer, "161 septets: the euro counts twice")
        #expect(Self.isOneSMS(cut))
        #expect(cut.hasPrefix("[CRITICAL] T: ") && cut.hasSuffix("... " + Self.answer))
    }

    @Test func exactly70UnitsIsKeptAndOneMoreIsCut() {
        // "ж" 1 + ": " 2 + body + " Reply 123456 to take it." 25 = 28 + body.
        let body = String(repeating: "b", count: 42)
        #expect(SMSText.compose(severity: nil, service: "", title: "ж", text: body, answer: Self.answer) == "ж: " + body + " " + Self.answer)
        let cut = SMSText.compose(severity: nil, service: "", title: "ж", text: body + "b", answer: Self.answer)
        #expect(cut.utf16.count <= 70)
        #expect(cut.hasPrefix("ж: b") && cut.hasSuffix("… " + Self.answer))
    }

    /// What a fitted text is: the head, then the title (whole, or cut and
    /// marked when there is no text left), then ": " and the text cut and
    /// marked, then the tail, in one SMS.
    static func checkFitted(_ sms: String, head: String, title: String, text: String, tail: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(isOneSMS(sms), "\(sms.utf16.count) units, \(septets(sms).map(String.init) ?? "UCS-2"): \(sms)", sourceLocation: sourceLocation)
        let scalars = Array(sms.unicodeScalars)
        #expect(scalars.starts(with: head.unicodeScalars), "head whole: \(sms)", sourceLocation: sourceLocation)
        #expect(scalars.reversed().starts(with: tail.unicodeScalars.reversed()), "tail whole: \(sms)", sourceLocation: sourceLocation)
        guard scalars.count >= head.unicodeScalars.count + tail.unicodeScalars.count else { return }
        let middle = String(String.UnicodeScalarView(scalars.dropFirst(head.unicodeScalars.count).dropLast(tail.unicodeScalars.count)))
        let marks = ["...", "…"]
        func isCut(_ part: String, of whole: String) -> Bool {
            marks.contains { part.hasSuffix($0) && whole.hasPrefix(String(part.dropLast($0.count))) && part.count <= whole.count }
        }
        if middle.hasPrefix(title + ": ") {
            let body = String(middle.dropFirst(title.count + 2))
            #expect(body == text || isCut(body, of: text), "the text, or its start marked as cut: \(body)", sourceLocation: sourceLocation)
        } else {
            #expect(middle == title || isCut(middle, of: title), "the title alone, or its start marked as cut: \(middle)", sourceLocation: sourceLocation)
        }
    }

    @Test func aLongTextIsCutAndTheSeverityTitleAndAnswerStay() {
        let text = String(repeating: "Pressure in sector 4 above 1e-6 mbar; ", count: 10)
        let sms = SMSText.compose(severity: .critical, service: "Vacuum", title: "Pump down", text: text, answer: Self.answer)
        Self.checkFitted(sms, head: "[CRITICAL] ", title: "Pump down", text: text.trimmingCharacters(in: .whitespaces), tail: " (Vacuum) " + Self.answer)
        #expect(sms.hasPrefix("[CRITICAL] Pump down: Pressure in sector 4"))
        #expect(sms.contains("... (Vacuum) "), "a GSM text is cut with three dots")
        #expect(!sms.contains("…"), "a GSM text stays GSM")
        #expect((Self.septets(sms) ?? 0) >= 150, "cut to fit, not far shorter: \(Self.septets(sms) ?? 0)")
    }

    @Test func theTextGivesWayBeforeTheTitle() {
        let title = String(repeating: "Title word ", count: 9).trimmingCharacters(in: .whitespaces)  // 98 characters
        let text = String(repeating: "detail ", count: 40)
        let sms = SMSText.compose(severity: .major, service: "", title: title, text: text, answer: Self.answer)
        #expect(sms.contains(title), "the whole title while the text can give way")
        Self.checkFitted(sms, head: "[MAJOR] ", title: title, text: text.trimmingCharacters(in: .whitespaces), tail: " " + Self.answer)
    }

    @Test func aTitleTooLongAloneIsCutAndTheTextIsGone() {
        let title = String(repeating: "Vacuum lost ", count: 30)
        let sms = SMSText.compose(severity: .critical, service: "", title: title, text: "more detail here", answer: Self.answer)
        Self.checkFitted(sms, head: "[CRITICAL] ", title: title.trimmingCharacters(in: .whitespaces), text: "more detail here", tail: " " + Self.answer)
        #expect(!sms.contains("more detail") && !sms.contains(": "))
        #expect(sms.hasSuffix("... " + Self.answer))
    }

    @Test func extensionCharactersCountTwiceWhenCutting() {
        let text = String(repeating: "€{}[]", count: 40)
        let sms = SMSText.compose(severity: .critical, service: "", title: "Budget", text: text, answer: Self.answer)
        Self.checkFitted(sms, head: "[CRITICAL] ", title: "Budget", text: text, tail: " " + Self.answer)
        #expect(Self.septets(sms).map { $0 <= 160 } == true, "still GSM, at most 160 septets")
        #expect(sms.count < 160, "fewer characters than septets")
    }

    @Test func aTextOutsideGSMIsCutTo70Units() {
        let title = "Давление в секторе 4"
        let text = String(repeating: "Насос остановлен, ", count: 10)
        let sms = SMSText.compose(severity: .critical, service: "", title: title, text: text, answer: Self.answer)
        #expect(sms.utf16.count <= 70)
        #expect(sms.hasSuffix("… " + Self.answer), "cut with the one-character ellipsis: \(sms)")
        Self.checkFitted(sms, head: "[CRITICAL] ", title: title, text: text.trimmingCharacters(in: .whitespaces), tail: " " + Self.answer)
    }

    @Test func emojiAreCountedAsTheirSurrogatePairsAndNeverSplit() {
        let text = String(repeating: "🔥👨‍👩‍👧‍👦🚨", count: 20)
        let sms = SMSText.compose(severity: .high, service: "", title: "Fire 🔥", text: text, answer: Self.answer)
        #expect(sms.utf16.count <= 70, "\(sms.utf16.count)")
        Self.checkFitted(sms, head: "[HIGH] ", title: "Fire 🔥", text: text, tail: " " + Self.answer)
        #expect(sms.unicodeScalars.allSatisfy { $0.value != 0xFFFD })
    }

    /// Whatever the title and text, the result is one SMS with the head and
    /// the tail whole.
    @Test(arguments: [
        (String(repeating: "x", count: 500), String(repeating: "y", count: 500)),
        (String(repeating: "€", count: 200), ""),
        ("", String(repeating: "z", count: 400)),
        (String(repeating: "a", count: 150) + "ж", String(repeating: "b", count: 10)),
        ("Ok", String(repeating: "b", count: 150) + "😀"),
        (String(repeating: "...", count: 80), String(repeating: "…", count: 80)),
        (String(repeating: "\n", count: 300) + "T", String(repeating: "\t ", count: 300) + "x"),
        (String(repeating: "e\u{301}", count: 100), String(repeating: "^", count: 100)),
    ])
    func anyNotificationFitsOneSMS(_ title: String, _ text: String) {
        for (severity, answer) in [(Severity.critical, Self.answer), (Severity.none, Self.answer)] as [(Severity, String)] {
            let head = "[\(severity.rawValue.uppercased())] "
            let sms = SMSText.compose(severity: severity, service: "", title: title, text: text, answer: answer)
            #expect(Self.isOneSMS(sms), "\(sms.utf16.count) units: \(sms)")
            #expect(sms.unicodeScalars.starts(with: head.unicodeScalars))
            #expect(sms.hasSuffix(" " + answer))
            let fitted = SMSText.fit(head: head, title: title, text: text, tail: " " + answer)
            #expect(Self.isOneSMS(fitted), "\(fitted.utf16.count) units: \(fitted)")
            #expect(fitted.unicodeScalars.starts(with: head.unicodeScalars) && fitted.hasSuffix(" " + answer))
        }
    }
}
