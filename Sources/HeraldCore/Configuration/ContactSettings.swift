import Foundation

/// Reaching people beyond push (issue 42): the SMS provider, the site's
/// default rules and the floor under everyone's own.
public struct ContactSettings: Sendable, Equatable {
    /// How texts leave (`SMS_PROVIDER`); nil: no SMS, and no number can be verified.
    public var sms: SMSProviderSettings?
    /// `CONTACT_DEFAULT_RULES` (e.g. `call=sms@60`): for people who set none of their own.
    public var defaults: ContactDefaults
    /// `CONTACT_RULES_FLOOR` (e.g. `call=300`).
    public var floor: ContactFloor
    /// A reply's code is looked for among the texts of this many hours (`SMS_REPLY_HOURS`, 24).
    public var replyHours: Int
    /// How email leaves (`SMTP_URL`); nil: no email.
    public var smtp: SMTPSettings?
    /// Phone calls (`VOICE_PROVIDER=twilio`, with the TWILIO_ settings and
    /// `VOICE_FROM`, else SMS_FROM); nil: no calls.
    public var voice: TwilioSettings?
    /// Messages of each kind (texts, emails) one person may be sent in 24 hours
    /// (`CONTACT_DAILY_CAP_PER_PERSON`, 50), and the whole site (`CONTACT_DAILY_CAP`,
    /// 2,000): past them a message is recorded as failed, and says why.
    public var dailyCapPerPerson = 50
    public var dailyCap = 2_000
    /// Country codes numbers may have (`SMS_COUNTRIES`, e.g. `+46,+47`); empty: any.
    public var countries: [String] = []
    /// The secret the inbound webhook's URL carries (`SMS_INBOUND_SECRET`):
    /// `/api/v2/channels/inbound/sms?secret=…`, for gateways that do not sign
    /// (46elks, an HTTP gateway); nil: no such webhook.
    public var inboundSecret: String?
    /// The site's ntfy server (`NTFY_URL`, `NTFY_TOKEN`); nil: no ntfy topics.
    public var ntfy: NtfySettings?
    /// Pushover's API (`PUSHOVER_TOKEN`); nil: no Pushover keys.
    public var pushover: PushoverSettings?
    /// The site's Matrix bot (`MATRIX_HOMESERVER`, `MATRIX_ACCESS_TOKEN`); nil: no Matrix users.
    public var matrix: MatrixSettings?
    /// The chat rooms' Slack app and Mattermost bot (`ChatSettings`), which
    /// also write to people in direct messages; nil: no such accounts.
    public var slack: SlackSettings?
    public var mattermost: MattermostSettings?

    public init(sms: SMSProviderSettings? = nil, defaults: ContactDefaults = .standard, floor: ContactFloor = ContactFloor(), replyHours: Int = 24) {
        self.sms = sms
        self.defaults = defaults
        self.floor = floor
        self.replyHours = replyHours
    }

    /// The kinds of method a person may add: those a message can be sent to.
    public var kinds: [ContactKind] {
        (sms == nil ? [] : [.sms]) + (voice == nil ? [] : [.voice]) + (smtp == nil ? [] : [.email]) + (ntfy == nil ? [] : [.ntfy])
            + (pushover == nil ? [] : [.pushover]) + (matrix == nil ? [] : [.matrix]) + (slack == nil ? [] : [.slack])
            + (mattermost == nil ? [] : [.mattermost])
    }

