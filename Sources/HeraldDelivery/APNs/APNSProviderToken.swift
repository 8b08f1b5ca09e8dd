import Foundation
import HeraldCore
import JWTKit

/// The ES256 provider token APNs wants on every request. Apple refuses a
/// token older than an hour (ExpiredProviderToken) and one renewed more
/// often than every 20 minutes (TooManyProviderTokenUpdates), so one token
/// is shared by all requests and renewed after `refreshAfter`.
public actor APNSProviderToken {

    /// Renew after 50 minutes: inside Apple's 20-to-60 minute window with room for clock skew.
    public static let refreshAfter: TimeInterval = 50 * 60
    /// Never renew a token younger than this, even when APNs complains.
    public static let minimumAge: TimeInterval = 20 * 60

    private let keys = JWTKeyCollection()
    private let keyID: String
    private let teamID: String
    private let clock: WallClock
    private var current: (token: String, issuedAt: Date)?
    private var configured = false
    private let keyPEM: String
    /// Minting in progress, shared by callers that arrive meanwhile (an
    /// actor admits them at the await): two mints would be two renewals.
    private var inFlight: Task<String, any Error>?
    /// How many tokens were minted (for tests and metrics).
    public private(set) var mintedCount = 0

    public init(keyPEM: String, keyID: String, teamID: String, clock: WallClock = .system) {
        self.keyPEM = keyPEM
        self.keyID = keyID
        self.teamID = teamID
        self.clock = clock
    }

    public func token() async throws -> String {
        let now = clock.now()
        if let current, now.timeIntervalSince(current.issuedAt) < Self.refreshAfter {
            return current.token
        }
        if let inFlight { return try await inFlight.value }
        let minting = Task { try await self.mint(at: now) }
        inFlight = minting
        defer { inFlight = nil }
        return try await minting.value
    }

    /// APNs answered ExpiredProviderToken for `token`: renew it, unless it is
    /// younger than the minimum age (then the clocks disagree and a new token
    /// would only add TooManyProviderTokenUpdates).
    public func rejected(_ token: String) {
        guard let current, current.token == token, clock.now().timeIntervalSince(current.issuedAt) >= Self.minimumAge else { return }
        self.current = nil
    }

    private func mint(at now: Date) async throws -> String {
        if !configured {
            await keys.add(ecdsa: try ES256PrivateKey(pem: keyPEM), kid: JWKIdentifier(string: keyID))
            configured = true
        }
        // Whole seconds: jwt-kit writes fractions otherwise, which APNs refuses.
        let issuedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let token = try await keys.sign(ProviderClaims(iss: IssuerClaim(value: teamID), iat: IssuedAtClaim(value: issuedAt)), kid: JWKIdentifier(string: keyID))
        current = (token, issuedAt)
        mintedCount += 1
        return token
    }
}

struct ProviderClaims: JWTPayload {
    var iss: IssuerClaim
    var iat: IssuedAtClaim

    func verify(using algorithm: some JWTAlgorithm) throws {}
}
