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
        document(calendarName: calendarName, events: shifts.map { event(rotaID: rotaID, rotaName: nil, shift: $0, names: names, stamp: stamp) })
    }

    /// A person's feed: their shifts on every rota, each titled with its rota.
    public static func feed(calendarName: String, rotas: [(rota: StoredRota, shift: OnCallRota.Shift)], names: [UserID: String], stamp: Date) -> String {
        document(
            calendarName: calendarName,
            events: rotas.sorted { $0.shift.from < $1.shift.from }.map { event(rotaID: $0.rota.id, rotaName: $0.rota.name, shift: $0.shift, names: names, stamp: stamp) }
        )
    }

    static func document(calendarName: String, events: [[String]]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Herald//On call//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]
        lines.append("X-WR-CALNAME:" + escaped(calendarName))
        for event in events { lines += event }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    static func event(rotaID: Int64, rotaName: String?, shift: OnCallRota.Shift, names: [UserID: String], stamp: Date) -> [String] {
        let who = names[shift.userID] ?? "user \(shift.userID)"
        let title = rotaName.map { "On call: \($0)" } ?? "On call: \(who)"
        return [
            "BEGIN:VEVENT",
            // Stable across fetches, so a calendar updates a shift rather than adding it again.
            "UID:rota-\(rotaID)-\(Int(shift.from.timeIntervalSince1970))-\(shift.userID)@herald",
            "DTSTAMP:" + utc(stamp), "DTSTART:" + utc(shift.from), "DTEND:" + utc(shift.until),
            "SUMMARY:" + escaped(title + (shift.isOverride ? " (covering)" : "")),
            "TRANSP:TRANSPARENT",
            "END:VEVENT",
        ]
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
