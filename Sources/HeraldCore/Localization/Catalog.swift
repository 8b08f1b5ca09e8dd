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
    static let areas: [[String: Words]] = [
        pages, onCallAndSignInPages, subscriptionPages, profilePages, contactPages, adminServicePages, serviceAccessPages, escalationPages, serviceBehaviourPages,
        auditPages, reportPages, teamPages, userPages, rotaPages, webPages, errors, accessErrors, ruleErrors, signInErrors, onCallErrors, reachErrors,
        contactErrors, messages,
    ]

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

extension Catalog {
    /// A message Herald wrote in English (a use case's refusal, an error a
    /// page shows) in `language`, as gettext does it: the English text is
    /// the message's identity. The errors areas (`Catalog+*Errors.swift`,
    /// keys `error.`) hold each message as an English template (`A rota is already
    /// called {name}`); an exact text wins, else the first template whose
    /// fixed parts match, its values carried over as they are. A message
    /// no area knows stays English.
    public static func message(_ english: String, in language: Language) -> String {
        guard language != .en, english.utf8.count <= 2_000 else { return english }
        if let key = MessageIndex.exact[english] { return text(key, language) }
        for template in MessageIndex.templates {
            if let values = template.match(english) { return text(template.key, language, values) }
        }
        return english
    }
}

/// The errors area's English texts, indexed once: exact ones by text,
/// templates (texts with placeholders) as their fixed parts.
enum MessageIndex {
    struct Template {
        let key: String
        /// Fixed text, then (name, fixed text) pairs: "A rota is already called {name}" is ("A rota is already called ", [("name", "")]).
        let head: String
        let parts: [(name: String, tail: String)]

        /// The placeholders' values when `text` has this template's fixed
        /// parts in order (each value the shortest that lets the rest match).
        func match(_ text: String) -> [String: String]? {
            guard text.hasPrefix(head) else { return nil }
            return Self.match(Substring(text.dropFirst(head.count)), parts[...])
        }

        private static func match(_ rest: Substring, _ parts: ArraySlice<(name: String, tail: String)>) -> [String: String]? {
            guard let part = parts.first else { return rest.isEmpty ? [:] : nil }
            if part.tail.isEmpty {
                guard parts.count == 1, !rest.isEmpty else { return nil }
                return [part.name: String(rest)]
            }
            var searchFrom = rest.startIndex
            while let found = rest[searchFrom...].range(of: part.tail) {
                if found.lowerBound > rest.startIndex, var values = match(rest[found.upperBound...], parts.dropFirst()) {
                    values[part.name] = String(rest[..<found.lowerBound])
                    return values
                }
                searchFrom = rest.index(after: found.lowerBound)
            }
            return nil
        }
    }

    /// Every area's refusals: the keys under `error.`.
    static let refusals = Catalog.words.filter { $0.key.hasPrefix("error.") }

    static let exact: [String: String] = {
        var exact: [String: String] = [:]
        for (key, words) in refusals where Catalog.placeholders(words.en).isEmpty { exact[words.en] = key }
        return exact
    }()

    /// Longest fixed text first, so a more specific template wins.
    static let templates: [Template] = refusals.compactMap { key, words -> Template? in
        guard !Catalog.placeholders(words.en).isEmpty else { return nil }
        var head = ""
        var parts: [(name: String, tail: String)] = []
        var rest = Substring(words.en)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let fixed = String(rest[..<open])
            if parts.isEmpty { head = fixed } else { parts[parts.count - 1].tail = fixed }
            parts.append((String(rest[rest.index(after: open)..<close]), ""))
            rest = rest[rest.index(after: close)...]
        }
        parts[parts.count - 1].tail = String(rest)
        return Template(key: key, head: head, parts: parts)
    }.sorted { fixedLength($0) > fixedLength($1) || (fixedLength($0) == fixedLength($1) && $0.key < $1.key) }

    private static func fixedLength(_ template: Template) -> Int {
        template.head.count + template.parts.reduce(0) { $0 + $1.tail.count }
    }
}
