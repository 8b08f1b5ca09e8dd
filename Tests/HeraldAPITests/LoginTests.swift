import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import JWTKit
import NIOCore
import Testing

@Suite("Login and bearer tokens")
struct LoginTests {
    @Test(arguments: Backend.allCases)
    func formAndJSONLoginsReturnABearerToken(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            try await app.createUser("alice")
            let form = try await app.request(
                .post, "/api/v2/login", rawBody: "username=Alice&password=correct+horse+battery",
                headers: [.contentType: "application/x-www-form-urlencoded"]
            )
            #expect(form.status == .ok)
            #expect(try form.json(["token_type"]) as? String == "bearer")
            let token = try #require(try form.json(["access_token"]) as? String)

            let json = try await app.request(.post, "/api/v1/login", json: ["username": "alice", "password": TestApp.password])
            #expect(json.status == .ok)
            let latest = try #require(try json.json(["access_token"]) as? String)

            // Both tokens work; the latest login's whole-second expiry is what push checks.
            #expect(try await app.profileName(token) == "alice")
            #expect(try await app.profileName(latest) == "alice")
            let payload = try JSONSerialization.jsonObject(with: Data(base64URL: String(latest.split(separator: ".")[1]))) as? [String: Any]
            let exp = try #require(payload?["exp"] as? NSNumber)
            #expect(exp.doubleValue == exp.doubleValue.rounded(.down))
            #expect(payload?["sub"] as? String == "alice")
            let expiry = try #require(try await app.store.user(named: "alice")?.loginExpiresAt)
            #expect(expiry.timeIntervalSince1970 == exp.doubleValue)
            #expect(abs(exp.doubleValue - Date().timeIntervalSince1970 - 43200 * 60) < 60)
        }
    }

    @Test(arguments: Backend.allCases)
    func badCredentialsAreRefusedAlike(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            try await app.createUser("alice")
            for (name, password) in [("alice", "wrong password"), ("nobody", TestApp.password)] {
                let response = try await app.request(.post, "/api/v2/login", json: ["username": name, "password": password])
                #expect(response.status == .unauthorized)
                #expect(response.detail == "Incorrect username or password")
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func missingLoginFieldsAreNamed(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let response = try await app.request(.post, "/api/v2/login", rawBody: "username=alice", headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(response.status == .unprocessableContent)
            let detail = try #require(try response.json(["detail"]) as? [[String: Any]])
            #expect(detail.first?["loc"] as? [String] == ["body", "password"])
            #expect(detail.first?["type"] as? String == "missing")
        }
    }

    @Test(arguments: Backend.allCases)
    func tokenProblemsGetTheOldServersAnswers(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, token) = try await app.user("bob")
            let keys = await JWTKeyCollection().add(hmac: HMACKey(from: TestApp.secret), digestAlgorithm: .sha256)
            let otherKeys = await JWTKeyCollection().add(hmac: HMACKey(from: String(repeating: "x", count: 40)), digestAlgorithm: .sha256)
            let expired = try await keys.sign(Claims(sub: "bob", exp: Date().addingTimeInterval(-60)))
            let forged = try await otherKeys.sign(Claims(sub: "bob", exp: Date().addingTimeInterval(600)))
            let ghost = try await keys.sign(Claims(sub: "ghost", exp: Date().addingTimeInterval(600)))

            let cases: [(String?, HTTPResponse.Status, String)] = [
                (nil, .unauthorized, "Not authenticated"),
                ("not-a-jwt", .unauthorized, "Could not validate credentials"),
                (forged, .unauthorized, "Could not validate credentials"),
                (expired, .unauthorized, "Token has expired"),
                (ghost, .unauthorized, "Unknown user ghost"),
            ]
            for (bearer, status, detail) in cases {
                let response = try await app.request(.get, "/api/v2/users/user/profile", token: bearer)
                #expect(response.status == status, "\(detail)")
                #expect(response.detail == detail)
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
            }

            let bob = try #require(try await app.store.user(named: "bob"))
            _ = try await app.store.updateUser(id: bob.id, UserPatch(isActive: false))
            let inactive = try await app.request(.get, "/api/v2/users/user/profile", token: token)
            #expect(inactive.status == .forbidden)
            #expect(inactive.detail == "Inactive user")

            _ = try await app.store.updateUser(id: bob.id, UserPatch(isActive: true))
            let notAdmin = try await app.request(.get, "/api/v2/users/", token: token)
            #expect(notAdmin.status == .forbidden)
            #expect(notAdmin.detail == "The user doesn't have enough privileges")
        }
    }

    @Test func aShortSecretKeyIsRefusedAtStart() throws {
        #expect(throws: ConfigurationError.self) {
            try HeraldConfig(environment: ["SECRET_KEY": "too-short"])
        }
        let config = try HeraldConfig(environment: ["SECRET_KEY": String(repeating: "k", count: 32)])
        #expect(config.secretKey?.count == 32)
    }

    @Test func anES256KeySignsTokensWhenConfigured() async throws {
        let pem = ES256PrivateKey().pemRepresentation
        try await TestApp.run(.sqlite, configure: { config in
            config.jwtAlgorithm = .es256
            config.jwtPrivateKeyPEM = pem
        }) { app in
            let (_, token) = try await app.user("carol")
            let header = try JSONSerialization.jsonObject(with: Data(base64URL: String(token.split(separator: ".")[0]))) as? [String: Any]
            #expect(header?["alg"] as? String == "ES256")
            #expect(try await app.profileName(token) == "carol")
        }
    }
}

struct Claims: JWTPayload {
    var sub: SubjectClaim
    var exp: ExpirationClaim

    init(sub: String, exp: Date) {
        self.sub = SubjectClaim(value: sub)
        self.exp = ExpirationClaim(value: exp)
    }

    func verify(using algorithm: some JWTAlgorithm) throws {}
}

extension Data {
    init(base64URL text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self = Data(base64Encoded: base64) ?? Data()
    }
}
