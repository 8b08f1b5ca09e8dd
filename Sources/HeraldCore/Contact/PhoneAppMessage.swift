import Foundation

/// What an ntfy or Pushover message of a notification says (issue 43),
/// decided here without a transport: the channels only send it.
///
/// Loudness follows the push's urgency (decided by the worker as for any
/// push), an escalation's call is always the loudest; the title carries
/// the severity; the message the notification's text, and for a call why
/// it comes. The notification's own words are never changed, only cut to
/// what the provider takes.
public struct PhoneAppMessage: Sendable, Equatable {
    public var title: String
    public var message: String
    /// ntfy's 1 (min) … 5 (max).
    public var ntfyPriority: Int
    /// Pushover's -1 (quiet) … 2 (emergency: repeats until acknowledged).
    public var pushoverPriority: Int
    /// ntfy's tags (an emoji's short code shows as that emoji).
    public var tags: [String]
    /// The notification's own link (http or https only).
    public var click: String?
    /// The signed link whose POST acknowledges as the person.
    public var acknowledgeURL: String?
    /// One per notification: its updates replace the message in place.
    public var sequenceID: String
    /// The notification's tag on a Pushover emergency (`pushoverTag`).
    public var pushoverTag: String?

    public init(
        title: String, message: String, ntfyPriority: Int, pushoverPriority: Int, tags: [String], click: String?, acknowledgeURL: String?, sequenceID: String,
        pushoverTag: String? = nil
    ) {
        self.pushoverTag = pushoverTag
        self.title = title
        self.message = message
        self.ntfyPriority = ntfyPriority
        self.pushoverPriority = pushoverPriority
        self.tags = tags
        self.click = click
        self.acknowledgeURL = acknowledgeURL
        self.sequenceID = sequenceID
    }

    /// Pushover takes titles of up to 250 characters and messages of 1,024.
    public static let pushoverTitleLimit = 250
    public static let pushoverMessageLimit = 1_024
    /// ntfy's default message limit is 4,096 bytes (a longer one becomes
    /// an attachment, or is refused); titles are headers.
    public static let ntfyMessageBytes = 4_000
    public static let ntfyTitleBytes = 250

    /// ntfy's sequence id for a notification (`[-_A-Za-z0-9]`, as its message ids).
    public static func sequenceID(_ notification: NotificationID) -> String { "herald-\(notification)" }

    /// The tag a notification's Pushover emergencies carry: they can be
    /// cancelled by it when a receipt was never known.
    public static func pushoverTag(_ notification: NotificationID) -> String { "herald-\(notification)" }

    public static func compose(
        title: String, text: String, url: String, severity: Severity?, urgency: Urgency, call: Bool, acknowledgeURL: String?, notification: NotificationID,
        language: Language = .en
    ) -> PhoneAppMessage {
        let level = severity.flatMap { $0 == .none ? nil : "[\($0.rawValue.uppercased())] " } ?? ""
        var body = text
        if call { body += (body.isEmpty ? "" : "\n\n") + Catalog.text("msg.escalationCalls", language) }
        if body.isEmpty { body = title }
        let loudness = call ? Urgency.critical : urgency
        let link = url.lowercased().hasPrefix("https://") || url.lowercased().hasPrefix("http://") ? url : nil
        return PhoneAppMessage(
            title: level + title, message: body, ntfyPriority: ntfyPriority(loudness), pushoverPriority: pushoverPriority(loudness),
            tags: tags(severity, call: call), click: link, acknowledgeURL: acknowledgeURL, sequenceID: sequenceID(notification),
            pushoverTag: pushoverTag(notification)
        )
    }

    /// What replaces the message once the alarm is taken or resolved: the
    /// same title, what became of it, at the lowest loudness, no button.
    public static func ended(title: String, outcome: String, notification: NotificationID) -> PhoneAppMessage {
        PhoneAppMessage(
            title: title, message: outcome, ntfyPriority: 1, pushoverPriority: -1, tags: ["white_check_mark"], click: nil, acknowledgeURL: nil,
            sequenceID: sequenceID(notification)
        )
    }

    static func ntfyPriority(_ urgency: Urgency) -> Int {
        switch urgency {
        case .passive: 2
        case .active: 3
        case .timeSensitive: 4
        case .critical: 5
        }
    }

    static func pushoverPriority(_ urgency: Urgency) -> Int {
        switch urgency {
        case .passive: -1
        case .active: 0
        case .timeSensitive: 1
        case .critical: 2
        }
    }

    static func tags(_ severity: Severity?, call: Bool) -> [String] {
        if call { return ["rotating_light"] }
        switch severity {
        case .critical?: return ["rotating_light"]
        case .error?, .high?, .major?, .invalid?, .undefined?: return ["red_circle"]
        case .warning?, .minor?: return ["warning"]
        case .ok?: return ["white_check_mark"]
        default: return []
        }
    }

    /// `text` cut to at most `limit` of `measure` (UTF-8 bytes for ntfy,
    /// Unicode scalars for Pushover, which counts them), on a character's
    /// boundary, an ellipsis marking the cut.
    public static func cut(_ text: String, _ limit: Int, measure: (Character) -> Int) -> String {
        guard text.reduce(0, { $0 + measure($1) }) > limit else { return text }
        let ellipsis = "…" as Character
        var kept = ""
        var used = measure(ellipsis)
        for character in text {
            let size = measure(character)
            guard used + size <= limit else { break }
            kept.append(character)
            used += size
        }
        return kept + String(ellipsis)
    }

    public static func bytes(_ character: Character) -> Int { character.utf8.count }
    public static func scalars(_ character: Character) -> Int { character.unicodeScalars.count }
}
