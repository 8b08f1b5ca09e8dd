import _CryptoExtras
import Foundation
import JWTKit
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat

/// FCM's HTTP v1 send endpoint and Google's OAuth token endpoint on
/// loopback over TLS. The token endpoint checks the service account's RS256
/// assertion (signature, iss, aud, scope, lifetime, not expired, not
/// issued in the future) and issues access
/// tokens; the send endpoint checks the bearer is one it issued, the path's
/// project, the message shape and size, then records the message.
public final class MockFCM: Sendable {
    public struct Message: Sendable {
        public var token: String
        public var data: [String: String]
        /// `message.android` and `message.apns` as they arrived (empty when absent).
        public var android: [String: any Sendable]
        public var apns: [String: any Sendable]
        public var arrivedAt: ContinuousClock.Instant
    }

    /// A send as it arrived; parsed when read (see `MockAPNs`).
    private struct Received {
        var body: Data
        var arrivedAt: ContinuousClock.Instant

        var message: Message? {
            guard let envelope = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
                  let message = envelope["message"] as? [String: Any], let token = message["token"] as? String, !token.isEmpty,
                  let data = message["data"] as? [String: String] else { return nil }
            func object(_ key: String) -> [String: any Sendable] {
                (message[key] as? [String: Any])?.mapValues { SendableJSON($0).value } ?? [:]
            }
            return Message(token: token, data: data, android: object("android"), apns: object("apns"), arrivedAt: arrivedAt)
        }

        /// What the app or an iOS device would not understand (FCM passes
        /// the APNs block on as it is, so Apple's rules apply to it).
        var problems: [String] {
            guard let message else { return ["not an HTTP v1 data message"] }
            // A withdrawal names the notification to take down, nothing to show.
            if message.data["withdraw"] == "true" {
                let aps = (message.apns["payload"] as? [String: any Sendable])?["aps"] as? [String: any Sendable]
                let background = (aps?["content-available"] as? Double) == 1 && aps?["alert"] == nil
                return (message.data["notification_id"] == nil ? ["a withdrawal without notification_id"] : [])
                    + (message.data["title"] != nil ? ["a withdrawal with a title an app would show"] : [])
                    + (background ? [] : ["a withdrawal's apns block is not a background push"])
            }
            let missing = ["title", "body", "url"].filter { message.data[$0] == nil }
            let aps = ((message.apns["payload"] as? [String: any Sendable])?["aps"] as? [String: any Sendable]).map { MockAPNs.apsProblems($0) } ?? []
            return (missing.isEmpty ? [] : ["data lacks \(missing)"]) + aps.map { "apns block: \($0)" }
        }
    }

    private struct State {
        var received: [Received] = []
        var violations: [String] = []
        var issuedTokens = Set<String>()
        var tokenRequests = 0
    }

    public let projectID: String
    public let clientEmail = "herald-test@herald-test.iam.gserviceaccount.com"
    /// The service account's private key, PEM (PKCS#8, as Google issues them).
    public let privateKeyPEM: String
    private let keys = JWTKeyCollection()
    private let state = NIOLockedValueBox(State())
    private let script = MockScript()
    /// Connections and PINGs seen.
    public let transport = MockTransportStats()
    /// Set once the server listens: where the token endpoint is.
    let baseURL = NIOLockedValueBox<String?>(nil)

    /// One service-account key for every mock in the process: making a
    /// 2048-bit RSA key costs up to seconds of CPU (more in a debug build),
    /// and no test needs two mocks with different keys.
    private static let sharedKey = Result { try _RSA.Signing.PrivateKey(keySize: .bits2048) }

    public init(projectID: String = "herald-test") async throws {
        let key = try Self.sharedKey.get()
        self.projectID = projectID
        self.privateKeyPEM = key.pemRepresentation
        await keys.add(rsa: try Insecure.RSA.PublicKey(pem: key.publicKey.pemRepresentation), digestAlgorithm: .sha256)
    }

