import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import NIOCore
import NIOHTTP1
import Testing

@testable import HeraldDelivery

/// What 46elks and a gateway's HTTP template are sent (issue 42): the
/// fields each API names, Basic auth for 46elks, and `{to}`/`{message}`
/// filled in encoded for where they stand, so no text can break out of its
/// field (a quote in JSON, an & in a form or a query).
@Suite("SMS gateways: the requests")
struct SMSGatewayRequestTests {
    static let http = OutboundHTTP(policy: OutboundPolicy())
    static let text = OutgoingText(reference: "herald-1", to: "+46700000001", body: "[CRITICAL] Pump \"2\" & valve: ack? Reply 482913 to take it.")

    static func body(_ request: HTTPClientRequest) async throws -> String {
        guard let body = request.body else { return "" }
        var collected = ByteBuffer()
        for try await var part in body { collected.writeBuffer(&part) }
        return String(buffer: collected)
    }

    static func form(_ text: String) -> [String: String] {
        Dictionary(text.split(separator: "&").map { pair -> (String, String) in
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { first, _ in first })
    }

    @Test func elksGetsFromToAndMessageWithBasicAuth() async throws {
        let gateway = FortySixElksGateway(settings: ElksSettings(baseURL: "https://api.46elks.com", username: "u123", password: "p:w", from: "+46100000000"), http: Self.http)
        let request = gateway.request(Self.text)
        #expect(request.url == "https://api.46elks.com/a1/sms" && request.method == .POST)
        #expect(request.headers.first(name: "authorization") == "Basic " + Data("u123:p:w".utf8).base64EncodedString())
        let fields = Self.form(try await Self.body(request))
        #expect(fields == ["from": "+46100000000", "to": "+46700000001", "message": Self.text.body])
    }

    @Test func aJSONTemplateKeepsTheTextInsideItsString() async throws {
        let settings = HTTPSMSSettings(url: "https://gw.example.org/send", body: #"{"to": "{to}", "text": "{message}"}"#, contentType: .json, authorization: "Bearer abc")
        let request = TemplateSMSGateway(settings: settings, http: Self.http).request(Self.text)
        #expect(request.headers.first(name: "authorization") == "Bearer abc" && request.headers.first(name: "content-type") == "application/json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try await Self.body(request).utf8)) as? [String: String])
        #expect(json == ["to": "+46700000001", "text": Self.text.body])
    }

    @Test func aFormTemplateAndAQueryTemplateAreEncodedForTheirPlace() async throws {
        let form = TemplateSMSGateway(settings: HTTPSMSSettings(url: "https://gw.example.org/send", body: "number={to}&msg={message}", contentType: .form), http: Self.http)
        #expect(Self.form(try await Self.body(form.request(Self.text))) == ["number": "+46700000001", "msg": Self.text.body])
        let query = TemplateSMSGateway(settings: HTTPSMSSettings(url: "https://gw.example.org/send?to={to}&text={message}", method: "GET", body: nil), http: Self.http)
        let request = query.request(Self.text)
        #expect(request.method == .GET && request.body == nil)
        let items = try #require(URLComponents(string: request.url)?.queryItems)
        #expect(items.map(\.name) == ["to", "text"] && items.map(\.value) == ["+46700000001", Self.text.body], "\(request.url)")
    }
}
