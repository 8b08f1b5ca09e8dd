import Foundation
import HeraldCore
import HeraldOutbound
import Logging
import NIOCore
import ServiceLifecycle

/// The site's ways of reaching people beyond push (issue 42), made once
/// per process from the configuration: the SMS gateway and the mail
/// server, the worker's providers over them, and the codes' sender.
public struct ContactChannels: Sendable {
    public let sms: (any SMSGateway)?
    public let mailer: SMTPMailer?
    /// Calls (Twilio), with the client they go through.
    let voice: TwilioVoiceChannel?
    /// ntfy and Pushover (issue 43).
    let ntfy: NtfyClient?
    let pushover: PushoverClient?
    let matrix: MatrixClient?
    /// The chat rooms' Slack app and Mattermost bot, writing to people directly.
    let slack: SlackClient?
    let mattermost: MattermostClient?
    let smtpFrom: String?
    let publicURL: String?
    let capPerPerson: Int
    let cap: Int
    /// Closes the gateway's HTTP client when the service group ends.
    public let closing: any ServiceLifecycle.Service
    /// The shared VAPID key: reply codes and acknowledge links are made with it.
    public let keys: @Sendable () async throws -> VAPID
    /// Herald's words to people who chose no language (`DEFAULT_LANGUAGE`).
    var defaultLanguage: Language = .en
    public var replyCodes: @Sendable () async throws -> ContactReplyCode { { [keys] in ContactReplyCode(vapid: try await keys()) } }

    /// Nil when no contact channel is configured. The chat services' own
    /// clients (`chat`, the rooms'), when made, write the direct messages
    /// too: one HTTP client per chat service and one memory of its direct
    /// channels and chats in a process.
    public static func make(config: HeraldConfig, settings: any SharedSettings, clock: WallClock, chat: ChatClients? = nil) throws -> ContactChannels? {
        let contacts = config.contacts
        guard contacts.sms != nil || contacts.smtp != nil || contacts.voice != nil || contacts.ntfy != nil || contacts.pushover != nil
            || contacts.matrix != nil || contacts.slack != nil || contacts.mattermost != nil
        else { return nil }
        let vapid = VAPIDKeys(settings: settings, subject: config.delivery.webPushSubject ?? "mailto:herald@invalid")
        let keys: @Sendable () async throws -> VAPID = { try await vapid.vapid() }
        var sms: (any SMSGateway)?
        var closers: [@Sendable () async -> Void] = []
        // One HTTP client per provider, each trusting only the operator's URL (its host and port),
        // under the outbound policy; the CA bundle read once for all of them.
        let tls = try OutboundHTTP.tls(caBundlePEM: config.delivery.caBundlePEM)
        func client(trusting origin: String) throws -> OutboundHTTP {
            let http = OutboundHTTP(policy: config.outbound.policy, tls: tls, readTimeout: .seconds(15), trustedOrigins: [origin])
            closers.append { try? await http.shutdown() }
            return http
        }
        switch config.contacts.sms {
        case .twilio(let twilio)?:
            sms = TwilioSMSGateway(settings: twilio, http: try client(trusting: twilio.baseURL))
        case .gammu(let gammu)?:
            sms = GammuSMSGateway(settings: gammu, clock: clock)
        case .elks(let elks)?:
            sms = FortySixElksGateway(settings: elks, http: try client(trusting: elks.baseURL))
        case .http(let gateway)?:
            sms = TemplateSMSGateway(settings: gateway, http: try client(trusting: gateway.origin))
        case nil:
            break
        }
        var voice: TwilioVoiceChannel?
        if let twilio = config.contacts.voice, let publicURL = config.publicURL {
            voice = TwilioVoiceChannel(settings: twilio, http: try client(trusting: twilio.baseURL), publicURL: publicURL)
        }
        var ntfy: NtfyClient?
        if let settings = config.contacts.ntfy {
            ntfy = NtfyClient(settings: settings, http: try client(trusting: settings.baseURL))
        }
        var pushover: PushoverClient?
        if let settings = config.contacts.pushover {
            pushover = PushoverClient(settings: settings, http: try client(trusting: settings.baseURL))
        }
        var matrix: MatrixClient?
        if let settings = config.contacts.matrix {
            matrix = try chat?.matrix.map(\.client).flatMap { $0.settings == settings ? $0 : nil }
                ?? MatrixClient(settings: settings, http: client(trusting: settings.baseURL))
        }
        // The direct messages' buttons are signed as the rooms' are.
        let signer: @Sendable () async throws -> ChatSigner = { ChatSigner(vapid: try await keys()) }
        var slack: SlackClient?
        if let settings = config.contacts.slack {
            slack = try chat?.slack.flatMap { $0.settings == settings ? $0 : nil } ?? SlackClient(settings: settings, http: client(trusting: settings.baseURL), signer: signer)
        }
        var mattermost: MattermostClient?
        if let settings = config.contacts.mattermost {
            mattermost = try chat?.mattermost.flatMap { $0.settings == settings ? $0 : nil }
                ?? MattermostClient(settings: settings, http: client(trusting: settings.baseURL), publicURL: config.publicURL, signer: signer)
        }
        let closeAll = closers
        let closing = ClosingService("contact clients") { for close in closeAll { await close() } }
        return ContactChannels(
            sms: sms, mailer: config.contacts.smtp.map(SMTPMailer.init), voice: voice, ntfy: ntfy, pushover: pushover, matrix: matrix, slack: slack,
            mattermost: mattermost, smtpFrom: config.contacts.smtp?.from, publicURL: config.publicURL,
            capPerPerson: config.contacts.dailyCapPerPerson, cap: config.contacts.dailyCap, closing: closing, keys: keys,
            defaultLanguage: config.defaultLanguage
        )
    }

