import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import Testing

@testable import HeraldDelivery

/// What Twilio's answers mean for a text (issue 42): taken, tried again
/// (surely not taken), refused for good, or uncertain (maybe taken: never
/// sent twice); and the form its requests are written in.
@Suite("Twilio gateway")
struct TwilioGatewayTests {
    static func answer(_ status: Int, _ body: String = "", retryAfter: String? = nil) -> GatewayAnswer {
        TwilioSMSGateway.answer(status: status, body: body, retryAfter: retryAfter)
    }

    static func isRetry(_ answer: GatewayAnswer, after expected: TimeInterval? = nil) -> Bool {
        guard case .retry(_, let after) = answer else { return false }
        return expected.map { $0 == after } ?? true
    }

    static func reason(_ answer: GatewayAnswer) -> String {
        switch answer {
        case .accepted, .acceptedWithReceipt: ""
        case .retry(let reason, _), .refused(let reason), .uncertain(let reason): reason
        }
    }

    @Test func createdIsTaken() {
        #expect(Self.answer(201, #"{"sid": "SM123", "status": "queued"}"#) == .accepted)
        #expect(Self.answer(200) == .accepted)
    }

    /// Throttling and outages were refused before anything was made.
    @Test(arguments: [429, 502, 503, 504])
    func throttlingAndOutagesAreTriedAgain(_ status: Int) {
        #expect(Self.isRetry(Self.answer(status), after: 5), "a few seconds without Retry-After")
        #expect(Self.isRetry(Self.answer(status, retryAfter: "30"), after: 30))
        #expect(Self.isRetry(Self.answer(status, retryAfter: "Wed, 21 Oct 2026 07:28:00 GMT")), "an HTTP date is still a retry")
        #expect(Self.reason(Self.answer(status)).contains("\(status)"))
    }

