import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// 46elks (Swedish, near ESS and MAX IV): `POST /a1/sms` with `from`, `to`
/// and `message`, HTTP Basic with the API username and password; 200 with
/// `"status": "created"` is taken.
public struct FortySixElksGateway: SMSGateway {
    public let name = "46elks"
    let settings: ElksSettings
    let http: OutboundHTTP

    public init(settings: ElksSettings, http: OutboundHTTP) {
        self.settings = settings
        self.http = http
    }

    public func warmUp() async throws {}

    /// The request for one text (pure, for the tests).
    public func request(_ text: OutgoingText) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: "\(settings.baseURL)/a1/sms")
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "authorization", value: "Basic " + Data("\(settings.username):\(settings.password)".utf8).base64EncodedString())
        request.body = .bytes(ByteBuffer(string: FormEncoding.encode([("from", settings.from), ("to", text.to), ("message", text.body)])))
        return request
    }

    public func send(_ texts: [OutgoingText]) async -> [GatewayAnswer] {
        await HTTPSMSSending.each(texts, concurrency: 8) { text in
            await HTTPSMSSending.answer(http, request(text)) { status, body in
                status == 200 && body.contains("created") ? .accepted : nil
            }
        }
    }
}

/// Any gateway with an HTTP API (`SMS_PROVIDER=http`): a method, a URL and a
/// body with `{to}` and `{message}` in them, filled in encoded as the
/// place they are in wants (the URL's query, a form, JSON); an
/// Authorization header if the site gives one. Any 2xx is taken.
public struct TemplateSMSGateway: SMSGateway {
    public let name = "SMS gateway"
    let settings: HTTPSMSSettings
    let http: OutboundHTTP

    public init(settings: HTTPSMSSettings, http: OutboundHTTP) {
        self.settings = settings
        self.http = http
    }

    public func warmUp() async throws {}

    /// The request for one text (pure, for the tests).
    public func request(_ text: OutgoingText) -> HTTPClientRequest {
        let urlValue: (String) -> String = { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "" }
        var request = HTTPClientRequest(url: Self.fill(settings.url, to: text.to, message: text.body, encode: urlValue))
        request.method = HTTPMethod(rawValue: settings.method)
        if let authorization = settings.authorization { request.headers.add(name: "authorization", value: authorization) }
        if let body = settings.body {
            let encode: (String) -> String
            switch settings.contentType {
            case .json: encode = Self.jsonString
            case .form: encode = FormEncoding.escape
            }
            request.headers.add(name: "content-type", value: settings.contentType == .json ? "application/json" : "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: Self.fill(body, to: text.to, message: text.body, encode: encode)))
        }
        return request
    }

    static func fill(_ template: String, to: String, message: String, encode: (String) -> String) -> String {
        template.replacingOccurrences(of: "{to}", with: encode(to)).replacingOccurrences(of: "{message}", with: encode(message))
    }

    /// A JSON string's contents (without the quotes the template has around it).
    static func jsonString(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    public func send(_ texts: [OutgoingText]) async -> [GatewayAnswer] {
        await HTTPSMSSending.each(texts, concurrency: 8) { text in
            await HTTPSMSSending.answer(http, request(text)) { status, _ in (200..<300).contains(status) ? .accepted : nil }
        }
    }
}

/// What HTTP gateways share: a few at a time, and what their answers mean
/// as Twilio's do (429/502/503/504 and no connection: surely not taken;
/// another 4xx: never; another 5xx or no answer: may have been).
enum HTTPSMSSending {
    static func each(_ texts: [OutgoingText], concurrency: Int, _ send: @escaping @Sendable (OutgoingText) async -> GatewayAnswer) async -> [GatewayAnswer] {
        await withTaskGroup(of: (Int, GatewayAnswer).self) { group in
            var answers = [GatewayAnswer](repeating: .uncertain(reason: "not sent"), count: texts.count)
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
            return answers
        }
    }

    static func answer(
        _ http: OutboundHTTP, _ request: HTTPClientRequest, accepted: (Int, String) -> GatewayAnswer?
    ) async -> GatewayAnswer {
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: .seconds(15))
        } catch {
            return TwilioSMSGateway.answer(to: error)
        }
        let body = (try? await response.body.collect(upTo: 64 * 1024)).map { String(buffer: $0) } ?? ""
        let status = Int(response.status.code)
        if let taken = accepted(status, body) { return taken }
        let detail = "HTTP \(status): \(String(body.prefix(200)))"
        switch status {
        case 200..<300: return .uncertain(reason: "an answer that does not say it was taken (\(detail))")
        case 429, 502, 503, 504: return .retry(reason: detail, after: response.headers.first(name: "retry-after").flatMap(TimeInterval.init).map { min(max($0, 1), 3_600) } ?? 5)
        case 401, 403: return .retry(reason: "the gateway refused the site's credentials (\(detail))", after: 60)
        case 400..<500: return .refused(reason: detail)
        default: return .uncertain(reason: detail)
        }
    }
}
