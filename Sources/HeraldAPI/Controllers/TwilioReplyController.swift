import Crypto
import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging

/// Texts sent to the site's Twilio number (issue 42): Twilio posts each to
/// the number's messaging webhook, `PUBLIC_URL/api/v2/channels/twilio/sms`
/// (PUBLIC_URL is the URL signed; without it, http:// and the request's Host).
/// Only a request signed with the account's auth token counts
/// (`X-Twilio-Signature`: base64 HMAC-SHA1 of the URL Twilio called followed
/// by every POST parameter's name and value, sorted by name); anything else
/// is refused with 403 and changes nothing. The reply itself is judged by
/// `ContactReplies`, as every channel's is. The answer is empty TwiML:
/// Herald sends no text back (a reply would cost, and tell a forger what
/// was matched).
struct TwilioReplyController {
    let replies: ContactReplies
    let settings: SMSProviderSettings?
    let publicURL: String?
    static let path = "channels/twilio/sms"

    /// Twilio's account for calls, when the site makes them.
    var voice: TwilioSettings? = nil

    /// `SMS_INBOUND_SECRET`: the inbound webhook of gateways that do not sign.
    var inboundSecret: String? = nil

    /// What the call says back is in the person's language (else the site's).
    var languages: (any LanguageStore)? = nil
    var defaultLanguage: Language = .en

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.post(RouterPath(Self.path), use: receive)
        group.post("channels/twilio/voice", use: pressed)
        group.post("channels/inbound/sms", use: inbound)
    }

    /// A text to the site's number from a gateway that does not sign
    /// (46elks posts `from`, `to`, `message`; an HTTP gateway the same, as a
    /// form or JSON): only with `?secret=` equal to SMS_INBOUND_SECRET
    /// (compared in constant time; 404 when none is set, 403 when wrong).
    @Sendable func inbound(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        guard let inboundSecret else { throw UseCaseError.notFound("The inbound SMS webhook (SMS_INBOUND_SECRET is not set)") }
        guard let given = request.uri.queryParameters["secret"].map(String.init), ContactReplies.same(given, inboundSecret) else {
            context.logger.notice("an inbound SMS without the webhook's secret was refused")
            throw UseCaseError.forbidden("The webhook's secret does not match")
        }
        var body = try await request.body.collect(upTo: 64 * 1024)
        guard let text = body.readString(length: body.readableBytes) else { throw UseCaseError.invalid(field: "body", "not text") }
        var fields: [String: String] = [:]
        if request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                throw UseCaseError.invalid(field: "body", "a JSON object with from and message")
            }
            for (key, value) in object { if let value = value as? String { fields[key] = value } }
        } else {
            for (name, value) in FormBody.fields(text) where fields[name] == nil { fields[name] = value }
        }
        guard let from = fields["from"], let message = fields["message"] else {
            throw UseCaseError.invalid(field: "from", "an inbound text carries from and message")
        }
        let outcome = try await replies.receive(from: from, text: message, logger: context.logger)
        context.logger.info("text reply read", metadata: ["via": "inbound webhook", "outcome": "\(outcome)"])
        return JSONBody.noContent()
    }

    /// The call's `<Gather>` action: the key pressed, signed by Twilio over
    /// the URL Herald gave (its query names the notification, the person
    /// and the method) and the parameters.
    @Sendable func pressed(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        guard let voice else { throw UseCaseError.notFound("Twilio calls (VOICE_PROVIDER is not twilio)") }
        let fields = try await signedFields(request, context: context, authToken: voice.authToken)
        let form = Dictionary(fields, uniquingKeysWith: { first, _ in first })
        let query = request.uri.queryParameters
        guard form["AccountSid"] == voice.accountSID, let to = form["To"], let digits = form["Digits"],
            let notification = query["n"].flatMap({ Int64($0) }), let user = query["u"].flatMap({ Int64($0) }), let method = query["m"].flatMap({ Int64($0) }),
            let mac = query["c"].map(String.init)
        else { throw UseCaseError.invalid(field: "Digits", "a Twilio Gather callback carries AccountSid, To and Digits") }
        let outcome = try await replies.pressed(digits, on: to, notification: notification, user: user, method: method, mac: mac, logger: context.logger)
        context.logger.info("keypress read", metadata: ["via": "twilio", "outcome": "\(outcome)"])
        let language = ((try? await languages?.language(of: user)) ?? nil) ?? defaultLanguage
        let words: String
        switch outcome {
        case .acknowledged(_, let by, let isNew): words = isNew ? Catalog.text("msg.reply.taken", language) : Catalog.text("msg.reply.takenBy", language, ["name": by])
        default: words = Catalog.text("msg.reply.nothing", language)
        }
        return Self.twiml("\(TwiML.say(language))\(TwiML.escape(words))</Say>")
    }

    /// The form, once its X-Twilio-Signature checks (403 otherwise).
    func signedFields(_ request: Request, context: HeraldRequestContext, authToken: String) async throws -> [(String, String)] {
        guard let base = publicURL ?? request.head.authority.map({ "http://\($0)" }) else {
            throw UseCaseError.forbidden("Set PUBLIC_URL: without it and without a Host, Twilio's signature cannot be checked")
        }
        var body = try await request.body.collect(upTo: 64 * 1024)
        guard let text = body.readString(length: body.readableBytes) else { throw UseCaseError.invalid(field: "body", "not text") }
        var fields: [(String, String)] = []
        for (name, value) in FormBody.fields(text) {
            guard let value else { throw UseCaseError.invalid(field: name, "broken percent-encoding") }
            fields.append((name, value))
        }
        let url = base + request.uri.description
        guard let signature = request.headers[.init("X-Twilio-Signature")!], Self.signatureMatches(signature, url: url, fields: fields, authToken: authToken) else {
            context.logger.notice("a Twilio callback without a valid signature was refused", metadata: ["path": "\(request.uri.path)"])
            throw UseCaseError.forbidden("The request's X-Twilio-Signature does not match")
        }
        return fields
    }

    static func twiml(_ inner: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/xml"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Response>\(inner)</Response>")))
    }

    @Sendable func receive(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        guard case .twilio(let twilio)? = settings else { throw UseCaseError.notFound("Twilio replies (SMS_PROVIDER is not twilio)") }
        let fields = try await signedFields(request, context: context, authToken: twilio.authToken)
        let form = Dictionary(fields, uniquingKeysWith: { first, _ in first })
        guard form["AccountSid"] == twilio.accountSID, let from = form["From"], let message = form["Body"] else {
            throw UseCaseError.invalid(field: "From", "a Twilio message webhook carries AccountSid, From and Body")
        }
        let outcome = try await replies.receive(from: from, text: message, logger: context.logger)
        context.logger.info("text reply read", metadata: ["via": "twilio", "outcome": "\(outcome)"])
        return Self.twiml("")
    }

    /// Twilio's request signature, compared in constant time.
    static func signatureMatches(_ signature: String, url: String, fields: [(String, String)], authToken: String) -> Bool {
        let expected = Array(sign(url: url, fields: fields, authToken: authToken).utf8)
        let given = Array(signature.utf8)
        return expected.count == given.count && zip(expected, given).reduce(UInt8(0), { $0 | ($1.0 ^ $1.1) }) == 0
    }

    static func sign(url: String, fields: [(String, String)], authToken: String) -> String {
        // Sorted by name (byte order), each name then its value, after the URL.
        let data = fields.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }.reduce(url) { $0 + $1.0 + $1.1 }
        return Data(HMAC<Insecure.SHA1>.authenticationCode(for: Data(data.utf8), using: SymmetricKey(data: Data(authToken.utf8)))).base64EncodedString()
    }
}
