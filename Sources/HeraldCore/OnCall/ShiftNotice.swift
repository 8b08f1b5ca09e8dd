import Foundation

/// "Your shift starts tomorrow, and Herald can reach you only by push"
/// (issue 42): told once to a rota's person whose only way to be reached is
/// a push (no verified number or address), within `lead` before a shift of
/// theirs begins, so they can add one while there is time. The coverage view
/// shows the same people to the rota's managers.
public struct ShiftNotice: Sendable, Equatable {
    public var rotaID: Int64
    public var rotaName: String
    /// The rota's zone: the start is told in it.
    public var zone: NamedTimeZone
    public var userID: UserID
    /// When the shift begins (a turn's hand-off, or an override's start).
    public var from: Date

    public init(rotaID: Int64, rotaName: String, zone: NamedTimeZone, userID: UserID, from: Date) {
        self.rotaID = rotaID
        self.rotaName = rotaName
        self.zone = zone
        self.userID = userID
        self.from = from
    }

    /// The notice's key on Herald's own notice service: one notice per
    /// rota, person and half day (UTC) in which a shift begins, however
    /// many replicas sweep and however often (the store keeps one
    /// notification per key). Not per start: a rota's owner moving an
    /// override's start back and forth would otherwise push the person a
    /// notice at every sweep.
    public var key: String { "shift-notice:\(rotaID):\(userID):\(Int64((from.timeIntervalSince1970 / Self.keyPeriod).rounded(.down)))" }

    /// The shared setting naming Herald's own notice service: a private
    /// service no sender may post to (the stores' `isPageService`).
    public static let serviceSetting = "herald_notice_service"

    /// The period a key stands for: 12 hours.
    public static let keyPeriod: TimeInterval = 43_200
}

/// Who is told of a coming shift, decided from the rotas as they are; the
/// use case reads, and the store keeps each notice once by its key.
public enum ShiftNoticeDecision {
    /// How far ahead a shift is told: a day.
    public static let defaultLead: TimeInterval = 86_400

    /// The notices due at `now`: for each rota, the first shift beginning
    /// after `now` and at most `lead` later of each active person (`active`)
    /// not in `reachable` (those with a verified contact method), unless
    /// they are on call on it at `now` (they know; their next shift is told
    /// once this one ends, still hours ahead). Neighbours of one person are
    /// one shift here whether a turn or an override covers them, so an
    /// override that only extends someone's turn tells nothing new.
    public static func notices(
        rotas: [StoredRota], reachable: Set<UserID>, active: Set<UserID>, now: Date, lead: TimeInterval = defaultLead
    ) -> [ShiftNotice] {
        guard lead > 0 else { return [] }
        var notices: [ShiftNotice] = []
        for rota in rotas {
            var joined: [OnCallRota.Shift] = []
            for shift in rota.rota.shifts(from: now, until: now.addingTimeInterval(lead)) {
                if let last = joined.last, last.userID == shift.userID, last.until == shift.from {
                    joined[joined.count - 1].until = shift.until
                } else {
                    joined.append(shift)
                }
            }
            let onCall = rota.rota.onCall(at: now)
            var told = Set<UserID>()
            for shift in joined where shift.from > now && shift.userID != onCall && active.contains(shift.userID) && !reachable.contains(shift.userID) {
                guard told.insert(shift.userID).inserted else { continue }
                notices.append(ShiftNotice(rotaID: rota.id, rotaName: rota.name, zone: rota.zone, userID: shift.userID, from: shift.from))
            }
        }
        return notices
    }
}
