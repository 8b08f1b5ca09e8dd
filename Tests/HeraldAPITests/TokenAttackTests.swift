import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import HummingbirdTesting
import JWTKit
import Testing
import _CryptoExtras

/// Bearer tokens made by someone who does not hold the signing key: each is
/// refused with 401 and the old server's words, whatever algorithm Herald
/// signs with.
@Suite("Forged access tokens")
struct TokenAttackTests {
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func json(_ object: [String: Any]) throws -> Data { try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) }

    /// `{"alg":"none"}`: a token with no signature at all.
    static func unsigned(sub: String) throws -> String {
        let header = base64URL(try json(["alg": "none", "typ": "JWT"]))
        let payload = base64URL(try json(["sub": sub, "exp": Int(Date().timeIntervalSince1970) + 600]))
        return "\(header).\(payload)."
    }

    /// HS256 with the server's *public* key as the HMAC secret: the classic
    /// algorithm confusion against RS256/ES256 servers.
    static func confused(sub: String, publicKeyPEM: String) async throws -> String {
        let keys = await JWTKeyCollection().add(hmac: HMACKey(from: publicKeyPEM), digestAlgorithm: .sha256)
        return try await keys.sign(Claims(sub: sub, exp: Date().addingTimeInterval(600)))
    }

    /// The profile as `bearer` sees it: "status detail".
    static func profile(_ app: TestApp, _ bearer: String) async throws -> String {
        let response = try await app.request(.get, "/api/v2/users/user/profile", token: bearer)
        return "\(response.status.code) \(response.detail ?? "")"
    }

    @Test func unsignedAndSubjectlessTokensAreRefused() async throws {
        try await TestApp.run(.sqlite) { app in
            let (_, good) = try await app.user("bob")
            #expect(try await Self.profile(app, good) == "200 ")
            let keys = await JWTKeyCollection().add(hmac: HMACKey(from: TestApp.secret), digestAlgorithm: .sha256)
            struct NoSubject: JWTPayload {
                var exp: ExpirationClaim
                func verify(using algorithm: some JWTAlgorithm) throws {}
            }
            let noSubject = try await keys.sign(NoSubject(exp: ExpirationClaim(value: Date().addingTimeInterval(600))))
            let emptySubject = try await keys.sign(Claims(sub: "", exp: Date().addingTimeInterval(600)))
            // The genuine token with its signature cut off, and with bob's name swapped in by hand.
            let parts = good.split(separator: ".").map(String.init)
            var claims = try #require(try JSONSerialization.jsonObject(with: Data(base64URL: parts[1])) as? [String: Any])
            claims["sub"] = "admin"
            let tampered = "\(parts[0]).\(Self.base64URL(try Self.json(claims))).\(parts[2])"

            #expect(try await Self.profile(app, try Self.unsigned(sub: "bob")) == "401 Could not validate credentials")
            #expect(try await Self.profile(app, "\(parts[0]).\(parts[1]).") == "401 Could not validate credentials")
            #expect(try await Self.profile(app, tampered) == "401 Could not validate credentials")
            #expect(try await Self.profile(app, noSubject) == "401 Missing subject claim in JWT")
            #expect(try await Self.profile(app, emptySubject) == "401 Missing subject claim in JWT")
        }
    }

    @Test func anHMACTokenKeyedWithTheES256PublicKeyIsRefused() async throws {
        let key = ES256PrivateKey()
        try await TestApp.run(.sqlite, configure: { $0.jwtAlgorithm = .es256; $0.jwtPrivateKeyPEM = key.pemRepresentation }) { app in
            let (_, good) = try await app.user("carol")
            #expect(try await Self.profile(app, good) == "200 ")
            let forged = try await Self.confused(sub: "carol", publicKeyPEM: key.publicKey.pemRepresentation)
            #expect(try await Self.profile(app, forged) == "401 Could not validate credentials")
            #expect(try await Self.profile(app, try Self.unsigned(sub: "carol")) == "401 Could not validate credentials")
        }
    }

    @Test func rs256SignsAndAnHMACTokenKeyedWithItsPublicKeyIsRefused() async throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        try await TestApp.run(.sqlite, configure: { $0.jwtAlgorithm = .rs256; $0.jwtPrivateKeyPEM = key.pemRepresentation }) { app in
            let (_, good) = try await app.user("dave")
            let header = try JSONSerialization.jsonObject(with: Data(base64URL: String(good.split(separator: ".")[0]))) as? [String: Any]
            #expect(header?["alg"] as? String == "RS256")
            #expect(try await Self.profile(app, good) == "200 ")
            let forged = try await Self.confused(sub: "dave", publicKeyPEM: key.publicKey.pemRepresentation)
            #expect(try await Self.profile(app, forged) == "401 Could not validate credentials")
        }
    }

    /// Without SECRET_KEY, HS256 uses a key generated once and kept in the
    /// database: 32 random bytes, not a guessable default, and the same for
    /// every replica (a second application on the same database accepts
    /// the first one's tokens).
    @Test(arguments: Backend.allCases)
    func theGeneratedSecretIsRandomKeptAndShared(_ backend: Backend) async throws {
        try await TestDatabase.withFreshDatabase(backend) { location in
            let noSecret: @Sendable (inout HeraldConfig) -> Void = { $0.secretKey = nil }
            let token = try await TestApp.run(location: location, configure: noSecret) { app in
                _ = try await app.createUser("erin")
                let stored = try await app.store.sharedSetting("jwt_secret", ifAbsent: "unused")
                #expect(stored.count == 64 && stored.allSatisfy(\.isHexDigit))
                for guess in [String(repeating: "0", count: 64), "changeme-changeme-changeme-changeme", TestApp.secret] {
                    let keys = await JWTKeyCollection().add(hmac: HMACKey(from: guess), digestAlgorithm: .sha256)
                    let forged = try await keys.sign(Claims(sub: "erin", exp: Date().addingTimeInterval(600)))
                    #expect(try await Self.profile(app, forged) == "401 Could not validate credentials", "\(guess)")
                }
                return try await app.login("erin")
            }
            try await TestApp.run(location: location, configure: noSecret) { replica async throws in
                #expect(try await Self.profile(replica, token) == "200 ")
            }
        }
    }
}
