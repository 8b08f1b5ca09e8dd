import HeraldCore
import Testing

@testable import HeraldDelivery

/// Which calls an alarm no longer wants (the rule; the whole path is
/// `EscalationTests.aCallStillQueuedWhenTheAlarmIsTakenIsNotPushed`).
@Suite("Calls the alarm no longer wants")
struct CallDeciderTests {
    @Test func aTakenOrResolvedAlarmHoldsItsCallsAndNothingElseDoes() {
        #expect(CallDecider.reason(acknowledged: true, ended: nil)?.hasPrefix("acknowledged") == true, "taken, escalation still running")
        #expect(CallDecider.reason(acknowledged: true, ended: .exhausted)?.hasPrefix("acknowledged") == true, "taken after the last step called")
        #expect(CallDecider.reason(acknowledged: false, ended: .acknowledged)?.hasPrefix("acknowledged") == true, "ended by an acknowledgement since withdrawn, until it resumes")
        #expect(CallDecider.reason(acknowledged: false, ended: .resolved)?.hasPrefix("resolved") == true)
        #expect(CallDecider.reason(acknowledged: false, ended: nil) == nil, "still running")
        #expect(CallDecider.reason(acknowledged: false, ended: .exhausted) == nil, "the last step's own call")
        #expect(CallDecider.reason(acknowledged: false, ended: .heldBack) == nil)
    }
}
