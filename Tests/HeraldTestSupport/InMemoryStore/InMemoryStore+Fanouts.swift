import Foundation
import HeraldCore

extension InMemoryStore: FanoutStore {
    public func claimFanouts(owner: String, limit: Int, until: Date, now: Date) async throws -> [FanoutJob] {
        try withState { state in
            let free = state.fanouts.filter { $0.value.claimedUntil.map { $0 <= now } ?? true }.keys.sorted().prefix(limit)
            return free.map { key in
                state.fanouts[key]?.claimedBy = owner
                state.fanouts[key]?.claimedUntil = until
                let row = state.fanouts[key]!
                return FanoutJob(notificationID: key.notificationID, serviceID: row.serviceID, afterUser: row.afterUser, kind: key.kind)
            }
        }
    }

    public func expandFanout(_ job: FanoutJob, owner: String, chunk: Int, until: Date, now: Date) async throws -> FanoutStep {
        let key = FanoutKey(notificationID: job.notificationID, kind: job.kind)
        let step = try withState(.publish) { state -> FanoutStep in
            guard let notification = state.notifications[job.notificationID] else {
                // Gone with its notification, as the databases' cascade takes it.
                state.fanouts[key] = nil
                return .lost
            }
            guard let row = state.fanouts[key], row.claimedBy == owner, row.afterUser == job.afterUser else { return .lost }
            let chunk = max(1, chunk)
            let ahead = state.deliveries.values.lazy.filter { $0.notificationID == job.notificationID && $0.state == .pending && ($0.leaseUntil.map { $0 <= now } ?? true) }.prefix(chunk).count
            guard ahead < chunk else {
                state.fanouts[key]?.claimedUntil = until
                return .waiting(ahead: ahead)
            }
            let next = row.subscribers.filter { $0 > job.afterUser }.prefix(chunk)
            guard let last = next.last else {
                state.fanouts[key] = nil
                return .finished
            }
            let before = state.deliveries.count
            let linked: [UserID]
            switch job.kind {
            case .post:
                linked = next.filter { !row.refused.contains($0) && state.inbox[$0]?[job.notificationID] == nil }
                state.link(notification, to: linked, at: notification.timestamp, queuedAt: now, bulk: true)
            case .withdrawal:
                // The holders' devices on the job's platforms, each its one withdrawal.
                linked = []
                let withdrawn = Set(state.deliveries.values.filter { $0.notificationID == job.notificationID && $0.purpose == .withdrawal }.map(\.deviceID))
                for device in state.devices.values.sorted(by: { $0.id < $1.id })
                where next.contains(device.userID) && row.platforms.contains(device.platform) && !withdrawn.contains(device.id) {
                    let id = state.nextID()
                    var delivery = InMemoryStore.DeliveryRow(
                        id: id, notificationID: job.notificationID, deviceID: device.id, userID: device.userID, platform: device.platform,
                        nextAttemptAt: now, createdAt: now, updatedAt: now, purpose: .withdrawal
                    )
                    delivery.bulk = true
                    state.deliveries[id] = delivery
                }
            case .call:
                // Every subscriber, holders too, pushed again as a critical alarm.
                let called = next.filter { !row.refused.contains($0) }
                linked = called.filter { state.inbox[$0]?[job.notificationID] == nil }
                for user in linked {
                    state.inbox[user, default: [:]][job.notificationID] = false
                    state.inboxChangedAt[user, default: [:]][job.notificationID] = now
                }
                for device in state.devices.values.sorted(by: { $0.id < $1.id }) where called.contains(device.userID) {
                    let id = state.nextID()
                    var delivery = InMemoryStore.DeliveryRow(
                        id: id, notificationID: job.notificationID, deviceID: device.id, userID: device.userID, platform: device.platform,
                        nextAttemptAt: now, createdAt: now, updatedAt: now, purpose: .subscribersCall
                    )
                    delivery.priority = DeliveryPriority.of(.critical)
                    delivery.bulk = true
                    state.deliveries[id] = delivery
                }
            }
            state.fanouts[key]?.afterUser = last
            state.fanouts[key]?.claimedUntil = until
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
