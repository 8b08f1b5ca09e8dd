import NIOConcurrencyHelpers

/// Who a worker's claims belong to, as the database sees it: a random key
/// that one of the worker's sessions holds for as long as the worker lives
/// (on PostgreSQL, a session advisory lock on its LISTEN connection). Claims
/// are stamped with the key only while it is held, so another worker that
/// finds the key free may release them at once: their holder is gone.
/// Without a held key (SQLite, or between a lost session and the next)
/// claims are only leased.
public final class ClaimHolder: Sendable {
    private let state: NIOLockedValueBox<(key: Int64, isHeld: Bool)>

    public init(key: Int64 = .random(in: 1...Int64.max)) {
        state = NIOLockedValueBox((key, false))
    }

    /// The key to hold next (the last one held, so a session that comes
    /// back keeps the claims made under it).
    public var key: Int64 { state.withLockedValue { $0.key } }

    /// The key claims are stamped with: nil while no session holds it.
    public var heldKey: Int64? {
        state.withLockedValue { $0.isHeld ? $0.key : nil }
    }

    /// A session holds `key` from now on.
    public func held(_ key: Int64) {
        state.withLockedValue { $0 = (key, true) }
    }

    /// The session holding the key ended (or is about to).
    public func lost() {
        state.withLockedValue { $0.isHeld = false }
    }
}
