import Foundation
import HeraldCore

/// What the audit log shows whom (issue 41): admins every entry; a
/// service's owners that service's entries (never site-wide ones, never
/// another service's); nobody else any. The API, the page and the export
/// read through here.
public struct AuditLog: Sendable {
    public static let maxPage = 500

    let store: any AuditStore

    public init(store: any AuditStore) {
        self.store = store
    }

    /// A page of entries, newest first, narrowed to what the actor may read.
    public func entries(_ query: AuditQuery, for actor: Actor) async throws -> [AuditEntry] {
        try actor.must(.readAudit)
        if let name = query.actorName, let problem = TextRules.problem(name, maxLength: 256, allowEmpty: false) {
            throw UseCaseError.invalid(field: "actor", problem.message)
        }
        var scoped = query
        scoped.limit = min(max(query.limit, 1), Self.maxPage)
        if !actor.isAdmin {
            let owned = actor.ownedServices
            if let service = query.serviceID, !owned.contains(service) {
                throw UseCaseError.forbidden("Only an owner of this service or an admin may read its audit log")
            }
            scoped.services = owned
        }
        return try await store.auditEntries(scoped)
    }

    /// Every entry after `after`, oldest first (`herald audit export`, run
    /// on the server's machine).
    public func export(after: Int64, limit: Int) async throws -> [AuditEntry] {
        try await store.auditEntries(after: after, limit: limit)
    }
}
