import Foundation
import HeraldCore
import Logging

/// A service's escalation policy (issue 26), as an admin sets it: every
/// step's people must exist and be callable, every rota must exist, and
/// the sizes are bounded so a policy cannot call in a loop: each step waits
/// at least ESCALATION_MIN_WAIT_SECONDS and the whole escalation makes at
/// most ESCALATION_MAX_CALLS calls (issue 39). The policy
/// applies to notifications published from then on; a running escalation
/// keeps the policy it started with.
public struct EscalationPolicies: Sendable {
    /// One target as a client names it.
    public enum TargetInput: Sendable, Equatable {
        case user(username: String)
        case rota(id: Int64)
        case subscribers
    }

    public struct StepInput: Sendable, Equatable {
        public var targets: [TargetInput]
        public var waitSeconds: Int

        public init(targets: [TargetInput], waitSeconds: Int) {
            self.targets = targets
            self.waitSeconds = waitSeconds
        }
    }

    public static let maxSteps = 20
    public static let maxTargets = 20
    public static let maxRepeats = 60
    public static let waitRange = 0...86_400

    let store: any EscalationStore & RotaStore & AccountStore & ServiceStore
    let clock: WallClock
    /// Where each change is answered for (the audit log).
    let audit: AuditTrail
    /// ESCALATION_MIN_WAIT_SECONDS and ESCALATION_MAX_CALLS.
    let minimumWait: Int
    let maximumCalls: Int

    public init(
        store: any EscalationStore & RotaStore & AccountStore & ServiceStore & AuditStore, clock: WallClock, minimumWait: Int = 30, maximumCalls: Int = 100
    ) {
        self.store = store
        self.clock = clock
        audit = AuditTrail(store: store, clock: clock)
        self.minimumWait = minimumWait
        self.maximumCalls = maximumCalls
    }

    /// A policy with the names of the people and rotas it calls, for showing it.
    public typealias Shown = (policy: EscalationPolicy, users: [UserID: String], rotas: [Int64: String])

    public func policy(of serviceID: UUID, for actor: Actor) async throws -> Shown? {
        try actor.must(.manage(.escalation, of: serviceID))
        guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
        guard let policy = try await store.escalationPolicy(serviceID: serviceID) else { return nil }
        return try await shown(policy)
    }

    public func set(
        steps: [StepInput], repeats: Int, minimumSeverity: String?, on serviceID: UUID, by actor: Actor, logger: Logger
    ) async throws -> Shown {
        try actor.must(.manage(.escalation, of: serviceID))
        guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
        var problems: [FieldProblem] = []
        if steps.isEmpty || steps.count > Self.maxSteps {
            problems.append(FieldProblem(field: "steps", message: "A policy has 1 to \(Self.maxSteps) steps"))
        }
        if !(0...Self.maxRepeats).contains(repeats) {
            problems.append(FieldProblem(field: "repeats", message: "A policy is repeated 0 to \(Self.maxRepeats) more times"))
        }
        let severity = minimumSeverity.map { Severity(parsing: $0) } ?? .critical
        if severity == nil {
            problems.append(FieldProblem(field: "minimum_severity", message: "Not a severity; one of \(Severity.names)", type: "enum"))
        }
        var built: [EscalationPolicy.Step] = []
        for (index, step) in steps.prefix(Self.maxSteps).enumerated() {
            let field = "steps.\(index)"
            if step.targets.isEmpty || step.targets.count > Self.maxTargets {
                problems.append(FieldProblem(field: "\(field).targets", message: "A step calls 1 to \(Self.maxTargets) targets"))
            }
            if !Self.waitRange.contains(step.waitSeconds) || step.waitSeconds < minimumWait {
                problems.append(
                    FieldProblem(
                        field: "\(field).wait_seconds",
                        message: "A step waits \(max(minimumWait, Self.waitRange.lowerBound)) to \(Self.waitRange.upperBound) seconds for an acknowledgement"
                            + (minimumWait > 0 ? " (ESCALATION_MIN_WAIT_SECONDS is \(minimumWait))" : "")
                    )
                )
            }
            var targets: [EscalationPolicy.Target] = []
            for (position, target) in step.targets.prefix(Self.maxTargets).enumerated() {
                let targetField = "\(field).targets.\(position)"
                switch target {
                case .user(let username):
                    if let user = try await Rotas.callable(username, in: store, field: targetField, problems: &problems) {
                        targets.append(.user(user.id))
                    }
                case .rota(let id):
                    if try await store.rota(id: id) != nil { targets.append(.rota(id)) } else { problems.append(FieldProblem(field: targetField, message: "No rota has id \(id)")) }
                case .subscribers:
                    targets.append(.subscribers)
                }
            }
            built.append(EscalationPolicy.Step(targets: targets, waitSeconds: step.waitSeconds))
        }
        // Every target of every step in every pass is a call.
        let calls = steps.reduce(0) { $0 + $1.targets.count } * (max(repeats, 0) + 1)
        if calls > maximumCalls {
            problems.append(
                FieldProblem(
                    field: "steps",
                    message: "This policy makes up to \(calls) calls (targets × passes); ESCALATION_MAX_CALLS allows \(maximumCalls): fewer targets, steps or repeats"
                )
            )
        }
        guard problems.isEmpty, let severity else { throw UseCaseError.rejected(problems) }
        let policy = EscalationPolicy(steps: built, repeats: repeats, minimumSeverity: severity)
        let before = try await store.escalationPolicy(serviceID: serviceID)
        guard try await store.setEscalationPolicy(serviceID: serviceID, policy, at: clock.now()) else { throw UseCaseError.notFound("Service") }
        logger.info("escalation policy set", metadata: ["service": "\(serviceID.wireString)", "policy": "\(policy.json)", "by": "\(actor.username)"])
        await audit.record(.escalationChanged, by: actor.auditWho, service: serviceID, target: "escalation policy", before: before?.json, after: policy.json, logger: logger)
        return try await shown(policy)
    }

    /// Escalations already running finish under the policy they started with.
    public func remove(_ serviceID: UUID, by actor: Actor, logger: Logger) async throws {
        try actor.must(.manage(.escalation, of: serviceID))
        guard try await store.service(id: serviceID) != nil else { throw UseCaseError.notFound("Service") }
        // Removing none is no error (as a write-back's removal), and no change to answer for.
        let before = try await store.escalationPolicy(serviceID: serviceID)
        guard try await store.deleteEscalationPolicy(serviceID: serviceID) else { return }
        logger.info("escalation policy removed", metadata: ["service": "\(serviceID.wireString)", "by": "\(actor.username)"])
        await audit.record(.escalationChanged, by: actor.auditWho, service: serviceID, target: "escalation policy", before: before?.json, logger: logger)
    }

    /// The names of the people and rotas the policy calls (only those).
    func shown(_ policy: EscalationPolicy) async throws -> Shown {
        var users: [UserID: String] = [:]
        var rotas: [Int64: String] = [:]
        for target in policy.steps.flatMap(\.targets) {
            switch target {
            case .user(let id) where users[id] == nil: users[id] = try await store.user(id: id)?.username
            case .rota(let id) where rotas[id] == nil: rotas[id] = try await store.rota(id: id)?.name
            default: break
            }
        }
        return (policy, users, rotas)
    }
}
