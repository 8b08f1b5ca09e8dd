import Foundation
import HeraldCore
import Testing

/// The rota's iCalendar feed as RFC 5545 wants it (a parser from PyPI will
/// judge it once the feed is served; here, its shape).
@Suite("On-call calendar")
struct OnCallCalendarTests {
    @Test func oneEventPerShiftInUTCWithTextEscapedAndLinesFolded() {
        let start = ISO8601DateFormatter().date(from: "2026-03-23T08:00:00Z")!
        let rota = OnCallRota(
            members: [1, 2], rotation: .days(7), timeZone: TimeZone(identifier: "Europe/Stockholm")!, start: start,
            overrides: [.init(userID: 3, from: start.addingTimeInterval(3_600), until: start.addingTimeInterval(7_200))]
        )
        let name = "Cryo; night, and day \\ " + String(repeating: "é", count: 60)
        let feed = OnCallCalendar.feed(
            calendarName: name, rotaID: 7, shifts: rota.shifts(from: start, until: rota.handOff(2)),
            names: [1: "ann", 2: "bob", 3: "cid"], stamp: start
        )
        #expect(feed.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") && feed.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!feed.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
        let lines = feed.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 }, "folded at 75 octets")
        let unfolded = feed.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("X-WR-CALNAME:Cryo\\; night\\, and day \\\\ " + String(repeating: "é", count: 60)))
        #expect(unfolded.components(separatedBy: "BEGIN:VEVENT").count - 1 == 4, "ann, cid covering, ann, bob")
        #expect(unfolded.contains("DTSTART:20260323T080000Z") && unfolded.contains("SUMMARY:On call: cid (covering)"))
        #expect(unfolded.contains("DTSTART:20260330T070000Z\r\nDTEND:20260406T070000Z\r\nSUMMARY:On call: bob"), "bob's week from 09:00 CEST")
        #expect(unfolded.contains("UID:rota-7-"))
    }
}
