import Foundation
import HeraldCore
import Logging
import NIOConcurrencyHelpers

/// Applies each person's quiet hours and snoozes to the pushes claimed for
/// them, just before they are sent (issue 26): below their break-through
/// severity a push goes out quietly (passive) or not at all (kept for the
/// inbox), as they chose; a person on call for a rota the service's policy
/// calls is awake; an escalation's call and a withdrawal are never held.
/// People's choices are read once per batch for those not read in the last
/// `freshFor` seconds (one query each for quiet hours and snoozes), the
/// services' policies and rotas once per `freshFor`; when they cannot be
/// read the pushes go out as usual and the error is logged (a database
/// hiccup must not swallow an alarm).
final class QuietHoursDecider: Sendable {
    struct Choices: Sendable {
        var quietHours: QuietHours?
        var snoozes: [UUID: Date]
    }

    let store: (any QuietHoursStore & EscalationStore & RotaStore)?
    let clock: WallClock
    let logger: Logger
    static let freshFor: TimeInterval = 5
    private let people = NIOLockedValueBox<[UserID: (choices: Choices, readAt: Date)]>([:])
    private let policies = PerServiceCache<[Int64]>(ttl: QuietHoursDecider.freshFor, capacity: 1_000)
    private let rotas = KeyedCache<Int64, OnCallRota?>(ttl: QuietHoursDecider.freshFor, capacity: 1_000)
    /// Past this many people the entries read before `freshFor` are dropped.
    static let capacity = 100_000

    init(store: (any QuietHoursStore & EscalationStore & RotaStore)?, clock: WallClock, logger: Logger) {
        self.store = store
        self.clock = clock
        self.logger = logger
    }

    /// The batch with pushes quieted (passive) or held back as their people chose.
    func decide(_ batch: [ClaimedDelivery]) async -> [ClaimedDelivery] {
        guard let store else { return batch }
        let now = clock.now()
        let subject = batch.filter { $0.purpose == .alert && $0.userID != nil }
        guard !subject.isEmpty else { return batch }
        do {
            let choices = try await choices(of: Set(subject.compactMap(\.userID)), store: store, now: now)
            guard choices.values.contains(where: { $0.quietHours != nil || !$0.snoozes.isEmpty }) else { return batch }
            var decided = batch
            for index in decided.indices where decided[index].purpose == .alert {
                guard let userID = decided[index].userID, let mine = choices[userID], mine.quietHours != nil || !mine.snoozes.isEmpty else { continue }
                let notification = decided[index].notification
                let snoozedUntil = mine.snoozes[notification.serviceID]
                let quiet = QuietHours.treatment(of: notification.severity, at: now, quietHours: mine.quietHours, snoozedUntil: snoozedUntil, onCall: false)
                guard quiet != .asUsual else { continue }
                // Only now, for the few held: is this person on call for this service's alarms?
                if try await isOnCall(userID, for: notification.serviceID, store: store, now: now) { continue }
                switch quiet {
                case .asUsual: break
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

    private func choices(of users: Set<UserID>, store: any QuietHoursStore, now: Date) async throws -> [UserID: Choices] {
        var known: [UserID: Choices] = [:]
        var missing: [UserID] = []
        people.withLockedValue { people in
            for user in users {
                if let entry = people[user], now.timeIntervalSince(entry.readAt) < Self.freshFor { known[user] = entry.choices } else { missing.append(user) }
            }
        }
        guard !missing.isEmpty else { return known }
        let hours = try await store.quietHours(userIDs: missing)
        let snoozes = try await store.snoozes(userIDs: missing, now: now)
        people.withLockedValue { people in
            if people.count >= Self.capacity { people = people.filter { now.timeIntervalSince($0.value.readAt) < Self.freshFor } }
            for user in missing {
                let read = Choices(quietHours: hours[user], snoozes: snoozes[user] ?? [:])
                known[user] = read
                people[user] = (read, now)
            }
        }
        return known
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
