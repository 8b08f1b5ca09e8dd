import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Phone calls through Twilio's Calls API (issue 42): `POST
/// …/Accounts/{sid}/Calls.json` with `To`, `From` and the TwiML to run: the
/// alarm spoken, and a `<Gather>` whose keypress Twilio posts, signed, to
/// `PUBLIC_URL/api/v2/channels/twilio/voice` naming the notification, the
/// person and the method; pressing 1 takes the alarm (`ContactReplies.pressed`).
public struct TwilioVoiceChannel: ContactChannel {
    public let platform = Platform.voice
    public let name = "Twilio voice"
    let settings: TwilioSettings
    let http: OutboundHTTP
    let publicURL: String
    let timeout: TimeAmount

    public init(settings: TwilioSettings, http: OutboundHTTP, publicURL: String, timeout: TimeAmount = .seconds(15)) {
        self.settings = settings
        self.http = http
        self.publicURL = publicURL
        self.timeout = timeout
    }

    public func warmUp() async throws {}

    public func send(_ messages: [ContactMessage]) async -> [GatewayAnswer] {
        await withTaskGroup(of: (Int, GatewayAnswer).self) { group in
            for (index, message) in messages.enumerated() {
                group.addTask { (index, await call(message.address, twiml: twiml(message))) }
            }
            var answers = [GatewayAnswer](repeating: .uncertain(reason: "not called"), count: messages.count)
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
    }

    /// What the call says, and where the keypress goes.
    public func twiml(_ message: ContactMessage) -> String {
        let record = message.delivery.notification
        let severity = message.delivery.purpose.treatedSeverity(record.severity)
        let language = message.language
        var words = "Herald. " + (severity.map { "\($0.rawValue). " } ?? "") + record.title
        if !record.draft.subtitle.isEmpty { words += ". " + record.draft.subtitle }
        let spoken = TwiML.escape(TwiML.prefix(SMSText.flattened(words), bytes: 600))
        let method = Platform.contactMethodID(fromToken: message.delivery.token ?? "") ?? 0
        let action = TwiML.escape(
            // c: the reply code, a MAC of the notification and the person under the shared key, which only Herald can make.
            "\(publicURL)/api/v2/channels/twilio/voice?n=\(record.id)&u=\(message.delivery.userID ?? 0)&m=\(method)&c=\(message.replyCode ?? "")"
        )
        let say = TwiML.say(language)
        return "<Response><Gather numDigits=\"1\" timeout=\"10\" action=\"\(action)\" method=\"POST\">\(say)\(spoken)</Say>"
            + "\(say)\(TwiML.escape(Catalog.text("msg.voice.press", language)))</Say></Gather>\(say)\(TwiML.escape(Catalog.text("msg.voice.nobody", language)))</Say></Response>"
    }

    /// A verification code, spoken digit by digit, twice.
    public static func codeTwiML(_ code: String, _ language: Language = .en) -> String {
        let digits = code.map(String.init).joined(separator: ", ")
        let say = TwiML.say(language)
        return "<Response>\(say)\(TwiML.escape(Catalog.text("msg.voice.code", language, ["digits": digits])))</Say>"
            + "\(say)\(TwiML.escape(Catalog.text("msg.voice.again", language, ["digits": digits])))</Say></Response>"
    }

    public func call(_ number: String, twiml: String) async -> GatewayAnswer {
        var request = HTTPClientRequest(url: "\(settings.baseURL)/2010-04-01/Accounts/\(settings.accountSID)/Calls.json")
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "authorization", value: "Basic " + Data("\(settings.accountSID):\(settings.authToken)".utf8).base64EncodedString())
        request.body = .bytes(ByteBuffer(string: FormEncoding.encode([("To", number), ("From", settings.from), ("Twiml", twiml)])))
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: timeout)
        } catch {
            return TwilioSMSGateway.answer(to: error)
        }
        let body = (try? await response.body.collect(upTo: 64 * 1024)).map { String(buffer: $0) } ?? ""
        return TwilioSMSGateway.answer(status: Int(response.status.code), body: body, retryAfter: response.headers.first(name: "retry-after"))
    }
}
