import Foundation
import HeraldCore
import Testing

/// Who is told of a coming shift (issue 42), decided in plain Swift: a
/// rota's person whom only a push reaches, once per shift that begins
/// within the lead, never for a shift already running or its continuation.
@Suite("Shift notices")
struct ShiftNoticeDecisionTests {
    static let start = ISO8601DateFormatter().date(from: "2026-11-30T09:00:00Z")!
    static let (ann, bob, cid): (UserID, UserID, UserID) = (1, 2, 3)
    static let everyone: Set<UserID> = [ann, bob, cid]

    /// Turns of a day at 09:00 UTC: ann, bob, cid, ann, …
    static func rota(overrides: [StoredRota.Override] = []) -> StoredRota {
        StoredRota(
            id: 4, name: "Control room", members: [ann, bob, cid], rotation: .days(1), zone: NamedTimeZone(TimeZone(identifier: "UTC")!), start: start,
            overrides: overrides, names: [ann: "ann", bob: "bob", cid: "cid"]
        )
    }

    static func hours(_ count: Double) -> Date { start.addingTimeInterval(count * 3_600) }

    @Test func theNextShiftWithinADayIsToldAndTheRunningOneIsNot() {
        // 10:00 on ann's day: bob's turn begins at 09:00 tomorrow (23 h ahead); ann's own is running.
        let notices = ShiftNoticeDecision.notices(rotas: [Self.rota()], reachable: [], active: Self.everyone, now: Self.hours(1))
        #expect(notices == [ShiftNotice(rotaID: 4, rotaName: "Control room", zone: NamedTimeZone(TimeZone(identifier: "UTC")!), userID: Self.bob, from: Self.hours(24))])
        #expect(notices.first?.key == "shift-notice:4:2:\(Int(Self.hours(24).timeIntervalSince1970 / 43_200))")
        // Moved by an hour (an override's start changed): the same notice, not a second one.
        var moved = notices[0]
        moved.from = Self.hours(25)
        #expect(moved.key == notices[0].key)
        // At 08:00 (an hour before the rota starts): ann's first turn only; bob's is 25 h ahead.
        #expect(ShiftNoticeDecision.notices(rotas: [Self.rota()], reachable: [], active: Self.everyone, now: Self.hours(-1)).map(\.userID) == [Self.ann])
    }

    @Test func someoneWithAVerifiedNumberOrAnInactiveAccountIsNotTold() {
        let now = Self.hours(1)
        #expect(ShiftNoticeDecision.notices(rotas: [Self.rota()], reachable: [Self.bob], active: Self.everyone, now: now).isEmpty)
        #expect(ShiftNoticeDecision.notices(rotas: [Self.rota()], reachable: [], active: [Self.ann, Self.cid], now: now).isEmpty)
        #expect(ShiftNoticeDecision.notices(rotas: [Self.rota()], reachable: [], active: Self.everyone, now: now, lead: 0).isEmpty, "SHIFT_NOTICE_HOURS=0")
    }

    @Test func anOverrideIsItsOwnShiftUnlessItOnlyExtendsOne() {
        let now = Self.hours(1)
        // cid covers 15:00-17:00 today, twice: cid's first cover is told, and
        // bob's turn tomorrow; ann, on call now, is not told of her turn's
        // second half after the cover.
        let covers = [
            StoredRota.Override(id: 1, userID: Self.cid, from: Self.hours(6), until: Self.hours(8)),
            StoredRota.Override(id: 2, userID: Self.cid, from: Self.hours(10), until: Self.hours(11)),
        ]
        let covered = ShiftNoticeDecision.notices(rotas: [Self.rota(overrides: covers)], reachable: [], active: Self.everyone, now: now)
        #expect(covered.map(\.userID) == [Self.cid, Self.bob])
        #expect(covered.map(\.from) == [Self.hours(6), Self.hours(24)])
        // cid's cover ends where cid's turn would begin (bob off sick): one shift, told at its start.
        let early = StoredRota.Override(id: 3, userID: Self.cid, from: Self.hours(22), until: Self.hours(24))
        var twoPeople = Self.rota(overrides: [early])
        twoPeople.members = [Self.ann, Self.cid]
        #expect(ShiftNoticeDecision.notices(rotas: [twoPeople], reachable: [], active: Self.everyone, now: now).map(\.from) == [Self.hours(22)])
        // Ann stays on past her turn's end: she is not told, and bob's turn now begins at 09:30.
        let longer = StoredRota.Override(id: 4, userID: Self.ann, from: Self.hours(20), until: Self.hours(24.5))
        let extended = ShiftNoticeDecision.notices(rotas: [Self.rota(overrides: [longer])], reachable: [], active: Self.everyone, now: now)
        #expect(extended.map(\.userID) == [Self.bob])
        #expect(extended.map(\.from) == [Self.hours(24.5)])
    }

    @Test func eachRotaTellsItsOwnShifts() {
        var night = Self.rota()
        night.id = 5
        night.name = "Night"
        night.members = [Self.cid]
        let notices = ShiftNoticeDecision.notices(rotas: [Self.rota(), night], reachable: [], active: Self.everyone, now: Self.hours(-1))
        #expect(notices.map(\.rotaName) == ["Control room", "Night"])
        #expect(Set(notices.map(\.key)).count == 2)
    }
}
