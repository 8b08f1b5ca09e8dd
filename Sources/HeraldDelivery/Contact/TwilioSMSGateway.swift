import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Twilio's Messages API, or a gateway that copies it (`TWILIO_URL`):
/// `POST /2010-04-01/Accounts/{sid}/Messages.json` with `To`, `From` and
/// `Body`, HTTP Basic with the account SID and auth token; 201 is taken.
/// Through `OutboundHTTP` (the configured URL is the operator's, trusted
/// at its host and port).
public struct TwilioSMSGateway: SMSGateway {
    public let name = "Twilio"
    let settings: TwilioSettings
    let http: OutboundHTTP
    let timeout: TimeAmount
    /// At most this many requests at once.
    let concurrency: Int

    public init(settings: TwilioSettings, http: OutboundHTTP, timeout: TimeAmount = .seconds(15), concurrency: Int = 8) {
        self.settings = settings
        self.http = http
        self.timeout = timeout
        self.concurrency = max(1, concurrency)
    }

    var messagesURL: String { "\(settings.baseURL)/2010-04-01/Accounts/\(settings.accountSID)/Messages.json" }

    public func warmUp() async throws {}

    public func send(_ texts: [OutgoingText]) async -> [GatewayAnswer] {
        var answers = [GatewayAnswer](repeating: .uncertain(reason: "not sent"), count: texts.count)
        await withTaskGroup(of: (Int, GatewayAnswer).self) { group in
            var next = 0
            func add() {
                guard next < texts.count else { return }
                let index = next
                next += 1
                group.addTask { (index, await send(texts[index])) }
            }
            for _ in 0..<min(concurrency, texts.count) { add() }
            for await (index, answer) in group {
                answers[index] = answer
                add()
            }
        }
        return answers
    }

    func send(_ text: OutgoingText) async -> GatewayAnswer {
        var request = HTTPClientRequest(url: messagesURL)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "authorization", value: "Basic " + Data("\(settings.accountSID):\(settings.authToken)".utf8).base64EncodedString())
        request.body = .bytes(ByteBuffer(string: FormEncoding.encode([("To", text.to), ("From", settings.from), ("Body", text.body)])))
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: timeout)
        } catch {
            return Self.answer(to: error)
        }
        let body = (try? await response.body.collect(upTo: 64 * 1024)).map { String(buffer: $0) } ?? ""
        return Self.answer(status: Int(response.status.code), body: body, retryAfter: response.headers.first(name: "retry-after"))
    }

    /// What Twilio's answer means. 201 is taken; 429 and 503/502/504 were
    /// refused before anything was made (its documented throttling and
    /// outage answers); 401/403 are the site's credentials (tried again:
    /// an operator may fix them); any other 4xx will never be taken (an
    /// invalid or unreachable number, 21211, 21610 …); any other 5xx may
    /// have made the message.
    static func answer(status: Int, body: String, retryAfter: String?) -> GatewayAnswer {
        let detail = TwilioError.describe(body) ?? "HTTP \(status)"
        switch status {
        case 200, 201:
            return .accepted
        case 429, 502, 503, 504:
            // Retry-After as Twilio's gateways send it, bounded: a second to an hour.
            let after = retryAfter.flatMap(TimeInterval.init).flatMap { $0.isFinite ? min(max($0, 1), 3_600) : nil } ?? 5
            return .retry(reason: "\(detail) (HTTP \(status))", after: after)
        case 401, 403:
            return .retry(reason: "the account SID or auth token was refused: \(detail)", after: 60)
        case 400..<500:
            return .refused(reason: detail)
        default:
            return .uncertain(reason: "\(detail) (HTTP \(status))")
        }
    }

    /// A request that never reached Twilio (refused by the outbound policy,
    /// no connection) is surely not taken; one that went out without an
    /// answer may have been.
    static func answer(to error: any Error) -> GatewayAnswer {
        if let refusal = error as? OutboundRefusal {
            return refusal.isRefusal ? .refused(reason: refusal.description) : .retry(reason: refusal.description, after: 10)
        }
        if let client = error as? HTTPClientError, [.connectTimeout, .remoteConnectionClosed].contains(client) {
            return client == .connectTimeout ? .retry(reason: "cannot connect (\(client))", after: 10) : .uncertain(reason: "connection closed (\(client))")
        }
        let text = String(describing: error)
        if text.contains("connectTimeout") || text.contains("connectionRefused") || text.contains("ECONNREFUSED") || text.contains("NIOConnectionError") {
            return .retry(reason: "cannot connect (\(text.prefix(120)))", after: 10)
        }
        return .uncertain(reason: "no answer (\(text.prefix(120)))")
    }
}

/// Twilio's error body: `{"code": 21211, "message": "…"}`.
enum TwilioError {
    private struct Body: Decodable {
        var code: Int?
        var message: String?
    }

    static func describe(_ body: String) -> String? {
        guard let parsed = try? JSONDecoder().decode(Body.self, from: Data(body.utf8)), parsed.code != nil || parsed.message != nil else { return nil }
        let message = String((parsed.message ?? "").prefix(200))
        return parsed.code.map { "\($0) \(message)" } ?? message
    }
}

/// `application/x-www-form-urlencoded`, as HTML forms and Twilio write it.
public enum FormEncoding {
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._*".utf8)

    public static func encode(_ fields: [(String, String)]) -> String {
        fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    public static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                out.append(Character(UnicodeScalar(byte)))
            } else if byte == UInt8(ascii: " ") {
                out.append("+")
            } else {
                out.append(String(format: "%%%02X", byte))
            }
        }
        return out
    }
}
