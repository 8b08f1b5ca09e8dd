import Foundation
import HeraldCore

extension InMemoryStore: RotaStore {
    public func createRota(_ definition: RotaDefinition, feedSecretHash: String, at now: Date) async throws -> StoredRota? {
        try withState { state in
            guard !state.rotas.values.contains(where: { $0.name == definition.name }) else { return nil }
            let rota = StoredRota(
                id: state.nextID(), name: definition.name, members: definition.members, rotation: definition.rotation, zone: definition.zone,
                start: definition.start, overrides: [], names: [:]
            )
            state.rotas[rota.id] = rota
            state.rotaFeedHashes[rota.id] = feedSecretHash
            return state.named(rota)
        }
    }

    public func updateRota(id: Int64, _ definition: RotaDefinition, at now: Date) async throws -> StoredRota? {
        try withState { state in
            guard !state.rotas.values.contains(where: { $0.name == definition.name && $0.id != id }) else { throw RotaNameTaken() }
            guard var rota = state.rotas[id] else { return nil }
            (rota.name, rota.members, rota.rotation, rota.zone, rota.start) = (
                definition.name, definition.members, definition.rotation, definition.zone, definition.start
            )
            state.rotas[id] = rota
            return state.named(rota)
        }
    }

    public func deleteRota(id: Int64) async throws -> Bool {
        try withState { $0.rotas.removeValue(forKey: id) != nil }
    }

    public func rotas() async throws -> [StoredRota] {
        try withState { state in state.rotas.values.sorted { $0.name < $1.name }.map { state.named($0) } }
    }

    public func rota(id: Int64) async throws -> StoredRota? {
        try withState { state in state.rotas[id].map { state.named($0) } }
    }

    public func rota(feedSecretHash: String) async throws -> StoredRota? {
        try withState { state in state.rotaFeedHashes.first { $0.value == feedSecretHash }.flatMap { state.rotas[$0.key] }.map { state.named($0) } }
    }

    public func setRotaFeedSecret(rotaID: Int64, hash: String) async throws -> Bool {
        try withState { state in
            guard state.rotas[rotaID] != nil else { return false }
            state.rotaFeedHashes[rotaID] = hash
            return true
        }
    }

    public func addOverride(rotaID: Int64, userID: UserID, from: Date, until: Date, at now: Date) async throws -> StoredRota.Override? {
        try withState { state in
            guard state.rotas[rotaID] != nil else { return nil }
            let override = StoredRota.Override(id: state.nextID(), userID: userID, from: from, until: until)
            state.rotas[rotaID]?.overrides.append(override)
            return override
        }
    }

    public func removeOverride(rotaID: Int64, overrideID: Int64) async throws -> Bool {
        try withState { state in
            guard let index = state.rotas[rotaID]?.overrides.firstIndex(where: { $0.id == overrideID }) else { return false }
            state.rotas[rotaID]?.overrides.remove(at: index)
            return true
        }
    }

    public func setCalendarSecret(userID: UserID, hash: String) async throws -> Bool {
        try withState { state in
            guard state.users[userID] != nil else { return false }
            state.calendarSecrets[userID] = hash
            return true
        }
    }

    public func hasCalendarSecret(userID: UserID) async throws -> Bool {
        try withState { $0.calendarSecrets[userID] != nil }
    }

    public func userID(calendarSecretHash: String) async throws -> UserID? {
        try withState { $0.calendarSecrets.first { $0.value == calendarSecretHash }?.key }
    }
}

extension InMemoryStore: EscalationStore {
    public func setEscalationPolicy(serviceID: UUID, _ policy: EscalationPolicy, at now: Date) async throws -> Bool {
        try withState { state in
            guard state.services[serviceID] != nil else { return false }
            state.policies[serviceID] = policy
            return true
        }
    }

    public func escalationPolicy(serviceID: UUID) async throws -> EscalationPolicy? {
        try withState { $0.policies[serviceID] }
    }

    public func deleteEscalationPolicy(serviceID: UUID) async throws -> Bool {
        try withState { $0.policies.removeValue(forKey: serviceID) != nil }
    }

    public func services(callingRota rotaID: Int64) async throws -> [UUID] {
        try withState { state in state.policies.filter { $0.value.calls(rota: rotaID) }.map(\.key) }
    }