    init(text: @escaping (String) -> String?) throws {
        let read = SettingReader(text: text)
        var sms: SMSProviderSettings?
        // Twilio's account, for texts and calls alike.
        func twilio(_ variable: String, from: String?) throws -> TwilioSettings {
            guard let sid = text("TWILIO_ACCOUNT_SID"), let from else {
                throw ConfigurationError(variable, "twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN (or TWILIO_AUTH_TOKEN_FILE) and SMS_FROM")
            }
            guard sid.utf8.allSatisfy({ $0.isHexDigit || $0 == UInt8(ascii: "A") || $0 == UInt8(ascii: "C") }), sid.hasPrefix("AC") else {
                throw ConfigurationError("TWILIO_ACCOUNT_SID", "an account SID is AC followed by 32 hex digits")
            }
            let token: String
            if let value = text("TWILIO_AUTH_TOKEN") {
                token = value
            } else if let path = text("TWILIO_AUTH_TOKEN_FILE") {
                token = String(decoding: try read.file("TWILIO_AUTH_TOKEN_FILE", path), as: UTF8.self).trimmingWhitespace()
            } else {
                throw ConfigurationError("TWILIO_AUTH_TOKEN", "twilio needs TWILIO_AUTH_TOKEN or TWILIO_AUTH_TOKEN_FILE")
            }
            guard case .success(let number) = ContactAddress.phoneNumber(from) else {
                throw ConfigurationError(variable == "VOICE_PROVIDER" ? "VOICE_FROM" : "SMS_FROM", "the number messages come from, with its country code (+46…)")
            }
            let base = text("TWILIO_URL") ?? "https://api.twilio.com"
            guard let url = URL(string: base), url.scheme == "https" || url.scheme == "http", url.host != nil else {
                throw ConfigurationError("TWILIO_URL", "an http(s) URL, e.g. https://api.twilio.com")
            }
            return TwilioSettings(baseURL: base.trimmingSuffix("/"), accountSID: sid, authToken: token, from: number)
        }
        switch text("SMS_PROVIDER")?.lowercased() {
        case nil, "", "off":
            sms = nil
        case "twilio":
            sms = .twilio(try twilio("SMS_PROVIDER", from: text("SMS_FROM")))
        case "gammu":
            guard let spool = text("GAMMU_SPOOL_DIR") else {
                throw ConfigurationError("GAMMU_SPOOL_DIR", "gammu needs the directory holding Gammu SMSD's outbox/ and inbox/ (its files backend)")
            }
            sms = .gammu(GammuSettings(spool: spool.trimmingSuffix("/"), pollSeconds: try read.number("GAMMU_POLL_SECONDS", default: 1, range: 0.05...60)))
        case "46elks":
            guard let username = text("ELKS_USERNAME"), let from = text("SMS_FROM") else {
                throw ConfigurationError("SMS_PROVIDER", "46elks needs ELKS_USERNAME, ELKS_PASSWORD (or ELKS_PASSWORD_FILE) and SMS_FROM")
            }
            var password = text("ELKS_PASSWORD")
            if password == nil, let path = text("ELKS_PASSWORD_FILE") {
                password = String(decoding: try read.file("ELKS_PASSWORD_FILE", path), as: UTF8.self).trimmingWhitespace()
            }
            guard let password else { throw ConfigurationError("ELKS_PASSWORD", "46elks needs ELKS_PASSWORD or ELKS_PASSWORD_FILE") }
            guard case .success(let number) = ContactAddress.phoneNumber(from) else {
                throw ConfigurationError("SMS_FROM", "the number texts come from, with its country code (+46…)")
            }
            let base = (text("ELKS_URL") ?? "https://api.46elks.com").trimmingSuffix("/")
            guard URL(string: base)?.host != nil, base.hasPrefix("http") else { throw ConfigurationError("ELKS_URL", "an http(s) URL") }
            sms = .elks(ElksSettings(baseURL: base, username: username, password: password, from: number))
        case "http":
            guard let url = text("SMS_HTTP_URL"), let parsed = URL(string: url.replacingOccurrences(of: "{to}", with: "x").replacingOccurrences(of: "{message}", with: "x")),
                parsed.host != nil, url.hasPrefix("http")
            else { throw ConfigurationError("SMS_HTTP_URL", "the gateway's http(s) URL ({to} and {message} may be in its query)") }
            let method = (text("SMS_HTTP_METHOD") ?? "POST").uppercased()
            guard ["GET", "POST", "PUT"].contains(method) else { throw ConfigurationError("SMS_HTTP_METHOD", "GET, POST or PUT") }
            let type: HTTPSMSSettings.ContentType
            switch (text("SMS_HTTP_CONTENT_TYPE") ?? "json").lowercased() {
            case "json": type = .json
            case "form": type = .form
            case let other: throw ConfigurationError("SMS_HTTP_CONTENT_TYPE", "'\(other)' is not json or form")
            }
            let body = text("SMS_HTTP_BODY")
            guard url.contains("{message}") || (body?.contains("{message}") ?? false) else {
                throw ConfigurationError("SMS_HTTP_BODY", "{message} must be in SMS_HTTP_URL or SMS_HTTP_BODY")
            }
            sms = .http(HTTPSMSSettings(url: url, method: method, body: body, contentType: type, authorization: text("SMS_HTTP_AUTHORIZATION")))
        case let other?:
            throw ConfigurationError("SMS_PROVIDER", "'\(other)' is not twilio, 46elks, http, gammu or off")
        }
        var defaults = ContactDefaults.standard
        if let value = text("CONTACT_DEFAULT_RULES") {
            switch ContactDefaults.parse(value) {
            case .success(let parsed): defaults = parsed
            case .failure(let error): throw ConfigurationError("CONTACT_DEFAULT_RULES", error.message)
            }
        }
        var floor = ContactFloor()
        if let value = text("CONTACT_RULES_FLOOR") {
            switch ContactFloor.parse(value) {
            case .success(let parsed): floor = parsed
            case .failure(let error): throw ConfigurationError("CONTACT_RULES_FLOOR", error.message)
            }
        }
        self.init(sms: sms, defaults: defaults, floor: floor, replyHours: try read.integer("SMS_REPLY_HOURS", default: 24, range: 1...720))
        switch text("VOICE_PROVIDER")?.lowercased() {
        case nil, "", "off": voice = nil
        case "twilio": voice = try twilio("VOICE_PROVIDER", from: text("VOICE_FROM") ?? text("SMS_FROM"))
        case let other?: throw ConfigurationError("VOICE_PROVIDER", "'\(other)' is not twilio or off")
        }
        if let secret = text("SMS_INBOUND_SECRET") {
            guard secret.utf8.count >= 24, secret.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "#") }) else {
                throw ConfigurationError("SMS_INBOUND_SECRET", "at least 24 printable characters (no spaces, & or #): it is the webhook's only protection")
            }
            inboundSecret = secret
        }
        dailyCapPerPerson = try read.integer("CONTACT_DAILY_CAP_PER_PERSON", default: 50, range: 1...100_000)
        dailyCap = try read.integer("CONTACT_DAILY_CAP", default: 2_000, range: 1...10_000_000)
        for entry in (text("SMS_COUNTRIES") ?? "").split(separator: ",").map({ $0.trimmingWhitespace() }) where !entry.isEmpty {
            guard entry.first == "+", entry.count >= 2, entry.count <= 5, entry.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw ConfigurationError("SMS_COUNTRIES", "country codes with their +, e.g. +46,+47 (got '\(entry)')")
            }
            countries.append(entry)
        }
        if let url = text("SMTP_URL") {
            let lower = url.lowercased()
            guard lower.hasPrefix("smtp://") || lower.hasPrefix("smtps://"), URL(string: url)?.host != nil else {
                throw ConfigurationError("SMTP_URL", "smtp://host:587 (STARTTLS) or smtps://host:465 (TLS)")
            }
            guard let from = text("SMTP_FROM"), case .success(let address) = ContactAddress.email(from) else {
                throw ConfigurationError("SMTP_FROM", "the address Herald's email comes from (herald@example.org)")
            }
            var password = text("SMTP_PASSWORD")
            if password == nil, let path = text("SMTP_PASSWORD_FILE") {
                password = String(decoding: try read.file("SMTP_PASSWORD_FILE", path), as: UTF8.self).trimmingWhitespace()
            }
            smtp = SMTPSettings(
                url: url, username: text("SMTP_USERNAME"), password: password, from: address, caFile: text("SMTP_CA_FILE"),
                timeoutSeconds: try read.integer("SMTP_TIMEOUT_SECONDS", default: 30, range: 1...600)
            )
        }
        let (secret, baseURL) = (read.secret, read.baseURL)
        if let url = text("NTFY_URL") {
            let token = try secret("NTFY_TOKEN")
            if let token, token.isEmpty || !token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
                throw ConfigurationError("NTFY_TOKEN", "an access token (tk_…) of printable characters")
            }
            ntfy = NtfySettings(baseURL: try baseURL("NTFY_URL", url), token: token)
        }
        if let token = try secret("PUSHOVER_TOKEN") {
            guard token.utf8.count == 30, token.utf8.allSatisfy(\.isASCIIAlphanumeric) else {
                throw ConfigurationError("PUSHOVER_TOKEN", "the application's API token: 30 letters and digits")
            }
            pushover = PushoverSettings(
                baseURL: try baseURL("PUSHOVER_URL", text("PUSHOVER_URL") ?? "https://api.pushover.net"), token: token,
                retrySeconds: try read.integer("PUSHOVER_RETRY_SECONDS", default: 60, range: 30...10_800),
                expireSeconds: try read.integer("PUSHOVER_EXPIRE_SECONDS", default: 3_600, range: 30...10_800),
                pollSeconds: try read.number("PUSHOVER_POLL_SECONDS", default: 5, range: 5...300)
            )
        }
        if let url = text("MATRIX_HOMESERVER") {
            guard let token = try secret("MATRIX_ACCESS_TOKEN"), !token.isEmpty, token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw ConfigurationError("MATRIX_ACCESS_TOKEN", "MATRIX_HOMESERVER needs the bot's access token (MATRIX_ACCESS_TOKEN or MATRIX_ACCESS_TOKEN_FILE)")
            }
            matrix = MatrixSettings(
                baseURL: try baseURL("MATRIX_HOMESERVER", url), token: token,
                pollSeconds: try read.number("MATRIX_POLL_SECONDS", default: 3, range: 1...300)
            )
        }
    }
}

