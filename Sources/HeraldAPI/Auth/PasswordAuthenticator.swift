import HeraldCore
import HummingbirdBcrypt
import NIOConcurrencyHelpers
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
    let cost: UInt8
    /// Verified against when the user does not exist, so that a wrong
    /// username takes as long to refuse as a wrong password. Made on first
    /// need, not at start: a bcrypt hash at cost 12 takes a quarter second.
    private let decoyHash = NIOLockedValueBox<String?>(nil)

    public init(store: any HeraldStore, cost: UInt8) {
        self.store = store
        self.cost = cost
    }

    public func authenticate(username: String, password: String) async throws -> Bool {
        let stored = try await store.passwordHash(username: username)
        let hash: String
        if let stored { hash = stored } else { hash = try await decoy() }
        // bcrypt is deliberately slow: keep it off the event loops.
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
        return stored != nil && matches
    }

    private func decoy() async throws -> String {
        if let hash = decoyHash.withLockedValue({ $0 }) { return hash }
        let made = try await PasswordHashing.hash(RandomHex.bytes(16), cost: cost)
        return decoyHash.withLockedValue { current in
            if let current { return current }
            current = made
            return made
        }
    }
}

public enum PasswordHashing {
    public static func hash(_ password: String, cost: UInt8) async throws -> String {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }
}
