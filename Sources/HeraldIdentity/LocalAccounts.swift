import HeraldCore
import HummingbirdBcrypt
import NIOConcurrencyHelpers

/// Accounts whose bcrypt hash is in Herald's database (made with
/// `herald user add`, or the first admin).
public struct LocalAccounts: PasswordAuthenticator {
    let store: any AccountStore
    let cost: UInt8
    let pool: BlockingPool
    /// Verified against when the user has no password here, so that a wrong
    /// username takes as long to refuse as a wrong password. Made on first
    /// need, not at start: a bcrypt hash at cost 12 takes a quarter second.
    private let decoyHash = NIOLockedValueBox<String?>(nil)

    public init(store: any AccountStore, cost: UInt8, pool: BlockingPool) {
        self.store = store
        self.cost = cost
        self.pool = pool
    }

    public func authenticate(username: String, password: String) async throws -> LoginCheck {
        let stored = try await store.passwordHash(username: username)
        let matches = try await verify(password, against: stored)
        return matches ? .accepted(VerifiedLogin(username: username, origin: .local)) : .refused
    }

    /// Whether `password` is the one `hash` was made from; with no hash, as
    /// slow as a check and false.
    func verify(_ password: String, against hash: String?) async throws -> Bool {
        let checked: String
        if let hash { checked = hash } else { checked = try await decoy() }
        let matches = try await pool.run { Bcrypt.verify(password, hash: checked) }
        return hash != nil && matches
    }

    private func decoy() async throws -> String {
        if let hash = decoyHash.withLockedValue({ $0 }) { return hash }
        let made = try await PasswordHashing.hash(RandomHex.bytes(16), cost: cost, on: pool)
        return decoyHash.withLockedValue { current in
            if let current { return current }
            current = made
            return made
        }
    }
}

public enum PasswordHashing {
    /// bcrypt is deliberately slow: never on an event loop.
    public static func hash(_ password: String, cost: UInt8, on pool: BlockingPool) async throws -> String {
        try await pool.run { Bcrypt.hash(password, cost: cost) }
    }

    /// For command-line tools, which may block their one thread.
    public static func hashBlocking(_ password: String, cost: UInt8) -> String {
        Bcrypt.hash(password, cost: cost)
    }
}
