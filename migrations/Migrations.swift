import Foundation

/// One numbered schema change, read from `migrations/<backend>/NNNN_name.sql`.
public struct Migration: Sendable, Equatable {
    public var version: Int
    public var name: String
    public var statements: [String]
}

public enum MigrationBackend: String, Sendable {
    case postgres
    case sqlite
}

public enum Migrations {
    /// The migrations bundled for a backend, in version order. Read once per
    /// process: opening a store, migrating it and readiness all ask.
    public static func all(for backend: MigrationBackend) throws -> [Migration] {
        try (backend == .postgres ? postgres : sqlite).get()
    }

    private static let postgres = Result { try read(.postgres) }
    private static let sqlite = Result { try read(.sqlite) }

    private static func read(_ backend: MigrationBackend) throws -> [Migration] {
        guard let folder = Bundle.module.url(forResource: backend.rawValue, withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "migrations/\(backend.rawValue) is not in the bundle"])
        }
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
        let migrations = try files.compactMap { file -> Migration? in
            let base = file.deletingPathExtension().lastPathComponent
            guard let underscore = base.firstIndex(of: "_"), let version = Int(base[..<underscore]) else { return nil }
            let text = try String(contentsOf: file, encoding: .utf8)
            return Migration(version: version, name: String(base[base.index(after: underscore)...]), statements: splitStatements(text))
        }
        return migrations.sorted { $0.version < $1.version }
    }

    /// Splits a script at semicolons that end a line, dropping `--` comment
    /// lines; both drivers prepare a single statement at a time.
    public static func splitStatements(_ script: String) -> [String] {
        var statements: [String] = []
        var current: [Substring] = []
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("--") { continue }
            current.append(line)
            if trimmed.hasSuffix(";") {
                statements.append(current.joined(separator: "\n"))
                current.removeAll()
            }
        }
        let rest = current.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        if !rest.isEmpty { statements.append(rest) }
        return statements
    }
}
