import Foundation
import HeraldCore
import Testing

/// Who a rota names when, across Stockholm's daylight-saving changes
/// (2026-03-29 02:00 → 03:00, 2026-10-25 03:00 → 02:00), with overrides.
@Suite("On-call rotas")
struct OnCallRotaTests {
    static let stockholm = TimeZone(identifier: "Europe/Stockholm")!
    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
    static let (ann, bob, cid): (UserID, UserID, UserID) = (1, 2, 3)

    @Test func aWeeklyHandOffStaysAtNineLocalAcrossTheSpringChange() {
        // Monday 2026-03-23 09:00 CET is 08:00Z; the next Monday 09:00 is CEST, 07:00Z.
        let rota = OnCallRota(members: [Self.ann, Self.bob], rotation: .days(7), timeZone: Self.stockholm, start: Self.utc("2026-03-23T08:00:00Z"))
        #expect(rota.handOff(1) == Self.utc("2026-03-30T07:00:00Z"))
        #expect(rota.onCall(at: Self.utc("2026-03-30T06:59:59Z")) == Self.ann)
        #expect(rota.onCall(at: Self.utc("2026-03-30T07:00:00Z")) == Self.bob, "09:00 local, an hour before 7 × 24 h")
        #expect(rota.onCall(at: Self.utc("2026-04-06T06:59:59Z")) == Self.bob)
        #expect(rota.onCall(at: Self.utc("2026-04-06T07:00:00Z")) == Self.ann)
        #expect(rota.onCall(at: Self.utc("2026-03-23T07:59:59Z")) == nil, "nobody before the rota starts")
    }

    @Test func aDailyHandOffStaysAtNineLocalAcrossTheAutumnChange() {
        // 2026-10-24 09:00 CEST is 07:00Z; 2026-10-25 has 25 hours; 2026-10-26 09:00 CET is 08:00Z.
        let rota = OnCallRota(members: [Self.ann, Self.bob, Self.cid], rotation: .days(1), timeZone: Self.stockholm, start: Self.utc("2026-10-24T07:00:00Z"))
        #expect(rota.handOff(1) == Self.utc("2026-10-25T08:00:00Z"))
        #expect(rota.handOff(2) == Self.utc("2026-10-26T08:00:00Z"))
        #expect(rota.onCall(at: Self.utc("2026-10-25T07:30:00Z")) == Self.ann, "08:30 local: still the first day's")
        #expect(rota.onCall(at: Self.utc("2026-10-25T08:00:00Z")) == Self.bob)
        #expect(rota.onCall(at: Self.utc("2026-10-26T08:00:00Z")) == Self.cid)
        #expect(rota.onCall(at: Self.utc("2026-10-27T08:00:00Z")) == Self.ann, "round again")
        #expect(rota.turn(at: Self.utc("2027-10-24T08:00:00Z")) == 365, "a year on, still at 09:00 local")
    }

    @Test func anHourlyRotationCountsRealHoursThroughAChange() {
        let rota = OnCallRota(members: [Self.ann, Self.bob], rotation: .hours(12), timeZone: Self.stockholm, start: Self.utc("2026-03-28T20:00:00Z"))
        #expect(rota.handOff(1) == Self.utc("2026-03-29T08:00:00Z"))
        #expect(rota.onCall(at: Self.utc("2026-03-29T07:59:59Z")) == Self.ann && rota.onCall(at: Self.utc("2026-03-29T08:00:00Z")) == Self.bob)
    }

    @Test func overridesWinAndTheCalendarShowsThem() {
        let start = Self.utc("2026-03-23T08:00:00Z")
        let cover = OnCallRota.Override(userID: Self.cid, from: Self.utc("2026-03-25T11:00:00Z"), until: Self.utc("2026-03-25T17:00:00Z"))
        let later = OnCallRota.Override(userID: Self.bob, from: Self.utc("2026-03-25T16:00:00Z"), until: Self.utc("2026-03-25T18:00:00Z"))
        let rota = OnCallRota(members: [Self.ann, Self.bob], rotation: .days(7), timeZone: Self.stockholm, start: start, overrides: [cover, later])
        #expect(rota.onCall(at: Self.utc("2026-03-25T12:00:00Z")) == Self.cid)
        #expect(rota.onCall(at: Self.utc("2026-03-25T16:30:00Z")) == Self.bob, "the later override wins where they overlap")
        #expect(rota.scheduled(at: Self.utc("2026-03-25T12:00:00Z")) == Self.ann)
        let shifts = rota.shifts(from: Self.utc("2026-03-23T00:00:00Z"), until: Self.utc("2026-04-06T07:00:00Z"))
        #expect(shifts.map(\.userID) == [Self.ann, Self.cid, Self.bob, Self.ann, Self.bob])
        #expect(shifts.map(\.isOverride) == [false, true, true, false, false])
        #expect(shifts.first?.from == start, "nothing before the rota starts")
        #expect(shifts[3].until == Self.utc("2026-03-30T07:00:00Z") && shifts[4].until == Self.utc("2026-04-06T07:00:00Z"))
        #expect(OnCallRota(members: [], rotation: .days(7), timeZone: Self.stockholm, start: start).onCall(at: Self.utc("2026-03-24T00:00:00Z")) == nil)
    }
}
