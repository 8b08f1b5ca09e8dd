import Foundation
import HeraldCore

/// A rota's next four weeks drawn on the server (issue 26): a row per week,
/// Monday first, in the rota's time zone; each day's cell split among who
/// is on call during it, coloured per person (an override hatched), with
/// today outlined. Plain SVG: no script, readable in any browser; its
/// label, weekday names and tooltips in the page's language (the weekday
/// names Foundation's, for the language's locale).
struct RotaCalendar {
    static let palette = ["#2563eb", "#16a34a", "#d97706", "#9333ea", "#dc2626", "#0891b2", "#65a30d", "#db2777"]
    static let cell = (width: 96.0, height: 34.0)

    let rota: StoredRota
    let now: Date

    /// Each person's colour, in the order they first appear.
    func colors(_ shifts: [OnCallRota.Shift]) -> [UserID: String] {
        var colors: [UserID: String] = [:]
        for id in rota.members + shifts.map(\.userID) where colors[id] == nil {
            colors[id] = Self.palette[colors.count % Self.palette.count]
        }
        return colors
    }

    /// The SVG and its legend (name, colour), its words in `language`.
    func draw(in language: Language = .en) -> (svg: String, legend: [(name: String, color: String)]) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = rota.timeZone
        calendar.firstWeekday = 2
        let monday = calendar.dateInterval(of: .weekOfYear, for: now)?.start ?? calendar.startOfDay(for: now)
        let end = calendar.date(byAdding: .day, value: 28, to: monday) ?? monday.addingTimeInterval(28 * 86_400)
        let shifts = rota.rota.shifts(from: monday, until: end)
        let colors = colors(shifts)
        let top = 22.0
        let width = Self.cell.width * 7, height = top + Self.cell.height * 4
        var parts: [String] = [
            "<svg class=\"rota-calendar\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"100%\" role=\"img\" aria-label=\"\(Self.escaped(Catalog.text("rota.calendarLabel", language)))\">",
            "<defs><pattern id=\"covering\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
                + "<rect width=\"3\" height=\"6\" fill=\"#fff\" opacity=\"0.45\"/></pattern></defs>",
        ]
        for (index, name) in Self.weekdays(language).enumerated() {
            parts.append("<text x=\"\(Self.number(Double(index) * Self.cell.width + 4))\" y=\"14\" font-size=\"11\" fill=\"#6b7280\">\(Self.escaped(name))</text>")
        }
        for day in 0..<28 {
            guard let start = calendar.date(byAdding: .day, value: day, to: monday), let stop = calendar.date(byAdding: .day, value: day + 1, to: monday) else { continue }
            let x = Double(day % 7) * Self.cell.width, y = top + Double(day / 7) * Self.cell.height
            let length = stop.timeIntervalSince(start)
            parts.append("<rect x=\"\(Self.number(x + 1))\" y=\"\(Self.number(y + 1))\" width=\"\(Self.number(Self.cell.width - 2))\" height=\"\(Self.number(Self.cell.height - 2))\" fill=\"#f3f4f6\"/>")
            for shift in shifts where shift.until > start && shift.from < stop {
                let from = max(shift.from, start), until = min(shift.until, stop)
                let left = x + 1 + (Self.cell.width - 2) * from.timeIntervalSince(start) / length
                let span = (Self.cell.width - 2) * until.timeIntervalSince(from) / length
                let who = Self.escaped(rota.names[shift.userID] ?? Self.unknown(shift.userID, language))
                let color = colors[shift.userID] ?? "#6b7280"
                let rect = "x=\"\(Self.number(left))\" y=\"\(Self.number(y + 12))\" width=\"\(Self.number(span))\" height=\"\(Self.number(Self.cell.height - 14))\""
                let covering = shift.isOverride ? " " + Self.escaped(Catalog.text("rota.covering", language)) : ""
                parts.append("<rect \(rect) fill=\"\(color)\"><title>\(who)\(covering)</title></rect>")
                if shift.isOverride { parts.append("<rect \(rect) fill=\"url(#covering)\"/>") }
            }
            let date = calendar.component(.day, from: start)
            parts.append("<text x=\"\(Self.number(x + 5))\" y=\"\(Self.number(y + 11))\" font-size=\"9\" fill=\"#374151\">\(date)</text>")
            if start <= now && now < stop {
                parts.append("<rect class=\"today\" x=\"\(Self.number(x + 1))\" y=\"\(Self.number(y + 1))\" width=\"\(Self.number(Self.cell.width - 2))\" height=\"\(Self.number(Self.cell.height - 2))\" fill=\"none\" stroke=\"#111827\" stroke-width=\"2\"/>")
            }
        }
        parts.append("</svg>")
        let legend = colors.sorted { Self.palette.firstIndex(of: $0.value) ?? 0 < Self.palette.firstIndex(of: $1.value) ?? 0 }
            .map { (rota.names[$0.key] ?? Self.unknown($0.key, language), $0.value) }
        return (parts.joined(), legend)
    }

    static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    /// A member whose name is unknown: "user 12".
    static func unknown(_ id: UserID, _ language: Language) -> String {
        Catalog.text("rota.unknownUser", language, ["id": "\(id)"])
    }

    /// Monday to Sunday, short, as Foundation names them in `language`
    /// ("Mon" … "Sun" in English, "mån" … "sön" in Swedish).
    static func weekdays(_ language: Language) -> [String] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language.rawValue)
        // Foundation's list starts on Sunday.
        let names = formatter.shortStandaloneWeekdaySymbols ?? formatter.shortWeekdaySymbols ?? []
        guard names.count == 7 else { return ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] }
        return Array(names[1...]) + [names[0]]
    }

    /// Text inside the SVG (a username is anyone's choice with some sign-ins).
    static func escaped(_ text: String) -> String {
        // Scalar by scalar (`ScalarHTML`): a `<` behind a joining mark is still a `<`.
        EmailMessage.escapeHTML(text)
    }
}