    /// The service account file Herald reads (GOOGLE_APPLICATION_CREDENTIALS).
    public func serviceAccountJSON(baseURL: String) throws -> Data {
        try JSONSerialization.data(withJSONObject: [
            "type": "service_account", "project_id": projectID, "private_key_id": "mock-key-1", "private_key": privateKeyPEM,
            "client_email": clientEmail, "token_uri": "\(baseURL)/token",
        ])
    }

    // MARK: What the test sees and scripts

    public var messages: [Message] { state.withLockedValue { $0.received }.compactMap(\.message) }
    public var violations: [String] {
        let (recorded, received) = state.withLockedValue { ($0.violations, $0.received) }
        return recorded + received.flatMap(\.problems)
    }
    public var messageCount: Int { state.withLockedValue { $0.received.count } }
    public var lastArrival: ContinuousClock.Instant? { state.withLockedValue { $0.received.last?.arrivedAt } }
    public var tokenRequests: Int { state.withLockedValue { $0.tokenRequests } }

    /// Answer sends to `token` with an FCM error, e.g. (404, "UNREGISTERED").
    public func answer(token: String, status: Int, errorCode: String, message: String = "", headers: [String: String] = [:]) {
        script.set(Self.error(status: status, code: errorCode, message: message, headers: headers), for: token)
    }

    public func clearAnswers() { script.clearAnswers() }

    /// Forget every access token issued so far: sends bearing one are
    /// answered 401 UNAUTHENTICATED, as Google does for an expired token.
    public func revokeAccessTokens() {
        state.withLockedValue { $0.issuedTokens.removeAll() }
    }

    public func behave(_ behaviour: MockBehaviour) { script.behave(behaviour) }

    static func error(status: Int, code: String, message: String, headers: [String: String]) -> MockAnswer {
        let body = """
            {"error":{"code":\(status),"message":"\(message)","status":"\(code)","details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"\(code)"}]}}
            """
        return MockAnswer(status: status, body: body, headers: headers)
    }

    /// What arrived: all pushes, and how many distinct device tokens.
    public var stats: (total: Int, distinctTokens: Int) {
        let messages = self.messages
        return (total: messageCount, distinctTokens: Set(messages.map(\.token)).count)
    }

    // MARK: Serving

