import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore: AuditStore {
    @discardableResult
    public func appendAudit(_ record: AuditRecord) async throws -> Int64 {
        try await first(
            """
            INSERT INTO audit_log (at, actor_id, actor_name, action, service_id, target, before_value, after_value, address)
            VALUES (\(ExactTimestamp(record.at)), \(record.actorID), \(record.actorName), \(record.action.rawValue), \(record.serviceID),
                \(record.target), \(record.before), \(record.after), \(record.address))
            RETURNING id
            """,
            as: Int64.self
        ) ?? 0
    }

    public func auditEntries(_ query: AuditQuery) async throws -> [AuditEntry] {
        let services = query.services.map { Array($0) }
        return try await rows(
            """
            SELECT \(unescaped: Self.auditColumns) FROM audit_log
            WHERE (\(query.before)::int8 IS NULL OR id < \(query.before))
              AND (\(query.serviceID)::uuid IS NULL OR service_id = \(query.serviceID))
              AND (\(query.actorName)::text IS NULL OR actor_name = \(query.actorName))
              AND (\(query.action?.rawValue)::text IS NULL OR action = \(query.action?.rawValue))
              AND (\(query.since.map(ExactTimestamp.init))::timestamptz IS NULL OR at >= \(query.since.map(ExactTimestamp.init)))
              AND (\(query.until.map(ExactTimestamp.init))::timestamptz IS NULL OR at < \(query.until.map(ExactTimestamp.init)))
              AND (\(services == nil) OR service_id = ANY(\(services ?? [])))
            ORDER BY id DESC LIMIT \(Int64(query.limit))
            """,
            as: AuditRow.self
        ).map(Self.auditEntry(from:))
    }

    public func auditEntries(after: Int64, limit: Int) async throws -> [AuditEntry] {
        try await rows(
            "SELECT \(unescaped: Self.auditColumns) FROM audit_log WHERE id > \(after) ORDER BY id LIMIT \(Int64(limit))", as: AuditRow.self
        ).map(Self.auditEntry(from:))
    }

    public func pruneAudit(before: Date, limit: Int) async throws -> Int {
        try await count(
            """
            WITH gone AS (
                DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE at < \(ExactTimestamp(before)) ORDER BY id LIMIT \(Int64(limit)))
                RETURNING 1
            )
            SELECT count(*) FROM gone
            """
        )
    }

    static let auditColumns = "id, at, actor_id, actor_name, action, service_id, target, before_value, after_value, address"
    typealias AuditRow = (Int64, ExactTimestamp, Int64?, String, String, UUID?, String, String?, String?, String?)

    static func auditEntry(from row: AuditRow) throws -> AuditEntry {
        let action = try StoredValue.parse(row.4, as: AuditAction.init(rawValue:), "audit_log", "action", row: row.0)!
        return AuditEntry(
            id: row.0,
            record: AuditRecord(
                at: row.1.date, actorID: row.2, actorName: row.3, action: action, serviceID: row.5, target: row.6, before: row.7, after: row.8, address: row.9
            )
        )
    }
}