    @Test(arguments: [401, 403])
    func refusedCredentialsAreTriedAgainAfterAMinute(_ status: Int) {
        let answer = Self.answer(status, #"{"code": 20003, "message": "Authenticate"}"#)
        #expect(Self.isRetry(answer, after: 60))
        #expect(Self.reason(answer).contains("20003"))
    }

    @Test func anInvalidNumberIsRefusedWithTwiliosReason() {
        let answer = Self.answer(400, #"{"code": 21211, "message": "The 'To' number +4670 is not a valid phone number.", "more_info": "https://www.twilio.com/docs/errors/21211", "status": 400}"#)
        #expect(answer == .refused(reason: "21211 The 'To' number +4670 is not a valid phone number."))
        #expect(Self.answer(400, #"{"code": 21610, "message": "Attempt to send to unsubscribed recipient"}"#) == .refused(reason: "21610 Attempt to send to unsubscribed recipient"))
    }

    @Test(arguments: [400, 404, 405, 410, 413, 422, 499])
    func anyOtherClientErrorIsNeverTakenAsItIs(_ status: Int) {
        guard case .refused(let reason) = Self.answer(status, "<html>not json</html>") else {
            Issue.record("\(status) answered \(Self.answer(status))")
            return
        }
        #expect(reason.contains("\(status)"), "the status when the body says nothing")
    }

    /// A 5xx other than the outage answers may have made the message; so may
    /// anything Twilio never answers.
    @Test(arguments: [500, 501, 505, 599, 302, 304, 100, 0])
    func anythingElseMayHaveBeenTaken(_ status: Int) {
        guard case .uncertain(let reason) = Self.answer(status) else {
            Issue.record("\(status) answered \(Self.answer(status))")
            return
        }
        #expect(reason.contains("\(status)"))
    }

    @Test func aHugeErrorMessageIsCutAndAMessageWithoutACodeIsKept() {
        let long = String(repeating: "m", count: 5_000)
        let reason = Self.reason(Self.answer(400, #"{"code": 21211, "message": "\#(long)"}"#))
        #expect(reason.hasPrefix("21211 m") && reason.count <= 220, "\(reason.count)")
        #expect(Self.answer(400, #"{"message": "Bad request"}"#) == .refused(reason: "Bad request"))
        #expect(Self.answer(400, #"{"status": 400}"#) == .refused(reason: "HTTP 400"), "no code, no message")
    }

    @Test func aRequestThatNeverWentOutIsTriedAgainOrRefusedAndOneThatWentOutIsUncertain() {
        #expect(Self.isRetry(TwilioSMSGateway.answer(to: HTTPClientError.connectTimeout)))
        guard case .uncertain = TwilioSMSGateway.answer(to: HTTPClientError.remoteConnectionClosed) else {
            Issue.record("a closed connection after the request may have made the message")
            return
        }
        guard case .refused = TwilioSMSGateway.answer(to: OutboundRefusal(host: "api.twilio.com", reason: "a private address")) else {
            Issue.record("an outbound refusal is refused")
            return
        }
        #expect(Self.isRetry(TwilioSMSGateway.answer(to: OutboundRefusal(host: "api.twilio.com", reason: "no address", isRefusal: false))))
        guard case .uncertain = TwilioSMSGateway.answer(to: HTTPClientError.readTimeout) else {
            Issue.record("a read timeout may have made the message")
            return
        }
    }

    // MARK: the form

    /// Independent decoding of application/x-www-form-urlencoded (WHATWG URL, 5.1).
    static func decode(_ form: String) -> [(String, String)] {
        func unescape(_ part: Substring) -> String {
            var bytes: [UInt8] = []
            var index = part.utf8.startIndex
            let utf8 = part.utf8
            while index < utf8.endIndex {
                let byte = utf8[index]
                if byte == UInt8(ascii: "+") {
                    bytes.append(0x20)
                } else if byte == UInt8(ascii: "%"), let end = utf8.index(index, offsetBy: 3, limitedBy: utf8.endIndex),
                    let value = UInt8(String(decoding: utf8[utf8.index(after: index)..<end], as: UTF8.self), radix: 16)
                {
                    bytes.append(value)
                    index = utf8.index(before: end)
                } else {
                    bytes.append(byte)
                }
                index = utf8.index(after: index)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return form.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (unescape(parts[0]), parts.count > 1 ? unescape(parts[1]) : "")
        }
    }

    @Test func aFormIsWrittenAsHTMLFormsWriteIt() {
        #expect(FormEncoding.encode([("To", "+46700000001"), ("From", "+46100000000"), ("Body", "Hi there")]) == "To=%2B46700000001&From=%2B46100000000&Body=Hi+there")
        #expect(FormEncoding.encode([("Body", "a&b=c+d%e")]) == "Body=a%26b%3Dc%2Bd%25e")
        #expect(FormEncoding.encode([("Body", "-._*~!'()")]) == "Body=-._*%7E%21%27%28%29", "only *-._ stay as they are")
        #expect(FormEncoding.encode([("Body", "line\r\nnext\t")]) == "Body=line%0D%0Anext%09")
        #expect(FormEncoding.encode([]) == "")
        #expect(FormEncoding.encode([("", "")]) == "=")
    }

    /// UTF-8, each byte percent-encoded in upper-case hex.
    @Test func textOutsideASCIIIsItsUTF8Bytes() {
        #expect(FormEncoding.escape("ä") == "%C3%A4")
        #expect(FormEncoding.escape("€") == "%E2%82%AC")
        #expect(FormEncoding.escape("😀") == "%F0%9F%98%80")
        #expect(FormEncoding.escape("e\u{301}") == "e%CC%81", "a combining accent kept as it came")
        #expect(FormEncoding.escape("\u{0}") == "%00")
    }

    @Test func whatIsWrittenReadsBackExactly() {
        let fields = [
            ("To", "+46700000001"), ("Body", "[CRITICAL] Pump down: ÄÖ € ř 😀 a&b=c+d%20 Reply 123456 to take it."), ("Weird=Name&", "x y"),
            ("Empty", ""), ("Controls", "\u{0}\u{1B}\u{7F}\u{85}"),
        ]
        let encoded = FormEncoding.encode(fields)
        #expect(encoded.allSatisfy { $0.isASCII && !$0.isWhitespace }, "\(encoded)")
        let decoded = Self.decode(encoded)
        #expect(decoded.map(\.0) == fields.map(\.0))
        #expect(decoded.map(\.1) == fields.map(\.1))
    }
}
