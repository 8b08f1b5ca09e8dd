import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import JWTKit
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// One OpenID provider (a Keycloak realm, say): its discovery document and
/// signing keys, fetched on first need and kept. When a token names a key
/// not in hand (the provider rotated its keys), the key set is fetched again,
/// at most once per `keyRefreshInterval`, so tokens with made-up `kid`s
/// cannot make us hammer the provider.
public actor OIDCProvider {
    public struct Configuration: Decodable, Sendable {
        public var issuer: String
        public var authorization_endpoint: String
        public var token_endpoint: String
        public var userinfo_endpoint: String?
        public var jwks_uri: String
    }

    public let discoveryURL: String
    let http: OutboundHTTP
    let clock: WallClock
    let keyRefreshInterval: TimeInterval
    private var configuration: Configuration?
    private var keys: JWTKeyCollection?
    /// The `kid`s of the keys in hand: jwt-kit would try its default key
    /// for an unknown one rather than say so.
    private var knownKIDs: Set<String> = []
    /// When keys were last fetched again for an unknown `kid`.
    private var lastRefresh: Date?

    public init(discoveryURL: String, http: OutboundHTTP, clock: WallClock, keyRefreshInterval: TimeInterval = 10) {
        self.discoveryURL = discoveryURL
        self.http = http
        self.clock = clock
        self.keyRefreshInterval = keyRefreshInterval
    }

    /// The discovery document (a failed fetch is tried again next time).
    public func discovered() async throws(OIDCFailure) -> Configuration {
        if let configuration { return configuration }
        let fetched = try await OIDCHTTP.getJSON(discoveryURL, as: Configuration.self, http: http)
        configuration = fetched
        return fetched
    }

    /// The issuer, if the document was fetched already (never fetches).
    public var knownIssuer: String? { configuration?.issuer }

    /// The token's claims once its signature, issuer, audience, expiry and
    /// (when given) nonce check out.
    public func verify(idToken: String, clientID: String, nonce: String?) async throws(OIDCFailure) -> IDToken {
        let configuration = try await discovered()
        var collection = try await signingKeys(refresh: false)
        let kid = Self.headerKID(of: idToken)
        if let kid, !knownKIDs.contains(kid) {
            // The provider may have rotated its keys since we fetched them.
            collection = (try? await signingKeys(refresh: true)) ?? collection
            guard knownKIDs.contains(kid) else { throw .refused("the ID token names an unknown key") }
        }
        let token: IDTokenClaims
        do {
            token = try await collection.verify(idToken, as: IDTokenClaims.self, expectedAudience: clientID, iteratingKeys: kid == nil)
        } catch {
            // jwt-kit's words stay in the log: the client learns only that it failed.
            throw .refused("the ID token does not verify", detail: "\(error)")
        }
        guard token.iss.value == configuration.issuer else { throw .refused("the ID token is from another issuer") }
        // OpenID Connect Core 3.1.3.7: a token for several audiences names
        // the party it was issued to, which must be us; one that names a
        // party must name us.
        if token.aud.value.count > 1 || token.azp != nil {
            guard token.azp == clientID else { throw .refused("the ID token was issued to another client (azp)") }
        }
        do { try token.exp.verifyNotExpired(currentDate: clock.now()) } catch { throw .refused("the ID token has expired") }
        if let nonce, token.nonce != nonce { throw .refused("the ID token's nonce does not match") }
        return IDToken(issuer: configuration.issuer, subject: token.sub.value, claims: Self.claims(of: idToken), payload: Self.payload(of: idToken))
    }

    private func signingKeys(refresh: Bool) async throws(OIDCFailure) -> JWTKeyCollection {
        let now = clock.now()
        if let keys, !refresh || (lastRefresh.map { now.timeIntervalSince($0) < keyRefreshInterval } ?? false) { return keys }
        if refresh { lastRefresh = now }
        let configuration = try await discovered()
        let jwks = try await OIDCHTTP.getJSON(configuration.jwks_uri, as: JWKS.self, http: http)
        let collection = JWTKeyCollection()
        var kids: Set<String> = []
        for key in jwks.keys {
            // A key of a kind jwt-kit does not know (encryption keys) is skipped.
            guard (try? await collection.add(jwk: key)) != nil, let kid = key.keyIdentifier?.string else { continue }
            kids.insert(kid)
        }
        keys = collection
        knownKIDs = kids
        return collection
    }

    /// The `kid` in a token's header, if it names one.
    static func headerKID(of token: String) -> String? {
        guard let header = token.split(separator: ".").first, let data = Data(base64URLEncoded: String(header)),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["kid"] as? String
    }

    /// The verified token's payload, as the provider wrote it.
    private static func payload(of token: String) -> Data {
        let parts = token.split(separator: ".")
        guard parts.count == 3 else { return Data() }
        return Data(base64URLEncoded: String(parts[1])) ?? Data()
    }

    /// The verified token's payload as JSON, for the configured name claim.
    private static func claims(of token: String) -> [String: String] {
        let parts = token.split(separator: ".")
        guard parts.count == 3, let data = Data(base64URLEncoded: String(parts[1])),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        return object.compactMapValues { $0 as? String }
    }
}

