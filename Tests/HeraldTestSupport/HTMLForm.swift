import Foundation

/// What a browser would post from a page's form, read from the page's
/// HTML: every named input (checkboxes only when checked) with its value,
/// and every select with its selected option (else its first), in order.
/// Enough for Herald's own server-rendered forms, so a test can save a form
/// exactly as it was shown.
public enum HTMLForm {
    /// The fields of the first `<form>` posting to `action`; nil when there is none.
    public static func fields(in html: String, action: String) -> [(String, String)]? {
        guard let start = html.range(of: "action=\"\(action)\""), let end = html.range(of: "</form>", range: start.upperBound..<html.endIndex) else { return nil }
        let form = String(html[start.upperBound..<end.lowerBound])
        var fields: [(offset: Int, name: String, value: String)] = []
        for tag in matches(#"<input\b[^>]*>"#, in: form) {
            guard let name = attribute("name", in: tag.text) else { continue }
            let type = attribute("type", in: tag.text) ?? "text"
            if type == "checkbox" || type == "radio", !tag.text.contains(" checked") { continue }
            if type == "submit" || type == "button" { continue }
            fields.append((tag.offset, name, attribute("value", in: tag.text) ?? (type == "checkbox" ? "on" : "")))
        }
        for select in matches(#"<select\b[^>]*>.*?</select>"#, in: form) {
            guard let name = attribute("name", in: select.text) else { continue }
            let options = matches(#"<option\b[^>]*>"#, in: select.text).map(\.text)
            let chosen = options.first { $0.contains(" selected") } ?? options.first
            fields.append((select.offset, name, chosen.flatMap { attribute("value", in: $0) } ?? ""))
        }
        return fields.sorted { $0.offset < $1.offset }.map { ($0.name, $0.value) }
    }

    private static func matches(_ pattern: String, in text: String) -> [(offset: Int, text: String)] {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else { return [] }
        let whole = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: whole).compactMap { match in
            Range(match.range, in: text).map { (match.range.location, String(text[$0])) }
        }
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: "\\s\(name)=\"([^\"]*)\"") else { return nil }
        guard let match = expression.firstMatch(in: tag, range: NSRange(tag.startIndex..., in: tag)), let range = Range(match.range(at: 1), in: tag) else {
            return nil
        }
        return unescaped(String(tag[range]))
    }

    static func unescaped(_ text: String) -> String {
        [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&#x2F;", "/"), ("&#x3D;", "="), ("&#x60;", "`"), ("&amp;", "&")]
            .reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }
}
