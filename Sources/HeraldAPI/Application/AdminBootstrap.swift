import HeraldCore
import Logging

/// A fresh database has nobody who can create services. When there is no
/// admin at start, create `admin` with a random password and say it once.
public enum AdminBootstrap {
    public static func ensureAdmin(store: any HeraldStore, cost: UInt8, announce: @Sendable (String) -> Void, logger: Logger) async throws {
        guard try await store.adminCount() == 0 else { return }
        let password = randomSecret().prefix(20)
        let hash = try await PasswordHashing.hash(String(password), cost: cost)
        do {
            _ = try await store.createUser(username: "admin", passwordHash: hash, isAdmin: true)
        } catch StoreError.conflict {
            // Another replica won the race, or `admin` exists without the flag:
            // either way we must not overwrite someone's password.
            logger.warning("no admin account exists and the name 'admin' is taken; create one with `herald user add NAME --admin`")
            return
        }
        announce(String(password))
    }
}
