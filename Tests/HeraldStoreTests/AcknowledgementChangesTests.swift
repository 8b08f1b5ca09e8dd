import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// An acknowledgement changes every holder's inbox item (issue 39) without
/// a write to each holder's row: a resuming stream's read of what changed
/// since its position carries the item with its acknowledgement, then open
/// again after the withdrawal; a holder who read it meanwhile gets one
/// event, at the later time.
@Suite("Acknowledgement changes")
struct AcknowledgementChangesTests {
    @Test(arguments: Backend.allCases)
    func anAcknowledgementIsAChangeOfEveryHoldersItem(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Cryo", color: "00ff00", owner: "ops"))
            let alice = try await store.createUser(username: "alice", passwordHash: nil, isAdmin: false)
            let bob = try await store.createUser(username: "bob", passwordHash: nil, isAdmin: false)
            for user in [alice, bob] { try await store.setSubscriptions(userID: user.id, [service.id: true]) }
            let posted = Timestamp.now()
            let notification = try #require(try await store.publish(NotificationDraft(title: "Compressor trip"), serviceID: service.id, at: posted))
            let position = posted.addingTimeInterval(0.5)
            #expect(try await store.inboxChanges(userID: bob.id, since: position, limit: 10).isEmpty, "nothing since")

            let taken = position.addingTimeInterval(1)
            #expect(try await store.acknowledge(notificationID: notification.id, by: alice, comment: nil, effects: AcknowledgementEffects(), at: taken)?.isNew == true)
            let seen = try await store.inboxChanges(userID: bob.id, since: position, limit: 10)
            #expect(seen.count == 1 && seen.first?.item?.acknowledgement?.username == "alice", "\(seen)")
            #expect(abs((seen.first?.at ?? .distantPast).timeIntervalSince(taken)) < 0.001, "at the acknowledgement's time")
            #expect(try await store.inboxItems(notificationID: notification.id, userIDs: [bob.id])[bob.id]?.changedAt.map { abs($0.timeIntervalSince(taken)) < 0.001 } == true)

            let withdrawn = taken.addingTimeInterval(1)
            #expect(try await store.withdrawAcknowledgement(notificationID: notification.id, by: alice, resume: nil, at: withdrawn) != nil)
            let reopened = try await store.inboxChanges(userID: bob.id, since: taken, limit: 10)
            #expect(reopened.count == 1 && reopened.first?.item?.acknowledgement == nil, "open again: \(reopened)")
            #expect(try await store.inboxChanges(userID: alice.id, since: position, limit: 10).count == 1, "one event per item, the latest")
        }
    }
}