/// What an ID token says, once verified.
public struct IDToken: Sendable {
    public var issuer: String
    public var subject: String
    /// Its string claims (preferred_username, email, ...).
    public var claims: [String: String]
    /// The whole payload (JSON), for claims that are not strings.
    public var payload: Data = Data()

    /// The `email` claim when `email_verified` is true (OpenID Connect Core
    /// 5.1: a boolean; some providers send the string "true"); nil else.
    public var verifiedEmail: String? {
        guard let email = claims["email"], !email.isEmpty,
              let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any]
        else { return nil }
        switch object["email_verified"] {
        case let flag as Bool: return flag ? email : nil
        case let text as String: return text == "true" ? email : nil
        default: return nil
        }
    }

    /// The strings at a claim's dotted path (`groups`, Keycloak's
    /// `realm_access.roles`): an array's strings, or a lone string; nil
    /// when the token has no such claim.
    public func strings(atPath path: String) -> [String]? {
        guard var value = try? JSONSerialization.jsonObject(with: payload) else { return nil }
        for key in path.split(separator: ".") {
            guard let object = value as? [String: Any], let next = object[String(key)] else { return nil }
            value = next
        }
        if let text = value as? String { return [text] }
        if let list = value as? [Any] { return list.compactMap { $0 as? String } }
        return nil
    }
}

/// The standard claims of an ID token. Expiry, issuer and nonce are checked
/// after verification, with Herald's clock.
struct IDTokenClaims: JWTIdentityToken {
    var iss: IssuerClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var sub: SubjectClaim
    var nonce: String?
    /// The authorized party: the client the token was issued to.
    var azp: String?

    var audience: AudienceClaim { aud }

    func verify(using algorithm: some JWTAlgorithm) throws {}
}

/// Why an OpenID Connect sign-in failed: refused (401) or the provider is
/// out of reach (503). The reason is what the client is told; the detail
/// (a library's error text, what the provider answered) only reaches the log.
public enum OIDCFailure: Error, CustomStringConvertible {
    case refused(String, detail: String? = nil)
    case unavailable(String)

    public var description: String {
        switch self {
        case .refused(let reason, let detail): reason + (detail.map { " (\($0))" } ?? "")
        case .unavailable(let reason): reason
        }
    }
}

enum OIDCHTTP {
    static let timeout: TimeAmount = .seconds(10)

    static func getJSON<T: Decodable>(_ url: String, as type: T.Type, http: OutboundHTTP) async throws(OIDCFailure) -> T {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        return try await send(request, as: type, http: http)
    }

    /// A form POST (the token endpoint).
    static func postForm<T: Decodable>(_ url: String, _ fields: [(String, String)], as type: T.Type, http: OutboundHTTP) async throws(OIDCFailure) -> T {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        request.body = .bytes(ByteBuffer(string: formEncoded(fields)))
        return try await send(request, as: type, http: http)
    }

    static func send<T: Decodable>(_ request: HTTPClientRequest, as type: T.Type, http: OutboundHTTP) async throws(OIDCFailure) -> T {
        let response: HTTPClientResponse
        let body: ByteBuffer
        do {
            response = try await http.execute(request, timeout: timeout)
            body = try await response.body.collect(upTo: 1 << 20)
        } catch let refusal as OutboundRefusal where refusal.isRefusal {
            // An endpoint the provider's document names inside the network.
            throw .refused("the provider names an endpoint Herald does not ask", detail: "\(refusal)")
        } catch {
            throw .unavailable("the provider did not answer \(request.url): \(error)")
        }
        switch response.status.code {
        case 200..<300: break
        case 500...: throw .unavailable("the provider answered \(response.status.code) at \(request.url)")
        default: throw .refused("the provider refused at \(request.url) (\(response.status.code))")
        }
        do {
            return try JSONDecoder().decode(type, from: Data(buffer: body))
        } catch {
            throw .unavailable("the provider's answer at \(request.url) is not what OpenID Connect says: \(error)")
        }
    }

    static func formEncoded(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.map { "\($0.0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
            .joined(separator: "&")
    }
}

extension Data {
    /// Base64url without padding, as JWTs write their parts.
    init?(base64URLEncoded text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}
