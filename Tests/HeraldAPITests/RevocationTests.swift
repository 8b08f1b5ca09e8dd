import Foundation
import HTTPTypes
import HeraldCore
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import JWTKit
import Testing

@testable import HeraldAPI

/// A token dies when it should: after a password change, "log out
/// everywhere", a deactivation, or when its account is deleted and made again.
@Suite("Revoking access tokens")
struct RevocationTests {
    static func profile(_ app: TestApp, _ token: String) async throws -> HTTPResponse.Status {
        try await app.request(.get, "/api/v2/users/user/profile", token: token).status
    }

    @Test(arguments: Backend.allCases)
    func aPasswordChangeRefusesEarlierTokensAndANewLoginWorksAtOnce(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, token) = try await app.user("ann")
            #expect(try await Self.profile(app, token) == .ok)
            // What `herald user passwd` does.
            #expect(try await app.store.setPasswordHash(username: "ann", hash: TestApp.passwordHash, at: Timestamp.now()))
            let refused = try await app.request(.get, "/api/v2/users/user/profile", token: token)
            #expect(refused.status == .unauthorized && refused.detail == "Could not validate credentials")
            // In the same second as the revocation: the new token counts.
            #expect(try await Self.profile(app, try await app.login("ann")) == .ok)
        }
    }

    @Test(arguments: Backend.allCases)
    func logoutEverywhereRefusesEveryTokenOfTheUserOnly(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, phone) = try await app.user("ann")
            let browser = try await app.login("ann")
            let (_, other) = try await app.user("bob")
            #expect(try await app.request(.post, "/api/v2/users/user/logout-everywhere", token: phone).status == .noContent)
            #expect(try await Self.profile(app, phone) == .unauthorized)
            #expect(try await Self.profile(app, browser) == .unauthorized)
            #expect(try await Self.profile(app, other) == .ok)
            #expect(try await Self.profile(app, try await app.login("ann")) == .ok)
            #expect(try await app.request(.post, "/api/v1/users/user/logout-everywhere", token: other).status == .notFound, "v2 only")
        }
    }

    @Test(arguments: Backend.allCases)
    func anAdminRevokesByHandOrByDeactivating(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (_, admin) = try await app.user("root", admin: true)
            let (ann, annToken) = try await app.user("ann")
            let (bob, bobToken) = try await app.user("bob")
            #expect(try await app.request(.post, "/api/v2/users/\(ann.id)/logout-everywhere", token: admin).status == .noContent)
            #expect(try await Self.profile(app, annToken) == .unauthorized)
            #expect(try await app.request(.post, "/api/v2/users/999999/logout-everywhere", token: admin).status == .notFound)
            #expect(try await app.request(.post, "/api/v2/users/\(bob.id)/logout-everywhere", token: annToken).status == .unauthorized)

            #expect(try await app.request(.patch, "/api/v2/users/\(bob.id)", token: admin, json: ["is_active": false]).json(["is_active"]) as? Bool == false)
            #expect(try await app.request(.patch, "/api/v2/users/\(bob.id)", token: admin, json: ["is_active": true]).json(["is_active"]) as? Bool == true)
            #expect(try await Self.profile(app, bobToken) == .unauthorized, "a deactivation's revocation outlives the reactivation")
        }
    }

    @Test(arguments: Backend.allCases)
    func aRecreatedAccountRefusesTheOldAccountsTokens(_ backend: Backend) async throws {
        try await TestApp.run(backend) { app in
            let (ann, old) = try await app.user("ann")
            #expect(try await app.store.deleteUser(id: ann.id))
            try await app.createUser("ann")
            #expect(try await Self.profile(app, old) == .unauthorized)
            #expect(try await Self.profile(app, try await app.login("ann")) == .ok)
        }
    }

    /// Tokens minted the old server's way carry only `sub` and `exp`: they
    /// count for an account until its first revocation, whether it was
    /// brought over (generation 0) or made here (from 1), as sites that
    /// mint them for scripts expect (issue 23: they were refused for
    /// accounts Herald made).
    @Test func tokensWithoutIdOrGenerationCountOnlyForNeverRevokedAccounts() {
        let legacy = AccessTokens.Verified(username: "ann", userID: nil, generation: nil)
        let carried = User(id: 7, username: "ann", isActive: true, isAdmin: false, tokenGeneration: 0)
        #expect(legacy.isValid(for: carried))
        #expect(legacy.isValid(for: User(id: 8, username: "ann", isActive: true, isAdmin: false, tokenGeneration: 1)), "made here, never revoked")
        var revoked = carried
        revoked.tokenGeneration = 1
        revoked.tokensRevokedAt = Date()
        #expect(!legacy.isValid(for: revoked))
        #expect(AccessTokens.Verified(username: "ann", userID: 7, generation: 1).isValid(for: revoked))
        #expect(!AccessTokens.Verified(username: "ann", userID: 7, generation: 0).isValid(for: revoked))
        #expect(!AccessTokens.Verified(username: "ann", userID: 8, generation: 0).isValid(for: carried))
    }
}
