import ArgumentParser
import Foundation
import HeraldCore
import HeraldTestSupport
import Logging

/// Where a benchmark run's data lives: a SQLite file in the run's folder, or
/// a scratch database made on DATABASE_URL's server and dropped afterwards
/// (nothing touches the database the URL names).
enum BenchBackend: String, ExpressibleByArgument, CaseIterable, Sendable {
    case sqlite, postgres

    /// Runs `body` with a database made for it and the DATABASE_URL that names it.
    func withDatabase<T: Sendable>(in directory: URL, logger: Logger, _ body: (DatabaseLocation, String) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            let path = directory.appendingPathComponent("herald.sqlite").path
            return try await body(.sqlite(path: path), "sqlite://\(path)")
        case .postgres:
            let url = ProcessInfo.processInfo.environment["DATABASE_URL"] ?? ""
            guard case .postgres(let server) = try? DatabaseLocation(url: url), var components = URLComponents(string: url) else {
                throw ValidationError("--backend postgres needs DATABASE_URL=postgres://... (a scratch database is made on that server and dropped afterwards)")
            }
            return try await ScratchDatabase.with(server: server, prefix: "herald_bench", logger: logger) { settings in
                components.path = "/\(settings.database)"
                return try await body(.postgres(settings), components.string ?? url)
            }
        }
    }
}