    func reply(to request: MockRequest) -> MockReply {
        switch (request.method, request.path) {
        case ("POST", "/token"):
            return .afterChecking { await self.issueToken(request) }
        case ("GET", "/_stats"):
            let stats = self.stats
            return .answer(MockAnswer(status: 200, body: #"{"total": \#(stats.total), "distinct_tokens": \#(stats.distinctTokens)}"#))
        default:
            return script.apply(to: .answer(self.send(request)))
        }
    }

    private func issueToken(_ request: MockRequest) async -> MockAnswer {
        state.withLockedValue { $0.tokenRequests += 1 }
        let form = String(buffer: request.body)
        var fields: [String: String] = [:]
        for pair in form.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        guard fields["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer", let assertion = fields["assertion"] else {
            return refuse("token request without a jwt-bearer grant", MockAnswer(status: 400, body: #"{"error":"unsupported_grant_type"}"#))
        }
        do {
            let claims = try await keys.verify(assertion, as: AssertionClaims.self)
            let tokenURI = (baseURL.withLockedValue { $0 } ?? "") + "/token"
            if let problem = Self.assertionProblem(claims, clientEmail: clientEmail, tokenURI: tokenURI, now: Date()) { throw MockRefusal(problem) }
        } catch {
            return refuse("OAuth assertion refused: \(error)", MockAnswer(status: 400, body: #"{"error":"invalid_grant"}"#))
        }
        let token = "ya29.mock-" + UUID().uuidString
        state.withLockedValue { _ = $0.issuedTokens.insert(token) }
        return MockAnswer(status: 200, body: #"{"access_token":"\#(token)","expires_in":3599,"token_type":"Bearer"}"#)
    }

    /// What Google's token endpoint refuses (400 invalid_grant) in an
    /// assertion whose signature holds: another account, another audience,
    /// no FCM scope, a life over an hour, an assertion already expired, or
    /// one issued in the future ("Invalid JWT: Token must be a short-lived
    /// token and in a reasonable timeframe").
    static func assertionProblem(_ claims: AssertionClaims, clientEmail: String, tokenURI: String, now: Date) -> String? {
        if claims.iss.value != clientEmail { return "iss \(claims.iss.value)" }
        if !claims.aud.value.contains(tokenURI) { return "aud \(claims.aud.value)" }
        if !claims.scope.split(separator: " ").contains("https://www.googleapis.com/auth/firebase.messaging") { return "scope \(claims.scope)" }
        if claims.exp.value.timeIntervalSince(claims.iat.value) > 3600 { return "assertion lives over an hour" }
        if claims.exp.value <= now { return "assertion expired \(Int(now.timeIntervalSince(claims.exp.value))) s ago" }
        // A second's grace: the claims are whole seconds, now is not.
        if claims.iat.value.timeIntervalSince(now) > 1 { return "iat \(Int(claims.iat.value.timeIntervalSince(now))) s in the future" }
        return nil
    }

    private func send(_ request: MockRequest) -> MockAnswer {
        guard request.method == "POST", request.path == "/v1/projects/\(projectID)/messages:send" else {
            return refuse("wrong path \(request.method) \(request.path)", Self.error(status: 404, code: "NOT_FOUND", message: "", headers: [:]))
        }
        let bearer = request.header("authorization").map { String($0.dropFirst("Bearer ".count)) } ?? ""
        guard state.withLockedValue({ $0.issuedTokens.contains(bearer) }) else {
            return Self.error(status: 401, code: "UNAUTHENTICATED", message: "Request had invalid authentication credentials.", headers: [:])
        }
        guard request.body.readableBytes <= 4096 else {
            return refuse("message over 4096 bytes", Self.error(status: 400, code: "INVALID_ARGUMENT", message: "Message is too big", headers: [:]))
        }
        let received = Received(body: Data(request.body.readableBytesView), arrivedAt: .now)
        if let problem = Self.invalidArgument(received.body) {
            return refuse(problem, Self.error(status: 400, code: "INVALID_ARGUMENT", message: problem, headers: [:]))
        }
        // Scripted answers go by device token, which takes a parse to find.
        let answer = script.hasAnswers ? received.message.flatMap { script.answer(for: $0.token) } : nil
        state.withLockedValue { $0.received.append(received) }
        return answer ?? MockAnswer(status: 200, body: #"{"name":"projects/\#(projectID)/messages/\#(UUID().uuidString)"}"#)
    }

    /// What FCM's HTTP v1 API answers 400 INVALID_ARGUMENT to: a body that
    /// is not a message, a field the API does not know, data values that are
    /// not strings, a token that cannot be one, an Android priority or TTL
    /// out of the API's forms. Nil for a message it accepts.
    public static func invalidArgument(_ body: Data) -> String? {
        guard let envelope = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any], let message = envelope["message"] as? [String: Any] else {
            return "Invalid JSON payload received: no message"
        }
        let unknownTop = Set(envelope.keys).subtracting(["message", "validate_only"])
        if !unknownTop.isEmpty { return "Invalid JSON payload received. Unknown name \(unknownTop.sorted())" }
        let known: Set<String> = ["name", "data", "notification", "android", "webpush", "apns", "fcm_options", "token", "topic", "condition"]
        let unknown = Set(message.keys).subtracting(known)
        if !unknown.isEmpty { return "Invalid JSON payload received. Unknown name \(unknown.sorted()) at 'message'" }
        guard let token = message["token"] as? String, !token.isEmpty else { return "message.token is missing" }
        if !token.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) && $0.isASCII || "-_:".unicodeScalars.contains($0) }) {
            return "The registration token is not a valid FCM registration token"
        }
        if let data = message["data"] {
            guard let data = data as? [String: Any], data.values.allSatisfy({ $0 is String }) else { return "Invalid value at 'message.data': values must be strings" }
        }
        if let android = message["android"] {
            guard let android = android as? [String: Any] else { return "Invalid value at 'message.android'" }
            let unknownAndroid = Set(android.keys).subtracting(["collapse_key", "priority", "ttl", "restricted_package_name", "data", "notification", "fcm_options", "direct_boot_ok"])
            if !unknownAndroid.isEmpty { return "Invalid JSON payload received. Unknown name \(unknownAndroid.sorted()) at 'message.android'" }
            if let priority = android["priority"], !["normal", "high"].contains((priority as? String)?.lowercased() ?? "") {
                return "Invalid value at 'message.android.priority' (\(priority))"
            }
            if let ttl = android["ttl"], (ttl as? String)?.range(of: #"^[0-9]+(\.[0-9]{1,9})?s$"#, options: .regularExpression) == nil {
                return "Invalid value at 'message.android.ttl' (\(ttl)): a duration such as \"3.5s\""
            }
            if let notification = android["notification"] {
                if let problem = androidNotificationProblem(notification) { return problem }
            }
        }
        if let apns = message["apns"] {
            guard let apns = apns as? [String: Any], Set(apns.keys).isSubset(of: ["headers", "payload", "fcm_options", "live_activity_token"]) else {
                return "Invalid value at 'message.apns'"
            }
            if let headers = apns["headers"], !((headers as? [String: Any])?.values.allSatisfy { $0 is String } ?? false) {
                return "Invalid value at 'message.apns.headers': values must be strings"
            }
            if let payload = apns["payload"], !(payload is [String: Any]) { return "Invalid value at 'message.apns.payload'" }
        }
        return nil
    }

    /// `AndroidNotification`: known fields, and its enums spelt as the API spells them.
    static func androidNotificationProblem(_ value: Any) -> String? {
        guard let notification = value as? [String: Any] else { return "Invalid value at 'message.android.notification'" }
        let known: Set<String> = [
            "title", "body", "icon", "color", "sound", "tag", "click_action", "body_loc_key", "body_loc_args", "title_loc_key", "title_loc_args",
            "channel_id", "ticker", "sticky", "event_time", "local_only", "notification_priority", "default_sound", "default_vibrate_timings",
            "default_light_settings", "vibrate_timings", "visibility", "notification_count", "light_settings", "image", "bypass_proxy_notification",
        ]
        let unknown = Set(notification.keys).subtracting(known)
        if !unknown.isEmpty { return "Invalid JSON payload received. Unknown name \(unknown.sorted()) at 'message.android.notification'" }
        let priorities = ["PRIORITY_UNSPECIFIED", "PRIORITY_MIN", "PRIORITY_LOW", "PRIORITY_DEFAULT", "PRIORITY_HIGH", "PRIORITY_MAX"]
        if let priority = notification["notification_priority"], !priorities.contains(priority as? String ?? "") {
            return "Invalid value at 'message.android.notification.notification_priority' (\(priority))"
        }
        if let visibility = notification["visibility"], !["VISIBILITY_UNSPECIFIED", "PRIVATE", "PUBLIC", "SECRET"].contains(visibility as? String ?? "") {
            return "Invalid value at 'message.android.notification.visibility' (\(visibility))"
        }
        return nil
    }

    private func refuse(_ problem: String, _ answer: MockAnswer) -> MockAnswer {
        state.withLockedValue { $0.violations.append(problem) }
        return answer
    }
}

extension MockFCM: MockResponder {}

/// Google's assertion claims, written out here rather than shared with the
/// client: a mock that reused the client's definition could not catch a
/// wrong claim name.
struct AssertionClaims: JWTPayload {
    var iss: IssuerClaim
    var scope: String
    var aud: AudienceClaim
    var iat: IssuedAtClaim
    var exp: ExpirationClaim
    func verify(using algorithm: some JWTAlgorithm) throws {}
}
