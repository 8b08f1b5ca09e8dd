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
}