    /// The worker's providers for contact devices.
    public func providers(store: any ContactStore & AcknowledgementStore & ContactFollowUpStore & LanguageStore, logger: Logger) -> [ContactMessageProvider] {
        var channels: [any ContactChannel] = []
        if let sms { channels.append(SMSChannel(gateway: sms)) }
        if let mailer, let smtpFrom { channels.append(EmailChannel(mailer: mailer, from: smtpFrom, publicURL: publicURL)) }
        if let voice { channels.append(voice) }
        if let ntfy { channels.append(NtfyChannel(client: ntfy)) }
        if let pushover { channels.append(PushoverChannel(client: pushover)) }
        if let matrix { channels.append(MatrixChannel(client: matrix)) }
        if let slack { channels.append(SlackDirectChannel(client: slack)) }
        if let mattermost { channels.append(MattermostDirectChannel(client: mattermost)) }
        return channels.map {
            ContactMessageProvider(
                channel: $0, store: store, keys: keys, publicURL: publicURL, capPerPerson: capPerPerson, cap: cap, pushover: pushover?.settings, matrix: matrix?.settings,
                defaultLanguage: defaultLanguage, logger: logger
            )
        }
    }

    /// Sends verification codes and tests straight through the gateway or the mail server.
    public var codeSender: GatewayCodeSender {
        GatewayCodeSender(
            sms: sms, mailer: mailer, from: smtpFrom, voice: voice, ntfy: ntfy, pushover: pushover, matrix: matrix, slack: slack, mattermost: mattermost,
            defaultLanguage: defaultLanguage
        )
    }

    /// What follow-ups ask of ntfy and Pushover; nil when neither is set.
    public var followUpClient: PhoneAppFollowUps? {
        ntfy == nil && pushover == nil && matrix == nil && slack == nil && mattermost == nil
            ? nil : PhoneAppFollowUps(ntfy: ntfy, pushover: pushover, matrix: matrix, slack: slack, mattermost: mattermost)
    }
}

/// A verification code, or a test, as one text or one email.
public struct GatewayCodeSender: ContactCodeSender {
    let sms: (any SMSGateway)?
    let mailer: SMTPMailer?
    let from: String?
    let voice: TwilioVoiceChannel?
    let ntfy: NtfyClient?
    let pushover: PushoverClient?
    let matrix: MatrixClient?
    var slack: SlackClient?
    var mattermost: MattermostClient?
    var defaultLanguage: Language = .en

    public static func text(_ code: String, _ language: Language = .en) -> String {
        Catalog.text("msg.code", language, ["code": code])
    }

    public func send(code: String, to method: ContactMethod, language: Language?) async throws {
        let language = language ?? defaultLanguage
        try await deliver(
            Self.text(code, language), subject: Catalog.text("msg.codeSubject", language, ["code": code]), reference: "code-\(method.id)", to: method, language: language
        )
    }

