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
