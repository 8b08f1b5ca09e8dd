import Foundation

/// Herald's clock values are kept to whole microseconds: that is what both
/// databases store and what the wire format shows, so a value read back
/// compares equal to the value written.
public enum Timestamp {
    public static func now() -> Date {
        truncated(Date())
    }

    public static func truncated(_ date: Date) -> Date {
        Date(microsecondsSince1970: date.microsecondsSince1970)
    }

    /// The wire format of the server Herald replaces: UTC, no zone suffix,
    /// always six fractional digits (`2024-05-02T09:13:41.123456`).
    public static func wireString(_ date: Date) -> String {
        let micros = date.microsecondsSince1970
        var seconds = micros / 1_000_000
        var fraction = micros % 1_000_000
        if fraction < 0 {
            seconds -= 1
            fraction += 1_000_000
        }
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%06lld",
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), fraction
        )
    }

    /// Reads what senders write: RFC 3339 / ISO 8601 date-times
    /// (`2026-11-24T20:00:00Z`, `...T20:00:00.5+01:00`, or zone-less as
    /// `wireString` writes them, taken as UTC). Nil for anything else.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + digits)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2), expect("Tt "),
              let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var micros: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                if digits < 6 { micros = micros * 10 + Int64(bytes[index] - 0x30) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 6) { micros *= 10 }
        }
        var offset = 0
        if index == bytes.count {
            offset = 0
        } else if expect("Zz") {
            offset = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2), expect(":"), let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        let seconds = Int64(timegm(&parts)) - Int64(offset)
        return Date(microsecondsSince1970: seconds * 1_000_000 + micros)
    }
}

extension Date {
    public init(microsecondsSince1970 micros: Int64) {
        self.init(timeIntervalSince1970: Double(micros) / 1_000_000)
    }

    public var microsecondsSince1970: Int64 {
        // Nearest, not down: a Double that came from whole microseconds may sit a
        // hair below them, and rounding down would lose one on every round trip.
        Int64((timeIntervalSince1970 * 1_000_000).rounded())
    }
}
