import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// A keyed notification's content changes two ways: an alarm's report (an
/// Alertmanager or Phoebus alert reported again, `AlertDecision.publish`)
/// and a JSON post or update (`updateNotification`). Both start the
/// escalation by one rule (`EscalationStart`), on every backend.
@Suite("Keyed changes start escalations alike")
struct KeyedChangeTests {
    static let policy = EscalationPolicy(steps: [.init(targets: [.subscribers], waitSeconds: 60)], minimumSeverity: .major)

    /// What the Phoebus bridge reports for a PV whose severity changed: the
    /// same alarm (fingerprint and key), a new start time, so it is news.
    static func report(
        _ severity: Severity, _ status: AlarmStatus = .firing, at start: String, to serviceID: UUID, in store: any HeraldStore, now: Date
    ) async throws -> NotificationRecord? {
        let alert = AlertObservation(fingerprint: "kafka:/Acc/Vac/PV1", status: status == .resolved ? .resolved : .firing, startsAt: start)
        let records = try await AlertDecision.publish([alert], to: serviceID, in: store, renotifyAfter: nil, at: now) { alerts in
            alerts.map { _ in NotificationDraft(title: "[\(severity.rawValue.uppercased())] Vacuum gauge 1", severity: severity, key: "phoebus:/Acc/Vac/PV1", alarm: status) }
        }
        return records?.first
    }

