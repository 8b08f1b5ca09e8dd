import Foundation

/// A notification as one text message (issue 42): one SMS holds 160
/// characters of the GSM 03.38 alphabet (those of its extension table
/// count twice) or, with any other character, 70 UTF-16 code units; a
/// longer text goes as several billed parts and may arrive out of order,
/// so Herald always sends one. What gives way, in the order pushes cut
/// (`PayloadFitting`): the text, then the title; the severity and the way
/// to answer never do. A cut ends in "…" (which is not GSM-7, so a cut
/// text is counted as UCS-2 only if it already was: "..." is used there).
public enum SMSText {
    public static let gsmLimit = 160
    public static let ucs2Limit = 70

    /// `[CRITICAL] title: text (service) Reply 123456 to take it`, fitted.
    public static func compose(severity: Severity?, service: String, title: String, text: String, answer: String?) -> String {
        let level = severity.map { "[\($0.rawValue.uppercased())] " } ?? ""
        let tail = (service.isEmpty ? "" : " (\(service))") + (answer.map { " " + $0 } ?? "")
        return fit(head: level, title: flattened(title), text: flattened(text), tail: tail)
    }

    /// The text with `head` and `tail` whole and `title: text` cut to fit one SMS.
    public static func fit(head: String, title: String, text: String, tail: String) -> String {
        // No more than one SMS can hold is ever looked at: a 10,000-character
        // subtitle would otherwise be cut a character at a time, each cut
        // counted again (quadratic: a second of CPU per text).
        var title = String(title.prefix(gsmLimit))
        var body = String(text.prefix(gsmLimit))
        while true {
            let middle = body.isEmpty ? title : title + ": " + body
            let candidate = head + middle + tail
            if fitsOneMessage(candidate) || (title.isEmpty && body.isEmpty) { return candidate }
            let cut = fitsGSM(candidate) ? "..." : "…"
            if !body.isEmpty {
                body = String(body.dropLast(body.hasSuffix(cut) ? cut.count + 1 : 1))
                if !body.isEmpty, !body.hasSuffix(cut) { body = String(body.dropLast(min(body.count, cut.count))) + cut }
                if body == cut { body = "" }
            } else {
                title = String(title.dropLast(title.hasSuffix(cut) ? cut.count + 1 : 1))
                if !title.isEmpty, !title.hasSuffix(cut) { title = String(title.dropLast(min(title.count, cut.count))) + cut }
                if title == cut { title = "" }
            }
        }
    }

    /// Whether the text goes as a single SMS.
    public static func fitsOneMessage(_ text: String) -> Bool {
        if let septets = gsmSeptets(text) { return septets <= gsmLimit }
        return text.utf16.count <= ucs2Limit
    }

    public static func fitsGSM(_ text: String) -> Bool { gsmSeptets(text) != nil }

    /// The septets `text` takes in GSM-7, nil if it has a character outside it.
    public static func gsmSeptets(_ text: String) -> Int? {
        var count = 0
        for scalar in text.unicodeScalars {
            if basic.contains(scalar) {
                count += 1
            } else if extended.contains(scalar) {
                count += 2
            } else {
                return nil
            }
        }
        return count
    }

    /// Line breaks and tabs become spaces; runs of spaces one.
    public static func flattened(_ text: String) -> String {
        var out = ""
        var lastSpace = false
        for character in text {
            let isSpace = character.isWhitespace
            if isSpace {
                if !lastSpace, !out.isEmpty { out.append(" ") }
            } else {
                out.append(character)
            }
            lastSpace = isSpace
        }
        return out.hasSuffix(" ") ? String(out.dropLast()) : out
    }

    private static let basic = Set(
        ("@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà")
            .unicodeScalars)
    private static let extended = Set("^{}\\[~]|€\u{0C}".unicodeScalars)
}
