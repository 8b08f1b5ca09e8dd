import Foundation
import HeraldCore
import NIOCore
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

        /// A fragment of SQL (a sort order), with its own binds.
        mutating func appendInterpolation(_ fragment: SQLiteQuery) {
            sql += fragment.sql
            binds += fragment.binds
        }
        mutating func appendInterpolation(_ value: Int64?) { appendInterpolation(value.map { .integer(Int($0)) } ?? .null) }
        mutating func appendInterpolation(_ value: UUID?) { appendInterpolation(value.map { .text($0.uuidString.lowercased()) } ?? .null) }

        mutating func appendInterpolation(_ value: SQLiteData) {
            sql += "?"
            binds.append(value)
        }
        mutating func appendInterpolation(_ value: String) { appendInterpolation(.text(value)) }
        mutating func appendInterpolation(_ value: String?) { appendInterpolation(value.map { .text($0) } ?? .null) }
        mutating func appendInterpolation(_ value: Int64) { appendInterpolation(.integer(Int(value))) }
        mutating func appendInterpolation(_ value: Int) { appendInterpolation(.integer(value)) }
        mutating func appendInterpolation(_ value: Double) { appendInterpolation(.float(value)) }
        mutating func appendInterpolation(_ value: Bool) { appendInterpolation(.integer(value ? 1 : 0)) }
        mutating func appendInterpolation(_ value: Bool?) { appendInterpolation(value.map { .integer($0 ? 1 : 0) } ?? .null) }
        /// Services are keyed by the lowercase text form, as the API shows them.
        mutating func appendInterpolation(_ value: UUID) { appendInterpolation(.text(value.uuidString.lowercased())) }
        mutating func appendInterpolation(_ value: Date) { appendInterpolation(.integer(Int(value.microsecondsSince1970))) }
        mutating func appendInterpolation(_ value: Data?) { appendInterpolation(value.map { .blob(ByteBuffer(bytes: $0)) } ?? .null) }
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

/// Typed reads of a row's columns. A missing column or a value of the
/// wrong kind throws `StoreError.unreadableRow` instead of reading as a
/// default ("", 0, an all-zero UUID) that would pass for real data.
extension SQLiteRow {
    private func value(_ column: String) throws -> SQLiteData {
        guard let value = self.column(column) else { throw StoreError.unreadableRow("no column \(column)") }
        return value
    }

    private func mismatch(_ column: String, _ expected: String, _ value: SQLiteData) -> StoreError {
        StoreError.unreadableRow("\(column) should be \(expected), is \(value)")
    }

    func text(_ column: String) throws -> String {
        let value = try value(column)
        guard case .text(let text) = value else { throw mismatch(column, "text", value) }
        return text
    }

    func optionalText(_ column: String) throws -> String? {
        let value = try value(column)
        if value.isNull { return nil }
        guard case .text(let text) = value else { throw mismatch(column, "text or NULL", value) }
        return text
    }

    func int64(_ column: String) throws -> Int64 {
        let value = try value(column)
        guard case .integer(let integer) = value else { throw mismatch(column, "an integer", value) }
        return Int64(integer)
    }

    func optionalInt64(_ column: String) throws -> Int64? {
        let value = try value(column)
        if value.isNull { return nil }
        guard case .integer(let integer) = value else { throw mismatch(column, "an integer or NULL", value) }
        return Int64(integer)
    }

    /// A REAL column; SQLite may hand a whole number back as an integer.
    func double(_ column: String) throws -> Double {
        let value = try value(column)
        switch value {
        case .float(let number): return number
        case .integer(let integer): return Double(integer)
        default: throw mismatch(column, "a number", value)
        }
    }

    func bool(_ column: String) throws -> Bool { try int64(column) != 0 }
    func date(_ column: String) throws -> Date { Date(microsecondsSince1970: try int64(column)) }
    func optionalDate(_ column: String) throws -> Date? { try optionalInt64(column).map(Date.init(microsecondsSince1970:)) }
    func uuid(_ column: String) throws -> UUID { try StoreError.parseUUID(try text(column), column: column) }

    func optionalBlob(_ column: String) throws -> Data? {
        let value = try value(column)
        if value.isNull { return nil }
        guard case .blob(let buffer) = value else { throw mismatch(column, "a blob or NULL", value) }
        return Data(buffer.readableBytesView)
    }

    /// A stored enumeration value (platform, state, status).
    func value<T: RawRepresentable>(_ column: String, as type: T.Type) throws -> T where T.RawValue == String {
        try StoreError.parse(try text(column), as: type, column: column)
    }
}
