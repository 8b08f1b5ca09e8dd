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

    /// A provider quiet again drops its return: the next return starts over.
    @Test func aProviderQuietAgainIsNotSwept() {
        let outages = ProviderOutages()
        outages.noteReturn(.fcm, swept: start)
        _ = outages.observe(.fcm, attempts: 1, answered: 0, now: start.addingTimeInterval(1))
        #expect(outages.settlingReturns(now: start.addingTimeInterval(2)).isEmpty)
    }
}
