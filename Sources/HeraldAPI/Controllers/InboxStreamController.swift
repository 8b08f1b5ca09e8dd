import Foundation
import HTTPTypes
import HeraldCore
import HeraldUseCases
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// `GET /api/v2/users/user/notifications/stream`: Server-Sent Events with
/// every new inbox item, read-state change and deletion of the user, each
/// with its position as `id:`; a client that reconnects with
/// `Last-Event-ID` (or `?last_event_id=`) is sent what it missed.
struct InboxStreamController {
    let auth: RequestAuthenticator
    let reads: InboxReads
    let acknowledgements: Acknowledgements
    let streams: InboxStreams

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("users/user/notifications/stream", use: stream)
    }

    @Sendable func stream(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        // EventSource cannot send headers: the web app's session cookie counts here too.
        let user = try await auth.user(request, context: context, allowingSessionCookie: true)
        let resumeFrom = try Self.lastEventID(request)
        guard let (id, events) = streams.open(userID: user.id) else {
            throw APIError(.tooManyRequests, "Too many open streams", headers: [.retryAfter: "10"])
        }
        let (reads, acknowledgements) = (self.reads, self.acknowledgements)
        // Each item says whether this reader may take it (the web inbox offers only that).
        @Sendable func frame(_ change: InboxChange) async throws -> ByteBuffer {
            guard let item = change.item else { return Self.frame(change) }
            return Self.frame(change, mayTake: try await acknowledgements.takeable([item.notification], by: user).contains(item.notification.id))
        }
        // A confined account's stream carries the demo service's notifications only.
        let readable = InboxReads.within(try await reads.readable(by: user))
        let streams = self.streams
        let headers: HTTPFields = [
            .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache", HTTPField.Name("X-Accel-Buffering")!: "no",
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            defer { streams.close(id) }
            var sent = SentChanges()
            try await writer.write(ByteBuffer(string: "retry: 3000\n: connected\n\n"))
            if let resumeFrom {
                let missed = try await reads.changes(
                    of: user, since: resumeFrom.addingTimeInterval(-InboxStreams.lookBack), limit: streams.limits.buffer * 4
                )
                for change in missed where sent.isNew(change) { try await writer.write(try await frame(change)) }
            }
            // A server shutting down ends its streams (clients reconnect to
            // another replica) instead of waiting for them.
            // A stream past its time is ended too (the client comes back with
            // its Last-Event-ID, perhaps to another replica).
            try await withGracefulShutdownHandler {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        try await Task.sleep(for: streams.limits.maxDuration)
                        streams.close(id)
                    }
                    for await event in events {
                        switch event {
                        case .heartbeat:
                            try await writer.write(ByteBuffer(string: ": ping\n\n"))
                        case .change(let change):
                            if readable(change), sent.isNew(change) { try await writer.write(try await frame(change)) }
                        }
                    }
                    group.cancelAll()
                }
            } onGracefulShutdown: {
                streams.close(id)
            }
            try await writer.finish(nil)
        })
    }

    /// `Last-Event-ID` (or `?last_event_id=`): a position in microseconds.
    /// Both are checked when both are given; the header wins.
    static func lastEventID(_ request: Request) throws -> Date? {
        let header = request.headers[HTTPField.Name("Last-Event-ID")!]
        let query = request.uri.queryParameters["last_event_id"].map(String.init)
        var issues: [ValidationIssue] = []
        func position(_ raw: String?, _ loc: [ValidationIssue.Location]) -> Date? {
            guard let raw else { return nil }
            guard let micros = Int64(raw.trimmingCharacters(in: .whitespaces)), micros >= 0 else {
                issues.append(ValidationIssue(loc: loc, msg: "Input should be an event id this stream sent", type: "value_error"))
                return nil
            }
            return Date(microsecondsSince1970: micros)
        }
        let fromHeader = position(header, ["header", "Last-Event-ID"])
        let fromQuery = position(query, ["query", "last_event_id"])
        guard issues.isEmpty else { throw ValidationFailure(issues) }
        return fromHeader ?? fromQuery
    }

    /// One event: `notification` (an inbox item, new or changed) or `removed`.
    static func frame(_ change: InboxChange, mayTake: Bool? = nil) -> ByteBuffer {
        let data: Data
        let event: String
        switch change.kind {
        case .upserted(let item):
            event = "notification"
            var body = InboxItemBody(item)
            body.base.may_take = mayTake
            data = (try? JSONBody.encoder.encode(body)) ?? Data("{}".utf8)
        case .removed(let id):
            event = "removed"
            data = Data("{\"id\":\(id)}".utf8)
        }
        var buffer = ByteBuffer(string: "id: \(change.at.microsecondsSince1970)\nevent: \(event)\ndata: ")
        buffer.writeBytes(data)
        buffer.writeString("\n\n")
        return buffer
    }
}

/// What a connection has sent lately, so the overlapping look-backs of
/// change signals send each change once.
struct SentChanges {
    private var positions: [NotificationID: Date] = [:]

    mutating func isNew(_ change: InboxChange) -> Bool {
        if positions[change.notificationID] == change.at { return false }
        positions[change.notificationID] = change.at
        if positions.count > 2_000 {
            // Keep the recent ones: older changes are past every look-back.
            let cutoff = change.at.addingTimeInterval(-InboxStreams.lookBack * 4)
            positions = positions.filter { $0.value >= cutoff }
        }
        return true
    }
}
