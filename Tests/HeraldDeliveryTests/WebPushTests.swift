import AsyncHTTPClient
import Crypto
import Foundation
import HeraldCore
import HeraldMocks
import HeraldTestSupport
import Hummingbird
import HummingbirdTLS
import NIOConcurrencyHelpers
import NIOFoundationCompat
import ServiceLifecycle
import Testing

@testable import HeraldDelivery
import HeraldOutbound

/// Web Push against a push-service mock that does what a browser's push
/// service and the browser do: checks the VAPID token with the key it
/// names, then decrypts the body with the subscription's private key.
@Suite("Web Push")
struct WebPushTests {
    /// A browser's subscription: its key pair and auth secret.
    struct Browser {
        let key = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })

        func token(endpoint: String) -> String {
            WebPushSubscription.token(endpoint: endpoint, p256dh: key.publicKey.x963Representation.base64URL, auth: auth.base64URL)
        }
    }

    final class PushService: Sendable {
        struct Received: Sendable { var path: String; var payload: [String: String]; var ttl: String?; var urgency: String?; var audience: String?; var query: String? = nil }
        let received = NIOLockedValueBox<[Received]>([])
        let problems = NIOLockedValueBox<[String]>([])
        let browsers: [String: Browser]

        /// The time the tokens are judged at: the sender's (a test that
        /// sends "in 2027" gets tokens that expire then).
        let now: @Sendable () -> Date

        init(browsers: [String: Browser], now: @escaping @Sendable () -> Date = { Date() }) {
            self.browsers = browsers
            self.now = now
        }

        func router() -> Router<BasicRequestContext> {
            let router = Router()
            router.post("push/:id") { request, context -> Response in
                let id = context.parameters.get("id") ?? ""
                guard let browser = self.browsers[id] else { return Response(status: .gone) }
                let body = try await request.body.collect(upTo: 8192)
                // RFC 8030 §5.2: TTL is required; push services answer 400 without it.
                guard let ttl = request.headers[.init("TTL")!], (Int(ttl) ?? -1) >= 0 else {
                    self.problems.withLockedValue { $0.append("TTL \(request.headers[.init("TTL")!] ?? "missing")") }
                    return Response(status: .badRequest)
                }
                guard request.headers[.contentEncoding] == "aes128gcm" else { self.problems.withLockedValue { $0.append("content encoding") }; return Response(status: .badRequest) }
                // VAPID: "vapid t=<jwt>, k=<public key>", the JWT signed by that key.
                guard let authorization = request.headers[.authorization], authorization.hasPrefix("vapid t="),
                      let parts = Optional(authorization.dropFirst("vapid t=".count).components(separatedBy: ", k=")), parts.count == 2,
                      let publicKey = Data(base64URL: parts[1]), let key = try? P256.Signing.PublicKey(x963Representation: publicKey)
                else { self.problems.withLockedValue { $0.append("authorization") }; return Response(status: .unauthorized) }
                let jwt = parts[0].split(separator: ".").map(String.init)
                guard jwt.count == 3, let signature = Data(base64URL: jwt[2]).flatMap({ try? P256.Signing.ECDSASignature(rawRepresentation: $0) }),
                      key.isValidSignature(signature, for: Data("\(jwt[0]).\(jwt[1])".utf8)),
                      let claims = Data(base64URL: jwt[1]).flatMap({ try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }),
                      (claims["sub"] as? String)?.hasPrefix("mailto:") == true
                else { self.problems.withLockedValue { $0.append("VAPID token") }; return Response(status: .forbidden) }
                if let problem = Self.vapidClaimsProblem(claims, authority: request.head.authority, now: self.now()) {
                    self.problems.withLockedValue { $0.append(problem) }
                    return Response(status: .forbidden)
                }
                // RFC 8030 §5.3: four levels; anything else is not one.
                if let urgency = request.headers[.init("Urgency")!], !["very-low", "low", "normal", "high"].contains(urgency) {
                    self.problems.withLockedValue { $0.append("Urgency \(urgency)") }
                }
                let plaintext = try WebPushEncryption.decrypt(Data(buffer: body), userAgentKey: browser.key, authSecret: browser.auth)
                let object = try JSONSerialization.jsonObject(with: plaintext) as? [String: Any] ?? [:]
                let payload = object.compactMapValues { value -> String? in value as? String ?? (value as? NSNumber)?.stringValue }
                self.received.withLockedValue {
                    $0.append(Received(
                        path: id, payload: payload, ttl: request.headers[.init("TTL")!], urgency: request.headers[.init("Urgency")!], audience: claims["aud"] as? String,
                        query: request.uri.query
                    ))
                }
                return Response(status: .created)
            }
            return router
        }

        /// What push services refuse (403) in a VAPID token's claims (RFC
        /// 8292 §2): an audience other than the endpoint's origin, an
        /// expiry passed or more than 24 hours ahead.
        static func vapidClaimsProblem(_ claims: [String: Any], authority: String?, now: Date) -> String? {
            // The scheme is the endpoint's (these tests serve both).
            let origins = ["http", "https"].map { "\($0)://\(authority ?? "")" }
            if !origins.contains(claims["aud"] as? String ?? "") { return "VAPID aud \(claims["aud"] ?? "missing"), not \(origins[1])" }
            guard let exp = claims["exp"] as? Int else { return "VAPID exp missing" }
            let left = exp - Int(now.timeIntervalSince1970)
            if left <= 0 { return "VAPID token expired \(-left) s ago" }
            if left > 24 * 3600 { return "VAPID exp \(left) s ahead, over 24 hours" }
            return nil
        }
    }

    static func delivery(token: String, title: String = "Beam lost", severity: Severity? = .critical, expiresAt: Date? = nil) -> ClaimedDelivery {
        var notification = NotificationRecord(
            id: 42, serviceID: UUID(), timestamp: Date(),
            draft: NotificationDraft(
                title: title, subtitle: "Ring current 0 mA", url: "https://ess.eu/beam", severity: severity,
                attributes: NotificationAttributes(["sector": .number(7)])
            )
        )
        notification.expiresAt = expiresAt
        var delivery = ClaimedDelivery(
            id: 1, notification: notification, platform: .webpush, deviceID: 1, token: token, userIsActive: true, loginExpiresAt: Date().addingTimeInterval(3600),
            badge: 1, attempts: 1, queuedAt: Date()
        )
        // As the worker decides it (UrgencyDecider).
        delivery.urgency = UrgencyTable.standard.urgency(for: severity)
        return delivery
    }

    /// Sends what `deliveries` makes for the push service's base URL through
    /// a Web Push client to a push service that knows `browsers` by path.
    static func send(
        to browsers: [String: Browser], now: Date = Date(), _ deliveries: (_ base: String) -> [ClaimedDelivery]
    ) async throws -> (attempts: [PushAttempt], service: PushService, port: Int) {
        let service = PushService(browsers: browsers, now: { now })
        let (port, stop) = try await LiveServer.start(router: service.router())
        let vapid = VAPID(key: P256.Signing.PrivateKey(), subject: "mailto:ops@example.org")
        let http = Self.loopbackHTTP()
        let attempts = try await withShutdown(http) {
            // A two-minute deadline, a hang guard: the default 10 s has run out
            // against this loopback service on a two-core machine under load.
            await WebPushClient(
                http: http, vapid: { vapid }, timeout: .seconds(120), allowLoopback: true, logger: TestDatabase.logger, endpoints: Self.loopbackEndpoints
            )
                .send(deliveries("http://127.0.0.1:\(port)/push"), now: now)
        }
        try await stop()
        return (attempts, service, port)
    }

    @Test func anEncryptedPushIsDecryptedByThePushServiceToTheRightPayload() async throws {
        let (alice, bob) = (Browser(), Browser())
        let now = Date()
        let (attempts, service, port) = try await Self.send(to: ["alice": alice, "bob": bob], now: now) { base in
            [Self.delivery(token: alice.token(endpoint: "\(base)/alice")), Self.delivery(token: bob.token(endpoint: "\(base)/bob"), expiresAt: now.addingTimeInterval(600)),
             Self.delivery(token: Browser().token(endpoint: "\(base)/gone"))]
        }
        #expect(service.problems.withLockedValue { $0 }.isEmpty)
        #expect(attempts.map(\.reply) == [.sent, .sent, .dropToken(reason: "Web Push 410: the subscription is gone")])
        let received = service.received.withLockedValue { $0 }.sorted { $0.path < $1.path }
        #expect(received.map(\.path) == ["alice", "bob"])
        let payload = try #require(received.first?.payload)
        #expect(payload["title"] == "Beam lost" && payload["body"] == "Ring current 0 mA" && payload["url"] == "https://ess.eu/beam")
        #expect(payload["notification_id"] == "42" && payload["severity"] == "critical")
        #expect(received.first?.ttl == "86400" && received.last?.ttl.flatMap(Int.init).map { (598...600).contains($0) } == true, "expiry bounds the TTL")
        #expect(received.first?.audience == "http://127.0.0.1:\(port)")
        #expect(received.map(\.urgency) == ["high", "high"] && payload["urgency"] == "critical", "critical: high, shown until dismissed")
    }

    /// Issue 43: a UnifiedPush distributor (ntfy, NextPush, a site's own)
    /// hands an app an endpoint that speaks Web Push, so an app of a site's
    /// own registers it as a `webpush` device: its path and query go through
    /// unchanged, encrypted for the app as for a browser. Its host must be
    /// one the site allows (WEBPUSH_ALLOWED_HOSTS), as for any push service.
    @Test func aUnifiedPushEndpointIsAWebPushSubscription() async throws {
        let app = Browser()
        let (attempts, service, _) = try await Self.send(to: ["upAbC123": app]) { base in
            [Self.delivery(token: app.token(endpoint: "\(base)/upAbC123?up=1"))]
        }
        #expect(attempts.map(\.reply) == [.sent] && service.problems.withLockedValue { $0 }.isEmpty)
        let received = try #require(service.received.withLockedValue { $0 }.first)
        #expect(received.path == "upAbC123" && received.query == "up=1" && received.payload["title"] == "Beam lost")

        let site = WebPushEndpoints(extraHosts: ["push.example.org"])
        #expect(site.refusal(for: URL(string: "https://push.example.org/upAbC123?up=1")!) == nil)
        #expect(site.refusal(for: URL(string: "https://ntfy.push.example.org/upAbC123")!) == nil, "its subdomains too")
        let elsewhere = try #require(site.refusal(for: URL(string: "https://ntfy.sh/upAbC123?up=1")!))
        #expect(elsewhere.contains("WEBPUSH_ALLOWED_HOSTS"))
    }

    /// Issue 39: the lock-screen link names the account it was issued to
    /// and when (it lasts ACKNOWLEDGE_LINK_HOURS from then), and is offered
    /// only on a push whose person may take the alarm (`acknowledgeable`)
    /// and whose login holds; a withdrawal carries none.
    @Test func theAcknowledgeLinkNamesItsAccountExpiresAndIsOfferedOnlyToThoseWhoMay() async throws {
        let (responder, bystander) = (Browser(), Browser())
        let now = Date(timeIntervalSince1970: 1_800_000_000.5)
        let (attempts, service, _) = try await Self.send(to: ["responder": responder, "bystander": bystander], now: now) { base in
            var mine = Self.delivery(token: responder.token(endpoint: "\(base)/responder"))
            mine.userID = 7
            mine.loginExpiresAt = now.addingTimeInterval(3_600)
            var theirs = Self.delivery(token: bystander.token(endpoint: "\(base)/bystander"))
            theirs.userID = 8
            theirs.acknowledgeable = false
            return [mine, theirs]
        }
        #expect(attempts.map(\.reply) == [.sent, .sent])
        let received = Dictionary(uniqueKeysWithValues: service.received.withLockedValue { $0 }.map { ($0.path, $0.payload) })
        let link = try #require(received["responder"]?["acknowledge"])
        let parts = link.dropFirst("/api/v2/acknowledge/".count).split(separator: ".")
        #expect(link.hasPrefix("/api/v2/acknowledge/") && parts.count == 5, "\(link)")
        #expect(parts.prefix(4).map(String.init) == ["42", "1", "7", "1800000000"], "notification, device, account, when issued")
        #expect(received["bystander"]?["acknowledge"] == nil, "no action offered to whoever may not take it")
    }

    /// Issue 25: the push service hears the urgency (RFC 8030), and the
    /// service worker the level it shows the notification at.
    @Test func theUrgencyHeaderFollowsTheSeverity() async throws {
        let browsers = ["info": Browser(), "warning": Browser(), "none": Browser()]
        let (attempts, service, _) = try await Self.send(to: browsers) { base in
            let cases: [(Severity?, String)] = [(.info, "info"), (.warning, "warning"), (nil, "none")]
            return cases.map { severity, name in
                Self.delivery(token: browsers[name]!.token(endpoint: "\(base)/\(name)"), severity: severity)
            }
        }
        #expect(attempts.map(\.reply) == [.sent, .sent, .sent])
        #expect(service.problems.withLockedValue { $0 }.isEmpty)
        let received = Dictionary(uniqueKeysWithValues: service.received.withLockedValue { $0 }.map { ($0.path, $0) })
        #expect(received["info"]?.urgency == "low" && received["info"]?.payload["urgency"] == "passive")
        #expect(received["warning"]?.urgency == "normal" && received["warning"]?.payload["urgency"] == "active")
        #expect(received["none"]?.urgency == "normal" && received["none"]?.payload["urgency"] == nil, "none given: as before")
    }

    /// The outbound client a test's push service on loopback needs: the
    /// policy allowing 127.0.0.1 only.
    static func loopbackHTTP() -> OutboundHTTP {
        OutboundHTTP(policy: OutboundPolicy(allowedNetworks: [IPNetwork("127.0.0.1/32")!]))
    }

    /// The push services a test's subscriptions may name: its own, at 127.0.0.1.
    static let loopbackEndpoints = WebPushEndpoints(extraHosts: ["127.0.0.1"], outbound: OutboundPolicy(allowedNetworks: [IPNetwork("127.0.0.1/32")!]))

    /// Starts `router` over TLS on 127.0.0.1 with the mocks' certificate
    /// (`localhost` and `127.0.0.1`), as a push service is reached.
    static func startTLS(_ router: Router<BasicRequestContext>, certificates: MockCertificates) async throws -> (port: Int, stop: @Sendable () async throws -> Void) {
        var tls = try certificates.serverTLS()
        tls.applicationProtocols = ["http/1.1"]
        let (ports, announce) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, server: try .tls(.http1(), tlsConfiguration: tls), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in announce.yield(channel.localAddress?.port ?? 0) }, logger: TestDatabase.logger
        )
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: TestDatabase.logger))
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw TestSetupError("the push service did not start") }
        return (port, {
            await group.triggerGracefulShutdown()
            try await running.value
        })
    }

    /// Issue 39: the push services a subscription may name are checked at
    /// every send, not only at registration: a device stored under an
    /// older, looser rule (or written past the API) is never posted to. Its
    /// push fails saying why, and the device stays.
    @Test(arguments: Backend.allCases)
    func anEndpointOutsideTheKnownPushServicesIsNeverPostedTo(_ backend: Backend) async throws {
        try await DeliveryHarness.run(backend) { harness in
            let (alice, mallory) = (Browser(), Browser())
            let pushService = PushService(browsers: ["alice": alice, "mallory": mallory])
            let (port, stop) = try await Self.startTLS(pushService.router(), certificates: harness.mocks.certificates)
            // The site's own push service is `localhost` (WEBPUSH_ALLOWED_HOSTS);
            // mallory's endpoint is the same server by a name the rule never had.
            let service = try await harness.seed([
                .init(alice.token(endpoint: "https://localhost:\(port)/push/alice"), .webpush),
                .init(mallory.token(endpoint: "https://127.0.0.1:\(port)/push/mallory"), .webpush),
            ])
            let notification = try await harness.publish(service)
            let counts = try await harness.withWorker(configure: { config in
                config.delivery.webPushSubject = "mailto:ops@example.org"
                config.outbound = OutboundSettings(policy: OutboundPolicy(allowedNetworks: [IPNetwork("127.0.0.1/32")!, IPNetwork("::1")!]), webPushHosts: ["localhost"])
            }) {
                try await harness.waitUntilSettled(notification)
            }
            try await stop()
            #expect(pushService.received.withLockedValue { $0 }.map(\.path) == ["alice"], "mallory's endpoint was never asked")
            #expect(counts[.sent] == 1 && counts[.failed] == 1, "\(counts)")
            let failed = try await harness.store.deliveryReport(notificationID: notification.id).filter { $0.state == .failed }
            #expect(failed.first?.lastError?.contains("127.0.0.1 is not a known push service") == true, "\(failed)")
            #expect(failed.first?.attempts == 1, "not retried")
            let owner = try #require(failed.first?.userID)
            #expect(try await harness.store.devices(userID: owner).count == 1, "the device stays")
        }
    }

    /// Issue 23: a push service that redirects is not followed (the
    /// redirect could point inside), and an endpoint the outbound policy
    /// refuses is never asked: the push fails, the device stays.
    @Test func redirectsAreNotFollowedAndRefusedAddressesNeverAsked() async throws {
        let hits = NIOLockedValueBox<[String]>([])
        let router = Router()
        router.post("push/moved") { _, _ in
            hits.withLockedValue { $0.append("moved") }
            return Response(status: .temporaryRedirect, headers: [.location: "http://127.0.0.2:9/inside"])
        }
        router.post("push/inside") { _, _ in
            hits.withLockedValue { $0.append("inside") }
            return Response(status: .created)
        }
        let (port, stop) = try await LiveServer.start(router: router)
        let http = Self.loopbackHTTP()
        let strict = OutboundHTTP(policy: OutboundPolicy())
        let vapid = VAPID(key: P256.Signing.PrivateKey(), subject: "mailto:ops@example.org")
        let refused = try await withShutdown(http, strict) {
            // The two-minute hang guard, as above: 10 s ran out under test-under-load.
            let client = WebPushClient(
                http: http, vapid: { vapid }, timeout: .seconds(120), allowLoopback: true, logger: TestDatabase.logger, endpoints: Self.loopbackEndpoints
            )
            let attempts = await client.send([Self.delivery(token: Browser().token(endpoint: "http://127.0.0.1:\(port)/push/moved"))], now: Date())
            #expect(hits.withLockedValue { $0 } == ["moved"])
            #expect(attempts.map(\.reply) == [.fail(reason: "Web Push 307")])
            // Without the allowance, loopback is not asked at all.
            return await WebPushClient(http: strict, vapid: { vapid }, allowLoopback: true, logger: TestDatabase.logger, endpoints: Self.loopbackEndpoints)
                .send([Self.delivery(token: Browser().token(endpoint: "http://127.0.0.1:\(port)/push/inside"))], now: Date())
        }
        try await stop()
        #expect(hits.withLockedValue { $0 } == ["moved"])
        guard case .fail(let reason) = refused.first?.reply else { Issue.record("not failed: \(refused)"); return }
        #expect(reason.contains("loopback"), "\(reason)")
    }

    @Test func encryptionFollowsRFC8291AndOnlyTheSubscriberCanRead() throws {
        let browser = Browser()
        let message = Data("When I grow up, I want to be a watermelon".utf8)
        let body = try WebPushEncryption.encrypt(message, userAgentPublicKey: browser.key.publicKey.x963Representation, authSecret: browser.auth)
        #expect(body.count == 16 + 4 + 1 + 65 + message.count + 1 + 16, "header, one record with its delimiter, the tag")
        #expect(Array(body[16..<20]) == [0, 0, 0x10, 0], "record size 4096")
        #expect(try WebPushEncryption.decrypt(body, userAgentKey: browser.key, authSecret: browser.auth) == message)
        #expect(throws: WebPushEncryption.Failure.self) { try WebPushEncryption.decrypt(body, userAgentKey: Browser().key, authSecret: browser.auth) }
        #expect(throws: WebPushEncryption.Failure.self) { try WebPushEncryption.decrypt(body, userAgentKey: browser.key, authSecret: Data(count: 16)) }
    }

    @Test func subscriptionsAreCheckedAndStatusesMeanWhatPushServicesSay() {
        let browser = Browser()
        #expect(WebPushSubscription(token: browser.token(endpoint: "https://fcm.googleapis.com/fcm/send/abc")) != nil)
        #expect(WebPushSubscription(token: browser.token(endpoint: "http://127.0.0.1:9/push")) == nil, "loopback only for tests")
        #expect(WebPushSubscription(token: browser.token(endpoint: "http://127.0.0.1:9/push"), allowLoopback: true) != nil)
        #expect(WebPushSubscription(token: #"{"endpoint":"https://x/y","keys":{"p256dh":"AAAA","auth":"BBBB"}}"#) == nil)
        #expect(WebPushSubscription(token: "fcm-token") == nil)
        let now = Date()
        #expect(WebPushClient.reply(status: 201, retryAfter: nil, now: now) == .sent)
        #expect(WebPushClient.reply(status: 404, retryAfter: nil, now: now) == .dropToken(reason: "Web Push 404: the subscription is gone"))
        #expect(WebPushClient.reply(status: 429, retryAfter: "30", now: now) == .retry(reason: "Web Push 429", minimumDelay: 30))
        #expect(WebPushClient.reply(status: 403, retryAfter: nil, now: now) == .fail(reason: "Web Push 403: the push service refused our VAPID identification"))
    }
}
