import Foundation

/// How a person can be reached besides their apps (issue 42): a text, a
/// phone call, an email. Each kind is a `Platform` of its own, so its
/// messages go through the one durable queue (retries, outcomes, the
/// delivery report, the timeline, metrics) like pushes do.
public enum ContactKind: String, Sendable, CaseIterable, Codable {
    case sms
    case voice
    case email
    /// A topic on the site's ntfy server (issue 43), which the person's
    /// ntfy app subscribes to.
    case ntfy
    /// A Pushover user key (issue 43).
    case pushover
    /// A Matrix user (`@ann:example.org`), written to in a direct chat with
    /// the site's bot (issue 43).
    case matrix
    /// A Slack member id (`U…`), written to by the site's Slack app in a
    /// direct message, with an Acknowledge button (issue 43).
    case slack
    /// A Mattermost user id, written to by the site's bot in a direct
    /// message, with an Acknowledge button (issue 43). A person may type
    /// their @username: it is looked up once, and the id kept.
    case mattermost

    /// The queue's platform for this kind.
    public var platform: Platform {
        switch self {
        case .sms: .sms
        case .voice: .voice
        case .email: .email
        case .ntfy: .ntfy
        case .pushover: .pushover
        case .matrix: .matrix
        case .slack: .slack
        case .mattermost: .mattermost
        }
    }

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

extension Platform {
    /// Apps and browsers: what a person registers as a device.
    public static let push: [Platform] = [.apns, .fcm, .webpush]

    /// A contact method's platform (SMS, voice, email): never registered as
    /// a device, reached only once verified, only as the person's rules say.
    public var isContact: Bool { contactKind != nil }

    /// Where a notification carries a way to take it from where it shows:
    /// Web Push's action, ntfy's button, a Matrix reaction, a Slack or
    /// Mattermost button (offered only to those who may take the alarm:
    /// `ResponderDecider`).
    public var offersAcknowledgeAction: Bool { [.webpush, .ntfy, .matrix, .slack, .mattermost].contains(self) }

    public var contactKind: ContactKind? {
        switch self {
        case .sms: .sms
        case .voice: .voice
        case .email: .email
        case .ntfy: .ntfy
        case .pushover: .pushover
        case .matrix: .matrix
        case .slack: .slack
        case .mattermost: .mattermost
        case .apns, .fcm, .webpush: nil
        }
    }

    /// The device token a verified contact method's queue row carries. It
    /// starts with `#`, which no APNs, FCM or Web Push token may hold, so
    /// nobody can register (and so take over) it as a device of their own;
    /// the address itself stays out of the devices table and the logs.
    public static func contactToken(methodID: Int64) -> String { "#contact-\(methodID)" }

    /// The contact method a contact device's token names.
    public static func contactMethodID(fromToken token: String) -> Int64? {
        guard token.hasPrefix("#contact-") else { return nil }
        return Int64(token.dropFirst("#contact-".count)).flatMap { $0 > 0 ? $0 : nil }
    }
}

/// One of a person's contact methods.
/// Where a contact method came from (issue 42).
public enum ContactSource: String, Sendable, CaseIterable {
    /// Added by its person and verified with a code.
    case entered
    /// An email address the site's identity vouched for at a login (the
    /// directory's `mail`, a verified OpenID `email`): verified by that,
    /// replaced when a later login names another, and not removed by its
    /// person (who leaves it out of their rules instead).
    case signIn = "sign-in"
}

public struct ContactMethod: Sendable, Equatable {
    public var id: Int64
    public var userID: UserID
    public var kind: ContactKind
    /// E.164 for numbers (`+46701234567`), lower-cased for email addresses.
    public var address: String
    public var createdAt: Date
    /// Nil until the person typed the code sent to it.
    public var verifiedAt: Date?
    /// Where a code was sent and is still to be typed.
    public var verification: ContactVerification.Pending?
    /// The queue's device for it, once verified.
    public var deviceID: Int64?
    /// Entered by its person, or an address their sign-in vouches for.
    public var source: ContactSource