    public func claimDueEscalations(owner: String, limit: Int, until: Date, now: Date) async throws -> [OpenEscalation] {
        try withState { state in
            let due = state.escalations.values
                .filter { $0.record.ended == nil && $0.record.due.at <= now && ($0.claimedUntil.map { $0 < now } ?? true) }
                .sorted { $0.record.due.at < $1.record.due.at }.prefix(limit)
            for entry in due { state.escalations[entry.record.notificationID] = (entry.record, entry.serviceID, owner, until) }
            return due.map { OpenEscalation(notificationID: $0.record.notificationID, serviceID: $0.serviceID, policy: $0.record.policy, due: $0.record.due) }
        }
    }

    public func nextEscalationTime() async throws -> Date? {
        try withState { state in state.escalations.values.filter { $0.record.ended == nil }.map(\.record.due.at).min() }
    }

    public func runEscalationSteps(_ runs: [EscalationStepRun]) async throws -> [Bool] {
        let ran = try withState { state in runs.map { state.runEscalationStep($0) } }
        for (run, moved) in zip(runs, ran) where moved { inboxSignals.send(.published(run.notificationID)) }
        return ran
    }
}

extension InMemoryStore.State {
    /// One step's run, as the databases' statement does it.
    mutating func runEscalationStep(_ run: EscalationStepRun) -> Bool {
        guard var entry = escalations[run.notificationID], entry.claimedBy == run.owner, entry.record.ended == nil,
            entry.record.due.step == run.ran.step, entry.record.due.pass == run.ran.pass, acknowledgements[run.notificationID] == nil
        else { return false }
        if let next = run.next {
            entry.record.due = next
        } else {
            (entry.record.ended, entry.record.endedAt) = (.exhausted, run.at)
            escalationEvents[run.notificationID, default: []].append(
                EscalationEvent(kind: .ended(.exhausted), step: run.ran.step, pass: run.ran.pass, at: run.at)
            )
        }
        escalations[run.notificationID] = (entry.record, entry.serviceID, nil, nil)
        var callees: [EscalationStepRun.Callee] = []
        for callee in run.callees where !callees.contains(where: { $0.userID == callee.userID }) && (users[callee.userID].map { $0.isActive && !Confinement().confines($0) } ?? false) {
            callees.append(callee)
        }
        let called = Set(callees.map(\.userID))
        var pushed: [UserID: Int] = [:]
        for userID in called.sorted() {
            let held = inbox[userID]?[run.notificationID] != nil
            if !held {
                inbox[userID, default: [:]][run.notificationID] = false
            }
            inboxChangedAt[userID, default: [:]][run.notificationID] = inboxChangedAt[userID]?[run.notificationID] ?? run.at
            guard run.pushHolders || !held else { continue }
            for device in devices.values.sorted(by: { $0.id < $1.id }) where device.userID == userID {
                let id = nextID()
                deliveries[id] = InMemoryStore.DeliveryRow(
                    id: id, notificationID: run.notificationID, deviceID: device.id, userID: userID, platform: device.platform,
                    nextAttemptAt: run.at, createdAt: run.at, updatedAt: run.at, purpose: .call, priority: DeliveryPriority.call
                )
                pushed[userID, default: 0] += 1
            }
        }
        if run.subscribers && run.pushHolders {
            // The subscribers through a fan-out job, as the databases do it.
            let all = subscriptions[entry.serviceID] ?? []
            let refused = Set(all.filter { user in userFilters[user]?[entry.serviceID].map { run.refusedFilters.contains($0) } ?? false })
            // One still running carries on, as the databases do it.
            let key = InMemoryStore.FanoutKey(notificationID: run.notificationID, kind: .call)
            if fanouts[key] == nil { fanouts[key] = InMemoryStore.FanoutRow(serviceID: entry.serviceID, subscribers: all.sorted(), refused: refused) }
        }
        for callee in callees {
            escalationCalls[run.notificationID, default: []].append(
                EscalationCall(
                    step: run.ran.step, pass: run.ran.pass, target: callee.target, userID: callee.userID,
                    username: users[callee.userID]?.username ?? "", devices: pushed[callee.userID] ?? 0, at: run.at
                )
            )
        }
        if run.subscribers {
            escalationCalls[run.notificationID, default: []].append(
                EscalationCall(step: run.ran.step, pass: run.ran.pass, target: EscalationCall.subscribersTarget, userID: nil, username: "", devices: 0, at: run.at)
            )
        }
        return true
    }
}

extension InMemoryStore {
    public func endEscalation(notificationID: NotificationID, owner: String, reason: EscalationEnd, at now: Date) async throws -> Bool {
        try withState { state in state.endEscalation(notificationID, reason: reason, who: nil, owner: owner, at: now) }
    }

