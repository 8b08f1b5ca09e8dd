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
    /// `starts`: how many escalations its service started in the last
    /// minute, and how many it may (ESCALATION_STARTS_PER_MINUTE): past
    /// that, a new escalation is held back rather than started.
    /// `bounds`: ESCALATION_MIN_WAIT_SECONDS and ESCALATION_MAX_CALLS, held
    /// at run time too (a policy stored before they existed, or copied into
    /// an escalation then, is bounded all the same).
    public static func decide(
        _ escalation: OpenEscalation, acknowledged: Bool, alarm: AlarmStatus?, rotas: [Int64: OnCallRota], owner: String, now: Date,
        starts: StartBrake = .unlimited, bounds: Bounds = .none
    ) -> EscalationDecision {
        if acknowledged { return .end(.acknowledged) }
        if alarm == .resolved { return .end(.resolved) }
        let policy = escalation.policy
        guard policy.steps.indices.contains(escalation.due.step) else { return .end(.exhausted) }
        if escalation.due.isStart, starts.startedLastMinute >= starts.perMinute { return .end(.heldBack) }
        if policy.calls(through: escalation.due) > bounds.maximumCalls { return .end(.exhausted) }
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
        var next = policy.next(after: escalation.due)
        // Never sooner than the shortest wait after this step's time.
        if let due = next, due.at < escalation.due.at.addingTimeInterval(Double(bounds.minimumWait)) {
            next?.at = escalation.due.at.addingTimeInterval(Double(bounds.minimumWait))
        }
        return .run(
            EscalationStepRun(
                notificationID: escalation.notificationID, owner: owner, ran: escalation.due, callees: callees, subscribers: subscribers,
                pushHolders: !first, next: next, at: now
            )
        )
    }

    /// Who of a step's callees is called: an active account that is not
    /// confined (`Confinement`: the demo account, a realm the site does not
    /// trust), as it is now (`accounts`, read just before the step runs).
    /// Anyone else, or an account that is gone, is skipped as if the step
    /// did not name them: a deactivated expert is not paged, and a stranger
    /// who registered through an open realm cannot get onto a rota's calls.
    /// `seeing`: for a private service (issue 41), the people who hold one
    /// of its roles; anyone else but an admin is skipped too, so its text
    /// never reaches someone who may not see it (nil: not private).
    public static func reachable(
        _ callees: [EscalationStepRun.Callee], accounts: [UserID: User], confinement: Confinement, seeing: Set<UserID>? = nil
    ) -> [EscalationStepRun.Callee] {
        callees.filter { callee in
            guard let account = accounts[callee.userID] else { return false }
            guard account.isActive, !confinement.confines(account) else { return false }
            return PrivateServiceRule.sees(isPrivate: seeing != nil, holdsRole: seeing?.contains(account.id) ?? false, isAdmin: account.isAdmin)
        }
    }

    /// ESCALATION_MIN_WAIT_SECONDS and ESCALATION_MAX_CALLS as the runner holds them.
    public struct Bounds: Sendable, Equatable {
        public var minimumWait: Int
        public var maximumCalls: Int

        public init(minimumWait: Int, maximumCalls: Int) {
            self.minimumWait = minimumWait
            self.maximumCalls = maximumCalls
        }

        public static let none = Bounds(minimumWait: 0, maximumCalls: .max)
    }

    /// How many escalations a service started in the last minute, and how
    /// many it may.
    public struct StartBrake: Sendable, Equatable {
        public var startedLastMinute: Int
        public var perMinute: Int

        public init(startedLastMinute: Int, perMinute: Int) {
            self.startedLastMinute = startedLastMinute
            self.perMinute = perMinute
        }

        public static let unlimited = StartBrake(startedLastMinute: 0, perMinute: .max)
    }

    /// When an acknowledgement of a notification whose escalation it ended
    /// is withdrawn (issue 39): an alarm still firing is paged again, from
    /// the step the escalation was at, due once that step's wait has run
    /// from now (someone may have been about to answer). Nil when there is
    /// nothing to resume: no escalation, one that ended otherwise (resolved,
    /// run out, held back) or still runs, or an alarm now resolved.
    public static func resumption(of record: EscalationRecord?, alarm: AlarmStatus?, now: Date) -> EscalationPolicy.Due? {
        guard let record, record.ended == .acknowledged, alarm != .resolved, record.policy.steps.indices.contains(record.due.step) else { return nil }
        let wait = record.policy.waitBefore(record.due)
        return EscalationPolicy.Due(step: record.due.step, pass: record.due.pass, at: now.addingTimeInterval(Double(wait)))
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
