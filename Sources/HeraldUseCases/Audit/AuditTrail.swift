import Foundation
import HeraldCore
import Logging

/// Writes the audit log's entries for the use cases (issue 41): each change
/// an admin or an owner makes, each acknowledgement and withdrawal, once,
/// after it is made, with the actor, the values before and after, and the
/// address it came from. An entry the database refuses is logged as lost,
/// never a failure of the change it records (that change is made).
public struct AuditTrail: Sendable {
    let store: any AuditStore
    let clock: WallClock

    public init(store: any AuditStore, clock: WallClock) {
        self.store = store
        self.clock = clock
    }

    /// Who an entry names.
    public struct Who: Sendable, Equatable {
        public var id: UserID?
        public var name: String
        public var address: String?

        public init(id: UserID?, name: String, address: String? = nil) {
            self.id = id
            self.name = name
            self.address = address
        }

        /// Whoever runs `herald` on the server's machine.
        public static let commandLine = Who(id: nil, name: "command line")
        /// A sender, known by its address or one of the service's tokens.
        public static let sender = Who(id: nil, name: "sender")
        /// Herald itself (its own notice service, and who may read it).
        public static let herald = Who(id: nil, name: "herald")
    }

    public func record(
        _ action: AuditAction, by who: Who, service: UUID? = nil, target: String, before: String? = nil, after: String? = nil, logger: Logger
    ) async {
        let record = AuditRecord(
            at: clock.now(), actorID: who.id, actorName: who.name, action: action, serviceID: service, target: target, before: before, after: after,
            address: who.address
        )
        do {
            try await store.appendAudit(record)
        } catch {
            logger.error(
                "audit entry lost: the change was made, its entry could not be written",
                metadata: ["action": "\(action.rawValue)", "target": "\(target)", "by": "\(who.name)", "error": "\(String(reflecting: error))"]
            )
        }
    }

    /// A URL as the log keeps it: without credentials or query (a feed's
    /// `user:pass@` or `?token=` is nobody's to read back).
    public static func redacted(url: String) -> String {
        guard var parts = URLComponents(string: url) else { return "(an unreadable URL)" }
        parts.user = nil
        parts.password = nil
        if parts.query != nil { parts.query = "…" }
        parts.fragment = nil
        return parts.string ?? "(an unreadable URL)"
    }

    /// A value as the log keeps it: JSON with sorted keys.
    public static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}

extension Actor {
    /// The actor as an audit entry names it.
    public var auditWho: AuditTrail.Who { AuditTrail.Who(id: id, name: username, address: address) }
}
