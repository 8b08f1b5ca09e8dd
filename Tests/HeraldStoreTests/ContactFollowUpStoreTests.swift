import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// Follow-ups of ntfy, Pushover and direct messages (issue 43), one contract on
/// every backend: leased to one sweep at a time (a lease that runs out
/// makes it due again); made due by the notification's acknowledgement
/// or change, also while a sweep holds it (the sweep's "look again later"
/// then gives way to "now"); gone with the notification or the person.
@Suite("Contact follow-ups, on every backend")
struct ContactFollowUpStoreTests {
    @Test(arguments: Backend.allCases)
    func aFollowUpIsLeasedOnceAndAHasteDuringItsSweepWins(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let (service, person) = try await DeliveryOrderTests.subscriber("oncall", to: "Cryo", device: 1, on: [.apns], in: store)
            let now = Timestamp.now()
            let alarm = try #require(try await store.publish(NotificationDraft(title: "Beam lost", severity: .critical), serviceID: service.id, at: now))
            let followUp = ContactFollowUp(
                deliveryID: 41, platform: .pushover, notificationID: alarm.id, userID: person.id, methodID: 7, receipt: nil, sentAt: now,
                nextCheckAt: now.addingTimeInterval(5)
            )
            try await store.recordFollowUps([followUp, followUp])
            #expect(try await store.claimFollowUps(now: now, until: now.addingTimeInterval(60), limit: 10).isEmpty, "not due yet")
            try await store.setFollowUpReceipt(41, receipt: "r0123456789abcdefghijklmnopqrs")
            let later = now.addingTimeInterval(5)
            let claimed = try await store.claimFollowUps(now: later, until: later.addingTimeInterval(60), limit: 10)
            #expect(claimed.count == 1 && claimed.first?.receipt == "r0123456789abcdefghijklmnopqrs", "one row for one delivery: \(claimed)")
            #expect(try await store.claimFollowUps(now: later, until: later.addingTimeInterval(60), limit: 10).isEmpty, "leased")

            // Taken while the sweep holds it: its "look again in 5 s" gives way to now.
            #expect(try await store.hastenFollowUps(notificationID: alarm.id, now: later) == 1)
            try await store.deferFollowUp(41, checks: 1, next: later.addingTimeInterval(5), now: later)
            #expect(try await store.claimFollowUps(now: later, until: later.addingTimeInterval(60), limit: 10).map(\.checks) == [1], "due at once")
            // Without a haste, the sweep's next look stands.
            try await store.deferFollowUp(41, checks: 2, next: later.addingTimeInterval(5), now: later)
            #expect(try await store.claimFollowUps(now: later.addingTimeInterval(4), until: later.addingTimeInterval(60), limit: 10).isEmpty)
            // A lease that runs out (its replica died) makes it due again.
            let afterwards = later.addingTimeInterval(6)
            #expect(try await store.claimFollowUps(now: afterwards, until: afterwards.addingTimeInterval(60), limit: 10).count == 1)
            #expect(try await store.claimFollowUps(now: afterwards.addingTimeInterval(61), until: afterwards.addingTimeInterval(120), limit: 10).count == 1)

            // A change to the notification (its resolution) makes it due too.
            try await store.deferFollowUp(41, checks: 3, next: afterwards.addingTimeInterval(600), now: afterwards)
            var resolved = alarm.draft
            resolved.alarm = .resolved
            _ = try await store.updateNotification(id: alarm.id, with: resolved, reaching: .holders, at: afterwards.addingTimeInterval(1))
            #expect(try await store.claimFollowUps(now: afterwards.addingTimeInterval(1), until: afterwards.addingTimeInterval(60), limit: 10).count == 1)

            try await store.finishFollowUps([41])
            #expect(try await store.claimFollowUps(now: afterwards.addingTimeInterval(3600), until: afterwards.addingTimeInterval(3660), limit: 10).isEmpty)
        }
    }

    /// A direct message's follow-up keeps what it shows, whether it offers
    /// a way to take the alarm, its last edit, when it was last made the
    /// alarm again, to the millisecond (a button from before that answers
    /// an older message), and the Matrix answers passed over.
    @Test(arguments: Backend.allCases)
    func whatADirectMessageShowsIsKept(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let (service, person) = try await DeliveryOrderTests.subscriber("oncall", to: "Cryo", device: 1, on: [.apns], in: store)
            let now = Timestamp.now()
            let alarm = try #require(try await store.publish(NotificationDraft(title: "Beam lost", severity: .critical), serviceID: service.id, at: now))
            try await store.recordFollowUps([
                ContactFollowUp(
                    deliveryID: 42, platform: .matrix, notificationID: alarm.id, userID: person.id, methodID: 7, receipt: "!room $event", sentAt: now,
                    nextCheckAt: now, answersBack: false
                )
            ])
            let first = try #require(try await store.claimFollowUps(now: now, until: now.addingTimeInterval(60), limit: 10).first)
            #expect(first.shown == "" && !first.answersBack && first.editedAt == nil && first.answersAfter == nil, "the alarm as sent, no way to take it: \(first)")
            try await store.showFollowUp(42, shown: "Acknowledged by oncall", sentAt: now, editedAt: now.addingTimeInterval(1), answersAfter: nil)
            try await store.deferFollowUp(42, checks: 1, next: now, now: now)
            let taken = try #require(try await store.claimFollowUps(now: now, until: now.addingTimeInterval(60), limit: 10).first)
            #expect(taken.shown == "Acknowledged by oncall" && abs((taken.editedAt ?? .distantPast).timeIntervalSince(now.addingTimeInterval(1))) < 0.001)
            let reopened = Date(timeIntervalSince1970: (now.timeIntervalSince1970 * 1_000).rounded(.down) / 1_000 + 2.345)
            try await store.showFollowUp(42, shown: "", sentAt: reopened, editedAt: reopened, answersAfter: reopened.addingTimeInterval(-0.5))
            try await store.deferFollowUp(42, checks: 0, next: now, now: now)
            let again = try #require(try await store.claimFollowUps(now: now, until: now.addingTimeInterval(60), limit: 10).first)
            #expect(again.shown == "" && abs(again.sentAt.timeIntervalSince(reopened)) < 0.001 && again.checks == 0 && !again.answersBack, "\(again)")
            #expect(abs((again.answersAfter ?? .distantPast).timeIntervalSince(reopened.addingTimeInterval(-0.5))) < 0.001, "\(again)")
            // A refused answer's time passes the ones before it, never back.
            try await store.passFollowUpAnswers(42, after: reopened.addingTimeInterval(-1))
            try await store.deferFollowUp(42, checks: 1, next: now, now: now)
            let kept = try #require(try await store.claimFollowUps(now: now, until: now.addingTimeInterval(60), limit: 10).first)
            #expect(abs((kept.answersAfter ?? .distantPast).timeIntervalSince(reopened.addingTimeInterval(-0.5))) < 0.001, "\(kept)")
            try await store.passFollowUpAnswers(42, after: reopened)
            try await store.deferFollowUp(42, checks: 2, next: now, now: now)
            let passed = try #require(try await store.claimFollowUps(now: now, until: now.addingTimeInterval(60), limit: 10).first)
            #expect(abs((passed.answersAfter ?? .distantPast).timeIntervalSince(reopened)) < 0.001 && passed.shown == "", "\(passed)")
        }
    }
}
