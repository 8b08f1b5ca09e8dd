import AsyncHTTPClient
import Crypto
import Foundation
import HeraldCore
import HeraldOutbound
import Logging
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Sends pushes to browsers' push services (Web Push): each message
/// encrypted for its subscription (RFC 8291), identified with VAPID
/// (RFC 8292), over HTTPS to the subscription's endpoint. Endpoints are on
/// many hosts (Google, Mozilla, Apple), so this uses the outbound client
/// (no redirects; no address the outbound policy refuses, whatever the
/// endpoint's name resolves to) rather than one HTTP/2 origin, with at most
/// `concurrency` in flight.
public struct WebPushClient: PushProvider {
    public let platform = Platform.webpush
    let http: OutboundHTTP
    let vapid: @Sendable () async throws -> VAPID
    let timeout: TimeAmount
    let ttlSeconds: Int
    let concurrency: Int
    /// Tests' push services listen on http://127.0.0.1.
    let allowLoopback: Bool
    /// The push services a subscription may name: registration's rule, held again at every send.
    let endpoints: WebPushEndpoints
    /// How long a lock-screen acknowledge link works (ACKNOWLEDGE_LINK_HOURS;
    /// the API judges it from the issue time the link carries).
    let acknowledgeLinkLifetime: TimeInterval
    let logger: Logger
    /// Push services take at most 4096 bytes of body; the header and tag take 103.
    static let maxPayloadBytes = 3_800

    public init(
        http: OutboundHTTP, vapid: @escaping @Sendable () async throws -> VAPID, timeout: TimeAmount = .seconds(10), ttlSeconds: Int = 86_400,
        concurrency: Int = 32, allowLoopback: Bool = false, logger: Logger,
        endpoints: WebPushEndpoints = WebPushEndpoints(), acknowledgeLinkLifetime: TimeInterval = 24 * 3_600
    ) {
        self.acknowledgeLinkLifetime = acknowledgeLinkLifetime
        self.endpoints = endpoints
        self.allowLoopback = allowLoopback
        self.http = http
        self.vapid = vapid
        self.timeout = timeout
        self.ttlSeconds = ttlSeconds
        self.concurrency = concurrency
        self.logger = logger
    }

    public func warmUp() async throws {
        _ = try await vapid()
    }

    public func send(_ deliveries: [ClaimedDelivery], now: Date) async -> [PushAttempt] {
        let subscriptions = deliveries.map { $0.token.flatMap { WebPushSubscription(token: $0, allowLoopback: allowLoopback) } }
        let audiences = subscriptions.map { $0.flatMap { VAPID.audience(of: $0.endpoint) } }
        // One VAPID JWT per push service in the batch, not one per push.
        let authorizations: [String: String]
        let capability: AcknowledgeCapability
        do {
            let key = try await vapid()
            authorizations = try await key.authorizations(for: Set(audiences.compactMap { $0 }), now: now)
            capability = AcknowledgeCapability(vapid: key)
        } catch {
            return deliveries.map { _ in PushAttempt(.credentials(reason: "Web Push: no VAPID key: \(error)")) }
        }
        var attempts = [PushAttempt?](repeating: nil, count: deliveries.count)
        await withTaskGroup(of: (Int, PushAttempt).self) { group in
            var next = 0
            func start() {
                let index = next
                next += 1
                group.addTask {
                    let authorization = audiences[index].flatMap { authorizations[$0] }
                    let delivery = deliveries[index]
                    // A link for the device's owner to take it, only if they may (nothing for a
                    // withdrawal), naming them, expiring (issue 39).
                    // Not for a device whose login lapsed (a call still reaches it): it may not be theirs any more.
                    var acknowledge: String?
                    if delivery.purpose != .withdrawal, delivery.acknowledgeable, (delivery.loginExpiresAt.map { $0 > now } ?? false),
                        let device = delivery.deviceID, let user = delivery.userID
                    {
                        acknowledge = capability.path(.init(notificationID: delivery.notification.id, deviceID: device, userID: user, issuedAt: now))
                    }
                    return (index, await send(delivery, to: subscriptions[index], authorization: authorization, acknowledge: acknowledge, now: now))
                }
            }
            while next < min(concurrency, deliveries.count) { start() }
            for await (index, attempt) in group {
                attempts[index] = attempt
                if next < deliveries.count { start() }
            }
        }
        return attempts.map { $0 ?? PushAttempt(.retry(reason: "not sent", minimumDelay: 0)) }
    }

