import Foundation

/// TwiML is XML: text and attribute values escaped, scalar by scalar (a
/// `&` carrying a combining mark is still a `&`), and whatever XML 1.0
/// cannot hold dropped.
public enum TwiML {
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(" ")
            default:
                let value = scalar.value
                if value >= 0x20 && value != 0xFFFE && value != 0xFFFF && !(0x7F...0x9F).contains(value) { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// At most `bytes` of UTF-8, cut between scalars (Twilio refuses long TwiML; its voices read a few kilobytes).
    public static func prefix(_ text: String, bytes: Int) -> String {
        var out = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            used += String(scalar).utf8.count
            if used > bytes { break }
            out.append(scalar)
        }
        return String(out)
    }

    /// `<Say>` in the language's voice (Twilio's language tags); English in
    /// Twilio's default voice, as before languages.
    public static func say(_ language: Language) -> String {
        switch language {
        case .en: "<Say>"
        case .sv: "<Say language=\"sv-SE\">"
        case .de: "<Say language=\"de-DE\">"
        case .fr: "<Say language=\"fr-FR\">"
        }
    }
}
