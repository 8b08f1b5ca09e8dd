import Foundation
import HeraldCore
import Testing

/// When each step of an escalation falls due, and what escalates at all.
@Suite("Escalation policies")
struct EscalationPolicyTests {
    static let rotaThenBob = EscalationPolicy(
        steps: [.init(targets: [.rota(7)], waitSeconds: 300), .init(targets: [.user(2)], waitSeconds: 600)], repeats: 1, minimumSeverity: .major
    )

    @Test func stepsFallDueAfterThePreviousWaitAndThePolicyRepeats() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let schedule = Self.rotaThenBob.schedule(from: start)
        #expect(schedule.map(\.step) == [0, 1, 0, 1] && schedule.map(\.pass) == [0, 0, 1, 1])
        #expect(schedule.map { $0.at.timeIntervalSince(start) } == [0, 300, 900, 1_200])
        // Walking it one step at a time gives the same runs, then the end.
        var walked = [schedule[0]]
        while let next = Self.rotaThenBob.next(after: walked.last!) { walked.append(next) }
        #expect(walked == schedule)
    }

    @Test func onlyNotificationsAtOrAboveTheSeverityEscalate() {
        #expect(Self.rotaThenBob.escalates(.major) && Self.rotaThenBob.escalates(.critical))
        #expect(!Self.rotaThenBob.escalates(.warning) && !Self.rotaThenBob.escalates(nil))
        #expect(!EscalationPolicy(steps: []).escalates(.critical), "a policy without steps calls nobody")
        #expect(EscalationPolicy(steps: []).schedule(from: Date()).isEmpty)
    }

    /// Issue 39: a policy stored before the bounds (20 zero-wait steps, 60
    /// repeats: 1,220 calls) is bounded when it runs: each next step no
    /// sooner than the shortest wait, and the escalation ends once it would
    /// pass the most calls. A flood's start past the brake is held back.
    @Test func aStoredPolicyIsBoundedWhenItRuns() {
        let storm = EscalationPolicy(steps: Array(repeating: .init(targets: [.subscribers], waitSeconds: 0), count: 20), repeats: 60)
        #expect(storm.maximumCalls == 1_220)
        let bounds = EscalationDecision.Bounds(minimumWait: 30, maximumCalls: 100)
        let due = Date(timeIntervalSince1970: 1_800_000_000)
        func decide(step: Int, pass: Int, starts: EscalationDecision.StartBrake = .unlimited) -> EscalationDecision {
            let escalation = OpenEscalation(notificationID: 1, serviceID: UUID(), policy: storm, due: .init(step: step, pass: pass, at: due))
            return EscalationDecision.decide(escalation, acknowledged: false, alarm: .firing, rotas: [:], owner: "o", now: due, starts: starts, bounds: bounds)
        }
        guard case .run(let first) = decide(step: 0, pass: 0) else { Issue.record("the first step runs"); return }
        #expect(first.next?.at == due.addingTimeInterval(30), "not at once: the shortest wait")
        guard case .run = decide(step: 19, pass: 4) else { Issue.record("the 100th call runs"); return }
        #expect(decide(step: 0, pass: 5) == .end(.exhausted), "the 101st would pass ESCALATION_MAX_CALLS")
        #expect(decide(step: 0, pass: 0, starts: .init(startedLastMinute: 30, perMinute: 30)) == .end(.heldBack))
        guard case .run = decide(step: 1, pass: 0, starts: .init(startedLastMinute: 30, perMinute: 30)) else {
            Issue.record("only a start is braked"); return
        }
    }

    /// Only an active account that is not confined is called; one gone,
    /// deactivated, confined by its flag, made by the demo login, or named
    /// `demo` while the demo account is on, is skipped as if not named.
    @Test func onlyActiveUnconfinedAccountsAreCalled() {
        let confinement = Confinement(service: "demo", demoAccount: true)
        let accounts: [UserID: User] = [
            1: User(id: 1, username: "alice", isActive: true, isAdmin: false),
            2: User(id: 2, username: "bob", isActive: false, isAdmin: false),
            3: User(id: 3, username: "stranger", isActive: true, isAdmin: false, origin: .oidc, isConfined: true),
            4: User(id: 4, username: "reviewer", isActive: true, isAdmin: false, origin: .demo),
            5: User(id: 5, username: "demo", isActive: true, isAdmin: false, origin: .ldap),
            6: User(id: 6, username: "carol", isActive: true, isAdmin: true, origin: .ldap),
        ]
        let callees = (1...7).map { EscalationStepRun.Callee(target: "user:\($0)", userID: Int64($0)) }
        let reached = EscalationDecision.reachable(callees, accounts: accounts, confinement: confinement)
        #expect(reached.map(\.userID) == [1, 6])
        #expect(EscalationDecision.reachable(callees, accounts: accounts, confinement: Confinement()).map(\.userID) == [1, 5, 6], "no demo account: a `demo` is anyone")
    }
}
