import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// ntfy (issue 43): `POST {NTFY_URL}/{topic}` with the message as the body
/// and `Title`, `Priority` (1–5), `Tags`, `Click`, `Actions` and
/// `X-Sequence-ID` headers (`Authorization: Bearer` with NTFY_TOKEN). The
/// sequence id is the notification's, so a later message for it (an
/// escalation's call) replaces the first in place (ntfy 2.16+), and
/// `PUT /{topic}/{sequence id}/clear` dismisses it.
public struct NtfyClient: Sendable {
    let settings: NtfySettings
    let http: OutboundHTTP

    public init(settings: NtfySettings, http: OutboundHTTP) {
        self.settings = settings
        self.http = http
    }

    /// The request for one message (pure, for the tests).
    public func request(topic: String, _ message: PhoneAppMessage) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: "\(settings.baseURL)/\(topic)")
        request.method = .POST
        request.headers.add(name: "content-type", value: "text/plain; charset=utf-8")
        request.headers.add(name: "title", value: Self.header(PhoneAppMessage.cut(message.title, PhoneAppMessage.ntfyTitleBytes, measure: PhoneAppMessage.bytes)))
        request.headers.add(name: "priority", value: "\(message.ntfyPriority)")
        request.headers.add(name: "x-sequence-id", value: message.sequenceID)
        if !message.tags.isEmpty { request.headers.add(name: "tags", value: message.tags.joined(separator: ",")) }
        if let click = message.click.flatMap(Self.plainURL) { request.headers.add(name: "click", value: click) }
        if let link = message.acknowledgeURL {
            // ntfy's phone app makes this request itself; `clear` dismisses the notification once it is answered.
            request.headers.add(name: "actions", value: "http, Acknowledge, \(link), method=POST, clear=true")
        }
        authorize(&request)
        request.body = .bytes(ByteBuffer(string: PhoneAppMessage.cut(message.message, PhoneAppMessage.ntfyMessageBytes, measure: PhoneAppMessage.bytes)))
        return request
    }

    /// Publishing again with the same sequence id replaces the message, so
    /// an answer that never came is retried (not "uncertain", as a text's is).
    public func publish(topic: String, _ message: PhoneAppMessage) async -> GatewayAnswer {
        Self.retryable(await HTTPSMSSending.answer(http, request(topic: topic, message)) { status, _ in status == 200 ? .accepted : nil })
    }

    static func retryable(_ answer: GatewayAnswer) -> GatewayAnswer {
        if case .uncertain(let reason) = answer { return .retry(reason: reason, after: 5) }
        return answer
    }

    /// Dismisses the message of `sequenceID` on the person's phones.
    public func clear(topic: String, sequenceID: String) async -> GatewayAnswer {
        var request = HTTPClientRequest(url: "\(settings.baseURL)/\(topic)/\(sequenceID)/clear")
        request.method = .PUT
        authorize(&request)
        return Self.retryable(await HTTPSMSSending.answer(http, request) { status, _ in status == 200 ? .accepted : nil })
    }

    private func authorize(_ request: inout HTTPClientRequest) {
        if let token = settings.token { request.headers.add(name: "authorization", value: "Bearer \(token)") }
    }

    /// A header value ntfy reads back as written: printable ASCII as it
    /// is; anything else (a title in Swedish, a control character a sender
    /// slipped in) as one RFC 2047 encoded word, which ntfy decodes.
    static func header(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), !text.contains("=?") { return text }
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        return "=?UTF-8?B?" + Data(clean.utf8).base64EncodedString() + "?="
    }

    /// A link fit for a header and an action: printable ASCII without commas
    /// or semicolons (which would split ntfy's short action format).
    static func plainURL(_ url: String) -> String? {
        url.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) && !url.contains(",") && !url.contains(";") ? url : nil
    }
}

/// Pushover (issue 43): `POST /1/messages.json` with the application's
/// token, the person's user key, title, message and priority; an
/// emergency (priority 2) repeats every `retry` seconds until acknowledged
/// or `expire` passes, and is answered with a receipt, read at
/// `GET /1/receipts/{receipt}.json` and stopped at
/// `POST /1/receipts/{receipt}/cancel.json`.
public struct PushoverClient: Sendable {
    let settings: PushoverSettings
    let http: OutboundHTTP

    public init(settings: PushoverSettings, http: OutboundHTTP) {
        self.settings = settings
        self.http = http
    }

