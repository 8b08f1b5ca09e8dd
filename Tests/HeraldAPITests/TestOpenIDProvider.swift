import Crypto
import Foundation
import HeraldTestSupport
import Hummingbird
import JWTKit
import NIOConcurrencyHelpers

/// A small OpenID provider over real HTTP on loopback: discovery (for itself
/// and for Keycloak-style realms), a key set it can rotate, a token endpoint
/// that hands out the ID tokens a test set up per code, and userinfo.
final class TestOpenIDProvider: Sendable {
    static let clientID = "herald-app"
    static let clientSecret = "s3cret"

    /// What the token endpoint answers for one authorization code.
    struct Grant: Sendable {
        var claims: IDClaims
        /// PKCE: the verifier the exchange must present (mobile apps), or
        /// the challenge its S256 must match (the browser flow).
        var verifier: String?
        var challenge: String?
        var redirectURI = "eu.ess.notify:/oauth"
        /// Sign with a key the key set does not publish, under a published kid.
        var forged = false
        var userinfoName: String?
        /// The subject userinfo answers with; the ID token's when nil.
        var userinfoSubject: String?
    }

    struct IDClaims: JWTPayload {
        var iss: String
        var aud: [String]
        var exp: Int
        var iat: Int
        var sub: String
        var nonce: String?
        var preferred_username: String?
        var azp: String?
        /// Issue 41's teams: a groups claim, and Keycloak's realm roles.
        var groups: [String]?
        var realm_access: RealmAccess?
        /// Issue 42: an address, and whether the provider verified it.
        var email: String?
        var email_verified: Bool?

        struct RealmAccess: Codable, Sendable {
            var roles: [String]
        }

        func verify(using algorithm: some JWTAlgorithm) throws {}
    }

    private struct State {
        var grants: [String: Grant] = [:]
        var key = ES256PrivateKey()
        var kid = "key-1"
        var exchanges = 0
        /// Its discovery document answers 503 (an outage).
        var discoveryDown = false
    }

    let base: String
    private let state = NIOLockedValueBox(State())
    private let stopper: @Sendable () async throws -> Void

    static func start() async throws -> TestOpenIDProvider {
        let box = NIOLockedValueBox<TestOpenIDProvider?>(nil)
        let router = Router()
        router.get(".well-known/openid-configuration") { _, _ in try box.withLockedValue { $0! }.discovery(issuer: nil) }
        router.get("realms/:realm/.well-known/openid-configuration") { _, context in
            try box.withLockedValue { $0! }.discovery(issuer: "realms/" + (context.parameters.get("realm") ?? ""))
        }
        router.get("jwks") { _, _ in try box.withLockedValue { $0! }.keySet() }
        router.post("token") { request, _ in try await box.withLockedValue { $0! }.token(request) }
        router.get("userinfo") { request, _ in try box.withLockedValue { $0! }.userinfo(request) }
        let (port, stop) = try await LiveServer.start(router: router)
        let provider = TestOpenIDProvider(base: "http://127.0.0.1:\(port)", stop: stop)
        box.withLockedValue { $0 = provider }
        return provider
    }

    private init(base: String, stop: @escaping @Sendable () async throws -> Void) {
        self.base = base
        self.stopper = stop
    }

    func stop() async throws { try await stopper() }

    var discoveryURL: String { base + "/.well-known/openid-configuration" }
    var exchanges: Int { state.withLockedValue { $0.exchanges } }

    /// ID token claims for `name`, valid now, for Herald's client.
    func claims(
        _ name: String?, issuer: String? = nil, audience: String = clientID, expiresIn: Int = 300, nonce: String? = nil, subject: String? = nil,
        audiences: [String]? = nil, azp: String? = nil
    ) -> IDClaims {
        let now = Int(Date().timeIntervalSince1970)
        return IDClaims(
            iss: issuer ?? base, aud: audiences ?? [audience], exp: now + expiresIn, iat: now, sub: subject ?? "sub-\(name?.lowercased() ?? "x")", nonce: nonce,
            preferred_username: name, azp: azp
        )
    }

    func grant(_ code: String, _ grant: Grant) {
        state.withLockedValue { $0.grants[code] = grant }
    }

    /// A new signing key under a new kid; the old one is no longer published.
    func rotateKeys() {
        state.withLockedValue { state in
            state.key = ES256PrivateKey()
            state.kid = "key-\(Int(state.kid.dropFirst(4))! + 1)"
        }
    }

    private func json(_ value: Any) throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: value))))
    }

    /// Whether the discovery document answers 503.
    func setDiscoveryDown(_ down: Bool) { state.withLockedValue { $0.discoveryDown = down } }

    private func discovery(issuer: String?) throws -> Response {
        if state.withLockedValue({ $0.discoveryDown }) { return Response(status: .serviceUnavailable) }
        return try json([
            "issuer": issuer.map { "\(base)/\($0)" } ?? base, "authorization_endpoint": "\(base)/authorize", "token_endpoint": "\(base)/token",
            "userinfo_endpoint": "\(base)/userinfo", "jwks_uri": "\(base)/jwks", "id_token_signing_alg_values_supported": ["ES256"],
        ])
    }

    private func keySet() throws -> Response {
        let (key, kid) = state.withLockedValue { ($0.key, $0.kid) }
        let parameters = key.publicKey.parameters!
        return try json(["keys": [["kty": "EC", "crv": "P-256", "x": parameters.x, "y": parameters.y, "kid": kid, "alg": "ES256", "use": "sig"]]])
    }

    private func token(_ request: Request) async throws -> Response {
        let form = String(buffer: try await request.body.collect(upTo: 16_384))
        var fields: [String: String] = [:]
        for pair in form.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        let grant = state.withLockedValue { state -> Grant? in
            state.exchanges += 1
            return fields["code"].flatMap { state.grants.removeValue(forKey: $0) }
        }
        guard let grant, fields["grant_type"] == "authorization_code", fields["client_id"] == Self.clientID,
              fields["client_secret"] == Self.clientSecret, fields["redirect_uri"] == grant.redirectURI,
              grant.verifier == nil || fields["code_verifier"] == grant.verifier,
              grant.challenge == nil || fields["code_verifier"].map(Self.challenge) == grant.challenge
        else {
            return Response(status: .badRequest, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"error":"invalid_grant"}"#)))
        }
        let (key, kid) = state.withLockedValue { ($0.key, $0.kid) }
        let signer = JWTKeyCollection()
        await signer.add(ecdsa: grant.forged ? ES256PrivateKey() : key, kid: JWKIdentifier(string: kid))
        let idToken = try await signer.sign(grant.claims, kid: JWKIdentifier(string: kid))
        let accessToken = "at-" + (grant.userinfoName ?? "") + "~" + (grant.userinfoSubject ?? grant.claims.sub)
        return try json(["id_token": idToken, "access_token": accessToken, "token_type": "Bearer"])
    }

    private func userinfo(_ request: Request) throws -> Response {
        let bearer = request.headers[.authorization] ?? ""
        let parts = bearer.dropFirst("Bearer at-".count).split(separator: "~", maxSplits: 1, omittingEmptySubsequences: false)
        guard bearer.hasPrefix("Bearer at-"), parts.count == 2, !parts[0].isEmpty else { return Response(status: .unauthorized) }
        return try json(["preferred_username": String(parts[0]), "sub": String(parts[1])])
    }

    /// S256 of a PKCE verifier, as a browser flow's challenge.
    static func challenge(_ verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
