import HTTPTypes
import Hummingbird
import Logging
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