    /// The request for one message (pure, for the tests).
    public func request(user: String, _ message: PhoneAppMessage) -> HTTPClientRequest {
        var fields = [
            ("token", settings.token), ("user", user),
            ("title", PhoneAppMessage.cut(message.title, PhoneAppMessage.pushoverTitleLimit, measure: PhoneAppMessage.scalars)),
            ("message", PhoneAppMessage.cut(message.message, PhoneAppMessage.pushoverMessageLimit, measure: PhoneAppMessage.scalars)),
            ("priority", "\(message.pushoverPriority)"),
        ]
        if message.pushoverPriority == 2 {
            fields += [("retry", "\(settings.retrySeconds)"), ("expire", "\(settings.expireSeconds)")]
            if let tag = message.pushoverTag { fields.append(("tags", tag)) }
        }
        if let click = message.click, click.count <= 512 { fields.append(("url", click)) }
        var request = HTTPClientRequest(url: "\(settings.baseURL)/1/messages.json")
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: FormEncoding.encode(fields)))
        return request
    }

    private struct Answer: Decodable {
        var status: Int?
        var receipt: String?
        var acknowledged: Int?
        var acknowledged_by: String?
        var expired: Int?
        var errors: [String]?
    }

    public func send(user: String, _ message: PhoneAppMessage) async -> GatewayAnswer {
        await HTTPSMSSending.answer(http, request(user: user, message)) { status, body in
            guard status == 200, let answer = try? JSONDecoder().decode(Answer.self, from: Data(body.utf8)), answer.status == 1 else { return nil }
            if let receipt = answer.receipt, Self.isReceipt(receipt) { return .acceptedWithReceipt(receipt) }
            return .accepted
        }
    }

    /// Pushover's receipts are 30 letters and digits; nothing else goes into a URL.
    static func isReceipt(_ text: String) -> Bool { text.utf8.count == 30 && text.utf8.allSatisfy(\.isASCIIAlphanumeric) }

    public func readReceipt(_ receipt: String) async throws -> PushoverReceipt {
        guard Self.isReceipt(receipt) else { throw ContactSendError("not a Pushover receipt") }
        var components = URLComponents(string: "\(settings.baseURL)/1/receipts/\(receipt).json")
        components?.queryItems = [URLQueryItem(name: "token", value: settings.token)]
        let request = HTTPClientRequest(url: components?.string ?? "")
        let response = try await http.execute(request, timeout: .seconds(15))
        let body = try await response.body.collect(upTo: 64 * 1024)
        guard response.status == .ok, let answer = try? JSONDecoder().decode(Answer.self, from: Data(buffer: body)), answer.status == 1 else {
            throw ContactSendError("Pushover's receipt could not be read (HTTP \(response.status.code))")
        }
        return PushoverReceipt(acknowledged: answer.acknowledged == 1, acknowledgedBy: answer.acknowledged_by, expired: answer.expired == 1)
    }

    public func cancel(receipt: String) async throws {
        guard Self.isReceipt(receipt) else { throw ContactSendError("not a Pushover receipt") }
        try await cancel(path: "/1/receipts/\(receipt)/cancel.json")
    }

    /// Cancels every emergency sent with `tag` (ours are `herald-<notification>`).
    public func cancel(tag: String) async throws {
        guard !tag.isEmpty, tag.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") }) else { throw ContactSendError("not a tag of Herald's") }
        try await cancel(path: "/1/receipts/cancel_by_tag/\(tag).json")
    }

    private func cancel(path: String) async throws {
        var request = HTTPClientRequest(url: settings.baseURL + path)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: FormEncoding.encode([("token", settings.token)])))
        let response = try await http.execute(request, timeout: .seconds(15))
        _ = try? await response.body.collect(upTo: 64 * 1024)
        // 400 and 404: nothing of that name left to stop (expired, acknowledged, never sent).
        // Anything else but success (the token refused, throttled, down) is tried again.
        guard (200..<300).contains(response.status.code) || [400, 404].contains(response.status.code) else {
            throw ContactSendError("Pushover could not cancel the emergency (HTTP \(response.status.code))")
        }
    }
}

/// A notification as an ntfy message on the person's topic.
public struct NtfyChannel: ContactChannel {
    public let platform = Platform.ntfy
    public let name = "ntfy"
    let client: NtfyClient

    public init(client: NtfyClient) { self.client = client }

    public func warmUp() async throws {}

