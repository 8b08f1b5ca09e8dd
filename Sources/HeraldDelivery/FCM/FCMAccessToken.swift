import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOutbound
import JWTKit
import NIOCore
import NIOHTTP1

/// The fields of a Google service account file that the OAuth flow needs.
public struct ServiceAccount: Decodable, Sendable {
    public var client_email: String
    public var private_key: String
    public var private_key_id: String?
    public var token_uri: String
    public var project_id: String?
}

/// An OAuth2 access token for FCM from a service account: a JWT assertion
/// signed RS256 with the account's key is exchanged at `token_uri`, and the
/// answer is reused until shortly before it expires.
public actor FCMAccessToken {
    static let scope = "https://www.googleapis.com/auth/firebase.messaging"
    /// Renew this long before Google's expiry, so no request carries a token
    /// that dies in flight.
    static let renewalMargin: TimeInterval = 300

    private let account: ServiceAccount
    private let http: OutboundHTTP
    private let clock: WallClock
    private let keys = JWTKeyCollection()
    private var configured = false
    private var current: (token: String, expiresAt: Date)?
    /// The fetch in progress: an actor lets other callers in while one
    /// awaits, and they must share its answer, not start fetches of their own.
    private var inFlight: Task<String, any Error>?
    public private(set) var fetchedCount = 0

    public init(account: ServiceAccount, http: OutboundHTTP, clock: WallClock = .system) {
        self.account = account
        self.http = http
        self.clock = clock
    }

    public func token() async throws -> String {
        if let current, clock.now() < current.expiresAt.addingTimeInterval(-Self.renewalMargin) {
            return current.token
        }
        if let inFlight { return try await inFlight.value }
        let fetch = Task { try await self.fetch() }
        inFlight = fetch
        defer { inFlight = nil }
        return try await fetch.value
    }

    /// FCM refused `token` (401): the next send fetches a new one.
    public func rejected(_ token: String) {
        if current?.token == token { current = nil }
    }

    private func fetch() async throws -> String {
        if !configured {
            await keys.add(rsa: try Insecure.RSA.PrivateKey(pem: account.private_key), digestAlgorithm: .sha256, kid: account.private_key_id.map { JWKIdentifier(string: $0) })
            configured = true
        }
        let now = clock.now()
        let issuedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let assertion = try await keys.sign(
            AssertionClaims(
                iss: IssuerClaim(value: account.client_email), scope: Self.scope, aud: AudienceClaim(value: account.token_uri),
                iat: IssuedAtClaim(value: issuedAt), exp: ExpirationClaim(value: issuedAt.addingTimeInterval(3600))
            )
        )
        var request = HTTPClientRequest(url: account.token_uri)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=\(assertion)"))
        let response = try await http.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 64 * 1024)
        guard response.status == .ok else {
            throw FCMAuthError(status: Int(response.status.code), body: String(buffer: body))
        }
        let answer = try JSONDecoder().decode(TokenAnswer.self, from: Data(body.readableBytesView))
        current = (answer.access_token, issuedAt.addingTimeInterval(TimeInterval(answer.expires_in ?? 3600)))
        fetchedCount += 1
        return answer.access_token
    }

    private struct TokenAnswer: Decodable {
        var access_token: String
        var expires_in: Int?
    }
}

public struct FCMAuthError: Error, CustomStringConvertible {
    public var status: Int
    public var body: String
    public var description: String { "the OAuth token endpoint answered \(status): \(body.prefix(200))" }
}

struct AssertionClaims: JWTPayload {
    var iss: IssuerClaim
    var scope: String
    var aud: AudienceClaim
    var iat: IssuedAtClaim
    var exp: ExpirationClaim

    func verify(using algorithm: some JWTAlgorithm) throws {}
}
