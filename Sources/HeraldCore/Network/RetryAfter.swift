import Foundation

/// A Retry-After header (RFC 9110 §10.2.3): delay-seconds or an HTTP-date,
/// in the preferred IMF-fixdate form or the two obsolete ones a recipient
/// must still accept (RFC 850, asctime). Google's front ends send either.
/// One reading for the delivery worker (APNs, FCM, Web Push) and the
/// senders' tools (`herald publish`).
public enum RetryAfter {
    /// Seconds to wait from `now`; nil when absent or unreadable (then the
    /// backoff alone decides). A date in the past is no wait. `cap`: the
    /// longest wait taken (a longer one, or more digits than a number
    /// holds, is read as the cap); without one, more than nine digits are
    /// unreadable.
    public static func seconds(_ header: String?, now: Date, cap: TimeInterval? = nil) -> TimeInterval? {
        guard let value = header?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            guard let cap else { return value.count > 9 ? nil : TimeInterval(value) }
            return value.count > 9 ? cap : min(TimeInterval(value) ?? cap, cap)
        }
        for format in formats {
            if let date = format.date(from: value) { return min(max(0, date.timeIntervalSince(now)), cap ?? .infinity) }
        }
        return nil
    }

    /// Reused: making a DateFormatter is the expensive part. Each only
    /// parses, which DateFormatter does safely from several threads.
    private static let formats: [DateFormatter] = [
        "EEE, dd MMM yyyy HH:mm:ss 'GMT'",  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
        "EEEE, dd-MMM-yy HH:mm:ss 'GMT'",  // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
        "EEE MMM d HH:mm:ss yyyy",  // asctime: Sun Nov  6 08:49:37 1994
    ].map { pattern in
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = pattern
        formatter.isLenient = false
        return formatter
    }
}
