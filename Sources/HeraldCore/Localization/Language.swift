import Foundation

/// The languages Herald's pages and texts are written in (issue 43). A
/// person's choice wins; else the browser's `Accept-Language`; else
/// English. Notifications' own words are never translated.
public enum Language: String, Sendable, CaseIterable, Codable {
    case en, sv, de, fr

    /// Each language's name in itself, as a choice shows it.
    public var name: String {
        switch self {
        case .en: "English"
        case .sv: "Svenska"
        case .de: "Deutsch"
        case .fr: "Français"
        }
    }

    /// The best of `header` (`Accept-Language: sv-SE,sv;q=0.9,en;q=0.8`)
    /// that Herald speaks: by weight, then by order; a region falls back
    /// to its language; `*` and unknown tags are skipped. Nil for none.
    public static func negotiate(_ header: String?) -> Language? {
        guard let header, header.utf8.count <= 1_000 else { return nil }
        var best: (language: Language, weight: Double, order: Int)?
        for (order, entry) in header.split(separator: ",").prefix(40).enumerated() {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased(), !tag.isEmpty else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            guard weight > 0, weight <= 1, let language = Language(rawValue: String(tag.prefix { $0 != "-" && $0 != "_" })) else { continue }
            if best == nil || weight > best!.weight { best = (language, weight, order) }
        }
        return best?.language
    }
}

/// CLDR's plural categories, as far as Herald's languages need them:
/// English, Swedish and German say "one" for exactly 1; French for 0 and 1.
public enum PluralCategory: String, Sendable {
    case one, other

    public static func of(_ count: Int, in language: Language) -> PluralCategory {
        switch language {
        case .fr: count == 0 || count == 1 ? .one : .other
        case .en, .sv, .de: count == 1 ? .one : .other
        }
    }
}
