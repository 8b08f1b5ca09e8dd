import Foundation

/// A service's escalation policy (issue 26): ordered steps, each naming who
/// is called and how long to wait for an acknowledgement before the next;
/// the whole repeated up to `repeats` more times; only notifications at or
/// above `minimumSeverity` escalate. Pure: when each step falls due, for
/// the durable timers to claim (a step is never run twice nor skipped).
public struct EscalationPolicy: Sendable, Equatable {
    /// Whom a step calls.
    public enum Target: Sendable, Hashable {
        case user(UserID)
        /// The rota's person on call when the step runs.
        case rota(Int64)
        /// The service's subscribers.
        case subscribers
    }

    public struct Step: Sendable, Equatable {
        public var targets: [Target]
        /// How long to wait for an acknowledgement before the next step.
        public var waitSeconds: Int

        public init(targets: [Target], waitSeconds: Int) {
            self.targets = targets
            self.waitSeconds = waitSeconds
        }
    }

    /// One step's run within an escalation: which step, in which pass over
    /// the policy, and when it falls due.
    public struct Due: Sendable, Equatable {
        public var step: Int
        public var pass: Int
        public var at: Date

        public init(step: Int, pass: Int, at: Date) {
            self.step = step
            self.pass = pass
            self.at = at
        }

        /// The escalation's very first step: running it starts the escalation.
        public var isStart: Bool { step == 0 && pass == 0 }
    }

    public var steps: [Step]
    /// Passes after the first (0: the policy runs once).
    public var repeats: Int
    public var minimumSeverity: Severity

    public init(steps: [Step], repeats: Int = 0, minimumSeverity: Severity = .critical) {
        self.steps = steps
        self.repeats = repeats
        self.minimumSeverity = minimumSeverity
    }

    /// Whether a notification of this severity escalates (none given: no).
    public func escalates(_ severity: Severity?) -> Bool {
        guard let severity, !steps.isEmpty else { return false }
        return severity >= minimumSeverity
    }

    /// Every step's run from a notification posted at `start`, in order:
    /// the first step at once, each next one after the previous one's wait.
    public func schedule(from start: Date) -> [Due] {
        var due: [Due] = []
        var at = start
        for pass in 0...max(repeats, 0) {
            for (index, step) in steps.enumerated() {
                due.append(Due(step: index, pass: pass, at: at))
                at = at.addingTimeInterval(Double(max(step.waitSeconds, 0)))
            }
        }
        return due
    }

    /// The run after `current` (nil: the escalation has run out).
    public func next(after current: Due) -> Due? {
        let wait = Double(max(steps.indices.contains(current.step) ? steps[current.step].waitSeconds : 0, 0))
        if current.step + 1 < steps.count { return Due(step: current.step + 1, pass: current.pass, at: current.at.addingTimeInterval(wait)) }
        guard current.pass < repeats, !steps.isEmpty else { return nil }
        return Due(step: 0, pass: current.pass + 1, at: current.at.addingTimeInterval(wait))
    }
}

extension EscalationPolicy {
    /// How many calls the whole escalation can make: every target of every
    /// step, in every pass (ESCALATION_MAX_CALLS bounds it).
    public var maximumCalls: Int {
        steps.reduce(0) { $0 + $1.targets.count } * (max(repeats, 0) + 1)
    }

    /// The calls made by the time `due` has run: every target of every step
    /// of the passes before, and of this pass up to and including its step.
    public func calls(through due: Due) -> Int {
        let perPass = steps.reduce(0) { $0 + $1.targets.count }
        let thisPass = steps.prefix(due.step + 1).reduce(0) { $0 + $1.targets.count }
        return due.pass * perPass + thisPass
    }

    /// The wait of the step run before `due` (the one whose wait was
    /// running when `due` was next); 0 before the very first step.
    public func waitBefore(_ due: Due) -> Int {
        guard !steps.isEmpty else { return 0 }
        if due.step > 0, steps.indices.contains(due.step - 1) { return max(steps[due.step - 1].waitSeconds, 0) }
        return due.pass > 0 ? max(steps[steps.count - 1].waitSeconds, 0) : 0
    }

    /// Whether some step calls this rota's person on call.
    public func calls(rota id: Int64) -> Bool {
        steps.contains { $0.targets.contains(.rota(id)) }
    }
}
