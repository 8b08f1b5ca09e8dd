import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// The write-back rows on every store, held to one contract: made with the
/// acknowledgement only when asked, claimed once under a lease (a second
/// owner gets nothing until it lapses), failures retried or refused, a
/// withdrawal or a resolution changing the goal, watches claimed when due.
@Suite("Write-back store")
struct WriteBackStoreTests {
    @Test(arguments: Backend.allCases)
    func claimsFinishesFailuresAndGoals(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Vacuum", color: "0000ff", owner: "ops"))
            let alice = try await store.createUser(username: "alice", passwordHash: "-", isAdmin: false)
            try await store.setSubscriptions(userID: alice.id, [service.id: true])
            let now = Timestamp.now()
            let alarm = try #require(
                try await store.publish(NotificationDraft(title: "Pump down", key: "alert:fp1", alarm: .firing), serviceID: service.id, at: now)
            )
            let plain = try #require(try await store.publish(NotificationDraft(title: "Coffee"), serviceID: service.id, at: now))

            _ = try await store.acknowledge(notificationID: plain.id, by: alice, comment: nil, effects: AcknowledgementEffects(), at: now)
            #expect(try await store.writeBack(of: plain.id) == nil, "not asked: no row")
            _ = try await store.acknowledge(notificationID: alarm.id, by: alice, comment: "mine", effects: AcknowledgementEffects(writeBack: true), at: now)
            #expect(try await store.writeBack(of: alarm.id)?.state == "pending")

            // One claim; a second owner gets nothing while it holds.
            let claimed = try await store.claimWriteBacks(owner: "a", limit: 10, until: now.addingTimeInterval(60), now: now)
            #expect(claimed.map(\.notificationID) == [alarm.id] && claimed.first?.wanted == .acknowledged)
            #expect(try await store.claimWriteBacks(owner: "b", limit: 10, until: now.addingTimeInterval(60), now: now).isEmpty)
            // A failure to be retried later is not due before then.
            try await store.failWriteBack(alarm.id, owner: "a", detail: "connection refused", retryAt: now.addingTimeInterval(5), at: now)
            let failed = try #require(try await store.writeBack(of: alarm.id))
            #expect(failed.state == "retrying" && failed.attempts == 1 && failed.detail == "connection refused")
            #expect(try await store.claimWriteBacks(owner: "b", limit: 10, until: now.addingTimeInterval(60), now: now.addingTimeInterval(1)).isEmpty)
            // Owner "a"'s claim lapsed after its lease: "b" takes it over; "a" can no longer finish it.
            let later = now.addingTimeInterval(6)
            #expect(try await store.claimWriteBacks(owner: "b", limit: 10, until: later.addingTimeInterval(60), now: later).count == 1)
            try await store.finishWriteBack(alarm.id, owner: "a", achieved: .acknowledged, reference: "x", detail: nil, watchAt: nil, snapshot: nil, at: later)
            #expect(try await store.writeBack(of: alarm.id)?.achieved == nil, "only the claim's owner records an outcome")
            let watchAt = later.addingTimeInterval(15)
            try await store.finishWriteBack(
                alarm.id, owner: "b", achieved: .acknowledged, reference: "silence-1", detail: "made", watchAt: watchAt, snapshot: "{}", at: later
            )
            let done = try #require(try await store.writeBack(of: alarm.id))
            #expect(done.state == "done" && done.reference == "silence-1" && done.attempts == 0 && done.snapshot == "{}")
            #expect(abs((done.watchAt ?? .distantPast).timeIntervalSince(watchAt)) < 0.001)

            // Nothing due until the watch; then claimed for it, and looked at again later.
            #expect(try await store.claimWriteBacks(owner: "c", limit: 10, until: later.addingTimeInterval(60), now: later.addingTimeInterval(1)).isEmpty)
            let watched = try await store.claimWriteBacks(owner: "c", limit: 10, until: watchAt.addingTimeInterval(60), now: watchAt)
            #expect(watched.map(\.notificationID) == [alarm.id] && watched.first?.needsTry(at: watchAt) == false)
            try await store.watchedWriteBack(alarm.id, owner: "c", watchAt: watchAt.addingTimeInterval(15), at: watchAt)

            // Withdrawn: the goal changes and it is due at once, the watch over.
            _ = try await store.withdrawAcknowledgement(notificationID: alarm.id, by: alice, resume: nil, at: watchAt)
            let withdrawn = try #require(try await store.writeBack(of: alarm.id))
            #expect(withdrawn.wanted == .withdrawn && withdrawn.state == "pending" && withdrawn.watchAt == nil && withdrawn.reference == "silence-1")
            let undo = try await store.claimWriteBacks(owner: "c", limit: 10, until: watchAt.addingTimeInterval(60), now: watchAt.addingTimeInterval(0.001))
            #expect(undo.first?.wanted == .withdrawn)
            // Refused for good: not claimed again, until someone acknowledges anew.
            try await store.failWriteBack(alarm.id, owner: "c", detail: "400", retryAt: nil, at: watchAt)
            #expect(try await store.writeBack(of: alarm.id)?.state == "refused")
            #expect(try await store.claimWriteBacks(owner: "c", limit: 10, until: .distantFuture, now: watchAt.addingTimeInterval(3_600)).isEmpty)
            let again = watchAt.addingTimeInterval(10)
            _ = try await store.acknowledge(notificationID: alarm.id, by: alice, comment: nil, effects: AcknowledgementEffects(writeBack: true), at: again)
            let renewed = try #require(try await store.writeBack(of: alarm.id))
            #expect(renewed.wanted == .acknowledged && !renewed.refused && renewed.attempts == 0)

            // The alarm resolves: the goal becomes resolved, in the alert's own unit of work.
            let resolution = NotificationDraft(title: "Resolved: Pump down", key: "alert:fp1", alarm: .resolved)
            _ = try await store.withAlertStates(of: service.id) { unit in
                try await unit.republish([AlarmChange(id: alarm.id, draft: resolution, reaching: .holders)], at: again.addingTimeInterval(1))
            }
            #expect(try await store.writeBack(of: alarm.id)?.wanted == .resolved)
        }
    }
}
