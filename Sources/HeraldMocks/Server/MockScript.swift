import NIOConcurrencyHelpers

/// What a mock has been told to do: answers for particular device tokens,
/// and whether to answer at all. Shared by the APNs and FCM mocks.
final class MockScript: Sendable {
    private struct State {
        var answers: [String: MockAnswer] = [:]
        var behaviour = MockBehaviour.answer
        var requests = 0
    }
    private let state = NIOLockedValueBox(State())

    func set(_ answer: MockAnswer, for token: String) {
        state.withLockedValue { $0.answers[token] = answer }
    }

    func clearAnswers() {
        state.withLockedValue { $0.answers = [:] }
    }

    func behave(_ behaviour: MockBehaviour) {
        state.withLockedValue { $0.behaviour = behaviour }
    }

    var hasAnswers: Bool { state.withLockedValue { !$0.answers.isEmpty } }

    /// The scripted answer for a token; nil means the normal success.
    func answer(for token: String) -> MockAnswer? {
        state.withLockedValue { $0.answers[token] }
    }

    /// Wraps the reply in the current behaviour: as is, later, or not at all.
    func apply(to reply: @autoclosure () -> MockReply) -> MockReply {
        let (behaviour, request) = state.withLockedValue { state in
            defer { if state.behaviour == .goAwayOnce || state.behaviour == .refuseStreamOnce { state.behaviour = .answer } }
            state.requests += 1
            return (state.behaviour, state.requests)
        }
        switch behaviour {
        case .resetEvery(let n): return request % max(1, n) == 0 ? .dropConnection : reply()
        case .answer: return reply()
        case .delay(let duration): return .delayed(duration, reply())
        case .dropConnection: return .dropConnection
        case .goAwayOnce: return .goAwayAfter(reply())
        case .refuseStreamOnce: return .refuseStream
        }
    }
}
