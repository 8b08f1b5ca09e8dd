import Foundation
import HeraldCore
import NIOCore
import PostgresNIO

/// A timestamptz that round-trips to the microsecond. postgres-nio's own
/// `Date` coding truncates a Double on the way in and divides on the way out,
/// so a value written and read back can differ by a microsecond; Herald
/// compares and pages by these values, so it converts exactly instead.
struct ExactTimestamp: PostgresNonThrowingEncodable, PostgresArrayEncodable, PostgresDecodable {
    /// Microseconds from 1970 to PostgreSQL's epoch, 2000-01-01.
    private static let postgresEpochOffset: Int64 = 946_684_800 * 1_000_000

    var date: Date

    init(_ date: Date) {
        self.date = date
    }

    static var psqlType: PostgresDataType { .timestamptz }
    static var psqlFormat: PostgresFormat { .binary }
    static var psqlArrayType: PostgresDataType { .timestamptzArray }

    func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        byteBuffer.writeInteger(date.microsecondsSince1970 - Self.postgresEpochOffset)
    }

    init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat, context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        guard type == .timestamptz || type == .timestamp, buffer.readableBytes == 8, let micros = buffer.readInteger(as: Int64.self) else {
            throw PostgresDecodingError.Code.typeMismatch
        }
        self.date = Date(microsecondsSince1970: micros + Self.postgresEpochOffset)
    }
}