    public func escalationEvents(notificationID: NotificationID) async throws -> [EscalationEvent] {
        try withState { $0.escalationEvents[notificationID] ?? [] }
    }

    public func escalationsStarted(serviceID: UUID, since: Date) async throws -> Int {
        try withState { state in
            state.escalations.values.filter { entry in
                entry.serviceID == serviceID && entry.record.startedAt >= since && entry.record.ended != .heldBack
                    && !(entry.record.ended == nil && entry.record.due.isStart)
            }.count
        }
    }

    public func escalation(notificationID: NotificationID) async throws -> EscalationRecord? {
        try withState { $0.escalations[notificationID]?.record }
    }

    public func escalationCalls(notificationID: NotificationID) async throws -> [EscalationCall] {
        try withState { $0.escalationCalls[notificationID] ?? [] }
    }
}

extension InMemoryStore: QuietHoursStore {
    public func setQuietHours(userID: UserID, _ quietHours: QuietHours?, at now: Date) async throws {
        defer { quietChoicesChangedHere.bump() }
        try withState { state in
            state.quietChoicesStamp += 1
            guard state.users[userID] != nil else { return }
            state.quietHours[userID] = quietHours
        }
    }

    public func quietHours(userIDs: [UserID]) async throws -> [UserID: QuietHours] {
        try withState { state in state.quietHours.filter { userIDs.contains($0.key) } }
    }

    public func snooze(userID: UserID, serviceID: UUID, until: Date?) async throws {
        defer { quietChoicesChangedHere.bump() }
        try withState { state in
            state.quietChoicesStamp += 1
            guard state.services[serviceID] != nil || until == nil else { return }
            state.snoozes[userID, default: [:]][serviceID] = until
        }
    }

    public func snoozes(userID: UserID, now: Date) async throws -> [UUID: Date] {
        try withState { state in (state.snoozes[userID] ?? [:]).filter { $0.value > now } }
    }

    public func quietChoicesStamp() async throws -> Int64 {
        try withState { $0.quietChoicesStamp }
    }

    public func quietChoices(now: Date) async throws -> [UserID: QuietChoices] {
        try withState { state in
            var found: [UserID: QuietChoices] = [:]
            for (user, hours) in state.quietHours { found[user, default: QuietChoices()].quietHours = hours }
            for (user, snoozes) in state.snoozes {
                let running = snoozes.filter { $0.value > now }
                if !running.isEmpty { found[user, default: QuietChoices()].snoozes = running }
            }
            return found
        }
    }
}

extension InMemoryStore.State {
    /// Ends a running escalation (held by `owner`, when given) with its event.
    mutating func endEscalation(_ id: NotificationID, reason: EscalationEnd, who: String?, owner: String?, at now: Date) -> Bool {
        guard var entry = escalations[id], owner == nil || entry.claimedBy == owner, entry.record.ended == nil else { return false }
        (entry.record.ended, entry.record.endedAt) = (reason, now)
        escalations[id] = (entry.record, entry.serviceID, nil, nil)
        escalationEvents[id, default: []].append(EscalationEvent(kind: .ended(reason), step: entry.record.due.step, pass: entry.record.due.pass, who: who, at: now))
        return true
    }

    /// A rota with its people's names, as the databases read them.
    func named(_ rota: StoredRota) -> StoredRota {
        var named = rota
        for id in rota.members + rota.overrides.map(\.userID) { named.names[id] = users[id]?.username }
        return named
    }

    /// A notification's escalation from its first step, due at once (again
    /// after a resolution).
    /// Starts the escalation of a notification whose content changed to
    /// `draft` when `EscalationStart` says so (an update, an alarm's report).
    mutating func startEscalation(of id: NotificationID, serviceID: UUID, changedTo draft: NotificationDraft, at now: Date) {
        guard let policy = policies[serviceID],
              EscalationStart.starts(
                  rank: EscalationStart.rank(of: draft), minimumRank: policy.minimumSeverity.rank,
                  existing: escalations[id].map { $0.record.ended }, acknowledged: acknowledgements[id] != nil
              )
        else { return }
        startEscalation(of: id, serviceID: serviceID, policy: policy, at: now)
    }

    mutating func startEscalation(of id: NotificationID, serviceID: UUID, policy: EscalationPolicy, at now: Date) {
        escalations[id] = (
            EscalationRecord(notificationID: id, policy: policy, due: .init(step: 0, pass: 0, at: now), ended: nil, endedAt: nil, startedAt: now),
            serviceID, nil, nil
        )
    }
}
