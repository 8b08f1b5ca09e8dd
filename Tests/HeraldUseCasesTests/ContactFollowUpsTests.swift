import Foundation
import HeraldCore
import HeraldTestSupport
import HeraldUseCases
import Synchronization
import Testing

/// `ContactFollowUps` over a real store with a client that records what it
/// is asked (the live tests drive Slack, Mattermost and Synapse): a direct
/// message follows its alarm taken and put back, no faster than one edit
/// every `editGap`; one that offered no way to take the alarm gets none when
/// it is the alarm again; a removed method is written to no more; an edit
/// whose record was lost is made again; a button someone else's withdrawal
/// made stale is signed anew, after that withdrawal whatever the clocks.
@Suite("Contact follow-ups: direct messages taken and put back")
struct ContactFollowUpsTests {
    /// What the follow-ups asked of the chat services.
    final class Recorder: PhoneAppFollowUpClient {
        struct Edit: Equatable {
            /// What became of the alarm ("open" while nothing did).
            var text: String
            var button: DirectMessageButton?
            var acknowledgeable: Bool
        }
        let edits = Mutex<[Edit]>([])

        func end(ntfyTopic: String, with message: PhoneAppMessage) async throws {}
        func readReceipt(_ receipt: String) async throws -> PushoverReceipt { PushoverReceipt(acknowledged: false, acknowledgedBy: nil, expired: false) }
        func cancel(receipt: String) async throws {}
        func cancel(tag: String) async throws {}
        func edit(directMessage receipt: String, on platform: Platform, with message: ChatMessage, button: DirectMessageButton?) async throws {
            edits.withLock { $0.append(Edit(text: message.status ?? "open", button: button, acknowledgeable: message.acknowledgeable)) }
        }
        func edit(matrixReceipt receipt: String, with message: PhoneAppMessage, acknowledgeable: Bool, edit: String) async throws {}
        func answers(matrixReceipt receipt: String) async throws -> [ChatReaction] { [] }
    }

    /// ann, subscribed to a service with one alarm, her verified Slack (or
    /// Mattermost) account followed by `deliveryID`, the follow-ups over a
    /// clock the test moves.
    final class Fixture: Sendable {
        let store: any HeraldStore
        let ann: User
        let method: ContactMethod
        let alarm: NotificationRecord
        let recorder = Recorder()
        let now = Mutex(Date(timeIntervalSince1970: 1_900_000_000))
        static let effects = AcknowledgementEffects(writeBack: false, withdrawOn: [], endsEscalation: true, withdrawalsAsFanout: false)

        init(_ store: any HeraldStore, kind: ContactKind = .slack, subscribers: [User] = []) async throws {
            self.store = store
            let start = now.withLock { $0 }
            let service = try await store.createService(ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops"))
            ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            for user in [ann] + subscribers { try await store.setSubscriptions(userID: user.id, [service.id: true]) }
            let address = kind == .slack ? "U0ANN00001" : String(repeating: "a", count: 26)
            method = try #require(try await store.addContactMethod(userID: ann.id, kind: kind, address: address, at: start))
            _ = try await store.verifyContactMethod(methodID: method.id, userID: ann.id, at: start)
            alarm = try #require(try await store.publish(NotificationDraft(title: "Beam lost", severity: .critical), serviceID: service.id, at: start))
        }

        var time: Date { now.withLock { $0 } }
        var clock: WallClock { WallClock { [self] in now.withLock { $0 } } }
        func advance(_ seconds: TimeInterval) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
        var edits: [Recorder.Edit] { recorder.edits.withLock { $0 } }

        func follow(_ deliveryID: DeliveryID, platform: Platform = .slack, answersBack: Bool = true, firstLook: TimeInterval = 0) async throws {
            try await store.recordFollowUps([
                ContactFollowUp(
                    deliveryID: deliveryID, platform: platform, notificationID: alarm.id, userID: ann.id, methodID: method.id, receipt: "D1:1.2",
                    sentAt: time, nextCheckAt: time.addingTimeInterval(firstLook), answersBack: answersBack
                )
            ])
        }

        func take(by user: User, at: Date? = nil) async throws {
            _ = try await store.acknowledge(notificationID: alarm.id, by: user, comment: nil, effects: Self.effects, at: at ?? time)
            try await store.hastenFollowUps(notificationID: alarm.id, now: time)
        }

        func putBack(by user: User, at: Date? = nil) async throws {
            _ = try await store.withdrawAcknowledgement(notificationID: alarm.id, by: user, resume: nil, at: at ?? time)
            try await store.hastenFollowUps(notificationID: alarm.id, now: time)
        }

        func sweep() async throws {
            let acknowledgements = Acknowledgements(
                store: store, visibility: ServiceVisibility(demo: nil), brake: UserChangeBrake(perMinute: 0, clock: clock), clock: clock
            )
            let followUps = ContactFollowUps(store: store, acknowledgements: acknowledgements, client: recorder, pushover: nil, clock: clock)
            _ = try await followUps.sweep(logger: TestDatabase.logger)
        }
    }

