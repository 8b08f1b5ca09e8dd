import Foundation
import HeraldCore
import Logging
import NIOConcurrencyHelpers

/// Applies each person's quiet hours and snoozes to the pushes claimed for
/// them, just before they are sent (issue 26): below their break-through
/// severity a push goes out quietly (passive) or not at all (kept for the
/// inbox), as they chose; a person on call for a rota the service's policy
/// calls is awake; an escalation's call and a withdrawal are never held.
/// People's choices are kept for everyone at once (the people who have
/// any: two small tables) and read again when a change was made in this
/// process (`quietChoicesChangedHere`, compared in memory: a new quiet
/// hours setting or snooze applies to the very next push, issue 39), when
/// the store's shared stamp moved (another replica's change; the stamp is
/// read at most once per `stampFreshFor`, so such a change applies within
/// a second and a stream of batches costs no query), or when
/// `choicesKeptFor` passed (a change made around the stores); the
/// services' policies and rotas once per `freshFor` (an admin's change);
/// when the stamp cannot be read the choices kept stand (up to
/// `choicesKeptFor`), and when nothing can be read the pushes go out as
/// usual and the error is logged (a database hiccup must not swallow an
/// alarm).
final class QuietHoursDecider: Sendable {
    let store: (any QuietHoursStore & EscalationStore & RotaStore)?
    let clock: WallClock
    let logger: Logger
    static let freshFor: TimeInterval = 5
    static let choicesKeptFor: TimeInterval = 60
    static let stampFreshFor: TimeInterval = 1
    private struct Kept {
        var choices: [UserID: QuietChoices]
        /// The shared stamp and this process's count when they were read.
        var stamp: Int64
        var here: Int64
        var readAt: Date
        var stampReadAt: Date
    }
    private let people = NIOLockedValueBox<Kept?>(nil)
    private let policies = PerServiceCache<[Int64]>(ttl: QuietHoursDecider.freshFor, capacity: 1_000)
    private let rotas = KeyedCache<Int64, OnCallRota?>(ttl: QuietHoursDecider.freshFor, capacity: 1_000)

    init(store: (any QuietHoursStore & EscalationStore & RotaStore)?, clock: WallClock, logger: Logger) {
        self.store = store
        self.clock = clock
        self.logger = logger
    }

    /// The batch with pushes quieted (passive) or held back as their people chose.
    func decide(_ batch: [ClaimedDelivery]) async -> [ClaimedDelivery] {
        guard let store else { return batch }
        let now = clock.now()
        // An alert, or a call to the subscribers (a critical under their snoozes and quiet hours).
        let subject = batch.filter { ($0.purpose == .alert || $0.purpose == .subscribersCall) && $0.userID != nil }
        guard !subject.isEmpty else { return batch }
        do {
            let choices = try await choices(store: store, now: now)
            guard !choices.isEmpty else { return batch }
            var decided = batch
            // One held back already (a call its alarm no longer wants) keeps its reason.
            for index in decided.indices where (decided[index].purpose == .alert || decided[index].purpose == .subscribersCall) && decided[index].heldBack == nil {
                guard let userID = decided[index].userID, let mine = choices[userID] else { continue }
                let notification = decided[index].notification
                let snoozedUntil = mine.snoozes[notification.serviceID]
                let severity = decided[index].purpose.treatedSeverity(notification.severity)
                let quiet = QuietHours.treatment(of: severity, at: now, quietHours: mine.quietHours, snoozedUntil: snoozedUntil, onCall: false)
                guard quiet != .asUsual else { continue }
                // Only now, for the few held: is this person on call for this service's alarms?
                if await isOnCallOrUnknown(userID, for: notification.serviceID, store: store, now: now) { continue }
                switch quiet {
                case .asUsual: break
                case .quietly where decided[index].platform.isContact:
                    // A text or a call cannot arrive quietly: during quiet hours it is not sent.
                    decided[index].heldBack = "quiet hours: no text or call, kept for the inbox"
                case .quietly: decided[index].urgency = .passive
                case .inboxOnly: decided[index].heldBack = snoozedUntil.map { _ in "snoozed: kept for the inbox" } ?? "quiet hours: kept for the inbox"
                }
            }
            return decided
        } catch {
            logger.warning("cannot read people's quiet hours; their pushes go out as usual", metadata: ["error": "\(String(reflecting: error))"])
            return batch
        }
    }

    /// Everyone's choices, read again once this process changed them, the
    /// shared stamp moved or they are `choicesKeptFor` old. This process's
    /// count is taken first and the stamp before the choices: a change
    /// landing in between leaves what is kept behind, so the next batch
    /// reads again (never a change kept unseen). When the stamp cannot be
    /// read, the choices kept (if not too old) stand rather than none.
    private func choices(store: any QuietHoursStore, now: Date) async throws -> [UserID: QuietChoices] {
        let here = store.quietChoicesChangedHere.value
        let kept = people.withLockedValue { $0 }.flatMap { now.timeIntervalSince($0.readAt) < Self.choicesKeptFor && $0.here == here ? $0 : nil }
        if let kept, now.timeIntervalSince(kept.stampReadAt) < Self.stampFreshFor { return kept.choices }
        let stamp: Int64
        do {
            stamp = try await store.quietChoicesStamp()
        } catch {
            guard let kept else { throw error }
            logger.warning("cannot read whether quiet hours changed; the last ones read stand", metadata: ["error": "\(String(reflecting: error))"])
            return kept.choices
        }
        if var kept, kept.stamp == stamp {
            kept.stampReadAt = now
            people.withLockedValue { $0 = kept }
            return kept.choices
        }
        let read = try await store.quietChoices(now: now)
        people.withLockedValue { $0 = Kept(choices: read, stamp: stamp, here: here, readAt: now, stampReadAt: now) }
        return read
    }

    /// Whether the person is on call for the service, or that cannot be
    /// read (a policy or rota the store refuses): then this one push goes
    /// out as usual and the reason is logged, instead of the whole batch
    /// losing everyone's quiet hours.
    private func isOnCallOrUnknown(_ userID: UserID, for serviceID: UUID, store: any EscalationStore & RotaStore, now: Date) async -> Bool {
        do {
            return try await isOnCall(userID, for: serviceID, store: store, now: now)
        } catch {
            logger.warning(
                "cannot read whether a person is on call for a service; their push goes out as usual",
                metadata: ["service": "\(serviceID.wireString)", "error": "\(String(reflecting: error))"]
            )
            return true
        }
    }

    /// On call now for a rota the service's escalation policy calls.
    private func isOnCall(_ userID: UserID, for serviceID: UUID, store: any EscalationStore & RotaStore, now: Date) async throws -> Bool {
        let called = try await policies.value(of: serviceID, now: now) { id in
            try await store.escalationPolicy(serviceID: id).map { policy in
                policy.steps.flatMap(\.targets).compactMap { target -> Int64? in
                    if case .rota(let rota) = target { return rota }
                    return nil
                }
            } ?? []
        }
        for rotaID in called {
            let rota = try await rotas.value(of: rotaID, now: now) { try await store.rota(id: $0)?.rota }
            if rota?.onCall(at: now) == userID { return true }
        }
        return false
    }
}
