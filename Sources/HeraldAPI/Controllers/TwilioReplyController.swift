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

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.post(RouterPath(Self.path), use: receive)
    }

    @Sendable func receive(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        guard case .twilio(let twilio)? = settings else { throw UseCaseError.notFound("Twilio replies (SMS_PROVIDER is not twilio)") }
        // The URL Twilio called: PUBLIC_URL's, or (without it) the one this request names.
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
        guard let signature = request.headers[.init("X-Twilio-Signature")!],
            Self.signatureMatches(signature, url: url, fields: fields, authToken: twilio.authToken)
        else {
            context.logger.notice("a Twilio callback without a valid signature was refused", metadata: ["url": "\(url)"])
            throw UseCaseError.forbidden("The request's X-Twilio-Signature does not match")
        }
        let form = Dictionary(fields, uniquingKeysWith: { first, _ in first })
        guard form["AccountSid"] == twilio.accountSID, let from = form["From"], let message = form["Body"] else {
            throw UseCaseError.invalid(field: "From", "a Twilio message webhook carries AccountSid, From and Body")
        }
        let outcome = try await replies.receive(from: from, text: message, logger: context.logger)
        context.logger.info("text reply read", metadata: ["via": "twilio", "outcome": "\(outcome)"])
        var headers = HTTPFields()
        headers[.contentType] = "text/xml"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Response></Response>")))
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
