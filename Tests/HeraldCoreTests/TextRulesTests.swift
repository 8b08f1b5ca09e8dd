import Foundation
import HeraldCore
import Testing

@Suite("Text rules")
struct TextRulesTests {
    @Test func blankIsNothingButWhiteSpaceScalars() {
        for blank in ["", " ", "\r", "\t\n", "\u{A0}", "\u{3000}", "\u{2028}", "\u{85}"] {
            #expect(TextRules.problem(blank, maxLength: 10) == .blank, "\(blank.unicodeScalars.map(\.value))")
        }
        // A space with a combining mark is one Character that Swift calls
        // whitespace, but it shows something; U+FEFF is not White_Space.
        for shown in [" \u{301}", "\u{FEFF}", " x ", "\u{180E}"] {
            #expect(TextRules.problem(shown, maxLength: 10) == nil, "\(shown.unicodeScalars.map(\.value))")
        }
        #expect(TextRules.problem(" ", maxLength: 10, allowEmpty: true) == nil)
    }

    /// The non-blank pattern openapi.yaml gives every required text field
    /// (schemathesis generates from it) accepts exactly what these rules
    /// accept, scalar by scalar, over the BMP.
    @Test func openAPIsNonBlankPatternAgreesWithTheRules() throws {
        let specURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../openapi.yaml")
        let spec = try String(contentsOf: specURL, encoding: .utf8)
        let line = try #require(spec.split(separator: "\n").first { $0.contains("category: { type: string, minLength: 1") })
        let quoted = try #require(line.split(separator: "pattern: \"").last?.split(separator: "\"").first)
        // YAML's double-quoted "\\u0000" is the regex's \u0000.
        let pattern = quoted.replacingOccurrences(of: "\\\\", with: "\\")
        let regex = try NSRegularExpression(pattern: pattern)
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            let matches = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            let accepted = TextRules.problem(text, maxLength: 10) == nil
            if matches != accepted { disagreements.append(value) }
        }
        #expect(disagreements == [])
    }
}
