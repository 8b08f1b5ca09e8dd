import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// A request context that knows whether the request came over HTTP/2 (a
/// stream of a multiplexed connection has a parent channel).
struct MockContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel
    var isHTTP2: Bool { channel.parent != nil }

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
    }

    /// Closes the TCP connection (all of its HTTP/2 streams) without answering.
    func dropConnection() async throws -> Never {
        try? await (channel.parent ?? channel).close()
        throw MockConnectionDrop()
    }

    var maxUploadSize: Int { 1 << 20 }
}

/// A scripted answer: the status, the JSON body, and extra headers.
public struct MockAnswer: Sendable, Equatable {
    public var status: Int
    public var body: String
    public var headers: [String: String]

    public init(status: Int, body: String = "", headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.headers = headers
    }

    func response() -> Response {
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        for (name, value) in headers { if let field = HTTPField.Name(name) { fields[field] = value } }
        return Response(status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

/// What the mocks do beyond answering: wait, or hang up without answering.
public enum MockBehaviour: Sendable, Equatable {
    case answer
    case delay(Duration)
    /// Close the connection instead of answering (an outage).
    case dropConnection
}

/// What a mock has been told to do: answers for particular device tokens,
/// and whether to answer at all. Shared by the APNs and FCM mocks.
final class MockScript: Sendable {
    private struct State {
        var answers: [String: MockAnswer] = [:]
        var behaviour = MockBehaviour.answer
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

    /// The scripted answer for a token; nil means the normal success.
    func answer(for token: String) -> MockAnswer? {
        state.withLockedValue { $0.answers[token] }
    }

    /// Waits or hangs up as told, before the request is looked at.
    func perform(in context: MockContext) async throws {
        switch state.withLockedValue({ $0.behaviour }) {
        case .answer: break
        case .delay(let duration): try await Task.sleep(for: duration)
        case .dropConnection: try await context.dropConnection()
        }
    }
}
