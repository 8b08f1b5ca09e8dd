import Foundation

/// What the alert sources remember between messages: each alert's last
/// state (so repeats are not pushed again) and the messages they could not
/// handle (parked, with the reason).
public protocol AlertStateStore: Sendable {
    /// Runs `work` on one service's alert states in one transaction, under a
    /// per-service lock, so replicas receiving the same alerts at once push
    /// them once. Nil (and `work` not run) when the service does not exist.
    /// The store only stores: what to push, and how, is decided by the
    /// `Publisher`, the only caller.
    func withAlertStates<T: Sendable>(of serviceID: UUID, _ work: (any AlertStateTransaction) async throws -> T) async throws -> T?
    /// The labels an alert of this service was received with (nil: none
    /// recorded), for the write-back's check of what it would silence.
    func alertLabels(serviceID: UUID, fingerprint: String) async throws -> [String: String]?
    /// Keeps a message a source failed on too often, so it is skipped, not lost.
    func park(_ message: ParkedMessageDraft, at: Date) async throws
    /// The newest parked messages first.
    func parkedMessages(limit: Int) async throws -> [ParkedMessage]
}

/// One service's alert states inside the store's unit of work
/// (`AlertStateStore.withAlertStates`): read them, publish what the decision
/// makes, save the new ones; all of it committed together or not at all.
public protocol AlertStateTransaction {
    /// The recorded states of these alerts (absent: never seen).
    func states(of fingerprints: [String]) async throws -> [String: AlertState]
    /// Stores notifications with their inbox links and deliveries, as
    /// `NotificationStore.publish` does, in this unit of work.
    func publish(_ requests: [PublishRequest]) async throws -> [NotificationRecord]
    /// The service's notifications with these keys (an alarm already
    /// published), by key.
    func notifications(keys: [String]) async throws -> [String: NotificationRecord]
    /// Gives each notification its new content (same id; every holder's
    /// inbox item is marked changed, so live streams show it) and queues a
    /// push again to every device of each change's audience. The
    /// notifications as now stored.
    func republish(_ changes: [AlarmChange], at: Date) async throws -> [NotificationRecord]
    /// Takes the key off these notifications (resolved alarms that fire
    /// again: the new firing gets a notification of its own, and the old
    /// one stays as it was).
    func retireKeys(of ids: [NotificationID]) async throws
    /// Records each alert's new state.
    func save(_ states: [AlertDecision.Recorded]) async throws
}

/// The verdicts of a service's subscriber filters on one draft posted at a time.
public typealias FilterJudge = @Sendable (NotificationDraft, Date) -> FilterVerdicts

extension AlertDecision {
    /// One report's alerts through a store's unit of work: the recorded
    /// states read under the service's lock, the decision made, what
    /// `compose` writes for the alerts to push published (each draft with
    /// its subscribers' filter verdicts), the new states saved. A draft
    /// whose key the service already has (the same alarm resolved,
    /// escalated or repeated) republishes that notification to those who
    /// hold it instead of adding one; but a firing whose notification was
    /// resolved is a new episode, a new notification (the key moves to it). Written once for every backend; the
    /// `Publisher` (and tests) call it. Nil when the service does not exist.
    /// `refused`: told of the reports refused (a known fingerprint with
    /// other labels), for the caller to log.
    public static func publish(
        _ alerts: [AlertObservation], to serviceID: UUID, in store: any AlertStateStore, renotifyAfter: TimeInterval?, at now: Date,
        filters: FilterJudge? = nil, refused: ([Refusal]) -> Void = { _ in }, compose: AlertComposer
    ) async throws -> [NotificationRecord]? {
        try await store.withAlertStates(of: serviceID) { unit in
            let previous = try await unit.states(of: alerts.map(\.fingerprint))
            let decision = AlertDecision(alerts: alerts, previous: previous, now: now, renotifyAfter: renotifyAfter)
            if !decision.refused.isEmpty { refused(decision.refused) }
            let drafts = compose(decision.toNotify)
            let known = try await unit.notifications(keys: drafts.compactMap(\.key))
            var changes: [AlarmChange] = []
            var retired: [NotificationID] = []
            var requests: [PublishRequest] = []
            for draft in drafts {
                if let key = draft.key, let existing = known[key] {
                    if existing.alarm == .resolved && draft.alarm == .firing {
                        retired.append(existing.id)
                    } else {
                        changes.append(AlarmChange(id: existing.id, draft: draft, reaching: .holders))
                        continue
                    }
                }
                requests.append(PublishRequest(draft, serviceID: serviceID, at: now, filters: filters?(draft, now) ?? FilterVerdicts()))
            }
            try await unit.retireKeys(of: retired)
            let records = try await unit.publish(requests) + unit.republish(changes, at: now)
            try await unit.save(decision.newStates)
            return records
        }
    }
}

/// An alarm's notification given new content by its source (resolved,
/// escalated, repeated): `AlertStateTransaction.republish`.
public struct AlarmChange: Sendable, Equatable {
    public var id: NotificationID
    public var draft: NotificationDraft
    /// Who is shown it again: its holders, so each phone replaces the
    /// one it shows (same collapse id).
    public var audience: Audience

    public init(id: NotificationID, draft: NotificationDraft, reaching audience: Audience) {
        self.id = id
        self.draft = draft
        self.audience = audience
    }
}
