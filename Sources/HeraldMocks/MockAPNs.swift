import Foundation
import HeraldCore
import JWTKit
import NIOConcurrencyHelpers
import NIOCore
import NIOHPACK
import Synchronization

/// An APNs server on loopback, over TLS and HTTP/2, that checks what Apple
/// checks: the ES256 provider token (signature with the team's public key,
/// kid, iss, iat no older than an hour and not in the future), the topic and push-type headers,
/// the device path and the 4096-byte payload limit. It records each push
/// and answers 200, or what a test scripted for a token. Payloads are
/// parsed when read, not as they arrive: at thousands of pushes a second,
/// parsing them on the spot would take CPU from the Herald being measured.
public final class MockAPNs: Sendable {
    public struct Push: Sendable {
        public var token: String
        var fields: HPACKHeaders
        var body: Data
        public var arrivedAt: ContinuousClock.Instant
        /// Which connection it came on (`MockRequest.connection`).
        public var connection = 0
        /// The JSON payload (empty when it is not a JSON object).
        public var payload: [String: any Sendable] {
            object?.mapValues { SendableJSON($0).value } ?? [:]
        }
        /// What the device would not understand in the payload (read when
        /// the test asks for violations, not as pushes arrive).
        var payloadProblems: [String] {
            headers["apns-push-type"] == "background" ? MockAPNs.backgroundProblems(body) : MockAPNs.payloadProblems(body)
        }
        /// A background push (a withdrawal): shows nothing.
        public var isBackground: Bool { headers["apns-push-type"] == "background" }
        private var object: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        }
        /// The request headers by name (the last value of a repeated one).
        public var headers: [String: String] {
            Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        }
    }

    private struct State {
        var pushes: [Push] = []
        var violations: [String] = []
        var verifiedTokens: [String: Date] = [:]
        var providerTokensSeen = Set<String>()
        /// Tokens answered ExpiredProviderToken whatever their age.
        var expiredTokens = Set<String>()
    }

    public let keyID: String
    public let teamID: String
    public let topic: String
    /// The team's signing key, PEM: what APNS_AUTH_KEY holds.
    public let signingKeyPEM: String
    private let keys = JWTKeyCollection()
    private let state = NIOLockedValueBox(State())
    private let script = MockScript()
    /// Connections and PINGs seen.
    public let transport = MockTransportStats()
    /// Apple's clock, by which tokens are judged, when a test moved it
    /// (`useClock`). Read only then: a closure read from a lock on every
    /// push made the 10^5 fan-out benchmark's mock ten times slower (5 s
    /// became 35 to 58 s).
    private let clock = NIOLockedValueBox<(@Sendable () -> Date)?>(nil)
    private let clockMoved = Atomic<Bool>(false)

    public init(keyID: String = "KEY1234567", teamID: String = "TEAM123456", topic: String = DeliverySettings.APNs.defaultTopic) async throws {
        let key = ES256PrivateKey()
        self.keyID = keyID
        self.teamID = teamID
        self.topic = topic
        self.signingKeyPEM = key.pemRepresentation
        await keys.add(ecdsa: key.publicKey, kid: JWKIdentifier(string: keyID))
    }

    // MARK: What the test sees and scripts

    public var pushes: [Push] { state.withLockedValue { $0.pushes } }
    public var violations: [String] {
        let (recorded, pushes) = state.withLockedValue { ($0.violations, $0.pushes) }
        return recorded + pushes.flatMap(\.payloadProblems)
    }
    public var pushCount: Int { state.withLockedValue { $0.pushes.count } }
    public var lastArrival: ContinuousClock.Instant? { state.withLockedValue { $0.pushes.last?.arrivedAt } }
    /// Distinct provider tokens presented (renewals show up here).
    public var providerTokenCount: Int { state.withLockedValue { $0.providerTokensSeen.count } }

    /// Answer pushes to `token` with an APNs error, e.g. (410, "Unregistered");
    /// a 410 says the token died at `invalidSince` (default: now).
    public func answer(token: String, status: Int, reason: String, headers: [String: String] = [:], invalidSince: Date = Date()) {
        let timestamp = Int64(invalidSince.timeIntervalSince1970 * 1000)
        let body = #"{"reason":"\#(reason)"\#(status == 410 ? #","timestamp":\#(timestamp)"# : "")}"#
        script.set(MockAnswer(status: status, body: body, headers: headers), for: token)
    }

    public func clearAnswers() { script.clearAnswers() }

    /// Answer every provider token seen so far with 403 ExpiredProviderToken
    /// (as APNs does when the two clocks disagree), until a new one comes.
    public func expireProviderTokens() {
        state.withLockedValue { $0.expiredTokens.formUnion($0.providerTokensSeen) }
    }

    public func behave(_ behaviour: MockBehaviour) { script.behave(behaviour) }

    /// Judge provider tokens' age by `now` from here on: a test that moves
    /// Herald's clock moves Apple's with it, as the two agree in production.
    public func useClock(_ now: @escaping @Sendable () -> Date) {
        clock.withLockedValue { $0 = now }
        clockMoved.store(true, ordering: .releasing)
    }

    private var now: Date {
        guard clockMoved.load(ordering: .acquiring), let moved = clock.withLockedValue({ $0 }) else { return Date() }
        return moved()
    }

    /// What arrived: all pushes, and how many distinct device tokens.
    public var stats: (total: Int, distinctTokens: Int) {
        state.withLockedValue { (total: $0.pushes.count, distinctTokens: Set($0.pushes.map(\.token)).count) }
    }

    // MARK: Serving

    /// Every request that reaches a handler came over HTTP/2 (the server
    /// speaks nothing else), so only the APNs rules are checked here.
    func reply(to request: MockRequest) -> MockReply {
        script.apply(to: self.replyNow(to: request))
    }

    private func replyNow(to request: MockRequest) -> MockReply {
        if request.method == "GET" && request.path == "/_stats" {
            let stats = self.stats
            return .answer(MockAnswer(status: 200, body: #"{"total": \#(stats.total), "distinct_tokens": \#(stats.distinctTokens)}"#))
        }
        let prefix = "/3/device/"
        guard request.method == "POST", request.path.hasPrefix(prefix) else {
            return .answer(record(["unexpected \(request.method) \(request.path)"], MockAnswer(status: 404, body: #"{"reason":"BadPath"}"#)))
        }
        let token = String(request.path.dropFirst(prefix.count))
        guard let authorization = request.header("authorization"), authorization.lowercased().hasPrefix("bearer ") else {
            return .answer(record(["no provider token"], MockAnswer(status: 403, body: #"{"reason":"MissingProviderToken"}"#)))
        }
        let jwt = String(authorization.dropFirst("bearer ".count))
        // Verify each distinct token once, as APNs does for a connection.
        if let issuedAt = state.withLockedValue({ $0.verifiedTokens[jwt] }) {
            return .answer(handle(request, token: token, jwt: jwt, issuedAt: issuedAt))
        }
        return .afterChecking {
            do {
                let issuedAt = try await self.verify(jwt)
                return self.handle(request, token: token, jwt: jwt, issuedAt: issuedAt)
            } catch {
                return self.record(["provider token refused: \(error)"], MockAnswer(status: 403, body: #"{"reason":"InvalidProviderToken"}"#))
            }
        }
    }

    func verify(_ jwt: String, now: Date? = nil) async throws -> Date {
        let claims = try await keys.verify(jwt, as: ProviderClaims.self)
        if let problem = Self.providerTokenProblem(issuer: claims.iss.value, issuedAt: claims.iat.value, teamID: teamID, now: now ?? self.now) {
            throw MockRefusal(problem)
        }
        state.withLockedValue {
            $0.verifiedTokens[jwt] = claims.iat.value
            $0.providerTokensSeen.insert(jwt)
        }
        return claims.iat.value
    }

    /// What Apple refuses (403 InvalidProviderToken) in a provider token's
    /// claims whose signature holds: another team, an `iat` with fractions,
    /// or an `iat` in the future (a provider's clock running ahead). Age is
    /// checked per request (ExpiredProviderToken), since a token ages.
    static func providerTokenProblem(issuer: String, issuedAt: Date, teamID: String, now: Date) -> String? {
        if issuer != teamID { return "iss \(issuer)" }
        if issuedAt.timeIntervalSince1970 != issuedAt.timeIntervalSince1970.rounded(.down) { return "iat with fractions" }
        // A second's grace: iat is rounded down to the second, now is not.
        if issuedAt.timeIntervalSince(now) > 1 { return "iat \(Int(issuedAt.timeIntervalSince(now))) s in the future" }
        return nil
    }

    private func handle(_ request: MockRequest, token: String, jwt: String, issuedAt: Date) -> MockAnswer {
        if now.timeIntervalSince(issuedAt) > 3600 || state.withLockedValue({ $0.expiredTokens.contains(jwt) }) {
            return MockAnswer(status: 403, body: #"{"reason":"ExpiredProviderToken"}"#)
        }
        // What Apple answers 400 to (its documented reasons), refused here as
        // there: a client bug must fail the test, not pass with a 200.
        var problems: [String] = []
        let header = request.header
        if token.isEmpty || token.utf8.count % 2 != 0 || !token.utf8.allSatisfy(\.isHexDigit) {
            return refuse("device token is not hex: \(token.prefix(8))", reason: "BadDeviceToken")
        }
        guard let topic = header("apns-topic") else { return refuse("apns-topic missing", reason: "MissingTopic") }
        if topic != self.topic { return refuse("apns-topic \(topic)", reason: "DeviceTokenNotForTopic") }
        guard let pushType = header("apns-push-type"), Self.pushTypes.contains(pushType) else {
            return refuse("apns-push-type \(header("apns-push-type") ?? "missing")", reason: "InvalidPushType")
        }
        if pushType != "alert" && pushType != "background" { problems.append("apns-push-type \(pushType): Herald sends alerts and withdrawals") }
        if let priority = header("apns-priority") {
            guard ["10", "5", "1"].contains(priority) else { return refuse("apns-priority \(priority)", reason: "BadPriority") }
            if priority == "1" { problems.append("apns-priority 1 (Herald sends 10 or 5)") }
            // Apple: a background push must go at priority 5.
            if pushType == "background" && priority != "5" { problems.append("a background push at apns-priority \(priority)") }
        } else {
            problems.append("apns-priority missing")
        }
        guard let expiration = header("apns-expiration"), Int(expiration) != nil else {
            return refuse("apns-expiration \(header("apns-expiration") ?? "missing")", reason: "BadExpirationDate")
        }
        if let collapse = header("apns-collapse-id"), collapse.utf8.count > 64 { return refuse("apns-collapse-id over 64 bytes", reason: "BadCollapseId") }
        if let id = header("apns-id"), UUID(uuidString: id) == nil { return refuse("apns-id \(id)", reason: "BadMessageId") }
        if Set(request.headers.map { $0.name.lowercased() }).count != request.headers.count { return refuse("a header given twice", reason: "DuplicateHeaders") }

        if request.body.readableBytes > 4096 {
            return record(problems, MockAnswer(status: 413, body: #"{"reason":"PayloadTooLarge"}"#))
        }
        guard request.body.readableBytes > 0 else {
            return record(problems + ["empty payload"], MockAnswer(status: 400, body: #"{"reason":"PayloadEmpty"}"#))
        }
        let push = Push(token: token, fields: request.headers, body: Data(request.body.readableBytesView), arrivedAt: .now, connection: request.connection)
        let answer = state.withLockedValue { state -> MockAnswer? in
            state.pushes.append(push)
            state.violations.append(contentsOf: problems)
            return script.answer(for: token)
        }
        return answer ?? MockAnswer(status: 200, headers: ["apns-id": UUID().uuidString])
    }

    /// What the device would not understand in a payload (Apple's "Generating
    /// a remote notification"): APNs passes such payloads on, and the phone
    /// ignores the field or drops the notification, so a test must see it.
    static func payloadProblems(_ body: Data) -> [String] {
        guard let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return ["payload is not a JSON object"] }
        guard let aps = json["aps"] as? [String: Any] else { return ["payload has no aps dictionary"] }
        return apsProblems(aps)
    }

    /// What Apple's "Pushing background updates" requires: `content-available`
    /// 1 in `aps`, and nothing to show (no alert, sound or badge).
    static func backgroundProblems(_ body: Data) -> [String] {
        guard let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return ["payload is not a JSON object"] }
        guard let aps = json["aps"] as? [String: Any] else { return ["background payload has no aps dictionary"] }
        var problems: [String] = []
        if (aps["content-available"] as? NSNumber)?.intValue != 1 { problems.append("a background push without content-available 1") }
        for key in ["alert", "sound", "badge"] where aps[key] != nil { problems.append("a background push with aps.\(key)") }
        return problems
    }

    public static func apsProblems(_ aps: [String: Any]) -> [String] {
        // Numbers arrive as NSNumber from JSONSerialization, as Double
        // through `SendableJSON`.
        func number(_ value: Any?) -> Double? {
            switch value {
            case let number as NSNumber: number.doubleValue
            case let double as Double: double
            case let int as Int: Double(int)
            default: nil
            }
        }
        var problems: [String] = []
        let level = aps["interruption-level"] as? String
        if let value = aps["interruption-level"], !["passive", "active", "time-sensitive", "critical"].contains(level ?? "") {
            problems.append("aps.interruption-level \(value)")
        }
        if let score = aps["relevance-score"], !(number(score).map { (0...1).contains($0) } ?? false) {
            problems.append("aps.relevance-score \(score) (0 to 1)")
        }
        if let thread = aps["thread-id"], !(thread is String) { problems.append("aps.thread-id \(thread) is not a string") }
        switch aps["sound"] {
        case nil, is String: break
        case let sound as [String: Any]:
            let critical = number(sound["critical"])
            if !Set(sound.keys).isSubset(of: ["critical", "name", "volume"]) || !(sound["name"] is String)
                || !(critical.map { $0 == 0 || $0 == 1 } ?? true) || !(number(sound["volume"]).map { (0...1).contains($0) } ?? true) {
                problems.append("aps.sound \(sound) is not a critical-alert sound")
            }
            if critical == 1, level != "critical" { problems.append("a critical sound on a \(level ?? "non-critical") notification") }
        case let other?: problems.append("aps.sound \(other)")
        }
        return problems
    }

    /// The push types APNs knows; anything else is InvalidPushType.
    static let pushTypes: Set<String> = [
        "alert", "background", "location", "voip", "complication", "fileprovider", "mdm", "liveactivity", "pushtotalk", "widgets", "controls",
    ]

    /// A request Apple refuses with 400 and `reason`, recorded as a violation.
    private func refuse(_ problem: String, reason: String) -> MockAnswer {
        record([problem], MockAnswer(status: 400, body: #"{"reason":"\#(reason)"}"#))
    }

    private func record(_ problems: [String], _ answer: MockAnswer) -> MockAnswer {
        state.withLockedValue { $0.violations.append(contentsOf: problems) }
        return answer
    }
}

extension MockAPNs: MockResponder {
    /// APNs lifts its one-stream limit once a provider token is accepted.
    func authenticates(_ request: MockRequest, with answer: MockAnswer) -> Bool {
        answer.status != 403 && request.path.hasPrefix("/3/device/")
    }
}

/// Apple's provider token claims, kept apart from the client's for the same
/// reason as `AssertionClaims`.
struct ProviderClaims: JWTPayload {
    var iss: IssuerClaim
    var iat: IssuedAtClaim
    func verify(using algorithm: some JWTAlgorithm) throws {}
}

struct MockRefusal: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// JSON values made Sendable for the record of what arrived.
struct SendableJSON: @unchecked Sendable {
    let value: any Sendable
    init(_ any: Any) {
        switch any {
        case let string as String: value = string
        case let number as NSNumber: value = number.doubleValue
        case let dictionary as [String: Any]: value = dictionary.mapValues { SendableJSON($0).value }
        case let array as [Any]: value = array.map { SendableJSON($0).value }
        default: value = String(describing: any)
        }
    }
}
