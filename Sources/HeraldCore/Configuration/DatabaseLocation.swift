import Foundation

/// Where Herald keeps its data, parsed from DATABASE_URL (or the old
/// server's SQLALCHEMY_DATABASE_URL).
public enum DatabaseLocation: Sendable, Equatable {
    case postgres(PostgresSettings)
    case sqlite(path: String)

    /// The embedded default: `herald.sqlite` in the working directory.
    public static let defaultSQLite = DatabaseLocation.sqlite(path: "herald.sqlite")

    public struct PostgresSettings: Sendable, Equatable {
        public enum TLSMode: String, Sendable, Equatable {
            case disable, prefer, require
        }
        public var host: String
        public var port: Int
        public var username: String
        public var password: String?
        public var database: String
        public var tls: TLSMode
        /// How the sessions are named in `pg_stat_activity` (the URL's
        /// `application_name`); nil: `herald (pid N)`, so an operator can
        /// tell replicas apart and see which one holds what.
        public var applicationName: String?

        public init(
            host: String, port: Int = 5432, username: String, password: String?, database: String, tls: TLSMode = .prefer,
            applicationName: String? = nil
        ) {
            self.host = host
            self.port = port
            self.username = username
            self.password = password
            self.database = database
            self.tls = tls
            self.applicationName = applicationName
        }

        /// The name the sessions carry.
        public var sessionName: String {
            applicationName ?? "herald (pid \(ProcessInfo.processInfo.processIdentifier))"
        }
    }

    /// Accepts `postgres://user:pass@host:port/db[?sslmode=...&application_name=...]` (also
    /// `postgresql://` and SQLAlchemy's `postgresql+driver://`),
    /// `sqlite:///absolute/path` and `sqlite://relative/path`.
    public init(url text: String) throws {
        if text.hasPrefix("sqlite://") {
            var path = String(text.dropFirst("sqlite://".count))
            // SQLAlchemy writes a relative file as sqlite:///./name.db.
            if path.hasPrefix("/./") { path.removeFirst() }
            if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
            guard !path.isEmpty, path != "/" else { throw StoreError.invalidDatabaseURL("sqlite URL has no file path") }
            self = .sqlite(path: path.removingPercentEncoding ?? path)
            return
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw StoreError.invalidDatabaseURL("not a URL")
        }
        let baseScheme = scheme.split(separator: "+").first.map(String.init) ?? scheme
        guard baseScheme == "postgres" || baseScheme == "postgresql" else {
            throw StoreError.invalidDatabaseURL("unsupported scheme '\(scheme)' (use postgres:// or sqlite://)")
        }
        guard let host = components.host, !host.isEmpty else { throw StoreError.invalidDatabaseURL("no host") }
        guard let user = components.percentEncodedUser, !user.isEmpty else { throw StoreError.invalidDatabaseURL("no user name") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        func parameter(_ name: String) -> String? { components.queryItems?.first { $0.name == name }?.value }
        var tls = PostgresSettings.TLSMode.prefer
        if let mode = parameter("sslmode") {
            switch mode {
            case "disable", "allow": tls = .disable
            case "prefer": tls = .prefer
            case "require", "verify-ca", "verify-full": tls = .require
            default: throw StoreError.invalidDatabaseURL("unknown sslmode '\(mode)'")
            }
        }
        self = .postgres(
            PostgresSettings(
                host: host,
                port: components.port ?? 5432,
                username: user.removingPercentEncoding ?? user,
                password: components.percentEncodedPassword.map { $0.removingPercentEncoding ?? $0 },
                database: database.isEmpty ? user : database,
                tls: tls,
                applicationName: parameter("application_name").flatMap { $0.isEmpty ? nil : $0 }
            )
        )
    }
}