    /// A Phoebus PV raised from MINOR to MAJOR (the policy's minimum) starts
    /// the escalation at the raise, as the same raise posted as JSON does; a
    /// further raise leaves the running escalation as it is.
    @Test(arguments: Backend.allCases)
    func anAlarmRaisedToThePolicysMinimumStartsItsEscalation(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Vacuum", color: "2456d6", owner: "ops"))
            #expect(try await store.setEscalationPolicy(serviceID: service.id, Self.policy, at: Date()))
            let t0 = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))

            let minor = try #require(try await Self.report(.minor, at: "1", to: service.id, in: store, now: t0))
            #expect(try await store.escalation(notificationID: minor.id) == nil, "below the policy's minimum: none")

            let raised = try #require(try await Self.report(.major, at: "2", to: service.id, in: store, now: t0.addingTimeInterval(10)))
            #expect(raised.id == minor.id, "the same alarm's notification")
            let started = try #require(try await store.escalation(notificationID: minor.id), "raised to MAJOR: its escalation starts")
            #expect(started.startedAt == t0.addingTimeInterval(10) && started.ended == nil && started.due.step == 0)

            _ = try await Self.report(.invalid, at: "3", to: service.id, in: store, now: t0.addingTimeInterval(20))
            #expect(try await store.escalation(notificationID: minor.id)?.startedAt == started.startedAt, "a running escalation is not started again")

            // The same raise as a JSON update (a keyed post of a new severity).
            let posted = try #require(try await store.publish(
                NotificationDraft(title: "Cryo pressure", severity: .minor, key: "json:cryo", alarm: .firing), serviceID: service.id, at: t0
            ))
            #expect(try await store.escalation(notificationID: posted.id) == nil)
            _ = try await store.updateNotification(
                id: posted.id, with: NotificationDraft(title: "Cryo pressure", severity: .major, key: "json:cryo", alarm: .firing), reaching: .newlyMatching(filters: []), at: t0.addingTimeInterval(10)
            )
            #expect(try await store.escalation(notificationID: posted.id)?.startedAt == t0.addingTimeInterval(10), "the JSON raise starts it too")
        }
    }

    /// A resolution starts nothing, whatever its severity says: reported
    /// for an alarm, posted fresh, or as a JSON update.
    @Test(arguments: Backend.allCases)
    func aResolvedReportStartsNoEscalation(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Vacuum", color: "2456d6", owner: "ops"))
            #expect(try await store.setEscalationPolicy(serviceID: service.id, Self.policy, at: Date()))
            let minor = try #require(try await Self.report(.minor, at: "1", to: service.id, in: store, now: Date()))
            let resolved = try #require(try await Self.report(.critical, .resolved, at: "1", to: service.id, in: store, now: Date()))
            #expect(resolved.id == minor.id && resolved.alarm == .resolved)
            #expect(try await store.escalation(notificationID: minor.id) == nil, "an alarm's resolution")
            let fresh = try #require(try await store.publish(
                NotificationDraft(title: "All clear", severity: .critical, key: "json:clear", alarm: .resolved), serviceID: service.id, at: Date()
            ))
            #expect(try await store.escalation(notificationID: fresh.id) == nil, "a resolution posted fresh")
            let posted = try #require(try await store.publish(
                NotificationDraft(title: "Cryo pressure", severity: .minor, key: "json:cryo", alarm: .firing), serviceID: service.id, at: Date()
            ))
            _ = try await store.updateNotification(
                id: posted.id, with: NotificationDraft(title: "Cryo pressure", severity: .critical, key: "json:cryo", alarm: .resolved), reaching: .newlyMatching(filters: []), at: Date()
            )
            #expect(try await store.escalation(notificationID: posted.id) == nil)
        }
    }

    /// Once someone has the alarm, raising it starts nothing: the
    /// escalation would end at once as acknowledged and count against the
    /// service's starts brake.
    @Test(arguments: Backend.allCases)
    func anAcknowledgedAlarmRaisedStartsNoEscalation(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Vacuum", color: "2456d6", owner: "ops"))
            #expect(try await store.setEscalationPolicy(serviceID: service.id, Self.policy, at: Date()))
            let operatorOnDuty = try await store.createUser(username: "ann", passwordHash: nil, isAdmin: false)
            try await store.setSubscriptions(userID: operatorOnDuty.id, [service.id: true])
            let minor = try #require(try await Self.report(.minor, at: "1", to: service.id, in: store, now: Date()))
            _ = try #require(try await store.acknowledge(notificationID: minor.id, by: operatorOnDuty, comment: nil, effects: AcknowledgementEffects(), at: Date()))
            _ = try await Self.report(.major, at: "2", to: service.id, in: store, now: Date())
            #expect(try await store.escalation(notificationID: minor.id) == nil, "taken before the raise")
        }
    }

    /// A raise starts the escalation again only after one that ended by a
    /// resolution or a flood's hold-back (`EscalationStart.restartsAfter`),
    /// never after one taken or run out; whether the raise comes as an
    /// alarm's report or a JSON update.
    @Test(arguments: Backend.allCases)
    func anEscalationStartsAgainOnlyAfterAResolutionOrAHoldBack(_ backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store in
            let service = try await store.createService(ServiceDraft(category: "Vacuum", color: "2456d6", owner: "ops"))
            #expect(try await store.setEscalationPolicy(serviceID: service.id, Self.policy, at: Date()))
            let t0 = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
            for (index, end) in EscalationEnd.allCases.enumerated() {
                let key = "json:gauge-\(index)"
                let posted = try #require(try await store.publish(
                    NotificationDraft(title: "Gauge \(index)", severity: .major, key: key, alarm: .firing), serviceID: service.id, at: t0
                ))
                let first = try #require(try await store.escalation(notificationID: posted.id), "a post at the minimum starts it")
                let claimed = try await store.claimDueEscalations(owner: "runner", limit: 100, until: t0.addingTimeInterval(60), now: t0.addingTimeInterval(1))
                #expect(claimed.contains { $0.notificationID == posted.id })
                #expect(try await store.endEscalation(notificationID: posted.id, owner: "runner", reason: end, at: t0.addingTimeInterval(2)))
                _ = try await store.updateNotification(
                    id: posted.id, with: NotificationDraft(title: "Gauge \(index)", severity: .critical, key: key, alarm: .firing), reaching: .newlyMatching(filters: []),
                    at: t0.addingTimeInterval(10)
                )
                let after = try #require(try await store.escalation(notificationID: posted.id))
                if EscalationStart.restartsAfter.contains(end) {
                    #expect(after.ended == nil && after.startedAt == t0.addingTimeInterval(10) && after.due.step == 0, "\(end): started again")
                } else {
                    #expect(after.ended == end && after.startedAt == first.startedAt, "\(end): left as it ended")
                }
            }
        }
    }
}
