import Foundation
import HeraldCore
import HeraldStore
import HeraldTestSupport
import Testing

@testable import HeraldDelivery

/// Which calls an alarm no longer wants (the rule; the whole path is
/// `EscalationTests.aCallStillQueuedWhenTheAlarmIsTakenIsNotPushed`).
@Suite("Calls the alarm no longer wants")
struct CallDeciderTests {
    @Test func aTakenOrResolvedAlarmHoldsItsCallsAndNothingElseDoes() {
        #expect(CallDecider.reason(acknowledged: true, alarm: .firing)?.hasPrefix("acknowledged") == true)
        #expect(CallDecider.reason(acknowledged: true, alarm: nil)?.hasPrefix("acknowledged") == true, "a notification that is no alarm, taken")
        #expect(CallDecider.reason(acknowledged: false, alarm: .resolved)?.hasPrefix("resolved") == true)
        #expect(CallDecider.reason(acknowledged: false, alarm: .firing) == nil, "still firing, nobody took it")
        #expect(CallDecider.reason(acknowledged: false, alarm: nil) == nil)
    }

    /// Only calls are held, one already held keeps its reason, and a store
    /// that cannot answer lets the calls go.
    @Test func onlyCallsAreHeldAndAStoreErrorLetsThemGo() async throws {
        try await TestDatabase.withStore(.sqlite) { store in
            let service = try await store.createService(ServiceDraft(category: "c", color: "000000", owner: "o"))
            let user = try await store.createUser(username: "alice", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: user.id, [service.id: true])
            let id = try #require(try await store.publish(NotificationDraft(title: "Vacuum lost", severity: .critical), serviceID: service.id, at: Timestamp.now())).id
            #expect(try await store.acknowledge(notificationID: id, by: user, comment: nil, effects: AcknowledgementEffects(), at: Date())?.isNew == true)
            let record = NotificationRecord(id: id, serviceID: service.id, timestamp: Date(), draft: NotificationDraft(title: "Vacuum lost", severity: .critical))
            func delivery(_ purpose: DeliveryPurpose, heldBack: String? = nil) -> ClaimedDelivery {
                var made = ClaimedDelivery(
                    id: 1, notification: record, platform: .apns, deviceID: 1, token: "t", userIsActive: true, loginExpiresAt: nil, badge: 0, attempts: 1, queuedAt: Date()
                )
                made.purpose = purpose
                made.heldBack = heldBack
                return made
            }
            let decided = await CallDecider(store: store, logger: TestDatabase.logger).decide(
                [delivery(.call), delivery(.subscribersCall), delivery(.alert), delivery(.withdrawal), delivery(.call, heldBack: "quiet hours")]
            )
            #expect(decided.map(\.heldBack) == [
                CallDecider.reason(acknowledged: true, alarm: nil), CallDecider.reason(acknowledged: true, alarm: nil), nil, nil, "quiet hours",
            ])
            let failing = CallDecider(store: UnreadableAcknowledgements(), logger: TestDatabase.logger)
            #expect(await failing.decide([delivery(.call)]).map(\.heldBack) == [nil], "cannot read: the call goes")
        }
    }
}

/// A store whose acknowledgements cannot be read (a database away).
private struct UnreadableAcknowledgements: AcknowledgementStore {
    struct Away: Error {}
    func acknowledge(
        notificationID: NotificationID, by user: User, comment: String?, effects: AcknowledgementEffects, at: Date
    ) async throws -> (acknowledgement: Acknowledgement, isNew: Bool)? { throw Away() }
    func withdrawAcknowledgement(notificationID: NotificationID, by user: User, resume: EscalationPolicy.Due?, at: Date) async throws -> Acknowledgement? { throw Away() }
    func acknowledgements(of ids: [NotificationID]) async throws -> [NotificationID: Acknowledgement] { throw Away() }
    func lastWithdrawal(notificationID: NotificationID) async throws -> (userID: UserID?, username: String, at: Date)? { throw Away() }
    func readership(notificationID: NotificationID) async throws -> (recipients: Int, read: Int) { throw Away() }
    func owner(ofDevice deviceID: Int64) async throws -> User? { throw Away() }
}
