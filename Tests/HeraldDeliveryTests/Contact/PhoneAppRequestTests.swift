import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import NIOCore
import NIOHTTP1
import Testing

@testable import HeraldDelivery

/// What ntfy and Pushover are sent (issue 43): ntfy's headers (a title
/// that is not plain ASCII, or holds a line break a sender slipped in, as
/// one encoded word; the action's link; the sequence id), Pushover's form
/// (an emergency with retry and expire; words cut to its limits).
@Suite("ntfy and Pushover: the requests")
struct PhoneAppRequestTests {
    static let http = OutboundHTTP(policy: OutboundPolicy())
    static let ntfy = NtfyClient(settings: NtfySettings(baseURL: "https://ntfy.example.org", token: "tk_abc"), http: http)
    static let pushover = PushoverClient(
        settings: PushoverSettings(baseURL: "https://api.pushover.net", token: String(repeating: "a", count: 30), retrySeconds: 45, expireSeconds: 900), http: http
    )

    static func message(title: String = "Kryo: tryck högt", call: Bool = false, urgency: Urgency = .critical) -> PhoneAppMessage {
        PhoneAppMessage.compose(
            title: title, text: "Kompressor 2 stoppad", url: "https://logbook.example.org/e/42", severity: .critical, urgency: urgency, call: call,
            acknowledgeURL: "https://herald.example.org/api/v2/acknowledge/7.3.2.1700000000.sig-_", notification: 7
        )
    }

    @Test func ntfyGetsHeadersItReadsBack() async throws {
        let request = Self.ntfy.request(topic: "herald-ann-7f3k9q2m", Self.message())
        #expect(request.url == "https://ntfy.example.org/herald-ann-7f3k9q2m" && request.method == .POST)
        #expect(request.headers.first(name: "authorization") == "Bearer tk_abc")
        #expect(request.headers.first(name: "priority") == "5" && request.headers.first(name: "x-sequence-id") == "herald-7")
        #expect(request.headers.first(name: "tags") == "rotating_light" && request.headers.first(name: "click") == "https://logbook.example.org/e/42")
        #expect(
            request.headers.first(name: "actions") == "http, Acknowledge, https://herald.example.org/api/v2/acknowledge/7.3.2.1700000000.sig-_, method=POST, clear=true"
        )
        let title = try #require(request.headers.first(name: "title"))
        #expect(title == "=?UTF-8?B?" + Data("[CRITICAL] Kryo: tryck högt".utf8).base64EncodedString() + "?=")
        let body = try #require(request.body)
        var collected = ByteBuffer()
        for try await var part in body { collected.writeBuffer(&part) }
        #expect(String(buffer: collected) == "Kompressor 2 stoppad")
    }

    @Test func aLineBreakInATitleCannotAddAHeader() {
        let request = Self.ntfy.request(topic: "herald-ann-7f3k9q2m", Self.message(title: "Pump\r\nActions: view, x, https://evil.example"))
        let title = request.headers.first(name: "title") ?? ""
        #expect(title.hasPrefix("=?UTF-8?B?") && !title.contains("\r") && !title.contains("\n"), "\(title)")
        #expect(request.headers["actions"].count == 1 && request.headers.first(name: "actions")?.contains("evil") == false)
    }

    @Test func aLinkThatWouldSplitAnActionIsLeftOut() {
        var message = Self.message()
        message.click = "https://logbook.example.org/e?a=1,b=2"
        #expect(Self.ntfy.request(topic: "herald-ann-7f3k9q2m", message).headers.first(name: "click") == nil)
    }

    @Test func loudnessFollowsUrgencyAndACallIsTheLoudest() {
        #expect(Self.message(urgency: .passive).ntfyPriority == 2 && Self.message(urgency: .passive).pushoverPriority == -1)
        #expect(Self.message(urgency: .active).ntfyPriority == 3 && Self.message(urgency: .active).pushoverPriority == 0)
        #expect(Self.message(urgency: .timeSensitive).ntfyPriority == 4 && Self.message(urgency: .timeSensitive).pushoverPriority == 1)
        let call = Self.message(call: true, urgency: .passive)
        #expect(call.ntfyPriority == 5 && call.pushoverPriority == 2 && call.message.contains("An escalation calls you"))
    }

    @Test func pushoverGetsAnEmergencyWithRetryAndExpireCutToItsLimits() async throws {
        let long = String(repeating: "å", count: 300)
        var message = Self.message(title: long)
        message.message = String(repeating: "x", count: 2_000)
        let request = Self.pushover.request(user: "uoncallpushoveruserkey12345678", message)
        #expect(request.url == "https://api.pushover.net/1/messages.json" && request.method == .POST)
        let body = try #require(request.body)
        var collected = ByteBuffer()
        for try await var part in body { collected.writeBuffer(&part) }
        let fields = SMSGatewayRequestTests.form(String(buffer: collected))
        #expect(fields["priority"] == "2" && fields["retry"] == "45" && fields["expire"] == "900" && fields["user"] == "uoncallpushoveruserkey12345678")
        #expect(fields["title"]?.count == 250 && fields["message"]?.count == 1_024 && fields["url"] == "https://logbook.example.org/e/42")
        let quiet = Self.pushover.request(user: "uoncallpushoveruserkey12345678", Self.message(urgency: .active))
        var quietBody = ByteBuffer()
        for try await var part in try #require(quiet.body) { quietBody.writeBuffer(&part) }
        let quietFields = SMSGatewayRequestTests.form(String(buffer: quietBody))
        #expect(quietFields["priority"] == "0" && quietFields["retry"] == nil && quietFields["expire"] == nil)
    }

    @Test func onlyReceiptsOfPushoversShapeGoIntoAURL() async {
        #expect(PushoverClient.isReceipt("r" + String(repeating: "a1", count: 14) + "b"))
        for bad in ["", "../../1/messages", String(repeating: "a", count: 29), String(repeating: "a", count: 29) + "/"] {
            #expect(!PushoverClient.isReceipt(bad), "\(bad)")
            await #expect(throws: ContactSendError.self) { try await Self.pushover.cancel(receipt: bad) }
        }
    }
}

/// A Matrix reply's own words (issue 43): clients quote what they answer
/// first; only what the person wrote is judged.
@Suite("Matrix: replies")
struct MatrixReplyTests {
    @Test func aReplysQuotedFallbackIsLeftOut() {
        #expect(MatrixClient.replyText("> <@herald:example.org> [CRITICAL] Beam lost\n> React with ✅\n\nAck.") == "Ack")
        #expect(MatrixClient.replyText("ack") == "ack")
        #expect(MatrixClient.replyText("> quoted only") == "")
        #expect(ContactFollowUpDecision.plainReaction(MatrixClient.replyText("> x\n\nOn it!")) == "on it")
    }
}
