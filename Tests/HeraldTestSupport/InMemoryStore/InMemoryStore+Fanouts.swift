import Foundation
import HeraldCore

extension InMemoryStore: FanoutStore {
    public func claimFanouts(owner: String, limit: Int, until: Date, now: Date) async throws -> [FanoutJob] {
        try withState { state in
            let free = state.fanouts.filter { $0.value.claimedUntil.map { $0 <= now } ?? true }.keys.sorted().prefix(limit)
            return free.map { id in
                state.fanouts[id]?.claimedBy = owner
                state.fanouts[id]?.claimedUntil = until
                let row = state.fanouts[id]!
                return FanoutJob(notificationID: id, serviceID: row.serviceID, afterUser: row.afterUser)
            }
        }
    }

    public func expandFanout(_ job: FanoutJob, owner: String, chunk: Int, until: Date, now: Date) async throws -> FanoutStep {
        let step = try withState(.publish) { state -> FanoutStep in
            guard let notification = state.notifications[job.notificationID] else {
                // Gone with its notification, as the databases' cascade takes it.
                state.fanouts[job.notificationID] = nil
                return .lost
            }
            guard let row = state.fanouts[job.notificationID], row.claimedBy == owner, row.afterUser == job.afterUser else { return .lost }
            let chunk = max(1, chunk)
            let ahead = state.deliveries.values.lazy.filter { $0.notificationID == job.notificationID && $0.state == .pending && ($0.leaseUntil.map { $0 <= now } ?? true) }.prefix(chunk).count
            guard ahead < chunk else {
                state.fanouts[job.notificationID]?.claimedUntil = until
                return .waiting(ahead: ahead)
            }
            let next = row.subscribers.filter { $0 > job.afterUser }.prefix(chunk)
            guard let last = next.last else {
                state.fanouts[job.notificationID] = nil
                return .finished
            }
            let linked = next.filter { !row.refused.contains($0) && state.inbox[$0]?[job.notificationID] == nil }
            let before = state.deliveries.count
            state.link(notification, to: linked, at: notification.timestamp, queuedAt: now, bulk: true)
            state.fanouts[job.notificationID]?.afterUser = last
            state.fanouts[job.notificationID]?.claimedUntil = until
            var moved = job
            moved.afterUser = last
            return .expanded(job: moved, linked: linked.count, queued: state.deliveries.count - before)
        }
        if case .expanded(_, let linked, _) = step, linked > 0 { inboxSignals.send(.published(job.notificationID)) }
        return step
    }

    public func pendingFanouts() async throws -> Int {
        try withState { $0.fanouts.count }
    }
}
