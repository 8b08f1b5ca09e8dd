import Foundation
import HeraldCore
import JWTKit
import NIOConcurrencyHelpers
import Testing

@testable import HeraldDelivery

/// A clock a test moves by hand.
final class TestClock: Sendable {
    private let now = NIOLockedValueBox(Date(timeIntervalSince1970: 1_800_000_000.25))
    var date: Date { now.withLockedValue { $0 } }
    func advance(_ seconds: TimeInterval) { now.withLockedValue { $0 = $0.addingTimeInterval(seconds) } }
    var read: WallClock { WallClock { self.date } }
}

@Suite("APNs provider token")
struct ProviderTokenTests {
    @Test func oneTokenIsSharedAndRenewedBetween20And60Minutes() async throws {
        let key = ES256PrivateKey()
        let clock = TestClock()
        let tokens = APNSProviderToken(keyPEM: key.pemRepresentation, keyID: "KEYID12345", teamID: "TEAMID1234", clock: clock.read)
        let first = try await tokens.token()
        clock.advance(49 * 60)
        #expect(try await tokens.token() == first)
        clock.advance(2 * 60)
        let second = try await tokens.token()
        #expect(second != first)
        #expect(await tokens.mintedCount == 2)

        // Signed with the key, kid in the header, iss the team, iat in whole seconds.
        let verifier = await JWTKeyCollection().add(ecdsa: key.publicKey, kid: JWKIdentifier(string: "KEYID12345"))
        let claims = try await verifier.verify(second, as: ProviderClaims.self)
        #expect(claims.iss.value == "TEAMID1234")
        #expect(claims.iat.value == Date(timeIntervalSince1970: clock.date.timeIntervalSince1970.rounded(.down)))
        let header = try #require(second.split(separator: ".").first)
        var base64 = header.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let fields = try JSONSerialization.jsonObject(with: Data(base64Encoded: base64) ?? Data()) as? [String: String]
        #expect(fields?["alg"] == "ES256" && fields?["kid"] == "KEYID12345")
    }

    @Test func concurrentCallersShareOneMint() async throws {
        let tokens = APNSProviderToken(keyPEM: ES256PrivateKey().pemRepresentation, keyID: "K", teamID: "T", clock: TestClock().read)
        let all = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<50 { group.addTask { try await tokens.token() } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(all.count == 1)
        #expect(await tokens.mintedCount == 1)
    }

    @Test func aRejectedTokenIsRenewedOnlyWhenOldEnough() async throws {
        let clock = TestClock()
        let tokens = APNSProviderToken(keyPEM: ES256PrivateKey().pemRepresentation, keyID: "K", teamID: "T", clock: clock.read)
        let first = try await tokens.token()
        await tokens.rejected(first)
        #expect(try await tokens.token() == first, "younger than 20 minutes: renewing would only earn TooManyProviderTokenUpdates")
        clock.advance(21 * 60)
        await tokens.rejected(first)
        #expect(try await tokens.token() != first)
    }
}