    @Test(arguments: Backend.allCases)
    func aFloodOfTakesAndWithdrawalsIsAFewEditsAndNoButtonForWhoCannotTakeIt(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let the = try await Fixture(store)
            // She may not take it (say, not a responder): her message came without a button.
            try await the.follow(1, answersBack: false)

            // Taken and put back ten times in two seconds (put back last), the sweep running every 0.2 s.
            for flip in 0..<10 {
                if flip % 2 == 0 { try await the.take(by: the.ann) } else { try await the.putBack(by: the.ann) }
                try await the.sweep()
                the.advance(0.2)
            }
            // After the gap, one more edit shows the state then: the alarm again, still without a button.
            the.advance(ContactFollowUpDecision.editGap)
            try await the.sweep()
            #expect(the.edits.map(\.text) == ["Acknowledged by ann", "open"], "one edit at the first take, one after the gap")
            let reopened = try #require(the.edits.last)
            #expect(reopened.button == nil && !reopened.acknowledgeable, "\(reopened)")

            // Her method removed: her chat is written to no more, and the follow-up is done.
            #expect(try await store.removeContactMethod(methodID: the.method.id, userID: the.ann.id))
            try await the.take(by: the.ann)
            the.advance(ContactFollowUpDecision.editGap)
            try await the.sweep()
            #expect(the.edits.count == 2)
            the.advance(3_600)
            #expect(try await store.claimFollowUps(now: the.time, until: the.time.addingTimeInterval(60), limit: 10).isEmpty)
        }
    }

    /// An edit that lands while its record does not (the database away just
    /// then) is made again to what is true at the next look: here the
    /// message said "Acknowledged by ann" while the record still said the
    /// alarm, and her withdrawal would have left it so.
    @Test(arguments: Backend.allCases)
    func anEditWhoseRecordWasLostIsMadeAgainToWhatIsTrue(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { base in
            let faults = StoreFaults()
            let the = try await Fixture(FaultyStore(base, faults: faults))
            try await the.follow(3)
            try await the.take(by: the.ann)
            faults.fail(.recordFollowUpShown)
            try await the.sweep()
            #expect(the.edits.map(\.text) == ["Acknowledged by ann"], "the edit landed")
            // She puts it back herself (her own withdrawal: her button from before still answers).
            try await the.putBack(by: the.ann, at: the.time.addingTimeInterval(1))
            the.advance(ContactFollowUpDecision.ntfyLongestPause)
            try await the.sweep()
            #expect(the.edits.map(\.text) == ["Acknowledged by ann", "open"], "made the alarm again")
            #expect(the.edits.last?.button != nil, "with her button")
        }
    }

    /// Taken by someone else and put back before anyone looked: the
    /// message never said so, but its button (signed before the withdrawal)
    /// would refuse its own person, so it is signed anew.
    @Test func aMessageWhoseButtonAWithdrawalMadeStaleIsSignedAnew() async throws {
        try await TestDatabase.withStore(.sqlite) { store in
            let bob = try await store.createUser(username: "bob", passwordHash: nil, isAdmin: false)
            let the = try await Fixture(store, subscribers: [bob])
            let sent = the.time
            try await the.follow(4, firstLook: 2)
            try await the.take(by: bob, at: sent.addingTimeInterval(0.5))
            try await the.putBack(by: bob, at: sent.addingTimeInterval(1))
            the.advance(2)
            try await the.sweep()
            let edit = try #require(the.edits.last)
            #expect(edit.text == "open" && Double(edit.button?.sentAt ?? 0) / 1_000 > sent.timeIntervalSince1970 + 1, "\(edit)")
            // Once signed anew, nothing more to do until something changes.
            the.advance(ContactFollowUpDecision.ntfyLongestPause)
            try await the.sweep()
            #expect(the.edits.count == 1)
        }
    }

    /// A person who may take it gets a button signed for the moment the
    /// message became the alarm again: after the withdrawal, even when the
    /// sweeping replica's clock is behind the withdrawing one's.
    @Test func theNewButtonIsSignedAfterTheWithdrawalWhateverTheClock() async throws {
        try await TestDatabase.withStore(.sqlite) { store in
            let the = try await Fixture(store, kind: .mattermost)
            try await the.follow(2, platform: .mattermost)
            try await store.showFollowUp(2, shown: "Acknowledged by ann.", sentAt: the.time, editedAt: nil, answersAfter: nil)
            // Withdrawn on a replica whose clock is 3 s ahead of this one's.
            let withdrawnAt = the.time.addingTimeInterval(3)
            try await the.take(by: the.ann)
            try await the.putBack(by: the.ann, at: withdrawnAt)
            try await the.sweep()
            let button = try #require(the.edits.last?.button, "\(the.edits)")
            #expect(button.method == the.method.id && button.notification == the.alarm.id)
            #expect(Double(button.sentAt) / 1_000 > withdrawnAt.timeIntervalSince1970, "signed after the withdrawal: \(button.sentAt)")
        }
    }
}