    public func send(_ messages: [ContactMessage]) async -> [GatewayAnswer] {
        await PhoneAppSending.each(messages) { message in
            await client.publish(topic: message.address, PhoneAppSending.compose(message, link: message.acknowledgeActionURL))
        }
    }
}

/// A notification as a Pushover message to the person's user key; loud
/// ones as emergencies, repeating until acknowledged (in Pushover or in
/// Herald) or expired.
public struct PushoverChannel: ContactChannel {
    public let platform = Platform.pushover
    public let name = "Pushover"
    let client: PushoverClient

    public init(client: PushoverClient) { self.client = client }

    public func warmUp() async throws {}

    public func send(_ messages: [ContactMessage]) async -> [GatewayAnswer] {
        await PhoneAppSending.each(messages) { message in
            await client.send(user: message.address, PhoneAppSending.compose(message, link: nil))
        }
    }
}

enum PhoneAppSending {
    static func compose(_ message: ContactMessage, link: String?) -> PhoneAppMessage {
        let delivery = message.delivery
        let record = delivery.notification
        return PhoneAppMessage.compose(
            title: record.title, text: record.draft.subtitle, url: record.draft.url, severity: delivery.purpose.treatedSeverity(record.severity),
            urgency: delivery.urgency, call: delivery.purpose == .call || delivery.purpose == .subscribersCall,
            acknowledgeURL: delivery.acknowledgeable ? link : nil, notification: record.id, language: message.language
        )
    }

    static func each(_ messages: [ContactMessage], _ send: @escaping @Sendable (ContactMessage) async -> GatewayAnswer) async -> [GatewayAnswer] {
        await withTaskGroup(of: (Int, GatewayAnswer).self) { group in
            for (index, message) in messages.enumerated() { group.addTask { (index, await send(message)) } }
            var answers = [GatewayAnswer](repeating: .uncertain(reason: "not sent"), count: messages.count)
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
    }
}

/// What a follow-up asks of ntfy and Pushover (`ContactFollowUps`).
public struct PhoneAppFollowUps: PhoneAppFollowUpClient {
    let ntfy: NtfyClient?
    let pushover: PushoverClient?
    let matrix: MatrixClient?
    var slack: SlackClient?
    var mattermost: MattermostClient?

    public func end(ntfyTopic topic: String, with message: PhoneAppMessage) async throws {
        guard let ntfy else { return }
        for answer in [await ntfy.publish(topic: topic, message), await ntfy.clear(topic: topic, sequenceID: message.sequenceID)] {
            switch answer {
            case .accepted, .acceptedWithReceipt, .refused: continue
            case .retry(let reason, _), .uncertain(let reason): throw ContactSendError("ntfy: \(reason)")
            }
        }
    }

    public func readReceipt(_ receipt: String) async throws -> PushoverReceipt {
        guard let pushover else { throw ContactSendError("this site has no Pushover token") }
        return try await pushover.readReceipt(receipt)
    }

    public func cancel(receipt: String) async throws {
        try await pushover?.cancel(receipt: receipt)
    }

    public func cancel(tag: String) async throws {
        try await pushover?.cancel(tag: tag)
    }

    public func edit(matrixReceipt receipt: String, with message: PhoneAppMessage, acknowledgeable: Bool, edit: String) async throws {
        guard let matrix else { return }
        do {
            try await matrix.edit(receipt: receipt, with: message, acknowledgeable: acknowledgeable, edit: edit)
        } catch {
            // Refused (the person left the chat, the event is gone): nothing to edit; anything else is tried again.
            if case .refused = MatrixClient.answer(to: error) { return }
            throw error
        }
    }

    public func edit(directMessage receipt: String, on platform: Platform, with message: ChatMessage, button: DirectMessageButton?) async throws {
        do {
            switch platform {
            case .slack: try await slack?.edit(directMessage: receipt, message, button: button)
            case .mattermost: try await mattermost?.edit(directMessage: receipt, message, button: button)
            default: return
            }
        } catch let failure as ChatClientError where failure.permanent {
            // Refused (the message was deleted, the person left): nothing to edit; anything else is tried again.
            return
        }
    }

    public func answers(matrixReceipt receipt: String) async throws -> [ChatReaction] {
        guard let matrix else { throw ContactSendError("this site has no Matrix bot") }
        do {
            return try await matrix.answers(receipt: receipt)
        } catch {
            // Refused (the person left the chat, the event is gone): no answers to read; anything else is tried again.
            if case .refused = MatrixClient.answer(to: error) { return [] }
            throw error
        }
    }
}
