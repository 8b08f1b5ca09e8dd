import Foundation
import HeraldCore
import PostgresNIO

extension PostgresStore {

    public func sharedSetting(_ name: String, ifAbsent candidate: String) async throws -> String {
        // The no-op update makes RETURNING answer on conflict too, in one statement.
        let rows = try await query(
            """
            INSERT INTO settings (name, value) VALUES (\(name), \(candidate))
            ON CONFLICT (name) DO UPDATE SET value = settings.value RETURNING value
            """
        )
        for try await value in rows.decode(String.self) { return value }
        return candidate
    }
}
