import Foundation
import HeraldCore

/// One message for a contact method, as the worker claimed it.
public struct ContactMessage: Sendable {
    public var delivery: ClaimedDelivery
    /// The method's address (E.164, or an email address).
    public var address: String
    /// The code a reply carries to take it ("Reply 482913 …").
    public var replyCode: String?
    /// The signed "Acknowledge" page for it (needs PUBLIC_URL).
    public var acknowledgeURL: String?
    /// The same link's JSON form, which a POST alone takes (an ntfy
    /// action button's request; needs PUBLIC_URL).
    public var acknowledgeActionURL: String?
    /// The person's language for Herald's words around the notification's
    /// own (their choice, else the site's `DEFAULT_LANGUAGE`).
    public var language: Language = .en
    /// When it is handed to the provider: a chat button is signed with it
    /// (a withdrawal after it is not undone by the button; one before it is).
    public var handedAt = Date()
}

/// A way of reaching a person's contact method: writes the message for it
/// and hands it to a provider, answering what became of each.
public protocol ContactChannel: Sendable {
    var name: String { get }
    var platform: Platform { get }
    func warmUp() async throws
    func send(_ messages: [ContactMessage]) async -> [GatewayAnswer]
}

/// Texts: one SMS each (`SMSText`), ending with the way to answer.
public struct SMSChannel: ContactChannel {
    public let platform = Platform.sms
    let gateway: any SMSGateway
    public var name: String { gateway.name }

    public init(gateway: any SMSGateway) {
        self.gateway = gateway
    }

    public func warmUp() async throws { try await gateway.warmUp() }

    public func send(_ messages: [ContactMessage]) async -> [GatewayAnswer] {
        await gateway.send(messages.map { message in
            let record = message.delivery.notification
            let body = SMSText.compose(
                severity: message.delivery.purpose.treatedSeverity(record.severity), service: "", title: record.title, text: record.draft.subtitle,
                answer: message.replyCode.map { ContactReplyCode.invitation($0, message.language) }
            )
            return OutgoingText(reference: "herald-\(message.delivery.id)", to: message.address, body: body)
        })
    }
}

/// Email: the notification's severity, title, text and link, and the
/// signed link to acknowledge it (a page with a button: a mail scanner
/// that follows links takes nothing). A notification's messages share one
/// thread (`References`).
public struct EmailChannel: ContactChannel {
    public let platform = Platform.email
    public let name = "Email"
    let mailer: SMTPMailer
    let from: String
    let host: String

    public init(mailer: SMTPMailer, from: String, publicURL: String?) {
        self.mailer = mailer
        self.from = from
        host = publicURL.flatMap { URL(string: $0)?.host } ?? "herald.invalid"
    }

    public func warmUp() async throws {}

    public func send(_ messages: [ContactMessage]) async -> [GatewayAnswer] {
        await withTaskGroup(of: (Int, GatewayAnswer).self) { group in
            for (index, message) in messages.enumerated() {
                group.addTask { (index, await mailer.send(email(message), to: message.address)) }
            }
            var answers = [GatewayAnswer](repeating: .uncertain(reason: "not sent"), count: messages.count)
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
    }

    public func email(_ message: ContactMessage) -> EmailMessage {
        let delivery = message.delivery
        let record = delivery.notification
        let severity = delivery.purpose.treatedSeverity(record.severity)
        let level = severity.map { "[\($0.rawValue.uppercased())] " } ?? ""
        let call = delivery.purpose == .call || delivery.purpose == .subscribersCall
        let language = message.language
        var text = "\(level)\(record.title)\n"
        if !record.draft.subtitle.isEmpty { text += "\n\(record.draft.subtitle)\n" }
        if call { text += "\n\(Catalog.text("msg.escalationCalls", language))\n" }
        if !record.draft.url.isEmpty { text += "\n\(Catalog.text("msg.link", language, ["url": record.draft.url]))\n" }
        if let url = message.acknowledgeURL { text += "\n\(Catalog.text("msg.acknowledgeAt", language, ["url": url]))\n" }
        text += "\n\(Catalog.text("msg.sentAt", language, ["time": EmailMessage.rfc5322Date(record.timestamp)]))\n"
        let escape = EmailMessage.escapeHTML
        var html = "<!doctype html><html lang=\"\(language.rawValue)\"><body style=\"font-family:sans-serif\"><p><strong>\(escape(level + record.title))</strong></p>"
        if !record.draft.subtitle.isEmpty { html += "<p>\(escape(record.draft.subtitle))</p>" }
        if call { html += "<p>\(escape(Catalog.text("msg.escalationCalls", language)))</p>" }
        if let link = WebLink.safe(record.draft.url) { html += "<p><a href=\"\(escape(link))\">\(escape(link))</a></p>" }
        if let url = message.acknowledgeURL { html += "<p><a href=\"\(escape(url))\">\(escape(Catalog.text("msg.acknowledge", language)))</a></p>" }
        html += "</body></html>"
        return EmailMessage(
            from: "Herald <\(from)>", to: message.address, subject: level + record.title, text: text, html: html,
            messageID: "<herald.\(record.id).\(delivery.id)@\(host)>", threadID: "<herald.\(record.id)@\(host)>", date: Date()
        )
    }
}

/// Links an email may carry: http(s) only.
enum WebLink {
    static func safe(_ url: String) -> String? {
        let lower = url.lowercased()
        return (lower.hasPrefix("https://") || lower.hasPrefix("http://")) && !url.isEmpty ? url : nil
    }
}
