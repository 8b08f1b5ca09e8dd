import Crypto
import Foundation
import HeraldCore

/// The site's sign-in, in the order that keeps every account working:
/// - the demo account (`demo` with DEMO_ACCOUNT_PASSWORD), as the old server did;
/// - an account with a password kept here (made with `herald user add`, or
///   the first admin) is checked here, so it signs in even while the
///   directory is down;
/// - anyone else is asked of the configured method (directory, URL); with
///   `local`, they are refused (after a decoy check that takes as long).
/// An empty password never gets past the first line.
public struct SiteAuthenticator: PasswordAuthenticator {
    let demo: DemoAccount?
    let external: (any PasswordAuthenticator)?
    let local: LocalAccounts
    let store: any AccountStore

    public init(demo: DemoAccount?, external: (any PasswordAuthenticator)?, local: LocalAccounts, store: any AccountStore) {
        self.demo = demo
        self.external = external
        self.local = local
        self.store = store
    }

    public func authenticate(username: String, password: String) async throws -> LoginCheck {
        guard !password.isEmpty else { return .refused }
        if let demo, username == DemoAccount.username {
            return Self.sameSecret(password, demo.password) ? .accepted(VerifiedLogin(username: username, origin: .demo)) : .refused
        }
        let hash = try await store.passwordHash(username: username)
        guard hash == nil, let external else {
            return try await local.verify(password, against: hash) ? .accepted(VerifiedLogin(username: username, origin: .local)) : .refused
        }
        return try await external.authenticate(username: username, password: password)
    }

    /// Compares digests, so the time taken says nothing about the secret.
    static func sameSecret(_ given: String, _ expected: String) -> Bool {
        SHA256.hash(data: Data(given.utf8)) == SHA256.hash(data: Data(expected.utf8))
    }
}
