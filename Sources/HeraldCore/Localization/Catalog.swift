import Foundation

/// Herald's words in each language (issue 43), keyed by dotted names, with
/// named placeholders (`{count}`, `{name}`) and plural forms as
/// `<key>.one` and `<key>.other`. Each area of Herald keeps its words in
/// a file of its own (`Catalog+<Area>.swift`), every key with all its
/// languages side by side: a language cannot lack a key (`Words` needs
/// them all), and a test holds each translation to English's placeholders.
public enum Catalog {
    /// One key's text in every language Herald speaks.
    public struct Words: Sendable {
        public let en, sv, de, fr: String

        public func text(_ language: Language) -> String {
            switch language {
            case .en: en
            case .sv: sv
            case .de: de
            case .fr: fr
            }
        }
    }

    /// Every area's words; a key in two areas is a mistake the test names.
    static let areas: [[String: Words]] = [pages, subscriptionPages, profilePages, adminServicePages, adminPeoplePages, webPages, errors, messages]

    /// Every key's words, the areas merged.
    public static let words: [String: Words] = areas.reduce(into: [:]) { all, area in all.merge(area) { first, _ in first } }

    /// Keys that more than one area defines (the first area's words win).
    public static let keysInTwoAreas: [String] = {
        var seen = Set<String>()
        var twice: [String] = []
        for area in areas { for key in area.keys where !seen.insert(key).inserted { twice.append(key) } }
        return twice.sorted()
    }()

    /// Each language's table, as templates and tests read it.
    public static let tables: [Language: [String: String]] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { language in (language, words.mapValues { $0.text(language) }) }
    )

    /// English: every key Herald uses.
    public static var english: [String: String] { tables[.en] ?? [:] }

    /// `key` in `language`, its placeholders filled; the key itself where
    /// no area has it (the template test says so).
    public static func text(_ key: String, _ language: Language, _ values: [String: String] = [:]) -> String {
        fill(words[key]?.text(language) ?? key, values)
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
