import HeraldCore
import HeraldIdentity
import Logging

/// A fresh database has nobody who can create services. When there is no
/// admin at start, create `admin` with a random password and say it once.
enum AdminBootstrap {
    static func ensureAdmin(
        store: any AccountStore, cost: UInt8, pool: BlockingPool, clock: WallClock, announce: @Sendable (String) -> Void, logger: Logger
    ) async throws {
        guard try await store.adminCount() == 0 else { return }
        let password = RandomHex.bytes(32).prefix(20)
        let hash = try await PasswordHashing.hash(String(password), cost: cost, on: pool)
        do {
            _ = try await store.createUser(username: "admin", passwordHash: hash, isAdmin: true, origin: .local, at: clock.now())
        } catch StoreError.conflict {
            // Another replica won the race, or `admin` exists without the flag:
            // either way we must not overwrite someone's password.
            logger.warning("no admin account exists and the name 'admin' is taken; create one with `herald user add NAME --admin`")
            return
        }
        announce(String(password))
    }
}