    func send(
        _ delivery: ClaimedDelivery, to subscription: WebPushSubscription?, authorization: String?, acknowledge: String? = nil, now: Date
    ) async -> PushAttempt {
        guard let subscription else {
            return PushAttempt(.dropToken(reason: "not a usable Web Push subscription"))
        }
        if let refusal = endpointRefusal(subscription.endpoint) { return PushAttempt(.fail(reason: "Web Push: \(refusal)")) }
        guard let authorization else {
            return PushAttempt(.fail(reason: "the endpoint has no origin for VAPID"))
        }
        let body: Data
        do {
            let payload = delivery.purpose == .withdrawal
                ? Self.withdrawal(delivery.notification) : Self.payload(delivery.notification, urgency: delivery.urgency, acknowledge: acknowledge)
            body = try WebPushEncryption.encrypt(payload, userAgentPublicKey: subscription.userAgentPublicKey, authSecret: subscription.authSecret)
        } catch {
            return PushAttempt(.dropToken(reason: "Web Push: \(error)"))
        }
        var request = HTTPClientRequest(url: subscription.endpoint.absoluteString)
        request.method = .POST
        let ttl = delivery.notification.expiresAt.map { max(0, Int($0.timeIntervalSince(now))) } ?? ttlSeconds
        request.headers.add(name: "TTL", value: String(ttl))
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        // A withdrawal goes at normal urgency, whatever the alarm's was: it
        // should take the alarm down soon, not wake a sleeping device.
        request.headers.add(name: "Urgency", value: delivery.purpose == .withdrawal ? "normal" : Self.urgencyHeader(delivery.urgency))
        request.headers.add(name: "Authorization", value: authorization)
        request.headers.add(name: "Topic", value: "herald-\(delivery.notification.id)")
        request.body = .bytes(ByteBuffer(data: body))
        let started = ContinuousClock.now
        do {
            let response = try await http.execute(request, timeout: timeout)
            _ = try? await response.body.collect(upTo: 64 * 1024)
            let latency = ContinuousClock.now - started
            return PushAttempt(Self.reply(status: Int(response.status.code), retryAfter: response.headers.first(name: "retry-after"), now: now), latency: latency)
        } catch let refusal as OutboundRefusal where refusal.isRefusal {
            // Refused every time: not worth a retry, and not the
            // subscriber's fault that a provider answered (the device stays).
            return PushAttempt(.fail(reason: "Web Push: \(refusal)"))
        } catch {
            return PushAttempt(.retry(reason: "Web Push: \(error)", minimumDelay: 0))
        }
    }

    /// Why `endpoint` may not be posted to, by the rule registration
    /// applies: a device stored under an older, looser rule, or written past
    /// the API, is never posted to. Its push fails without a retry and the
    /// device stays, as for an address the outbound policy refuses (a site
    /// that narrowed WEBPUSH_ALLOWED_HOSTS by mistake loses no devices). A
    /// test's push service on http://127.0.0.1 stands for an https one.
    func endpointRefusal(_ endpoint: URL) -> String? {
        var judged = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        if allowLoopback, judged?.scheme == "http" { judged?.scheme = "https" }
        return endpoints.refusal(for: judged?.url ?? endpoint)
    }

    /// What a push service's status means (RFC 8030 and the services' notes).
    static func reply(status: Int, retryAfter: String?, now: Date) -> ReplyClass {
        switch status {
        case 200...299: return .sent
        case 404, 410: return .dropToken(reason: "Web Push \(status): the subscription is gone")
        case 429, 500...599: return .retry(reason: "Web Push \(status)", minimumDelay: RetryAfter.seconds(retryAfter, now: now) ?? 0)
        case 401, 403: return .fail(reason: "Web Push \(status): the push service refused our VAPID identification")
        default: return .fail(reason: "Web Push \(status)")
        }
    }

    /// RFC 8030's `Urgency`: a push service may hold a `low` message until
    /// the device is awake anyway.
    static func urgencyHeader(_ urgency: Urgency) -> String {
        switch urgency {
        case .passive: "low"
        case .active: "normal"
        case .timeSensitive, .critical: "high"
        }
    }

    /// A withdrawal for Herald's service worker: it replaces the alarm it
    /// shows under the same tag with a quiet "Taken" line (a browser push
    /// must show something, or the browser shows its own notice or, in
    /// Firefox, spends the site's quota).
    static func withdrawal(_ notification: NotificationRecord) -> Data {
        let object: [String: Any] = [
            "withdraw": true, "reason": "acknowledged", "notification_id": notification.id, "service_id": notification.serviceID.uuidString.lowercased(),
            "title": String(notification.title.prefix(200)),
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// What the service worker receives: the notification as JSON, its
    /// text cut so the whole fits (`PayloadFitting`). `urgency` tells the
    /// worker how to show it (a critical one stays until dismissed and
    /// alerts again when replaced).
    static func payload(_ notification: NotificationRecord, urgency: Urgency = .active, acknowledge: String? = nil) -> Data {
        PayloadFitting.fit(title: notification.title, text: notification.subtitle, url: notification.url, maxBytes: maxPayloadBytes) { title, body, url in
            var object: [String: Any] = [
                "title": title, "body": body, "url": url, "notification_id": notification.id, "service_id": notification.serviceID.uuidString.lowercased(),
            ]
            if let severity = notification.severity { object["severity"] = severity.rawValue }
            // Said when a severity or the alarm's state decided it (the old
            // payload otherwise).
            if notification.severity != nil || urgency != .active { object["urgency"] = urgency.rawValue }
            if let alarm = notification.alarm { object["alarm"] = alarm.rawValue }
            // Where the service worker's "Acknowledge" action posts (no session needed).
            if let acknowledge { object["acknowledge"] = acknowledge }
            if let attributes = notification.attributes, let data = attributes.json.data(using: .utf8), let parsed = try? JSONSerialization.jsonObject(with: data) {
                object["attributes"] = parsed
            }
            return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        }
    }
}
