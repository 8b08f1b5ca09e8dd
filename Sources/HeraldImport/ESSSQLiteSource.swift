import Foundation
import HeraldCore
import SQLiteNIO

/// An ESS Notify database in a SQLite file (small sites): service ids are
/// 32 hex digits, times are SQLAlchemy's "YYYY-MM-DD HH:MM:SS[.ffffff]" in
/// UTC, booleans are 0/1. Opened read-only: the import never writes there.
public final class ESSSQLiteSource: ESSSource {
    let connection: SQLiteConnection

    private init(connection: SQLiteConnection) {
        self.connection = connection
    }

    public static func open(path: String) async throws -> ESSSQLiteSource {
        guard FileManager.default.fileExists(atPath: path) else { throw ESSReadError("no SQLite file at \(path)") }
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        _ = try await connection.query("PRAGMA query_only = ON")
        return ESSSQLiteSource(connection: connection)
    }

    public func close() async throws {
        try await connection.close()
    }

    func rows(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        try await connection.query(sql, binds)
    }

    static func text(_ row: SQLiteRow, _ column: String) -> String {
        row.column(column)?.string ?? ""
    }

    static func integer(_ row: SQLiteRow, _ column: String) throws -> Int64 {
        guard let value = row.column(column)?.integer else { throw ESSReadError("\(column) is not a number") }
        return Int64(value)
    }

    static func flag(_ row: SQLiteRow, _ column: String) -> Bool {
        (row.column(column)?.integer ?? 0) != 0
    }

    static func uuid(_ row: SQLiteRow, _ column: String) throws -> UUID {
        let text = Self.text(row, column)
        guard let id = UUID(essText: text) else { throw ESSReadError("\(column) '\(text)' is not a UUID") }
        return id
    }

    /// SQLAlchemy's DateTime on SQLite: naive, UTC in this schema.
    static func timestamp(_ text: String) throws -> Date {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard parts.count == 2 else { throw ESSReadError("timestamp '\(text)' is not YYYY-MM-DD HH:MM:SS") }
        let day = parts[0].split(separator: "-").compactMap { Int($0) }
        let clock = parts[1].split(separator: ":")
        guard day.count == 3, clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]), let seconds = Double(clock[2]) else {
            throw ESSReadError("timestamp '\(text)' is not YYYY-MM-DD HH:MM:SS")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let midnight = calendar.date(from: DateComponents(year: day[0], month: day[1], day: day[2])) else {
            throw ESSReadError("timestamp '\(text)' is not a date")
        }
        return midnight.addingTimeInterval(Double(hour * 3600 + minute * 60) + seconds)
    }

    public func users() async throws -> [ESSRows.User] {
        try await rows("SELECT id, username, coalesce(_device_tokens, '') AS tokens, is_active, is_admin FROM users WHERE username IS NOT NULL ORDER BY id")
            .map { ESSRows.User(id: try Self.integer($0, "id"), username: Self.text($0, "username"), deviceTokens: Self.text($0, "tokens"), isActive: Self.flag($0, "is_active"), isAdmin: Self.flag($0, "is_admin")) }
    }

    public func services() async throws -> [ESSRows.Service] {
        try await rows("SELECT id, category, coalesce(color, '') AS color, coalesce(owner, '') AS owner FROM services ORDER BY category")
            .map { ESSRows.Service(id: try Self.uuid($0, "id"), category: Self.text($0, "category"), color: Self.text($0, "color"), owner: Self.text($0, "owner")) }
    }

    public func subscriptions() async throws -> [ESSRows.Subscription] {
        try await rows("SELECT user_id, service_id FROM users_services WHERE user_id IS NOT NULL AND service_id IS NOT NULL")
            .map { ESSRows.Subscription(userID: try Self.integer($0, "user_id"), serviceID: try Self.uuid($0, "service_id")) }
    }

    public func notificationCount() async throws -> Int {
        Int(try await rows("SELECT count(*) AS n FROM notifications").first.map { try Self.integer($0, "n") } ?? 0)
    }

    public func notifications(after id: Int64, limit: Int) async throws -> [ESSRows.Notification] {
        try await rows(
            "SELECT id, timestamp, title, coalesce(subtitle, '') AS subtitle, coalesce(url, '') AS url, service_id FROM notifications WHERE id > ? ORDER BY id LIMIT ?",
            [.integer(Int(id)), .integer(limit)]
        ).map {
            ESSRows.Notification(
                id: try Self.integer($0, "id"), timestamp: try Self.timestamp(Self.text($0, "timestamp")), title: Self.text($0, "title"),
                subtitle: Self.text($0, "subtitle"), url: Self.text($0, "url"), serviceID: try Self.uuid($0, "service_id")
            )
        }
    }

    public func inbox(notificationIDs range: ClosedRange<Int64>) async throws -> [ESSRows.InboxEntry] {
        try await rows(
            "SELECT user_id, notification_id, coalesce(is_read, 0) AS is_read FROM users_notifications WHERE notification_id BETWEEN ? AND ?",
            [.integer(Int(range.lowerBound)), .integer(Int(range.upperBound))]
        ).map { ESSRows.InboxEntry(userID: try Self.integer($0, "user_id"), notificationID: try Self.integer($0, "notification_id"), isRead: Self.flag($0, "is_read")) }
    }

    public func keywordFilters() async throws -> [ESSRows.KeywordFilter] {
        guard try await rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users_services_filters'").first != nil else { return [] }
        return try await rows(
            """
            SELECT user_id, service_id, coalesce(include_keywords, '') AS include_keywords, coalesce(exclude_keywords, '') AS exclude_keywords
            FROM users_services_filters WHERE user_id IS NOT NULL AND service_id IS NOT NULL
            """
        ).map { row in
            ESSRows.KeywordFilter(
                userID: try Self.integer(row, "user_id"), serviceID: try Self.uuid(row, "service_id"),
                include: Self.text(row, "include_keywords"), exclude: Self.text(row, "exclude_keywords")
            )
        }
    }
}
