import Foundation

/// The audit log (issue 41): appended to, read a page at a time, newest
/// first, and pruned of what retention keeps no longer. No operation
/// changes an entry.
public protocol AuditStore: Sendable {
    /// Appends an entry; answers its number.
    @discardableResult
    func appendAudit(_ record: AuditRecord) async throws -> Int64
    /// The entries `query` selects, newest first, at most `query.limit`.
    func auditEntries(_ query: AuditQuery) async throws -> [AuditEntry]
    /// Every entry numbered above `after`, oldest first, at most `limit` (the export).
    func auditEntries(after: Int64, limit: Int) async throws -> [AuditEntry]
    /// Deletes up to `limit` entries made before `before`; answers how many.
    func pruneAudit(before: Date, limit: Int) async throws -> Int
}
