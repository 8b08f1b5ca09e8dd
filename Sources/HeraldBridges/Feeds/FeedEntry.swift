import Foundation
import HeraldCore

/// One item of a feed: its identity (what makes it "the same entry" from
/// one poll to the next), what templates see, and its scalar fields.
public struct FeedEntry: @unchecked Sendable {
    public var id: String
    /// The template context: RSS/Atom fields, or a GeoJSON feature's
    /// properties with `id`, `longitude`, `latitude` and `depth`.
    public var context: [String: Any]
    /// Its scalar fields, candidates for the notification's attributes.
    public var fields: [String: AttributeValue]

    public init(id: String, context: [String: Any], fields: [String: AttributeValue]) {
        self.id = id
        self.context = context
        self.fields = fields
    }

    /// When the entry happened, if it says: GeoJSON `time`, RSS `pubDate`,
    /// Atom `updated` or `published`.
    public var time: Date? {
        for name in ["time", "pubDate", "published", "updated", "date"] {
            guard case .string(let text)? = fields[name] else { continue }
            if let date = Timestamp.parse(text) ?? Self.rfc822.date(from: text) { return date }
        }
        return nil
    }

    /// RSS dates: `Mon, 30 Nov 2026 00:00:00 GMT` or with a numeric zone.
    /// Made once (making a DateFormatter is the expensive part; it used to be
    /// made for every entry of every poll); it only parses, which
    /// DateFormatter does safely from several threads, as `RetryAfter` relies on.
    static let rfc822: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter
    }()

    /// The fields kept as attributes: those named (all when none are), with
    /// names and values the rules accept, as many as fit in the attributes'
    /// limits (smallest first, so one long text does not crowd out the rest).
    public func attributes(named names: [String]) -> NotificationAttributes? {
        var chosen = names.isEmpty ? fields : fields.filter { names.contains($0.key) }
        chosen = chosen.filter { name, value in
            guard NotificationRules.isAttributeName(name) else { return false }
            if case .string(let text) = value { return TextRules.problem(text, maxLength: NotificationRules.maxAttributeTextLength, allowEmpty: true) == nil }
            if case .number(let number) = value { return number.isFinite }
            return true
        }
        var attributes = NotificationAttributes()
        for (name, value) in chosen.sorted(by: { ($0.value.encodedSize, $0.key) < ($1.value.encodedSize, $1.key) }) {
            guard attributes.values.count < NotificationRules.maxAttributes else { break }
            attributes.values[name] = value
            if attributes.json.utf8.count > NotificationRules.maxAttributesBytes {
                attributes.values[name] = nil
                break
            }
        }
        return attributes.isEmpty ? nil : attributes
    }
}

extension AttributeValue {
    var encodedSize: Int {
        switch self {
        case .string(let text): text.utf8.count
        default: 8
        }
    }
}