/// The site's Matrix bot (`MATRIX_HOMESERVER`, its client-server API's base
/// URL; `MATRIX_ACCESS_TOKEN` or `_FILE`, the bot account's token). Each
/// person's messages go to a direct chat with them (kept in the bot's
/// `m.direct` account data); reactions to an open alarm's message are read
/// every `pollSeconds`.
public struct MatrixSettings: Sendable, Equatable {
    public var baseURL: String
    public var token: String
    public var pollSeconds: Double

    public init(baseURL: String, token: String, pollSeconds: Double = 3) {
        self.baseURL = baseURL
        self.token = token
        self.pollSeconds = pollSeconds
    }
}

/// An ntfy server (`NTFY_URL`; `NTFY_TOKEN` or `NTFY_TOKEN_FILE`, an access
/// token that may write the people's topics). Updating a message in place
/// and clearing it needs ntfy 2.16 or later.
public struct NtfySettings: Sendable, Equatable {
    public var baseURL: String
    public var token: String?

    public init(baseURL: String, token: String?) {
        self.baseURL = baseURL
        self.token = token
    }
}

/// Pushover (`PUSHOVER_TOKEN` or `PUSHOVER_TOKEN_FILE`, the application's
/// token; `PUSHOVER_URL` for a stand-in). An emergency message repeats
/// every `retrySeconds` (Pushover's minimum is 30) until acknowledged or
/// `expireSeconds` (at most 3 hours) pass; its receipt is read every
/// `pollSeconds` (Pushover asks for no more than once every 5 s).
public struct PushoverSettings: Sendable, Equatable {
    public var baseURL: String
    public var token: String
    public var retrySeconds: Int
    public var expireSeconds: Int
    public var pollSeconds: Double

