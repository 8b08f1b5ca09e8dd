import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Posts over AsyncHTTPClient to one Herald, with a service token (or a
/// publisher's login token) as a bearer token, or none (an allowlisted address).
public struct HTTPPublishTransport: PublishTransport {
    let client: HTTPClient
    let base: String
    let token: String?
    let timeout: TimeAmount

    /// `base`: the server's URL (`https://herald.example.org`, a path prefix allowed).
    public init(client: HTTPClient, base: String, token: String?, timeout: TimeAmount = .seconds(10)) {
        self.client = client
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.token = token
        self.timeout = timeout
    }

    public func post(path: String, body: Data) async throws -> (status: Int, body: Data, retryAfter: String?) {
        var request = HTTPClientRequest(url: base + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "herald-publish")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response: HTTPClientResponse
        let deadline = NIODeadline.now() + timeout
        do {
            response = try await client.execute(request, deadline: deadline)
        } catch {
            throw Self.failure(error)
        }
        // The client's deadline ends at the answer's head: the body gets what
        // is left of it, so a server that sends its head and then stalls (or
        // drips) cannot hold a cron job forever.
        let remaining = Duration.nanoseconds(max(0, (deadline - .now()).nanoseconds))
        do {
            let answer = try await Self.within(remaining) { try await response.body.collect(upTo: 1 << 20) }
            return (Int(response.status.code), Data(answer.readableBytesView), response.headers.first(name: "Retry-After"))
        } catch {
            throw TransportFailure.answerLost("the answer broke off: \(error)")
        }
    }

    struct TimedOut: Error, CustomStringConvertible { var description: String { "no complete answer in time" } }

    /// `work`'s result, or `TimedOut` once `limit` has passed.
    static func within<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw TimedOut()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw TimedOut() }
            return first
        }
    }

    /// Whether the request can have reached the server: only a connection
    /// that was never made says surely not.
    static func failure(_ error: any Error) -> TransportFailure {
        if let client = error as? HTTPClientError, client == .connectTimeout { return .notSent("could not connect in time") }
        // Every address tried and refused, unreachable or not resolved.
        if let connection = error as? NIOConnectionError {
            let causes = connection.connectionErrors.map { Self.words($0.error) }
            return .notSent("\(connection.host):\(connection.port): \(causes.isEmpty ? "no address for the name" : Set(causes).sorted().joined(separator: ", "))")
        }
        if let io = error as? IOError, [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH].contains(io.errnoCode) { return .notSent(Self.words(io)) }
        return .answerLost("\(error)")
    }

    /// "connection refused", not NIO's "connection reset (error set): Connection refused) (errno: 111)".
    static func words(_ error: any Error) -> String {
        guard let io = error as? IOError else { return "\(error)" }
        return String(cString: strerror(io.errnoCode)).lowercased()
    }
}
