import Foundation
import HeraldCore
import Testing

@Suite("When changed content starts an escalation")
struct EscalationStartTests {
    @Test func theRankIsTheSeverityUnlessResolved() {
        #expect(EscalationStart.rank(of: NotificationDraft(title: "t", severity: .major, alarm: .firing)) == Severity.major.rank)
        #expect(EscalationStart.rank(of: NotificationDraft(title: "t", severity: .major)) == Severity.major.rank, "a plain keyed post")
        #expect(EscalationStart.rank(of: NotificationDraft(title: "t", severity: .critical, alarm: .resolved)) == nil)
        #expect(EscalationStart.rank(of: NotificationDraft(title: "t")) == nil, "no severity")
    }

    @Test func itStartsAtThePolicysMinimumAndAgainOnlyAfterAResolutionOrAHoldBack() {
        let major = Severity.major.rank
        #expect(EscalationStart.starts(rank: major, minimumRank: major, existing: nil, acknowledged: false))
        #expect(!EscalationStart.starts(rank: Severity.minor.rank, minimumRank: major, existing: nil, acknowledged: false), "below the minimum")
        #expect(!EscalationStart.starts(rank: nil, minimumRank: 0, existing: nil, acknowledged: false))
        #expect(!EscalationStart.starts(rank: major, minimumRank: major, existing: .some(nil), acknowledged: false), "one is running")
        #expect(!EscalationStart.starts(rank: major, minimumRank: major, existing: nil, acknowledged: true), "someone has it")
        #expect(!EscalationStart.starts(rank: major, minimumRank: major, existing: .some(.heldBack), acknowledged: true), "held back, then taken")
        for end in EscalationEnd.allCases {
            let again = EscalationStart.starts(rank: major, minimumRank: major, existing: .some(end), acknowledged: false)
            #expect(again == (end == .resolved || end == .heldBack), "after \(end)")
        }
    }
}
