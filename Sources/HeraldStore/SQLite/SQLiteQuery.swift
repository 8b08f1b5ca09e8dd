import Foundation
import HeraldCore
import SQLiteNIO

/// SQL with its bind values, written with string interpolation:
/// `"SELECT * FROM users WHERE id = \(id)"` becomes `... WHERE id = ?` with
/// `id` bound, so values never reach the SQL text.
struct SQLiteQuery: ExpressibleByStringInterpolation, Sendable {
    var sql: String
    var binds: [SQLiteData]

    init(stringLiteral value: String) {
        self.sql = value
        self.binds = []
    }

    init(stringInterpolation: StringInterpolation) {
        self.sql = stringInterpolation.sql
        self.binds = stringInterpolation.binds
    }

    struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var binds: [SQLiteData] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) { sql += literal }

        mutating func appendInterpolation(_ value: SQLiteData) {
            sql += "?"
            binds.append(value)
        }
        mutating func appendInterpolation(_ value: String) { appendInterpolation(.text(value)) }
        mutating func appendInterpolation(_ value: String?) { appendInterpolation(value.map { .text($0) } ?? .null) }
        mutating func appendInterpolation(_ value: Int64) { appendInterpolation(.integer(Int(value))) }
        mutating func appendInterpolation(_ value: Int) { appendInterpolation(.integer(value)) }
        mutating func appendInterpolation(_ value: Bool) { appendInterpolation(.integer(value ? 1 : 0)) }
        mutating func appendInterpolation(_ value: Bool?) { appendInterpolation(value.map { .integer($0 ? 1 : 0) } ?? .null) }
        /// Services are keyed by the lowercase text form, as the API shows them.
        mutating func appendInterpolation(_ value: UUID) { appendInterpolation(.text(value.uuidString.lowercased())) }
        mutating func appendInterpolation(_ value: Date) { appendInterpolation(.integer(Int(value.microsecondsSince1970))) }
        mutating func appendInterpolation(_ value: Date?) {
            appendInterpolation(value.map { SQLiteData.integer(Int($0.microsecondsSince1970)) } ?? .null)
        }
        /// A list bound as one JSON array, read in SQL with `json_each(?)`.
        mutating func appendInterpolation(jsonArray values: [some Encodable]) {
            let data = (try? JSONEncoder().encode(values)) ?? Data("[]".utf8)
            appendInterpolation(.text(String(decoding: data, as: UTF8.self)))
        }
    }
}

extension SQLiteRow {
    func text(_ column: String) -> String { self.column(column)?.string ?? "" }
    func optionalText(_ column: String) -> String? {
        guard let value = self.column(column), !value.isNull else { return nil }
        return value.string
    }
    func int64(_ column: String) -> Int64 { Int64(self.column(column)?.integer ?? 0) }
    func bool(_ column: String) -> Bool { (self.column(column)?.integer ?? 0) != 0 }
    func date(_ column: String) -> Date { Date(microsecondsSince1970: int64(column)) }
    func optionalDate(_ column: String) -> Date? {
        guard let value = self.column(column), let micros = value.integer else { return nil }
        return Date(microsecondsSince1970: Int64(micros))
    }
    func uuid(_ column: String) -> UUID { UUID(uuidString: text(column)) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
}
