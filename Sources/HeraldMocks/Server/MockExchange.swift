import NIOConcurrencyHelpers
import NIOCore
import NIOHPACK

/// One request as a mock server received it: a whole HTTP/2 stream.
public struct MockRequest: Sendable {
    public var method: String
    public var path: String
    public var headers: HPACKHeaders
    public var body: ByteBuffer
    /// Which of the server's connections it came on (numbered as accepted).
    public var connection = 0

    public func header(_ name: String) -> String? { headers.first(name: name) }
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

    var responseHeaders: HPACKHeaders {
        var fields: HPACKHeaders = [":status": String(status)]
        if !body.isEmpty {
            fields.add(name: "content-type", value: "application/json")
            fields.add(name: "content-length", value: String(body.utf8.count))
        }
        for (name, value) in headers { fields.add(name: name.lowercased(), value: value) }
        return fields
    }
}

/// What a mock does with a request. Most answers are known at once; a few
/// need a suspension first (verifying a new token with jwt-kit's actor), a
/// wait, or no answer at all.
public indirect enum MockReply: Sendable {
    case answer(MockAnswer)
    case afterChecking(@Sendable () async -> MockAnswer)
    case delayed(Duration, MockReply)
    /// Close the connection (every stream on it) without answering.
    case dropConnection
    /// Answer as given, but first go away: every stream not taken up yet is
    /// refused unprocessed (GOAWAY above the last one taken, REFUSED_STREAM
    /// for those still arriving below it); close once the rest are answered.
    case goAwayAfter(MockReply)
    /// RST_STREAM with REFUSED_STREAM: this stream was not processed.
    case refuseStream
}

/// The request handling of one mock (APNs or FCM), behind the HTTP/2 server.
protocol MockResponder: Sendable {
    var transport: MockTransportStats { get }
    func reply(to request: MockRequest) -> MockReply
    /// Whether this answer proves the client authenticated, so the server
    /// may lift its one-stream limit (as APNs does after a valid token).
    func authenticates(_ request: MockRequest, with answer: MockAnswer) -> Bool
}

extension MockResponder {
    func authenticates(_ request: MockRequest, with answer: MockAnswer) -> Bool { answer.status < 300 }
}

/// What the mocks do beyond answering: wait, or hang up without answering.
public enum MockBehaviour: Sendable, Equatable {
    case answer
    case delay(Duration)
    /// Close the connection instead of answering (an outage).
    case dropConnection
    /// Once, at the next request: GOAWAY refusing all later streams of its
    /// connection (as a server going down for maintenance does).
    case goAwayOnce
    /// Once, for the next request: RST_STREAM REFUSED_STREAM.
    case refuseStreamOnce
    /// Answer, but close the connection instead at every `n`th request (a
    /// flaky network or load balancer resetting connections now and then).
    case resetEvery(Int)
}

/// What happened at the connection level, for transport tests.
public final class MockTransportStats: Sendable {
    private let counts = NIOLockedValueBox((connections: 0, pings: 0))

    /// TCP connections accepted.
    public var connections: Int { counts.withLockedValue { $0.connections } }
    /// PING frames received (not counting acknowledgements).
    public var pings: Int { counts.withLockedValue { $0.pings } }

    func connectionAccepted() { counts.withLockedValue { $0.connections += 1 } }
    func pingReceived() { counts.withLockedValue { $0.pings += 1 } }
}