    public init(baseURL: String, token: String, retrySeconds: Int = 60, expireSeconds: Int = 3_600, pollSeconds: Double = 5) {
        self.baseURL = baseURL
        self.token = token
        self.retrySeconds = retrySeconds
        self.expireSeconds = expireSeconds
        self.pollSeconds = pollSeconds
    }
}

public enum SMSProviderSettings: Sendable, Equatable {
    case twilio(TwilioSettings)
    /// 46elks's API.
    case elks(ElksSettings)
    /// A gateway's HTTP API, by template.
    case http(HTTPSMSSettings)
    /// Gammu SMSD's files backend: texts written to its outbox, replies read from its inbox.
    case gammu(GammuSettings)
}

/// Twilio, or a gateway that speaks its API (`TWILIO_URL`).
public struct TwilioSettings: Sendable, Equatable {
    public var baseURL: String
    public var accountSID: String
    public var authToken: String
    /// The number texts come from (`SMS_FROM`).
    public var from: String

    public init(baseURL: String, accountSID: String, authToken: String, from: String) {
        self.baseURL = baseURL
        self.accountSID = accountSID
        self.authToken = authToken
        self.from = from
    }
}

public struct GammuSettings: Sendable, Equatable {
    /// Holds `outbox/` and `inbox/` (`GAMMU_SPOOL_DIR`).
    public var spool: String
    /// How often the inbox is read for replies.
    public var pollSeconds: Double

