import Foundation
import HeraldCore
import Testing

@testable import HeraldDelivery

/// Gammu SMSD's files backend (issue 42; scripts/lib/gammu-notes.md): a
/// text is an outbox file SMSD never sees half-written, named so that only
/// digits of the number reach the name; a reply is an inbox file in the
/// `detail` format, read only once complete.
@Suite("Gammu SMSD spool")
struct GammuSpoolTests {
    /// 2026-11-29 12:15:02 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_954_502)

    /// A spool directory of its own with an `outbox/`, removed afterwards.
    static func withSpool(outbox: Bool = true, _ body: (URL, GammuSMSGateway) async throws -> Void) async throws {
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("herald-gammu-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: spool) }
        if outbox { try FileManager.default.createDirectory(at: spool.appendingPathComponent("outbox"), withIntermediateDirectories: true) }
        let gateway = GammuSMSGateway(settings: GammuSettings(spool: spool.path), clock: WallClock { Self.now })
        try await body(spool.appendingPathComponent("outbox"), gateway)
    }

    static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    // MARK: writing a text

    @Test func theNameIsPriorityATimeInUTCTheNumberAndTheReference() {
        let text = OutgoingText(reference: "d-42", to: "+46700000001", body: "x")
        #expect(GammuSMSGateway.fileName(text, at: Self.now) == "OUTA20261129_121502_00_+46700000001_d-42.txt")
        // Midnight UTC on New Year: the date is UTC's whatever the machine's zone.
        let newYear = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01 00:00:00 UTC
        #expect(GammuSMSGateway.fileName(text, at: newYear) == "OUTA20270101_000000_00_+46700000001_d-42.txt")
    }

    /// SMSD reads the number between the 3rd and 4th `_` and takes only
    /// names starting `OUT` and ending `.txt`: a reference can add no `_`,
    /// no path, no other extension.
    @Test(arguments: ["../../etc/passwd", "a_b_c", "x.txtd", "ref/with/slashes", "späť", "\u{0}nul", "a b\nc", "_", ""])
    func aReferenceAddsNothingButLettersDigitsAndDashes(_ reference: String) {
        let name = GammuSMSGateway.fileName(OutgoingText(reference: reference, to: "+46700000001", body: "x"), at: Self.now)
        #expect(name.hasPrefix("OUTA20261129_121502_00_+46700000001_") && name.hasSuffix(".txt"))
        #expect(name.filter { $0 == "_" }.count == 4, "\(name)")
        #expect(name.filter { $0 == "." }.count == 1, "\(name)")
        let note = name.dropFirst("OUTA20261129_121502_00_+46700000001_".count).dropLast(".txt".count)
        #expect(note.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }, "\(name)")
    }

    @Test func namesSortInTheOrderTheTextsWereWritten() {
        let text = OutgoingText(reference: "z", to: "+46700000001", body: "x")
        let times = [0, 1, 59, 3_600 * 9, 3_600 * 10, 86_400, 86_400 * 40].map { Self.now.addingTimeInterval(TimeInterval($0)) }
        let names = times.map { GammuSMSGateway.fileName(text, at: $0) }
        #expect(names == names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }), "byte order is send order")
    }

    @Test func theContentsAreUTF16LittleEndianAfterAByteOrderMark() {
        #expect(Array(GammuSMSGateway.contents("Hi")) == [0xFF, 0xFE, 0x48, 0x00, 0x69, 0x00])
        #expect(Array(GammuSMSGateway.contents("")) == [0xFF, 0xFE])
        // U+20AC EURO SIGN, U+0159 r with caron, U+1F600 as the pair D83D DE00.
        #expect(Array(GammuSMSGateway.contents("€ř😀")) == [0xFF, 0xFE, 0xAC, 0x20, 0x59, 0x01, 0x3D, 0xD8, 0x00, 0xDE])
        #expect(Array(GammuSMSGateway.contents("a\n")) == [0xFF, 0xFE, 0x61, 0x00, 0x0A, 0x00], "nothing added or dropped")
        let body = "[CRITICAL] Pump down: Ä € ř 😀 Reply 123456 to take it."
        #expect(String(data: GammuSMSGateway.contents(body).dropFirst(2), encoding: .utf16LittleEndian) == body)
    }

    @Test func aTextIsRenamedIntoTheOutboxWholeAndNothingElseIsLeft() async throws {
        try await Self.withSpool { outbox, gateway in
            let texts = [
                OutgoingText(reference: "d-1", to: "+46700000001", body: "[CRITICAL] Pump down Reply 123456 to take it."),
                OutgoingText(reference: "d-2", to: "+46700000002", body: "Ä € ř 😀"),
            ]
            #expect(await gateway.send(texts) == [.accepted, .accepted])
            #expect(Self.names(in: outbox) == [
                "OUTA20261129_121502_00_+46700000001_d-1.txt", "OUTA20261129_121502_00_+46700000002_d-2.txt",
            ], "no hidden file left behind")
            let first = try Data(contentsOf: outbox.appendingPathComponent("OUTA20261129_121502_00_+46700000001_d-1.txt"))
            #expect(first.prefix(2) == Data([0xFF, 0xFE]))
            #expect(String(data: first.dropFirst(2), encoding: .utf16LittleEndian) == texts[0].body)
            let second = try Data(contentsOf: outbox.appendingPathComponent("OUTA20261129_121502_00_+46700000002_d-2.txt"))
            #expect(String(data: second.dropFirst(2), encoding: .utf16LittleEndian) == "Ä € ř 😀")
            #expect(Self.names(in: outbox.deletingLastPathComponent()) == ["outbox"], "nothing outside the outbox")
        }
    }

    /// Only `+` and ASCII digits reach a file name: anything else is
    /// refused (never tried again) and nothing is written.
    @Test(arguments: [
        "46700000001", "+46 700000001", "+46700000001\n", "+4670_0000001", "+46/../../x", "+46700000001.txt", "++46700000001",
        "+４６７００", "+٤٦٧٠٠٠٠٠٠٠١", "+4670000000\u{301}1", "", " +46700000001", "+46700000001 ", "+46\u{0}700000001",
    ])
    func aNumberThatIsNotPlusAndDigitsIsRefusedAndNothingWritten(_ to: String) async throws {
        try await Self.withSpool { outbox, gateway in
            let answers = await gateway.send([OutgoingText(reference: "d-1", to: to, body: "x")])
            guard case .refused? = answers.first else {
                Issue.record("\(to.debugDescription) answered \(answers)")
                return
            }
            #expect(Self.names(in: outbox).isEmpty)
            #expect(Self.names(in: outbox.deletingLastPathComponent()) == ["outbox"])
        }
    }

    /// A plus with no number after it is no international number either.
    @Test func aPlusAloneIsRefused() async throws {
        try await Self.withSpool { outbox, gateway in
            let answers = await gateway.send([OutgoingText(reference: "d-1", to: "+", body: "x")])
            #expect(answers.count == 1)
            if case .refused? = answers.first {} else { Issue.record("'+' answered \(answers), wrote \(Self.names(in: outbox))") }
        }
    }

    @Test func withoutAnOutboxATextIsTriedAgainLaterAndNothingIsLeft() async throws {
        try await Self.withSpool(outbox: false) { outbox, gateway in
            let answers = await gateway.send([OutgoingText(reference: "d-1", to: "+46700000001", body: "x")])
            guard case .retry(_, let after)? = answers.first else {
                Issue.record("answered \(answers)")
                return
            }
            #expect(after > 0)
            #expect(Self.names(in: outbox.deletingLastPathComponent()).isEmpty)
            await #expect(throws: GammuSpoolError.self) { try await gateway.warmUp() }
        }
    }

    @Test func warmingUpChecksTheOutboxIsADirectory() async throws {
        try await Self.withSpool { _, gateway in
            try await gateway.warmUp()
        }
        try await Self.withSpool(outbox: false) { outbox, gateway in
            try Data("not a directory".utf8).write(to: outbox)
            await #expect(throws: GammuSpoolError.self) { try await gateway.warmUp() }
        }
    }

    // MARK: reading a reply

    /// Hex UTF-16BE as Gammu writes it (EncodeHexBin: upper case).
    static func hex(_ text: String) -> String {
        text.utf16.map { unit in
            let digits = String(unit, radix: 16, uppercase: true)
            return String(repeating: "0", count: 4 - digits.count) + digits
        }.joined()
    }

    /// One `[SMSBackupNNN]` section as Gammu 1.42's SaveSMSBackupTextFile
    /// writes a received part: the text as a `; ` comment, the quoted
    /// fields with CR LF (SaveBackupText), the hex text in lines of at
    /// most 200 digits (SaveLinkedBackupText, CR LF), the rest with LF.
    static func section(
        _ index: Int, from sender: String, text: String, udh: String? = nil, coding: String = "Default_No_Compression", hexText: String? = nil
    ) -> String {
        var lines = "[SMSBackup\(String(repeating: "0", count: 3 - String(index).count))\(index)]\n"
        lines += Self.comment(text)
        lines += "SMSC = \"+46700000000\"\r\nSMSCUnicode = \(hex("+46700000000"))\r\n"
        lines += "PDU = Deliver\nDateTime = 20261129T121502Z\r\nState = UnRead\n"
        lines += "Number = \"\(sender)\"\r\nNumberUnicode = \(hex(sender))\r\n"
        lines += "Name = \"\"\r\nNameUnicode = \r\n"
        if let udh { lines += "UDH = \(udh)\n" }
        var digits = Substring(hexText ?? hex(text))
        var part = 0
        repeat {
            lines += "Text\(part < 10 ? "0" : "")\(part) = \(digits.prefix(200))\r\n"
            digits = digits.dropFirst(200)
            part += 1
        } while !digits.isEmpty
        lines += "Coding = \(coding)\nFolder = 1\nLength = \(text.utf16.count)\nClass = -1\n"
        lines += "ReplySMSC = False\nRejectDuplicates = False\nReplaceMessage = 0\nMessageReference = 0\n\n"
        return lines
    }

    /// SaveTextComment: "; " and the text in the locale's bytes (UTF-8
    /// here), a new "; " line at each LF or CR and after 76 bytes.
    static func comment(_ text: String) -> String {
        var out = "; "
        var position = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                out += "\n; "
                position = 0
                continue
            }
            if position > 75 {
                out += "\n; "
                position = 0
            }
            out.unicodeScalars.append(scalar)
            position += String(scalar).utf8.count
        }
        return out + "\n"
    }

    static let header = """
        ; This file format was designed for Gammu and is compatible with Gammu+
        ; See <https://wammu.eu/> for more info
        ; Saved 20261129T121503 (Sun 29 Nov 2026 12:15:03 PM UTC)


        """

    @Test func aReplyInOnePartGivesItsSenderAndText() {
        let file = Self.header + Self.section(0, from: "+46700000002", text: "ACK 123456")
        #expect(GammuInboxMessage.parse(file) == GammuInboxMessage(sender: "+46700000002", text: "ACK 123456"))
    }

    @Test func theTextIsReadExactlyWhateverItHolds() {
        let text = "Hej Ä € ř 😀 = [x] ; end\nsecond line"
        let file = Self.header + Self.section(0, from: "+46700000002", text: text, coding: "Unicode_No_Compression")
        #expect(GammuInboxMessage.parse(file) == GammuInboxMessage(sender: "+46700000002", text: text))
        let plain = Self.header + Self.section(0, from: "Bank_X", text: "ok")
        #expect(GammuInboxMessage.parse(plain)?.sender == "Bank_X", "an alphanumeric sender as the network gave it")
    }

    /// A long reply: every part a section with `UDH = 050003<ref><total><seq>`,
    /// the texts joined in order; its hex runs over several TextNN lines.
    @Test func aReplyInSeveralPartsIsJoinedOnceEveryPartIsThere() {
        let parts = [String(repeating: "a", count: 153), String(repeating: "b", count: 153), "ack 482913"]
        let sections = parts.enumerated().map { index, text in
            Self.section(index, from: "+46700000002", text: text, udh: "050003A703" + "0\(index + 1)")
        }
        let whole = Self.header + sections.joined()
        #expect(sections[0].contains("Text03 = "), "153 units are 612 hex digits: four lines")
        #expect(GammuInboxMessage.parse(whole) == GammuInboxMessage(sender: "+46700000002", text: parts.joined()))
        #expect(GammuInboxMessage.parse(Self.header + sections[0]) == nil, "1 of 3 parts")
        #expect(GammuInboxMessage.parse(Self.header + sections[0] + sections[1]) == nil, "2 of 3 parts")
        let lower = Self.header + parts.enumerated().map { index, text in
            Self.section(index, from: "+46700000002", text: text, udh: "050003a703" + "0\(index + 1)")
        }.joined()
        #expect(GammuInboxMessage.parse(lower)?.text == parts.joined(), "hex in either case")
    }

    @Test func aOnePartUDHIsComplete() {
        let file = Self.header + Self.section(0, from: "+46700000002", text: "ack 482913", udh: "0500031F0101")
        #expect(GammuInboxMessage.parse(file)?.text == "ack 482913")
    }

    /// SMSD appends in place: until the last key of the last part is
    /// written, the file is not a reply yet.
    @Test func aFileStillBeingWrittenIsNotReadYet() {
        let file = Self.header + Self.section(0, from: "+46700000002", text: "ACK 123456")
        let end = file.range(of: "MessageReference = 0")!.lowerBound
        for cut in [file.startIndex, file.index(file.startIndex, offsetBy: 40), file.range(of: "Text00")!.lowerBound, file.range(of: "Coding")!.lowerBound, end] {
            #expect(GammuInboxMessage.parse(String(file[..<cut])) == nil, "cut before \(file[cut...].prefix(12).debugDescription)")
        }
        #expect(GammuInboxMessage.parse(String(file[..<file.index(end, offsetBy: 12)])) == nil, "cut inside the key")
        #expect(GammuInboxMessage.parse("") == nil)
        #expect(GammuInboxMessage.parse("ACK 123456") == nil, "the standard format is no detail file")
    }

    @Test func whatIsNoTextIsNotRead() {
        let eightBit = Self.header + Self.section(0, from: "+46700000002", text: "ACK", coding: "8bit", hexText: "41434B")
        #expect(GammuInboxMessage.parse(eightBit) == nil, "8-bit: raw bytes, no text")
        let badHex = Self.header + Self.section(0, from: "+46700000002", text: "ACK", hexText: "00410043004G")
        #expect(GammuInboxMessage.parse(badHex) == nil)
        let oddHex = Self.header + Self.section(0, from: "+46700000002", text: "ACK", hexText: "0041004300")
        #expect(GammuInboxMessage.parse(oddHex) == nil)
        let noSender = (Self.header + Self.section(0, from: "+46700000002", text: "ACK"))
            .replacingOccurrences(of: "NumberUnicode = \(Self.hex("+46700000002"))\r\n", with: "")
        #expect(!noSender.contains("NumberUnicode = 0"))
        #expect(GammuInboxMessage.parse(noSender) == nil)
    }

    /// Gammu writes the text a second time as a `; ` comment, breaking its
    /// lines only at LF and CR. A form feed (GSM's extension table has it)
    /// is no line break there, so whatever follows it in a reply is still
    /// comment: it cannot add keys or sections, nor change the sender.
    @Test func aReplyCannotWriteKeysThroughItsComment() {
        let forged = "+46700000099"
        let text = "x\u{0C}NumberUnicode = \(Self.hex(forged))\u{0C}[x]"
        let file = Self.header + Self.section(0, from: "+46700000002", text: text)
        #expect(file.contains("\n; x\u{0C}NumberUnicode = \(Self.hex(forged))\u{0C}[x]\n"), "one comment line: Gammu wraps after 76 bytes")
        let parsed = GammuInboxMessage.parse(file)
        #expect(parsed?.sender == "+46700000002", "the sender the network gave, not one the text names")
        #expect(parsed?.text == text)
    }

    /// The same, as Debian 12's gammu-smsd 1.42 filed it (scripts/lib/gammu.sh,
    /// `gammu_receive DIR +46700000002 $'x\fNumberUnicode = 002B…0039\f[x]'`),
    /// byte for byte: its own reader (`gammu_inbox_sender`) says +46700000002.
    @Test func aRealInboxFileWithAFormFeedIsFromItsRealSender() {
        let file =
            "; This file format was designed for Gammu and is compatible with Gammu+\n; See <http://www.gammu.org> for more info\n"
            + "; Saved 20261129T124406 (Sun Nov 29 12:44:06 2026)\n\n[SMSBackup000]\n"
            + "; x\u{0C}NumberUnicode = 002B00340036003700300030003000300030003000390039\u{0C}[x]\n"
            + "SMSC = \"\"\r\nSMSCUnicode = \r\nPDU = Deliver\nDateTime = 20261129T124406Z\r\nState = Sent\n"
            + "Number = \"+46700000002\"\r\nNumberUnicode = 002B00340036003700300030003000300030003000300032\r\nName = \"\"\r\nNameUnicode = \r\n"
            + "Text00 = 0078000C004E0075006D0062006500720055006E00690063006F006400650020003D002000300030003200420030003000330034003000300033003600300030003300370030003000330030003000300033003000300030003300300030003000330030\r\n"
            + "Text01 = 0030003000330030003000300033003000300030003300390030003000330039000C005B0078005D\r\n"
            + "Coding = Default_No_Compression\nFolder = 1\nLength = 70\nClass = -1\nReplySMSC = False\nRejectDuplicates = False\n"
            + "ReplaceMessage = 0\nMessageReference = 0\n\n"
        let parsed = GammuInboxMessage.parse(file)
        #expect(parsed?.text == "x\u{0C}NumberUnicode = 002B00340036003700300030003000300030003000390039\u{0C}[x]")
        #expect(parsed?.sender == "+46700000002", "not +46700000099, which the text names")
    }

    @Test(arguments: ["\u{0B}", "\u{85}", "\u{2028}", "\u{2029}"])
    func noOtherLineSeparatorEndsTheComment(_ separator: String) {
        let text = "x\(separator)NumberUnicode = \(Self.hex("+46700000099"))\(separator)[x]"
        let file = Self.header + Self.section(0, from: "+46700000002", text: text, coding: "Unicode_No_Compression")
        #expect(file.contains("\n; " + text + "\n"), "one comment line")
        #expect(GammuInboxMessage.parse(file)?.sender == "+46700000002")
    }
}
