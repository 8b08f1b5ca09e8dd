import Foundation
import HeraldCore

extension InMemoryStore: AcknowledgementStore {
    public func acknowledge(
        notificationID: NotificationID, by user: User, comment: String?, effects: AcknowledgementEffects, at now: Date
    ) async throws -> (acknowledgement: Acknowledgement, isNew: Bool)? {
        let platforms = effects.withdrawOn
        let outcome = try withState { state -> (Acknowledgement, Bool)? in
            guard state.inbox[user.id]?[notificationID] != nil else { return nil }
            if let existing = state.acknowledgements[notificationID] { return (existing, false) }
            let acknowledgement = Acknowledgement(notificationID: notificationID, userID: user.id, username: user.username, comment: comment, at: now)
            state.acknowledgements[notificationID] = acknowledgement
            state.touchHolders(of: notificationID, at: now)
            let holders = state.inbox.keys.filter { state.inbox[$0]?[notificationID] != nil }
            if effects.withdrawalsAsFanout, !platforms.isEmpty, let serviceID = state.notifications[notificationID]?.serviceID {
                // A large audience's: a fan-out job, as the databases do it.
                let key = InMemoryStore.FanoutKey(notificationID: notificationID, kind: .withdrawal)
                if state.fanouts[key] == nil {
                    state.fanouts[key] = InMemoryStore.FanoutRow(serviceID: serviceID, subscribers: holders.sorted(), refused: [], platforms: platforms)
                }
            }
            // Each device its one withdrawal.
            let withdrawn = Set(state.deliveries.values.filter { $0.notificationID == notificationID && $0.purpose == .withdrawal }.map(\.deviceID))
            for device in state.devices.values.sorted(by: { $0.id < $1.id })
            where !effects.withdrawalsAsFanout && holders.contains(device.userID) && platforms.contains(device.platform) && !withdrawn.contains(device.id) {
                let delivery = state.nextID()
                state.deliveries[delivery] = InMemoryStore.DeliveryRow(
                    id: delivery, notificationID: notificationID, deviceID: device.id, userID: device.userID, platform: device.platform,
                    nextAttemptAt: now, createdAt: now, updatedAt: now, purpose: .withdrawal
                )
            }
            if effects.endsEscalation { _ = state.endEscalation(notificationID, reason: .acknowledged, who: user.username, owner: nil, at: now) }
            if effects.writeBack {
                if state.writeBacks[notificationID] == nil {
                    state.writeBacks[notificationID] = (WriteBackRecord(notificationID: notificationID, wanted: .acknowledged, nextAttemptAt: now, updatedAt: now), nil, nil)
                } else {
                    state.setWriteBackGoal(.acknowledged, of: notificationID, from: nil, at: now)
                }
            }
            return (acknowledgement, true)
        }
        guard let outcome else { return nil }
        if outcome.1 { inboxSignals.send(.published(notificationID)) }
        return (outcome.0, outcome.1)
    }

    public func withdrawAcknowledgement(
        notificationID: NotificationID, by user: User, resume: EscalationPolicy.Due?, at now: Date
    ) async throws -> Acknowledgement? {
        let who = user.username
        let removed = try withState { state -> Acknowledgement? in
            guard let removed = state.acknowledgements.removeValue(forKey: notificationID) else { return nil }
            state.withdrawals[notificationID] = (user.id, who, now)
            if let resume, var entry = state.escalations[notificationID], entry.record.ended == .acknowledged {
                entry.record.ended = nil
                entry.record.endedAt = nil
                entry.record.due = resume
                state.escalations[notificationID] = (entry.record, entry.serviceID, nil, nil)
                state.escalationEvents[notificationID, default: []].append(
                    EscalationEvent(kind: .resumed, step: resume.step, pass: resume.pass, who: who, at: now)
                )
            }
            state.touchHolders(of: notificationID, at: now)
            state.setWriteBackGoal(.withdrawn, of: notificationID, from: .acknowledged, at: now)
            return removed
        }
        if removed != nil { inboxSignals.send(.published(notificationID)) }
        return removed
    }

    public func lastWithdrawal(notificationID: NotificationID) async throws -> (userID: UserID?, username: String, at: Date)? {
        try withState { $0.withdrawals[notificationID] }
    }

    public func acknowledgements(of ids: [NotificationID]) async throws -> [NotificationID: Acknowledgement] {
        try withState { state in state.acknowledgements.filter { ids.contains($0.key) } }
    }

    public func readership(notificationID: NotificationID) async throws -> (recipients: Int, read: Int) {
        try withState { state in
            let flags = state.inbox.values.compactMap { $0[notificationID] }
            return (flags.count, flags.filter { $0 }.count)
        }
    }

    public func owner(ofDevice deviceID: Int64) async throws -> User? {
        try withState { state in state.devices[deviceID].flatMap { state.users[$0.userID] } }
    }
}

extension InMemoryStore.State {
    /// Every holder's item marked changed (the live streams' resume point).
    mutating func touchHolders(of notificationID: NotificationID, at now: Date) {
        for user in inbox.keys where inbox[user]?[notificationID] != nil { inboxChangedAt[user, default: [:]][notificationID] = now }
    }
}
