import Foundation

/// The Retry-After header (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
public enum RetryAfter {
    /// The wait it asks for from `now`; nil when it cannot be read. A date
    /// already past is no wait. Capped at a day: a header that asks for a
    /// week is a broken server, not a plan.
    public static func parse(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCIIDigit) {
            guard let seconds = Int(text) else { return .seconds(maximumSeconds) }
            return .seconds(min(seconds, maximumSeconds))
        }
        guard let date = httpDate(text) else { return nil }
        let seconds = max(0, date.timeIntervalSince(now))
        return .milliseconds(Int64(min(seconds, Double(maximumSeconds)) * 1000))
    }

    static let maximumSeconds = 86_400

    /// IMF-fixdate, the form servers send (`Sun, 06 Nov 1994 08:49:37 GMT`).
    public static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
