import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import NIOConcurrencyHelpers
import Testing

@testable import HeraldDelivery

/// Where the worker learns of a new quiet hours setting (issue 39): one
/// made through its own process's store applies to the very next push,
/// with no query per batch to find out; one made on another replica (here
/// a second store object on the same database) is found by the shared
/// stamp, read at most once a second, so it applies within a second.
@Suite("Quiet hours decider: this process and other replicas")
struct QuietHoursDeciderTests {
    @Test(arguments: Backend.allCases)
    func aChangeHereAppliesAtOnceAndAnotherReplicasWithinASecond(_ backend: Backend) async throws {
        try await TestDatabase.withFreshDatabase(backend) { location in
            try await StoreFactory.withStore(location, logger: TestDatabase.logger) { here in
                try await StoreFactory.withStore(location, logger: TestDatabase.logger) { other in
                    let service = try await here.createService(ServiceDraft(category: "c", color: "000000", owner: "o"))
                    let user = try await here.createUser(username: "sleeper", passwordHash: nil, isAdmin: false)
                    let time = NIOLockedValueBox(Date())
                    let decider = QuietHoursDecider(store: here, clock: WallClock { time.withLockedValue { $0 } }, logger: TestDatabase.logger)
                    let record = NotificationRecord(id: 1, serviceID: service.id, timestamp: Date(), draft: NotificationDraft(title: "t", severity: .warning))
                    var push = ClaimedDelivery(
                        id: 1, notification: record, platform: .apns, deviceID: 1, token: "t", userIsActive: true, loginExpiresAt: nil, badge: 0, attempts: 1, queuedAt: Date()
                    )
                    push.userID = user.id
                    func heldBack() async -> Bool { await decider.decide([push])[0].heldBack != nil }
                    let allDay = QuietHours(
                        timeZone: TimeZone(identifier: "UTC")!, windows: [QuietHours.Window(weekdays: Set(1...7), from: 0, until: 0)], quieting: .inboxOnly
                    )

                    #expect(await heldBack() == false, "nothing set yet")
                    try await here.setQuietHours(userID: user.id, allDay, at: Date())
                    #expect(await heldBack(), "set in this process: the next push, with the clock not moved")
                    try await other.setQuietHours(userID: user.id, nil, at: Date())
                    #expect(await heldBack(), "cleared on another replica: not yet seen within the second")
                    time.withLockedValue { $0 = $0.addingTimeInterval(QuietHoursDecider.stampFreshFor) }
                    #expect(await heldBack() == false, "a second later the stamp says so")
                    try await other.snooze(userID: user.id, serviceID: service.id, until: Date().addingTimeInterval(3_600))
                    time.withLockedValue { $0 = $0.addingTimeInterval(QuietHoursDecider.stampFreshFor) }
                    #expect(await heldBack(), "another replica's snooze, a second later")
                    try await here.snooze(userID: user.id, serviceID: service.id, until: nil)
                    #expect(await heldBack() == false, "ended here: at once")
                }
            }
        }
    }
}
