import Foundation
import HeraldCore
import SQLiteNIO

extension SQLiteStore: AuditStore {
    @discardableResult
    public func appendAudit(_ record: AuditRecord) async throws -> Int64 {
        try await database.transaction { db in
            try await db.first(
                """
                INSERT INTO audit_log (at, actor_id, actor_name, action, service_id, target, before_value, after_value, address)
                VALUES (\(record.at), \(record.actorID), \(record.actorName), \(record.action.rawValue), \(record.serviceID?.uuidString.lowercased()),
                    \(record.target), \(record.before), \(record.after), \(record.address))
                RETURNING id
                """
            )?.int64("id") ?? 0
        }
    }

    public func auditEntries(_ query: AuditQuery) async throws -> [AuditEntry] {
        let services = query.services.map { $0.map { $0.uuidString.lowercased() } }
        return try await database.read { db in
            try await db.rows(
                """
                SELECT \(Self.auditColumns) FROM audit_log
                WHERE (\(query.before) IS NULL OR id < \(query.before))
                  AND (\(query.serviceID?.uuidString.lowercased()) IS NULL OR service_id = \(query.serviceID?.uuidString.lowercased()))
                  AND (\(query.actorName) IS NULL OR actor_name = \(query.actorName))
                  AND (\(query.action?.rawValue) IS NULL OR action = \(query.action?.rawValue))
                  AND (\(query.since) IS NULL OR at >= \(query.since))
                  AND (\(query.until) IS NULL OR at < \(query.until))
                  AND (\(services == nil ? 1 : 0) = 1 OR service_id IN (SELECT value FROM json_each(\(jsonArray: services ?? []))))
                ORDER BY id DESC LIMIT \(query.limit)
                """
            ).map(Self.auditEntry(from:))
        }
    }

    public func auditEntries(after: Int64, limit: Int) async throws -> [AuditEntry] {
        try await database.read { db in
            try await db.rows("SELECT \(Self.auditColumns) FROM audit_log WHERE id > \(after) ORDER BY id LIMIT \(limit)").map(Self.auditEntry(from:))
        }
    }

    public func pruneAudit(before: Date, limit: Int) async throws -> Int {
        try await database.transaction { db in
            try await db.execute("DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE at < \(before) ORDER BY id LIMIT \(limit))")
            return try await db.changes()
        }
    }

    static let auditColumns: SQLiteQuery = "id, at, actor_id, actor_name, action, service_id, target, before_value, after_value, address"

    static func auditEntry(from row: SQLiteRow) throws -> AuditEntry {
        let id = try row.int64("id")
        let action = try StoredValue.parse(try row.text("action"), as: AuditAction.init(rawValue:), "audit_log", "action", row: id)!
        return AuditEntry(
            id: id,
            record: AuditRecord(
                at: try row.date("at"), actorID: try row.optionalInt64("actor_id"), actorName: try row.text("actor_name"), action: action,
                serviceID: try row.optionalText("service_id").map { try StoreError.parseUUID($0, column: "service_id") }, target: try row.text("target"),
                before: try row.optionalText("before_value"), after: try row.optionalText("after_value"), address: try row.optionalText("address")
            )
        )
    }
}
