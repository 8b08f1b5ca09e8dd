import Foundation
import HeraldCore
import Logging

/// Opens the old server's database for the length of `body`.
public enum ESSSources {
    /// The old server's SQLALCHEMY_DATABASE_URL, read as SQLAlchemy reads
    /// it: `sqlite:///name.db` is relative to where the command runs and
    /// `sqlite:////abs/name.db` absolute (Herald's own DATABASE_URL counts
    /// slashes differently). PostgreSQL URLs as Herald reads them.
    public static func location(sqlAlchemyURL text: String) throws -> DatabaseLocation {
        if text.hasPrefix("sqlite:///") {
            var path = String(text.dropFirst("sqlite:///".count))
            if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
            guard !path.isEmpty else { throw StoreError.invalidDatabaseURL("sqlite URL has no file path") }
            return .sqlite(path: path.removingPercentEncoding ?? path)
        }
        return try DatabaseLocation(url: text)
    }

    public static func with<T: Sendable>(_ location: DatabaseLocation, logger: Logger, _ body: @Sendable (any ESSSource) async throws -> T) async throws -> T {
        switch location {
        case .sqlite(let path):
            let source = try await ESSSQLiteSource.open(path: path)
            do {
                let result = try await body(source)
                try await source.close()
                return result
            } catch {
                try? await source.close()
                throw error
            }
        case .postgres(let settings):
            let client = try ESSPostgresSource.client(settings, logger: logger)
            return try await withRunningServices([client], logger: logger) {
                try await body(ESSPostgresSource(client: client, logger: logger))
            }
        }
    }
}