    public init(spool: String, pollSeconds: Double = 1) {
        self.spool = spool
        self.pollSeconds = pollSeconds
    }
}

/// The site's mail server (`SMTP_URL`, `SMTP_USERNAME`, `SMTP_PASSWORD` or
/// `SMTP_PASSWORD_FILE`, `SMTP_FROM`; `SMTP_CA_FILE` to trust a private CA).
public struct SMTPSettings: Sendable, Equatable {
    public var url: String
    public var username: String?
    public var password: String?
    public var from: String
    public var caFile: String?
    public var timeoutSeconds: Int

    public init(url: String, username: String?, password: String?, from: String, caFile: String? = nil, timeoutSeconds: Int = 30) {
        self.url = url
        self.username = username
        self.password = password
        self.from = from
        self.caFile = caFile
        self.timeoutSeconds = timeoutSeconds
    }
}

/// 46elks (`ELKS_URL`, `ELKS_USERNAME`, `ELKS_PASSWORD`, `SMS_FROM`).
public struct ElksSettings: Sendable, Equatable {
    public var baseURL, username, password, from: String

    public init(baseURL: String, username: String, password: String, from: String) {
        self.baseURL = baseURL
        self.username = username
        self.password = password
        self.from = from
    }
}

/// A gateway's HTTP API (`SMS_HTTP_URL`, `SMS_HTTP_METHOD`, `SMS_HTTP_BODY`,
/// `SMS_HTTP_CONTENT_TYPE`, `SMS_HTTP_AUTHORIZATION`): `{to}` and `{message}`
/// filled in, encoded for where they stand.
public struct HTTPSMSSettings: Sendable, Equatable {
    public enum ContentType: Sendable, Equatable { case json, form }
    public var url: String
    public var method: String
    public var body: String?
    public var contentType: ContentType
    public var authorization: String?

    public init(url: String, method: String = "POST", body: String?, contentType: ContentType = .json, authorization: String? = nil) {
        self.url = url
        self.method = method
        self.body = body
        self.contentType = contentType
        self.authorization = authorization
    }

    /// Where requests go (the URL without its template's query).
    public var origin: String { url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url }
}
