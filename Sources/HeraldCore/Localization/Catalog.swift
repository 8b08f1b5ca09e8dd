import Foundation

/// Herald's words in each language (issue 43): one table per language
/// (`Catalog+<language>.swift`), keyed by dotted names, with named
/// placeholders (`{count}`, `{name}`) and plural forms as `<key>.one` and
/// `<key>.other`. English is complete by definition; a test holds every
/// other language to the same keys and the same placeholders.
public enum Catalog {
    public static let tables: [Language: [String: String]] = [.en: english, .sv: swedish, .de: german, .fr: french]

    /// `key` in `language`, its placeholders filled; English where the
    /// language lacks it (the test says so), the key itself where both do.
    public static func text(_ key: String, _ language: Language, _ values: [String: String] = [:]) -> String {
        fill(tables[language]?[key] ?? english[key] ?? key, values)
    }

    /// The form of `key` for `count` (`{count}` filled too).
    public static func plural(_ key: String, count: Int, _ language: Language, _ values: [String: String] = [:]) -> String {
        text("\(key).\(PluralCategory.of(count, in: language).rawValue)", language, values.merging(["count": "\(count)"]) { a, _ in a })
    }

    /// `{name}` replaced by its value; an unknown name is left as it is.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, template.contains("{") else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            out += values[name] ?? "{\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The placeholders a text names.
    public static func placeholders(_ text: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
