import Foundation
import HeraldCore
import Mustache
import Synchronization

/// What a page's template shows besides the layout: a typed value whose
/// stored properties the template names (Mustache reads them by
/// reflection; an absent optional is no value, so its section stays
/// shut). Each page declares its own next to its handler, so a value the
/// template needs is a property the compiler holds the handler to, not a
/// dictionary key (issue 40: web pages render typed models).
protocol PageModel: PageValues {}

/// Values a template reads by name: each stored property. An absent
/// optional is NSNull, so the lookup stops at its owner and its section
/// stays shut (a nil would send Mustache up the context to an outer value
/// of the same name: a feed without an error showing the page's error).
protocol PageValues: MustacheParent, Sendable {}

extension PageValues {
    func child(named name: String) -> Any? {
        // Most lookups miss (a name the template finds further out, such as
        // `csrf` inside a list's item): the type's labels, kept once per
        // type, answer those without reflecting on the value.
        guard let index = PageValueLabels.labels(of: self)[name] else { return nil }
        let found = Mirror(reflecting: self).children.dropFirst(index).first!.value
        let mirror = Mirror(reflecting: found)
        guard mirror.displayStyle == .optional else { return found }
        return mirror.children.first?.value ?? NSNull()
    }
}

/// Each page value type's stored property names with their positions,
/// read by reflection once per type (a type's properties never change).
enum PageValueLabels {
    private static let known = Mutex<[ObjectIdentifier: [String: Int]]>([:])

    static func labels<T: PageValues>(of value: T) -> [String: Int] {
        let id = ObjectIdentifier(T.self)
        if let labels = known.withLock({ $0[id] }) { return labels }
        var labels: [String: Int] = [:]
        for (index, child) in Mirror(reflecting: value).children.enumerated() {
            if let label = child.label { labels[label] = index }
        }
        known.withLock { $0[id] = labels }
        return labels
    }
}

/// A page without values of its own.
struct NoPageValues: PageModel {}

/// What the layout shows on every page.
struct PageLayout: PageValues {
    /// A confirmation a redirect asked for (`WebSupport.flashes`).
    struct Flash: PageValues {
        var kind = "ok"
        var text: String
    }

    var title: String
    /// The template's name, on the body (`data-page`): what the browser tests' accessibility check counts.
    var pageName: String
    var csrf: String
    var assetVersion: String
    /// Which navigation entry is the current page: `nav.inbox` and so on.
    var nav: [String: Bool]?
    /// Signed in (the header and navigation show).
    var user: Bool
    var username: String?
    var isAdmin: Bool
    /// An admin, or an owner of some service: the Services page is theirs.
    var keepsServices: Bool
    /// Unread notifications; nil when none (no badge).
    var unread: Int?
    var flash: Flash?
    /// The page's language (`<html lang>`), and its words: `{{t.nav.inbox}}`.
    var lang: String
    var t: PageText
    /// The words herald.js and the service worker write (`js.*`), as JSON
    /// for the page's `<script type="application/json" id="herald-words">`.
    var scriptWords: String

    /// Each language's `js.*` words as JSON, made once. `<` is escaped, so
    /// no text can end the script element.
    static func scriptWords(_ language: Language) -> String { scriptWordsByLanguage[language] ?? "{}" }

    private static let scriptWordsByLanguage: [Language: String] = Dictionary(uniqueKeysWithValues: Language.allCases.map { language in
        let words = Catalog.words.filter { $0.key.hasPrefix("js.") }.reduce(into: [String: String]()) { out, entry in
            out[String(entry.key.dropFirst(3))] = entry.value.text(language)
        }
        let data = (try? JSONSerialization.data(withJSONObject: words, options: [.sortedKeys])) ?? Data("{}".utf8)
        return (language, String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c"))
    })
}

/// The catalog's words in one language as a template reads them: a dotted
/// key is a path (`{{t.inbox.title}}`). A name that starts no key is no
/// value, so a misspelt key shows nothing rather than another's text (the
/// catalog test lists what each template names).
struct PageText: MustacheParent, Sendable {
    let language: Language
    var prefix = ""

    /// Every key's leading paths ("inbox", "inbox.state"), once.
    static let paths: Set<String> = {
        var paths = Set<String>()
        for key in Catalog.english.keys {
            var parts = key.split(separator: ".").map(String.init)
            parts.removeLast()
            while !parts.isEmpty {
                paths.insert(parts.joined(separator: "."))
                parts.removeLast()
            }
        }
        return paths
    }()

    func child(named name: String) -> Any? {
        let key = prefix + name
        if Catalog.tables[.en]?[key] != nil { return Catalog.text(key, language) }
        return Self.paths.contains(key) ? PageText(language: language, prefix: key + ".") : nil
    }
}

/// A page's values as its template sees them: the layout's, then the page
/// model's (a model's property never hides the layout's).
struct PageContext<Model: PageModel>: MustacheParent {
    let layout: PageLayout
    let model: Model

    func child(named name: String) -> Any? {
        layout.child(named: name) ?? model.child(named: name)
    }
}
