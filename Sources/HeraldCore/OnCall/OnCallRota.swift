import Foundation

/// Who is on call when (issue 26): members take turns in order, each for one
/// rotation, handing over at the rota's local time in its time zone, so a
/// weekly hand-off on Monday at 09:00 stays at 09:00 on both sides of a
/// daylight-saving change; overrides (someone covers from … until …) win
/// over the turns. Pure: the store keeps rotas, this says who they name.
public struct OnCallRota: Sendable, Equatable {
    public enum Rotation: Sendable, Equatable {
        /// A turn lasts this many local days (7: weekly): each hand-off at
        /// the same wall-clock time.
        case days(Int)
        /// A turn lasts this many hours of real time, whatever the clocks do.
        case hours(Int)
    }

    /// Someone covering for the rota from `from` until `until`.
    public struct Override: Sendable, Equatable {
        public var userID: UserID
        public var from: Date
        public var until: Date

        public init(userID: UserID, from: Date, until: Date) {
            self.userID = userID
            self.from = from
            self.until = until
        }
    }

    /// A stretch of time one person is on call.
    public struct Shift: Sendable, Equatable {
        public var userID: UserID
        public var from: Date
        public var until: Date
        /// Covered by an override rather than the turns.
        public var isOverride: Bool

        public init(userID: UserID, from: Date, until: Date, isOverride: Bool) {
            self.userID = userID
            self.from = from
            self.until = until
            self.isOverride = isOverride
        }
    }

    public var members: [UserID]
    public var rotation: Rotation
    public var timeZone: TimeZone
    /// The first hand-off: `members[0]`'s first turn begins here, and its
    /// local time of day is every later hand-off's (for `.days`).
    public var start: Date
    /// Later ones win where they overlap.
    public var overrides: [Override]

    public init(members: [UserID], rotation: Rotation, timeZone: TimeZone, start: Date, overrides: [Override] = []) {
        self.members = members
        self.rotation = rotation
        self.timeZone = timeZone
        self.start = start
        self.overrides = overrides
    }

    /// When turn `n` begins (turn 0 at `start`).
    public func handOff(_ turn: Int) -> Date {
        switch rotation {
        case .hours(let hours):
            return start.addingTimeInterval(Double(turn) * Double(max(hours, 1)) * 3_600)
        case .days(let days):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            // Adding local days keeps the wall-clock time across a change of offset.
            return calendar.date(byAdding: .day, value: turn * max(days, 1), to: start) ?? start
        }
    }

    /// The turn running at `date`; nil before the rota starts.
    public func turn(at date: Date) -> Int? {
        guard date >= start else { return nil }
        let nominal: Double = switch rotation {
        case .hours(let hours): Double(max(hours, 1)) * 3_600
        case .days(let days): Double(max(days, 1)) * 86_400
        }
        // The estimate is off by at most one turn (an hour of daylight saving per change).
        var turn = Int((date.timeIntervalSince(start) / nominal).rounded(.down))
        while turn > 0, handOff(turn) > date { turn -= 1 }
        while handOff(turn + 1) <= date { turn += 1 }
        return turn
    }

    /// Whose turn it is at `date`, overrides aside.
    public func scheduled(at date: Date) -> UserID? {
        guard !members.isEmpty, let turn = turn(at: date) else { return nil }
        return members[turn % members.count]
    }

    /// Who is on call at `date`: the last override covering it, else the turn's member.
    public func onCall(at date: Date) -> UserID? {
        overrides.last { $0.from <= date && date < $0.until }?.userID ?? scheduled(at: date)
    }

    /// Who is on call from `from` until `until`, in shifts (for the rota's
    /// calendar and its iCalendar feed): cut at every hand-off and override
    /// edge, neighbours of the same person and kind joined.
    public func shifts(from: Date, until: Date) -> [Shift] {
        guard from < until else { return [] }
        var edges: Set<Date> = [from, until]
        if let first = turn(at: max(from, start)) {
            var turn = first + 1
            while handOff(turn) < until {
                edges.insert(handOff(turn))
                turn += 1
            }
        }
        if start > from && start < until { edges.insert(start) }
        for override in overrides {
            for edge in [override.from, override.until] where edge > from && edge < until { edges.insert(edge) }
        }
        let sorted = edges.sorted()
        var shifts: [Shift] = []
        for (begin, end) in zip(sorted, sorted.dropFirst()) {
            let covering = overrides.last { $0.from <= begin && begin < $0.until }
            guard let userID = covering?.userID ?? scheduled(at: begin) else { continue }
            if let last = shifts.last, last.userID == userID, last.isOverride == (covering != nil), last.until == begin {
                shifts[shifts.count - 1].until = end
            } else {
                shifts.append(Shift(userID: userID, from: begin, until: end, isOverride: covering != nil))
            }
        }
        return shifts
    }
}
