import Crypto
import Foundation

/// The one set of rules a notification meets, whatever its source. A sender
/// that can be told no (the REST API, the generic webhook) gets every
/// problem back (`validated`); a source that cannot (an alert, a Kafka
/// message) has its draft made to fit (`fitted`) and the change logged.
public enum NotificationRules {
    public static let maxTitleLength = 1_000
    public static let maxSubtitleLength = 10_000
    public static let maxURLLength = 4_096
    /// Alert fingerprints are keys of a database index, which limits bytes:
    /// a longer one (or one with control characters) is replaced by its hash.
    public static let maxIdentityBytes = 256
    /// Link schemes a phone or browser would run rather than open.
    static let refusedURLSchemes: Set<String> = ["javascript", "vbscript", "data", "file"]
    /// What a blank title becomes when a source cannot be told no.
    public static let untitled = "(no title)"

    public enum Field: String, Sendable {
        case title, subtitle, url, severity, attributes, expires_at, key
    }

    /// Attributes stay small: they travel in every push (4 KB in all) and
    /// are matched against every filter of a service.
    public static let maxAttributes = 32
    public static let maxAttributeNameLength = 64
    public static let maxAttributeTextLength = 256
    public static let maxAttributesBytes = 2_048
    public static let maxKeyLength = 256

    /// One broken rule (when validating) or one change made (when fitting).
    public struct Issue: Sendable, Equatable, CustomStringConvertible {
        public var field: Field
        /// pydantic's error type, as the API reports it.
        public var type: String
        public var message: String

        public var description: String { "\(field.rawValue): \(message)" }
    }

    public struct Violations: Error, Sendable, Equatable {
        public var issues: [Issue]
    }

    /// The draft as it will be stored, or every rule it breaks.
    /// Keys only the alert sources publish under (`AlarmIdentity.Source`), and the
    /// hashed form a long or unclean one is stored as (`storableIdentity`).
    public static let reservedKeyPrefixes = AlarmIdentity.Source.allCases.map(\.keyPrefix) + [hashedIdentityPrefix]
    static let hashedIdentityPrefix = "sha256:"

    public static func validated(_ draft: NotificationDraft, now: Date = Date()) throws(Violations) -> NotificationDraft {
        var issues: [Issue] = []
        var checked = draft
        if let problem = TextRules.problem(draft.title, maxLength: maxTitleLength) {
            issues.append(Issue(field: .title, type: problem.type, message: problem.message))
        }
        if let problem = TextRules.problem(draft.subtitle, maxLength: maxSubtitleLength, allowEmpty: true) {
            issues.append(Issue(field: .subtitle, type: problem.type, message: problem.message))
        }
        if let problem = urlProblem(draft.url) {
            issues.append(Issue(field: .url, type: problem.type, message: problem.message))
        }
        if draft.unknownSeverity != nil {
            issues.append(Issue(field: .severity, type: "enum", message: "Severity should be one of: \(Severity.names)"))
        }
        if let attributes = draft.attributes {
            issues += attributeProblems(attributes).map { Issue(field: .attributes, type: $0.type, message: $0.message) }
            if attributes.isEmpty { checked.attributes = nil }
        }
        if let expiresAt = draft.expiresAt, expiresAt <= now {
            issues.append(Issue(field: .expires_at, type: "datetime_future", message: "Expiry should be in the future"))
        }
        if let key = draft.key {
            if let problem = TextRules.problem(key, maxLength: maxKeyLength) {
                issues.append(Issue(field: .key, type: problem.type, message: problem.message))
            } else if key.utf8.count > maxIdentityBytes {
                issues.append(Issue(field: .key, type: "string_too_long", message: "Key should have at most \(maxIdentityBytes) bytes"))
            } else if let prefix = reservedKeyPrefixes.first(where: { key.hasPrefix($0) }) {
                // The alert bridges' alarms (issue 39): a post under such a key would
                // rewrite a real alarm's notification and what its write-back silences.
                issues.append(Issue(field: .key, type: "value_error", message: "Keys starting with \(prefix) are the alert receivers' own"))
            }
        }
        guard issues.isEmpty else { throw Violations(issues: issues) }
        return checked
    }

    /// Why these attributes cannot be stored, if they cannot: too many, a
    /// name that is not a plain identifier, text too long or with control
    /// characters, a number JSON cannot carry, or too big in all.
    static func attributeProblems(_ attributes: NotificationAttributes) -> [(type: String, message: String)] {
        var problems: [(type: String, message: String)] = []
        if attributes.values.count > maxAttributes {
            problems.append(("too_long", "Attributes should have at most \(maxAttributes) entries"))
        }
        for (name, value) in attributes.values.sorted(by: { $0.key < $1.key }) {
            if !isAttributeName(name) {
                problems.append(("string_pattern_mismatch", "Attribute name '\(TextRules.truncated(name, to: 80))' should be 1 to \(maxAttributeNameLength) letters, digits, '_', '-' or '.', starting with a letter or '_'"))
            }
            switch value {
            case .string(let text):
                if let problem = TextRules.problem(text, maxLength: maxAttributeTextLength, allowEmpty: true) {
                    problems.append((problem.type, "Attribute '\(TextRules.truncated(name, to: 80))': \(problem.message)"))
                }
            case .number(let number) where !number.isFinite:
                problems.append(("finite_number", "Attribute '\(TextRules.truncated(name, to: 80))' should be a finite number"))
            default: break
            }
        }
        if problems.isEmpty, attributes.json.utf8.count > maxAttributesBytes {
            problems.append(("too_long", "Attributes should take at most \(maxAttributesBytes) bytes as JSON"))
        }
        return problems
    }

