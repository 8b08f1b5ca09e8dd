import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Reads a Server-Sent Events stream over real HTTP, an event at a time.
public final class EventStreamReader: @unchecked Sendable {
    public struct Event: Sendable, Equatable {
        public var id: String?
        public var name: String
        public var data: String

        /// The data as a JSON object.
        public var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]) ?? [:]
        }
    }

    private var chunks: HTTPClientResponse.Body.AsyncIterator
    private var pending = ""
    public let status: HTTPResponseStatus

    /// Opens `url` with the headers given.
    public init(url: String, headers: [(String, String)], http: HTTPClient = .shared) async throws {
        var request = HTTPClientRequest(url: url)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await http.execute(request, timeout: .seconds(600))
        status = response.status
        chunks = response.body.makeAsyncIterator()
    }

    /// The next event (comments skipped), or nil when the stream ends.
    public func next(timeout: Duration = .seconds(10)) async throws -> Event? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let range = pending.range(of: "\n\n") {
                let block = String(pending[..<range.lowerBound])
                pending.removeSubrange(..<range.upperBound)
                var event = Event(id: nil, name: "message", data: "")
                var isComment = true
                for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix(":") { continue }
                    isComment = false
                    if line.hasPrefix("id: ") { event.id = String(line.dropFirst(4)) }
                    if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { event.data += String(line.dropFirst(6)) }
                }
                if isComment || event.data.isEmpty { continue }
                return event
            }
            guard ContinuousClock.now < deadline else { throw TestSetupError("no event within \(timeout)") }
            let chunk = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask { [self] in try await self.chunks.next() }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw TestSetupError("no event within \(timeout)")
                }
                let first = try await group.next()!
                group.cancelAll()
                return first
            }
            guard let chunk else { return nil }
            pending += String(buffer: chunk)
        }
    }
}
