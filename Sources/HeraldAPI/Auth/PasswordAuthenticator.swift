import HeraldCore
import HummingbirdBcrypt
import NIOPosix

/// Checks a username and password. Local accounts are the first
/// implementation; LDAP and URL authenticators plug in here later.
public protocol PasswordAuthenticator: Sendable {
    /// True when the credentials are good. A user accepted here who is not
    /// in the database yet is created at login (external directories).
    func authenticate(username: String, password: String) async throws -> Bool
}

/// Accounts whose bcrypt hash is in Herald's database.
public struct LocalAccountAuthenticator: PasswordAuthenticator {
    let store: any HeraldStore
    /// Verified against when the user does not exist, so that a wrong
    /// username takes as long to refuse as a wrong password.
    private let decoyHash: String

    public init(store: any HeraldStore, cost: UInt8) {
        self.store = store
        self.decoyHash = Bcrypt.hash(String(UInt64.random(in: .min ... .max)), cost: cost)
    }

    public func authenticate(username: String, password: String) async throws -> Bool {
        let stored = try await store.passwordHash(username: username)
        let hash = stored ?? decoyHash
        // bcrypt is deliberately slow: keep it off the event loops.
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
        return stored != nil && matches
    }
}

public enum PasswordHashing {
    public static func hash(_ password: String, cost: UInt8) async throws -> String {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }
}