    public init(
        id: Int64, userID: UserID, kind: ContactKind, address: String, createdAt: Date, verifiedAt: Date?,
        verification: ContactVerification.Pending?, deviceID: Int64?, source: ContactSource = .entered
    ) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.address = address
        self.createdAt = createdAt
        self.verifiedAt = verifiedAt
        self.verification = verification
        self.deviceID = deviceID
        self.source = source
    }

    public var isVerified: Bool { verifiedAt != nil }

    /// What logs and other people's views show: the last digits of a
    /// number, the domain of an address.
    public var hint: String { ContactAddress.hint(address, kind: kind) }
}

/// A contact address as a person typed it, checked and written one way.
public enum ContactAddress {
    public static let maxEmailLength = 254

    /// The address in its one stored form, or why it is none.
    public static func normalized(_ text: String, kind: ContactKind) -> Result<String, ContactAddressError> {
        switch kind {
        case .sms, .voice: phoneNumber(text)
        case .email: email(text)
        case .ntfy: ntfyTopic(text)
        case .pushover: pushoverUserKey(text)
        case .matrix: matrixUser(text)
        case .slack: slackMember(text)
        case .mattermost: mattermostUser(text)
        }
    }

    /// A Slack member id, as Slack's "Copy member ID" gives it: `U` (or
    /// `W`, an Enterprise Grid user) and 8 to 20 capital letters and
    /// digits. Slack's own ids are upper-case; a lower-case one is read so.
    public static func slackMember(_ text: String) -> Result<String, ContactAddressError> {
        let member = text.trimmingWhitespace().uppercased()
        guard (9...21).contains(member.utf8.count), member.hasPrefix("U") || member.hasPrefix("W"), member.utf8.allSatisfy(\.isASCIIAlphanumeric) else {
            return .failure(ContactAddressError("A Slack member ID is U and 8 to 20 letters and digits (your profile, ⋮, Copy member ID)"))
        }
        return .success(member)
    }

