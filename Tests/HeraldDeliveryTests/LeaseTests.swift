import Foundation
import HeraldCore
import HeraldDelivery
import HeraldMocks
import HeraldTestSupport
import Testing

/// Claims are short and renewed by their holder's heartbeat: a live
/// worker keeps a batch however long its answers take, a dead one's
/// claims return within one lease.
@Suite("Delivery claims: short leases and the heartbeat")
struct LeaseTests {
    /// Answers that take two and a half leases: without the heartbeat, the
    /// second worker (its own wake-up, as on another replica, polling every
    /// 50 ms) would take the batch over and send it again. Under
    /// scripts/test-under-load 4 of 10 pushes once went twice (the test took
    /// 111 s): with a 2-s lease a renewal (every quarter lease) has 1.5 s,
    /// and the harness's 10-s push timeout is close to a 4-s answer on a
    /// starved event loop. So a 4-s lease and a 60-s push timeout, answers
    /// in 10 s.
    @Test func aBatchWaitingLongerThanItsLeaseKeepsItsClaim() async throws {
        try await DeliveryHarness.run(.postgres, configure: { $0.leaseSeconds = 4; $0.pushTimeoutSeconds = 60; $0.batchSize = 10 }) { harness in
            let recipients = (0..<10).map { Recipient(DeliveryHarness.apnsToken($0), .apns) }
            let service = try await harness.seed(recipients)
            harness.mocks.apns.behave(.delay(.seconds(10)))
            let notification = try await harness.withWorker {
                // Its session holds its key before it listens: claims from now on carry the key.
                try await harness.waitUntil("the worker listens") { try await harness.listeners() == 1 }
                let notification = try await harness.publish(service)
                try await harness.waitUntil("the batch is on the wire") { harness.mocks.apns.pushCount == 10 }
                #expect(try await harness.integer("SELECT count(*)::int FROM deliveries WHERE claimed_by IN (SELECT holder FROM delivery_holders)") == 10)
                let counts = try await harness.withWorker(signal: QueueSignal()) { try await harness.waitUntilSettled(notification) }
                #expect(counts == [.sent: 10])
                return notification
            }
            #expect(try await harness.counts(notification) == [.sent: 10])
            let tokens = harness.mocks.apns.pushes.map(\.token)
            #expect(tokens.sorted() == recipients.map(\.token).sorted(), "each device exactly once")
        }
    }

    /// The store renews only claims still waiting for their outcome: a
    /// recorded delivery is not leased again by a late heartbeat.
    @Test(arguments: Backend.allCases)
    func renewingTouchesOnlyClaimsInFlight(_ backend: Backend) async throws {
        try await DeliveryHarness.run(backend) { harness in
            let service = try await harness.seed((0..<3).map { Recipient(DeliveryHarness.apnsToken($0), .apns) })
            _ = try await harness.publish(service)
            let now = Date()
            let claimed = try await harness.store.claimDeliveries(limit: 3, now: now, leaseUntil: now.addingTimeInterval(2))
            #expect(claimed.count == 3)
            try await harness.store.recordDeliveries([DeliveryResult(delivery: claimed[0], outcome: .sent)], at: now)
            #expect(try await harness.store.renewLeases(claimed.map(\.id), until: now.addingTimeInterval(60)) == 2)
            // Past the first lease, the renewed two are still held.
            #expect(try await harness.store.claimDeliveries(limit: 3, now: now.addingTimeInterval(30), leaseUntil: now.addingTimeInterval(31)).isEmpty)
            #expect(try await harness.store.claimDeliveries(limit: 3, now: now.addingTimeInterval(61), leaseUntil: now.addingTimeInterval(62)).count == 2)
        }
    }

    /// Claims carry a key their worker's LISTEN session holds. Once that
    /// session ends, as a killed process's does, another worker releases
    /// them at once instead of when their (here ten-minute) lease runs out;
    /// while it lives, they stay.
    @Test func claimsOfAWorkerWhoseSessionEndedReturnAtOnce() async throws {
        try await DeliveryHarness.run(.postgres) { harness in
            let service = try await harness.seed((0..<3).map { Recipient(DeliveryHarness.apnsToken($0), .apns) })
            _ = try await harness.publish(service)
            let store = harness.store
            let holder = ClaimHolder()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await store.listenForDeliveries(holding: holder) { _ in } }
                try await harness.waitUntil("the key is held") { holder.heldKey != nil }
                let key = try #require(holder.heldKey)
                let now = Date()
                let claimed = try await store.claimDeliveries(limit: 3, now: now, leaseUntil: now.addingTimeInterval(600), holder: key)
                #expect(claimed.count == 3)
                #expect(try await store.releaseClaimsOfStoppedHolders() == 0)
                #expect(try await store.claimDeliveries(limit: 3, now: now, leaseUntil: now.addingTimeInterval(600)).isEmpty)

                #expect(try await harness.endSessions(holding: key) == 1)
                await #expect(throws: (any Error).self, "the listening session ended") { try await group.next() }
                #expect(holder.heldKey == nil)
                #expect(try await store.releaseClaimsOfStoppedHolders() == 3)
                #expect(try await harness.integer("SELECT count(*)::int FROM delivery_holders") == 0, "the stopped holder is forgotten")
                let retaken = try await store.claimDeliveries(limit: 3, now: Date(), leaseUntil: Date().addingTimeInterval(600))
                #expect(Set(retaken.map(\.id)) == Set(claimed.map(\.id)))
            }
        }
    }

    /// A worker that stops lets its key go with its session's lock, so the
    /// pooled connection that held it keeps no lock.
    @Test func aListenerThatStopsLetsItsKeyGo() async throws {
        try await DeliveryHarness.run(.postgres) { harness in
            let store = harness.store
            let holder = ClaimHolder()
            let listening = Task { try await store.listenForDeliveries(holding: holder) { _ in } }
            try await harness.waitUntil("the key is held") { holder.heldKey != nil }
            listening.cancel()
            _ = await listening.result
            #expect(holder.heldKey == nil)
            #expect(try await harness.integer("SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND objid::int8 = \(holder.key & 0xFFFF_FFFF)") == 0)
        }
    }
}
