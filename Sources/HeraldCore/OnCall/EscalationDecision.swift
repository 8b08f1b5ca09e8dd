import Foundation

/// What the escalation runner does with one due step (pure): stop, because
/// someone took the alarm or it is over, or call the step's people and
/// move on to the next step (nil when the policy has run out).
public enum EscalationDecision: Sendable, Equatable {
    case end(EscalationEnd)
    case run(EscalationStepRun)

    /// `rotas`: the rotas the step names (a missing one calls nobody);
    /// `now` when the step runs. The next step's time counts from this
    /// step's due time, so a late step does not make every later one late.
    public static func decide(
        _ escalation: OpenEscalation, acknowledged: Bool, alarm: AlarmStatus?, rotas: [Int64: OnCallRota], owner: String, now: Date
    ) -> EscalationDecision {
        if acknowledged { return .end(.acknowledged) }
        if alarm == .resolved { return .end(.resolved) }
        let policy = escalation.policy
        guard policy.steps.indices.contains(escalation.due.step) else { return .end(.exhausted) }
        var callees: [EscalationStepRun.Callee] = []
        var subscribers = false
        for target in policy.steps[escalation.due.step].targets {
            switch target {
            case .user(let id):
                callees.append(.init(target: target.stored, userID: id))
            case .rota(let id):
                if let person = rotas[id]?.onCall(at: now) { callees.append(.init(target: target.stored, userID: person)) }
            case .subscribers:
                subscribers = true
            }
        }
        let first = escalation.due.step == 0 && escalation.due.pass == 0
        return .run(
            EscalationStepRun(
                notificationID: escalation.notificationID, owner: owner, ran: escalation.due, callees: callees, subscribers: subscribers,
                pushHolders: !first, next: policy.next(after: escalation.due), at: now
            )
        )
    }

    /// The rotas a step names.
    public static func rotas(of escalation: OpenEscalation) -> [Int64] {
        guard escalation.policy.steps.indices.contains(escalation.due.step) else { return [] }
        return escalation.policy.steps[escalation.due.step].targets.compactMap {
            if case .rota(let id) = $0 { return id }
            return nil
        }
    }
}