    public func send(text: String, to method: ContactMethod) async throws {
        try await deliver(text, subject: Catalog.text("msg.testSubject", defaultLanguage), reference: "test-\(method.id)", to: method, language: defaultLanguage)
    }

    /// A Mattermost @username as its user id (asked of the bot).
    public func canonical(_ address: String, kind: ContactKind) async throws -> String {
        guard kind == .mattermost, address.hasPrefix("@") else { return address }
        guard let mattermost else { throw ContactSendError("this site has no Mattermost bot") }
        return try await mattermost.userID(of: address)
    }

    func deliver(_ text: String, subject: String, reference: String, to method: ContactMethod, language: Language) async throws {
        let answer: GatewayAnswer?
        switch method.kind {
        case .sms:
            guard let sms else { throw ContactSendError("this site sends no texts") }
            answer = await sms.send([OutgoingText(reference: reference, to: method.address, body: SMSText.fit(head: "", title: text, text: "", tail: ""))]).first
        case .email:
            guard let mailer, let from else { throw ContactSendError("this site sends no email") }
            let message = EmailMessage(
                from: "Herald <\(from)>", to: method.address, subject: subject, text: text + "\n", html: "<p>\(EmailMessage.escapeHTML(text))</p>",
                messageID: "<herald.\(reference).\(UUID().uuidString)@herald.invalid>", date: Date()
            )
            answer = await mailer.send(message, to: method.address)
        case .voice:
            guard let voice else { throw ContactSendError("this site makes no calls") }
            let code = reference.hasPrefix("code-") ? ContactReplyCode.codes(in: text).first : nil
            let twiml = code.map { TwilioVoiceChannel.codeTwiML($0, language) } ?? "<Response><Say>\(TwiML.escape(text))</Say></Response>"
            answer = await voice.call(method.address, twiml: twiml)
        case .ntfy:
            guard let ntfy else { throw ContactSendError("this site has no ntfy server") }
            // Its own sequence id: a code or a test is not a notification to replace.
            let message = PhoneAppMessage(
                title: subject, message: text, ntfyPriority: 3, pushoverPriority: 0, tags: [], click: nil, acknowledgeURL: nil,
                sequenceID: "herald-\(reference)-\(Int(Date().timeIntervalSince1970))"
            )
            answer = await ntfy.publish(topic: method.address, message)
        case .pushover:
            guard let pushover else { throw ContactSendError("this site has no Pushover token") }
            let message = PhoneAppMessage(
                title: subject, message: text, ntfyPriority: 3, pushoverPriority: 0, tags: [], click: nil, acknowledgeURL: nil, sequenceID: reference
            )
            answer = await pushover.send(user: method.address, message)
        case .matrix:
            guard let matrix else { throw ContactSendError("this site has no Matrix bot") }
            // A code's chat is checked afresh: the person still in it, nobody else but the bot.
            matrix.forgetRoom(of: method.address)
            do {
                _ = try await matrix.send(
                    to: method.address, txnID: "herald-\(reference)-\(UUID().uuidString)",
                    content: ["msgtype": "m.text", "body": text, "format": "org.matrix.custom.html", "formatted_body": "<p>\(EmailMessage.escapeHTML(text))</p>"]
                )
                answer = .accepted
            } catch {
                answer = MatrixClient.answer(to: error)
            }
        case .slack:
            guard let slack else { throw ContactSendError("this site has no Slack app") }
            do {
                try await slack.directMessage(to: method.address, text: text)
                answer = .accepted
            } catch {
                answer = ChatDirectAnswer.of(error, service: "Slack", idempotent: false)
            }
        case .mattermost:
            guard let mattermost else { throw ContactSendError("this site has no Mattermost bot") }
            do {
                try await mattermost.directMessage(to: method.address, text)
                answer = .accepted
            } catch {
                answer = ChatDirectAnswer.of(error, service: "Mattermost", idempotent: false)
            }
        }
        switch answer {
        case .accepted?, .acceptedWithReceipt?: return
        case .retry(let reason, _)?, .refused(let reason)?, .uncertain(let reason)?:
            throw ContactSendError(ContactAddress.scrub(reason, address: method.address, kind: method.kind))
        case nil: throw ContactSendError("no answer")
        }
    }
}

public struct ContactSendError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