    /// A Mattermost user: its id (26 lower-case letters and digits), kept
    /// as it is, or a username (`@ann` or `ann`: 3 to 22 of lower-case
    /// letters, digits, `.`, `-`, `_`, starting with a letter), kept as
    /// `@ann` until the bot looks its id up (`isMattermostUserID`).
    public static func mattermostUser(_ text: String) -> Result<String, ContactAddressError> {
        let user = text.trimmingWhitespace().lowercased()
        if isMattermostUserID(user) { return .success(user) }
        let name = user.hasPrefix("@") ? String(user.dropFirst()) : user
        guard (3...22).contains(name.utf8.count), name.utf8.first.map({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) ?? false,
            name.utf8.allSatisfy({ $0.isASCIIAlphanumeric || "._-".utf8.contains($0) })
        else { return .failure(ContactAddressError("A Mattermost user is written @username (e.g. @ann)")) }
        return .success("@" + name)
    }

    /// Whether `text` is a Mattermost user id rather than a username.
    public static func isMattermostUserID(_ text: String) -> Bool {
        text.utf8.count == 26 && text.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// A Matrix user id: `@`, a localpart of letters, digits and `. _ = - /
    /// +`, `:`, the server's name (a host and an optional port), at most 255
    /// bytes. Kept as typed: ids are case-sensitive (`@Ann:…` of an old
    /// account is not `@ann:…`, which anyone might register).
    public static func matrixUser(_ text: String) -> Result<String, ContactAddressError> {
        let user = text.trimmingWhitespace()
        let parts = user.dropFirst().split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard user.hasPrefix("@"), user.utf8.count <= 255, parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
            parts[0].utf8.allSatisfy({ $0.isASCIIAlphanumeric || "._=-/+".utf8.contains($0) }),
            parts[1].utf8.allSatisfy({ $0.isASCIIAlphanumeric || ".-:[]".utf8.contains($0) })
        else { return .failure(ContactAddressError("A Matrix user is written @name:server (e.g. @ann:matrix.example.org)")) }
        return .success(user)
    }

    /// An ntfy topic: 12 to 64 of `A-Z a-z 0-9 - _` (ntfy's own rule is 1
    /// to 64). Whoever knows a topic reads it, and the messages carry an
    /// acknowledge link: a short name is too easy to guess. Kept as typed
    /// (topics are case-sensitive).
    public static func ntfyTopic(_ text: String) -> Result<String, ContactAddressError> {
        let topic = text.trimmingWhitespace()
        guard (12...64).contains(topic.utf8.count),
            topic.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else {
            return .failure(ContactAddressError("An ntfy topic is 12 to 64 letters, digits, - or _; pick one nobody could guess (e.g. herald-ann-7f3k9q2m)"))
        }
        return .success(topic)
    }

    /// A Pushover user (or group) key: 30 letters and digits.
    public static func pushoverUserKey(_ text: String) -> Result<String, ContactAddressError> {
        let key = text.trimmingWhitespace()
        guard key.utf8.count == 30, key.utf8.allSatisfy(\.isASCIIAlphanumeric) else {
            return .failure(ContactAddressError("A Pushover user key is 30 letters and digits (Pushover shows it on its dashboard)"))
        }
        return .success(key)
    }

    /// E.164: `+`, then 8 to 15 digits, the first not 0. Spaces, dashes,
    /// dots and brackets people write between digits are dropped; `00`
    /// before the country code is read as `+`. Local numbers without a
    /// country code are refused: a site's "0…" means a different place in
    /// every country.
    public static func phoneNumber(_ text: String) -> Result<String, ContactAddressError> {
        var digits = ""
        var plus = false
        for (index, character) in text.trimmingWhitespace().enumerated() {
            if character == "+", index == 0 {
                plus = true
            } else if let ascii = character.asciiValue, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ascii) {
                digits.append(character)
            } else if " -.()/".contains(character) {
                continue
            } else {
                return .failure(ContactAddressError("A phone number holds only digits, after a + and its country code (e.g. +46 70 123 45 67)"))
            }
        }
        if !plus, digits.hasPrefix("00") {
            plus = true
            digits.removeFirst(2)
        }
        guard plus else { return .failure(ContactAddressError("Write the number with its country code, e.g. +46 70 123 45 67")) }
        guard (8...15).contains(digits.count), digits.first != "0" else {
            return .failure(ContactAddressError("An international number has 8 to 15 digits after the +, the first not 0"))
        }
        return .success("+" + digits)
    }

    /// An address a mail server takes: one `@`, a dotted domain, no spaces
    /// or control characters, at most 254 bytes; lower-cased.
    public static func email(_ text: String) -> Result<String, ContactAddressError> {
        let address = text.trimmingWhitespace()
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard address.utf8.count <= maxEmailLength, parts.count == 2, !parts[0].isEmpty, parts[0].utf8.count <= 64,
            parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !parts[1].contains(".."),
            address.unicodeScalars.allSatisfy(Self.mailable)
        else { return .failure(ContactAddressError("That is not an email address (name@example.org)")) }
        return .success(address.lowercased())
    }

    /// No space of any kind, no control or format character (C0, C1,
    /// bidi marks), none of the characters addresses quote.
    static func mailable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate, .privateUse: return false
        default: return scalar.value > 0x20 && !"<>()[],;:\\\"".unicodeScalars.contains(scalar)
        }
    }

    /// A provider's or mail server's words about a message, with the
    /// address in them (Twilio's 21211 names the number, a mail server the
    /// recipient) replaced by its hint: they are logged and kept in the
    /// delivery report, which people other than its owner read.
    public static func scrub(_ text: String, address: String, kind: ContactKind) -> String {
        var scrubbed = text.replacingOccurrences(of: address, with: hint(address, kind: kind), options: .caseInsensitive)
        if kind != .email, address.hasPrefix("+") {
            scrubbed = scrubbed.replacingOccurrences(of: String(address.dropFirst()), with: hint(address, kind: kind))
        }
        return scrubbed
    }

    /// A number's last three digits, an address's domain.
    public static func hint(_ address: String, kind: ContactKind) -> String {
        switch kind {
        case .sms, .voice: "…" + address.suffix(3)
        case .email: "…@" + (address.split(separator: "@").last.map(String.init) ?? "")
        case .ntfy, .pushover, .slack, .mattermost: String(address.prefix(3)) + "…"
        case .matrix: "…:" + (address.split(separator: ":", maxSplits: 1).last.map(String.init) ?? "")
        }
    }
}

extension UInt8 {
    /// A-Z, a-z or 0-9 as an ASCII byte.
    public var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
    }
}

public struct ContactAddressError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