    /// A plain identifier, so a filter can name it without quoting.
    public static func isAttributeName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= maxAttributeNameLength else { return false }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_") }
        return isLetter(first) && bytes.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// The draft made to pass: control characters removed, text cut to its
    /// limit, an unusable link or severity dropped, a blank title named. The
    /// issues say what was changed.
    public static func fitted(_ draft: NotificationDraft) -> (draft: NotificationDraft, changes: [Issue]) {
        var fitted = draft
        var changes: [Issue] = []
        func fit(_ text: inout String, _ field: Field, limit: Int) {
            if TextRules.hasControlCharacter(text) {
                text = TextRules.withoutControlCharacters(text)
                changes.append(Issue(field: field, type: "string_pattern_mismatch", message: "control characters removed"))
            }
            if text.unicodeScalars.count > limit {
                text = TextRules.truncated(text, to: limit)
                changes.append(Issue(field: field, type: "string_too_long", message: "cut to \(limit) characters"))
            }
        }
        fit(&fitted.title, .title, limit: maxTitleLength)
        if fitted.title.allSatisfy(\.isWhitespace) {
            fitted.title = untitled
            changes.append(Issue(field: .title, type: "string_too_short", message: "blank, named \(untitled)"))
        }
        fit(&fitted.subtitle, .subtitle, limit: maxSubtitleLength)
        if let problem = urlProblem(fitted.url) {
            fitted.url = ""
            changes.append(Issue(field: .url, type: problem.type, message: "dropped: \(problem.message)"))
        }
        if fitted.unknownSeverity != nil {
            fitted.unknownSeverity = nil
            changes.append(Issue(field: .severity, type: "enum", message: "dropped: not one of \(Severity.names)"))
        }
        if let attributes = fitted.attributes, !attributeProblems(attributes).isEmpty {
            fitted.attributes = nil
            changes.append(Issue(field: .attributes, type: "value_error", message: "dropped: \(attributeProblems(attributes).map(\.message).joined(separator: "; "))"))
        }
        if let key = fitted.key {
            fitted.key = storableIdentity(key)
        }
        // The whole identity is kept (the key may be hashed above), unless it
        // is no alarm any source names: then said, and acknowledged in Herald only.
        if let identity = fitted.alarmIdentity, identity.name.isEmpty || identity.name.utf8.count > AlarmIdentity.maxNameBytes || TextRules.hasControlCharacter(identity.name) {
            fitted.alarmIdentity = nil
            changes.append(Issue(
                field: .key, type: "value_error",
                message: "the \(identity.source.rawValue) alarm's identity (\(identity.name.utf8.count) bytes) is empty, longer than \(AlarmIdentity.maxNameBytes) bytes or has control characters: not kept, so its acknowledgements are not written back"
            ))
        }
        return (fitted, changes)
    }

    /// Empty, or a link without spaces or control characters, within the
    /// length limit, whose scheme (if any) is not one a client would run.
    /// Relative and scheme-less links stay allowed: the old server took any
    /// text, and senders use them.
    static func urlProblem(_ url: String) -> (type: String, message: String)? {
        guard !url.isEmpty else { return nil }
        if url.unicodeScalars.count > maxURLLength {
            return ("string_too_long", "String should have at most \(maxURLLength) characters")
        }
        if url.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7f }) {
            // Not pydantic's "url_parsing": that names a full URL parse, which
            // Herald does not do (relative links pass), and tools that know
            // pydantic then expect every non-URL, "" included, refused.
            return ("url_syntax", "URL should not contain spaces or control characters")
        }
        if let scheme = scheme(of: url), refusedURLSchemes.contains(scheme) {
            return ("url_scheme", "URL scheme '\(scheme)' is not allowed")
        }
        return nil
    }

    /// The scheme of an absolute URL (RFC 3986: a letter, then letters,
    /// digits, `+`, `-` or `.`, then a colon), lower-cased.
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let candidate = url[..<colon].unicodeScalars
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = candidate.first, isLetter(first),
              candidate.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return String(String.UnicodeScalarView(candidate)).lowercased()
    }

    /// An alert's identity as it can be stored: as given when it is short
    /// and clean, else `sha256:` and the digest of what was given.
    public static func storableIdentity(_ identity: String) -> String {
        if identity.utf8.count <= maxIdentityBytes, !TextRules.hasControlCharacter(identity) { return identity }
        return hashedIdentityPrefix + SHA256.hash(data: Data(identity.utf8)).hexEncoded
    }
}
