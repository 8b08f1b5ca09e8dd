import Crypto
import Foundation

/// What a room's post of a notification says (issue 43), decided here
/// without a transport: the clients only render it for their service.
/// The notification's own words are never changed, only escaped (so a
/// sender cannot mention `@channel`, embed an image or forge a link) and
/// cut to what the services take.
public struct ChatMessage: Sendable, Equatable {
    /// "[CRITICAL] Beam lost", the severity first.
    public var title: String
    public var text: String
    /// What became of it: "Acknowledged by alice", "Resolved"; nil while open.
    public var status: String?
    /// The notification's own link (http or https only).
    public var link: String?
    /// Carries the Acknowledge button: open, not taken, and the room answers back.
    public var acknowledgeable: Bool
    /// A digest's lines (a flood folded into one post); empty otherwise.
    public var lines: [String]
    /// Herald's own words (status, buttons, a digest's) are in the site's
    /// language (`DEFAULT_LANGUAGE`): a room has no one person's choice.
    public var language: Language = .en

    public init(title: String, text: String, status: String?, link: String?, acknowledgeable: Bool, lines: [String] = [], language: Language = .en) {
        self.language = language
        self.title = title
        self.text = text
        self.status = status
        self.link = link
        self.acknowledgeable = acknowledgeable
        self.lines = lines
    }

    /// Slack's limit on a section's text is 3,000 characters; Mattermost
    /// takes 16,383: each part is cut well under both.
    public static let titleLimit = 250
    public static let textLimit = 2_000
    /// How many of a digest's notifications are named.
    public static let digestLines = 20

    public static func of(
        _ notification: NotificationRecord, acknowledgement: Acknowledgement?, answersBack: Bool, language: Language = .en
    ) -> ChatMessage {
        let level = notification.severity.flatMap { $0 == .none ? nil : "[\($0.rawValue.uppercased())] " } ?? ""
        var status: String?
        if notification.alarm == .resolved {
            status = acknowledgement.map { Catalog.text("msg.chat.resolvedAcknowledgedBy", language, ["name": $0.username]) } ?? Catalog.text("msg.chat.resolved", language)
        } else if let acknowledgement {
            status = Catalog.text("msg.chat.acknowledgedBy", language, ["name": acknowledgement.username])
        }
        let url = notification.url
        let link = url.lowercased().hasPrefix("https://") || url.lowercased().hasPrefix("http://") ? url : nil
        return ChatMessage(
            title: PhoneAppMessage.cut(level + notification.title, titleLimit, measure: { _ in 1 }),
            text: PhoneAppMessage.cut(notification.subtitle, textLimit, measure: { _ in 1 }), status: status, link: link,
            acknowledgeable: answersBack && status == nil, language: language
        )
    }

    /// One post for the notifications a room could not be sent one by one
    /// (its posts per minute spent, or the service asking to wait).
    public static func digest(_ notifications: [NotificationRecord], language: Language = .en) -> ChatMessage {
        let named = notifications.prefix(digestLines).map { notification in
            let level = notification.severity.flatMap { $0 == .none ? nil : "[\($0.rawValue.uppercased())] " } ?? ""
            return PhoneAppMessage.cut(level + notification.title, 120, measure: { _ in 1 })
        }
        let more = notifications.count - named.count
        return ChatMessage(
            title: Catalog.plural("msg.chat.digestTitle", count: notifications.count, language), text: Catalog.text("msg.chat.digestText", language),
            status: nil, link: nil, acknowledgeable: false, lines: named + (more > 0 ? [Catalog.text("msg.chat.more", language, ["count": "\(more)"])] : []),
            language: language
        )
    }

    /// Changes exactly when what the post shows changes: an edit is sent
    /// only then.
    public var fingerprint: String {
        let parts = [title, text, status ?? "", link ?? "", acknowledgeable ? "1" : "0", language.rawValue] + lines
        let digest = SHA256.hash(data: Data(parts.joined(separator: "\u{1F}").utf8))
        return Data(digest.prefix(12)).base64EncodedString()
    }

    /// Text for Slack's mrkdwn: `&`, `<` and `>` escaped (so no `<!channel>`,
    /// no `<url|forged link>`), as Slack asks.
    public static func slackEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Text for Markdown (Mattermost, a Teams card): every Markdown mark
    /// escaped, so a sender's `![](https://tracker)` is not an image every
    /// client fetches nor `[bank](https://evil)` a link, and an `@` before a
    /// word joined by a zero-width space, so `@channel`, `@all` and
    /// `@someone` notify nobody.
    public static func markdownEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_{}[]()#+-.!|<>~$:".contains(character) {
                out.append("\\")
                out.append(character)
            } else if character == "@" {
                out.append("@\u{200B}")
            } else {
                out.append(character)
            }
        }
        return out
    }
}
