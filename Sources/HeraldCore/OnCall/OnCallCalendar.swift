import Foundation

/// A rota's shifts as an iCalendar feed (RFC 5545), for a phone's calendar
/// to subscribe to (issue 26): one event per shift, times in UTC, text
/// escaped, lines folded at 75 octets, CRLF line ends.
public enum OnCallCalendar {
    /// `names`: how each person is shown (a username); `calendarName` the
    /// feed's title. `stamp` is when the feed was made (DTSTAMP).
    public static func feed(
        calendarName: String, rotaID: Int64, shifts: [OnCallRota.Shift], names: [UserID: String], stamp: Date
    ) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Herald//On call//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]
        lines.append("X-WR-CALNAME:" + escaped(calendarName))
        for shift in shifts {
            let who = names[shift.userID] ?? "user \(shift.userID)"
            lines += [
                "BEGIN:VEVENT",
                // Stable across fetches, so a calendar updates a shift rather than adding it again.
                "UID:rota-\(rotaID)-\(Int(shift.from.timeIntervalSince1970))-\(shift.userID)@herald",
                "DTSTAMP:" + utc(stamp), "DTSTART:" + utc(shift.from), "DTEND:" + utc(shift.until),
                "SUMMARY:" + escaped("On call: \(who)" + (shift.isOverride ? " (covering)" : "")),
                "TRANSP:TRANSPARENT",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    /// `20260323T080000Z`.
    static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", p.year ?? 0, p.month ?? 0, p.day ?? 0, p.hour ?? 0, p.minute ?? 0, p.second ?? 0)
    }

    /// TEXT values: backslash, semicolon, comma and line breaks escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n", "\r": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// A content line cut into lines of at most 75 octets, each after the
    /// first starting with a space, never inside a character.
    static func folded(_ line: String) -> String {
        var result = ""
        var width = 0
        for character in line {
            let octets = String(character).utf8.count
            if width + octets > 75 {
                result += "\r\n "
                width = 1
            }
            result.append(character)
            width += octets
        }
        return result
    }
}
