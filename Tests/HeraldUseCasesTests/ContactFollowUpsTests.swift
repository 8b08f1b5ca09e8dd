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
/// it is the alarm again; a removed method is written to no more.
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

    /// A clock the test moves.
    final class Hands: Sendable {
        let now = Mutex(Date(timeIntervalSince1970: 1_900_000_000))
        var clock: WallClock { WallClock { [self] in now.withLock { $0 } } }
        func advance(_ seconds: TimeInterval) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    @Test(arguments: Backend.allCases)
    func aFloodOfTakesAndWithdrawalsIsAFewEditsAndNoButtonForWhoCannotTakeIt(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let hands = Hands()
            let service = try await store.createService(ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops"))
            let ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: ann.id, [service.id: true])
            let method = try #require(try await store.addContactMethod(userID: ann.id, kind: .slack, address: "U0ANN00001", at: hands.now.withLock { $0 }))
            _ = try await store.verifyContactMethod(methodID: method.id, userID: ann.id, at: hands.now.withLock { $0 })
            let alarm = try #require(try await store.publish(NotificationDraft(title: "Beam lost", severity: .critical), serviceID: service.id, at: hands.now.withLock { $0 }))
            let sent = hands.now.withLock { $0 }
            // She may not take it (say, not a responder): her message came without a button.
            try await store.recordFollowUps([
                ContactFollowUp(
                    deliveryID: 1, platform: .slack, notificationID: alarm.id, userID: ann.id, methodID: method.id, receipt: "D1:1.2", sentAt: sent,
                    nextCheckAt: sent, answersBack: false
                )
            ])
            let recorder = Recorder()
            let acknowledgements = Acknowledgements(
                store: store, visibility: ServiceVisibility(demo: nil), brake: UserChangeBrake(perMinute: 0, clock: hands.clock), clock: hands.clock
            )
            let followUps = ContactFollowUps(store: store, acknowledgements: acknowledgements, client: recorder, pushover: nil, clock: hands.clock)
            let effects = AcknowledgementEffects(writeBack: false, withdrawOn: [], endsEscalation: true, withdrawalsAsFanout: false)
            func sweep() async throws { _ = try await followUps.sweep(logger: TestDatabase.logger) }

            // Taken and put back ten times in two seconds (put back last), the sweep running every 0.2 s.
            for flip in 0..<10 {
                if flip % 2 == 0 {
                    _ = try await store.acknowledge(notificationID: alarm.id, by: ann, comment: nil, effects: effects, at: hands.now.withLock { $0 })
                } else {
                    _ = try await store.withdrawAcknowledgement(notificationID: alarm.id, by: ann, resume: nil, at: hands.now.withLock { $0 })
                }
                try await store.hastenFollowUps(notificationID: alarm.id, now: hands.now.withLock { $0 })
                try await sweep()
                hands.advance(0.2)
            }
            // After the gap, one more edit shows the state then: the alarm again, still without a button.
            hands.advance(ContactFollowUpDecision.editGap)
            try await sweep()
            let edits = recorder.edits.withLock { $0 }
            #expect(edits.map(\.text) == ["Acknowledged by ann", "open"], "one edit at the first take, one after the gap")
            let reopened = try #require(edits.last)
            #expect(reopened.button == nil && !reopened.acknowledgeable, "\(reopened)")

            // Her method removed: her chat is written to no more, and the follow-up is done.
            #expect(try await store.removeContactMethod(methodID: method.id, userID: ann.id))
            _ = try await store.acknowledge(notificationID: alarm.id, by: ann, comment: nil, effects: effects, at: hands.now.withLock { $0 })
            try await store.hastenFollowUps(notificationID: alarm.id, now: hands.now.withLock { $0 })
            hands.advance(ContactFollowUpDecision.editGap)
            let count = recorder.edits.withLock { $0.count }
            try await sweep()
            #expect(recorder.edits.withLock { $0.count } == count)
            hands.advance(3_600)
            #expect(try await store.claimFollowUps(now: hands.now.withLock { $0 }, until: hands.now.withLock { $0 }.addingTimeInterval(60), limit: 10).isEmpty)
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
            let store = FaultyStore(base, faults: faults)
            let hands = Hands()
            let now = hands.now.withLock { $0 }
            let service = try await store.createService(ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops"))
            let ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: ann.id, [service.id: true])
            let method = try #require(try await store.addContactMethod(userID: ann.id, kind: .slack, address: "U0ANN00001", at: now))
            _ = try await store.verifyContactMethod(methodID: method.id, userID: ann.id, at: now)
            let alarm = try #require(try await store.publish(NotificationDraft(title: "Beam lost", severity: .critical), serviceID: service.id, at: now))
            try await store.recordFollowUps([
                ContactFollowUp(deliveryID: 3, platform: .slack, notificationID: alarm.id, userID: ann.id, methodID: method.id, receipt: "D1:1.2", sentAt: now, nextCheckAt: now)
            ])
            let recorder = Recorder()
            let acknowledgements = Acknowledgements(
                store: store, visibility: ServiceVisibility(demo: nil), brake: UserChangeBrake(perMinute: 0, clock: hands.clock), clock: hands.clock
            )
            let followUps = ContactFollowUps(store: store, acknowledgements: acknowledgements, client: recorder, pushover: nil, clock: hands.clock)
            let effects = AcknowledgementEffects(writeBack: false, withdrawOn: [], endsEscalation: true, withdrawalsAsFanout: false)
            _ = try await store.acknowledge(notificationID: alarm.id, by: ann, comment: nil, effects: effects, at: now)
            faults.fail(.recordFollowUpShown)
            _ = try await followUps.sweep(logger: TestDatabase.logger)
            #expect(recorder.edits.withLock { $0.map(\.text) } == ["Acknowledged by ann"], "the edit landed")
            // She puts it back herself (her own withdrawal: her button from before still answers).
            _ = try await store.withdrawAcknowledgement(notificationID: alarm.id, by: ann, resume: nil, at: now.addingTimeInterval(1))
            hands.advance(ContactFollowUpDecision.ntfyLongestPause)
            _ = try await followUps.sweep(logger: TestDatabase.logger)
            let edits = recorder.edits.withLock { $0 }
            #expect(edits.map(\.text) == ["Acknowledged by ann", "open"], "made the alarm again")
            #expect(edits.last?.button != nil, "with her button")
        }
    }

    /// Taken by someone else and put back before anyone looked: the
    /// message never said so, but its button (signed before the withdrawal)
    /// would refuse its own person, so it is signed anew.
    @Test func aMessageWhoseButtonAWithdrawalMadeStaleIsSignedAnew() async throws {
        try await TestDatabase.withStore(.sqlite) { store in
            let hands = Hands()
            let now = hands.now.withLock { $0 }
            let service = try await store.createService(ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops"))
            let ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            let bob = try await store.createUser(username: "bob", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: ann.id, [service.id: true])
            try await store.setSubscriptions(userID: bob.id, [service.id: true])
            let method = try #require(try await store.addContactMethod(userID: ann.id, kind: .slack, address: "U0ANN00001", at: now))
            _ = try await store.verifyContactMethod(methodID: method.id, userID: ann.id, at: now)
            let alarm = try #require(try await store.publish(NotificationDraft(title: "Beam lost", severity: .critical), serviceID: service.id, at: now))
            try await store.recordFollowUps([
                ContactFollowUp(deliveryID: 4, platform: .slack, notificationID: alarm.id, userID: ann.id, methodID: method.id, receipt: "D1:1.2", sentAt: now, nextCheckAt: now.addingTimeInterval(2))
            ])
            let effects = AcknowledgementEffects(writeBack: false, withdrawOn: [], endsEscalation: true, withdrawalsAsFanout: false)
            _ = try await store.acknowledge(notificationID: alarm.id, by: bob, comment: nil, effects: effects, at: now.addingTimeInterval(0.5))
            _ = try await store.withdrawAcknowledgement(notificationID: alarm.id, by: bob, resume: nil, at: now.addingTimeInterval(1))
            hands.advance(2)
            let recorder = Recorder()
            let acknowledgements = Acknowledgements(
                store: store, visibility: ServiceVisibility(demo: nil), brake: UserChangeBrake(perMinute: 0, clock: hands.clock), clock: hands.clock
            )
            let followUps = ContactFollowUps(store: store, acknowledgements: acknowledgements, client: recorder, pushover: nil, clock: hands.clock)
            _ = try await followUps.sweep(logger: TestDatabase.logger)
            let edit = try #require(recorder.edits.withLock { $0.last })
            #expect(edit.text == "open" && Double(edit.button?.sentAt ?? 0) / 1_000 > now.timeIntervalSince1970 + 1, "\(edit)")
            // Once signed anew, nothing more to do until something changes.
            hands.advance(ContactFollowUpDecision.ntfyLongestPause)
            _ = try await followUps.sweep(logger: TestDatabase.logger)
            #expect(recorder.edits.withLock { $0.count } == 1)
        }
    }

    /// A person who may take it gets a button signed for the moment the
    /// message became the alarm again: after the withdrawal, even when the
    /// sweeping replica's clock is behind the withdrawing one's.
    @Test func theNewButtonIsSignedAfterTheWithdrawalWhateverTheClock() async throws {
        try await TestDatabase.withStore(.sqlite) { store in
            let hands = Hands()
            let service = try await store.createService(ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops"))
            let ann = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: ann.id, [service.id: true])
            let now = hands.now.withLock { $0 }
            let method = try #require(try await store.addContactMethod(userID: ann.id, kind: .mattermost, address: String(repeating: "a", count: 26), at: now))
            _ = try await store.verifyContactMethod(methodID: method.id, userID: ann.id, at: now)
            let alarm = try #require(try await store.publish(NotificationDraft(title: "Beam lost", severity: .critical), serviceID: service.id, at: now))
            try await store.recordFollowUps([
                ContactFollowUp(
                    deliveryID: 2, platform: .mattermost, notificationID: alarm.id, userID: ann.id, methodID: method.id, receipt: "post1", sentAt: now,
                    nextCheckAt: now
                )
            ])
            try await store.showFollowUp(2, shown: "Acknowledged by ann.", sentAt: now, editedAt: nil, answersAfter: nil)
            // Withdrawn on a replica whose clock is 3 s ahead of this one's.
            let withdrawnAt = now.addingTimeInterval(3)
            let effects = AcknowledgementEffects(writeBack: false, withdrawOn: [], endsEscalation: true, withdrawalsAsFanout: false)
            _ = try await store.acknowledge(notificationID: alarm.id, by: ann, comment: nil, effects: effects, at: now)
            _ = try await store.withdrawAcknowledgement(notificationID: alarm.id, by: ann, resume: nil, at: withdrawnAt)
            let recorder = Recorder()
            let acknowledgements = Acknowledgements(
                store: store, visibility: ServiceVisibility(demo: nil), brake: UserChangeBrake(perMinute: 0, clock: hands.clock), clock: hands.clock
            )
            let followUps = ContactFollowUps(store: store, acknowledgements: acknowledgements, client: recorder, pushover: nil, clock: hands.clock)
            _ = try await followUps.sweep(logger: TestDatabase.logger)
            let button = try #require(recorder.edits.withLock { $0.last?.button }, "\(recorder.edits.withLock { $0 })")
            #expect(button.method == method.id && button.notification == alarm.id)
            #expect(Double(button.sentAt) / 1_000 > withdrawnAt.timeIntervalSince1970, "signed after the withdrawal: \(button.sentAt)")
        }
    }
}
