import Foundation

/// When a notification whose content changes starts its service's
/// escalation: one rule for every way content changes (a keyed JSON post or
/// update, an Alertmanager or Phoebus report, a feed). Each backend reads
/// what `starts` needs inside the change's transaction, asks it, and
/// applies the answer. One place compares in SQL, with the same values: a
/// batch published on PostgreSQL starts the escalations of its new
/// notifications (no earlier one, nobody has them) where `rank(of:)` is
/// at least the policy's minimum, in the one statement that stores them
/// (a policy read first, in a statement of its own, could change before the
/// insert and drop a critical alarm's escalation). Before this rule had one home, an
/// alarm's report took a path that never started one: a Phoebus PV raised
/// from MINOR to MAJOR was pushed at MAJOR and nobody was called, while the
/// same raise posted as JSON started the escalation.
public enum EscalationStart {
    /// The severity rank at which changed content starts the escalation of
    /// a policy whose minimum rank is at most this; nil when it starts none
    /// whatever the policy (no severity, or the alarm resolved).
    public static func rank(of draft: NotificationDraft) -> Int? {
        guard let severity = draft.severity, draft.alarm != .resolved else { return nil }
        return severity.rank
    }

    /// How an escalation must have ended to start again when its alarm is
    /// raised or fires again: after a resolution or a flood's hold-back,
    /// never after an acknowledgement (someone has it) or running out.
    public static let restartsAfter: [EscalationEnd] = [.resolved, .heldBack]

    /// Whether content at `rank` starts an escalation now, given its
    /// policy's minimum rank, how an earlier one ended (`existing`: nil
    /// when there is none; `.some(nil)` when one is running) and whether
    /// someone has the alarm (then none starts: it would end at once as
    /// acknowledged, and count against the service's starts brake).
    public static func starts(rank: Int?, minimumRank: Int, existing: EscalationEnd??, acknowledged: Bool) -> Bool {
        guard let rank, rank >= minimumRank, !acknowledged else { return false }
        switch existing {
        case .none: return true
        case .some(.none): return false
        case .some(.some(let end)): return restartsAfter.contains(end)
        }
    }
}
