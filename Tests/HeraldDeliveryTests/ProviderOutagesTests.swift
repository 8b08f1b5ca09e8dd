import Foundation
@testable import HeraldDelivery
import HeraldCore
import Testing

/// When a provider's return has its retries swept at the polls.
@Suite("Provider outages: the sweeps after a return")
struct ProviderOutagesTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A return none of whose sweeps could run is swept at every poll,
    /// however long that takes; the window opens at the first that runs
    /// and closes `settling` seconds later, whatever sweeps follow.
    @Test func aReturnIsSweptUntilASweepRunsThenForSettlingSeconds() {
        let outages = ProviderOutages()
        outages.noteReturn(.apns, swept: nil)
        #expect(outages.settlingReturns(now: start) == [.apns])
        #expect(outages.settlingReturns(now: start.addingTimeInterval(600)) == [.apns], "not forgotten while no sweep ran")
        outages.noteReturn(.apns, swept: start.addingTimeInterval(600))
        outages.noteReturn(.apns, swept: start.addingTimeInterval(605))
        outages.noteReturn(.apns, swept: nil)
        #expect(outages.settlingReturns(now: start.addingTimeInterval(609)) == [.apns])
        #expect(outages.settlingReturns(now: start.addingTimeInterval(610)).isEmpty, "closed settling seconds after the first sweep that ran")
    }

    /// A push without an answer just after the return keeps its sweeps; a
    /// provider called down again drops them (the next return starts over).
    @Test func aProviderDownAgainIsNotSwept() {
        let outages = ProviderOutages()
        outages.noteReturn(.fcm, swept: nil)
        _ = outages.observe(.fcm, attempts: 1, answered: 0, now: start.addingTimeInterval(1))
        #expect(outages.settlingReturns(now: start.addingTimeInterval(2)) == [.fcm], "a blip is not an outage")
        _ = outages.tick(now: start.addingTimeInterval(12))
        #expect(outages.settlingReturns(now: start.addingTimeInterval(12)).isEmpty, "down again")
    }
}
