import Foundation
import HeraldCore
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
import NIOHPACK
import NIOPosix
import NIOSSL

/// The long-lived HTTP/2 connections to one provider origin (APNs or FCM),
/// used in turn, and one more, the express connection, for urgent pushes
/// only (`PushPost.urgent`). A connection is opened when first needed and
/// replaced when it closes or the server sends GOAWAY; streams beyond the
/// server's concurrency limit wait in NIOHTTP2's buffer.
///
/// Why a connection of their own: a connection's pushes are answered in
/// the order they reach the provider, and during a fan-out each one carries
/// about as many pushes as the worker keeps in flight (1,500 at the default
/// concurrency). A critical alarm's push written behind them waited for all
/// of them: 80-107 ms between the POST's answer and the push in a 10^6
/// fan-out, against a 100-ms target for the whole.
public final class HTTP2Origin: Sendable {
    private enum Slot {
        case idle
        case connecting(EventLoopFuture<PushConnection>)
        case ready(PushConnection)
    }

    let host: String
    let port: Int
    private let authority: String
    private let tls: NIOSSLContext
    private let timing: PushStreamsHandler.Timing
    /// A connection's place, and the event loops it is opened on.
    private struct Lane: Sendable {
        let slot = NIOLockedValueBox<Slot>(.idle)
        let loops: any EventLoopGroup
    }

    private let lanes: [Lane]
    /// Urgent pushes' connection, never given the others.
    private let express = Lane(loops: HTTP2Origin.expressLoop)
    /// The express connections' event loop: a thread of their own, idle
    /// but for them, so an urgent push is written and its answer read at
    /// once rather than after a pass over the fan-out's answers on a shared
    /// loop (hundreds at a time).
    static let expressLoop: any EventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let turn = NIOLockedValueBox(0)
    /// Told how many pushes are sent again after a refusal.
    private let onResend: @Sendable (Int) -> Void

    /// - Parameters:
    ///   - baseURL: `https://host[:port]`, as APNS_URL and FCM_URL give it.
    ///   - connections: how many connections to spread pushes over (the
    ///     express connection comes on top).
    ///   - requestTimeout: how long a push may wait for its answer.
    ///   - idlePing: PING a connection quiet for this long.
    public init(
        baseURL: String, tls: TLSConfiguration, connections: Int, requestTimeout: TimeAmount = .seconds(30), idlePing: TimeAmount = .seconds(60),
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, onResend: @escaping @Sendable (Int) -> Void = { _ in }
    ) throws {
        self.onResend = onResend
        guard let url = URLComponents(string: baseURL), url.scheme == "https", let host = url.host, !host.isEmpty else {
            throw PushConfigurationError("\(baseURL) is not an https:// URL (APNs and FCM are HTTP/2 over TLS)")
        }
        self.host = host
        self.port = url.port ?? 443
        self.authority = url.port.map { "\(host):\($0)" } ?? host
        var tls = tls
        tls.applicationProtocols = ["h2"]
        self.tls = try NIOSSLContext(configuration: tls)
        self.timing = .init(requestTimeout: requestTimeout, idlePing: idlePing, sweep: min(.seconds(1), .nanoseconds(idlePing.nanoseconds / 2)))
        self.lanes = (0..<max(1, connections)).map { _ in Lane(loops: group) }
    }

    /// POSTs JSON bodies with a bearer token and reads the (small) answers,
    /// in the posts' order. Urgent posts go over the express connection,
    /// the others are spread over the rest; each share is written in one go.
    func postJSON(_ posts: [PushPost], bearer: String) async -> [Result<ProviderAnswer, PushTransportError>] {
        let deadline = NIODeadline.now() + timing.requestTimeout
        let authorization = "bearer \(bearer)"
        let requests = posts.map { request(for: $0, authorization: authorization, deadline: deadline) }
        let urgent = posts.map(\.urgent)
        var results = await send(requests, urgent: urgent)
        // Those that never reached the provider (the connection went away
        // under them) get one more try on a fresh connection.
        let again = results.indices.filter {
            if case .failure(let error) = results[$0] { error.neverReachedProvider } else { false }
        }
        if !again.isEmpty {
            onResend(again.count)
            for (index, result) in zip(again, await send(again.map { requests[$0] }, urgent: again.map { urgent[$0] })) { results[index] = result }
        }
        return results
    }

    /// The step the APNs and FCM clients share: post under one credential,
    /// read each answer with `read`, which also says whether the answer
    /// refused the credential, and turn transport failures into retries.
    func push(
        _ posts: [PushPost], bearer: String, provider: String, read: (ProviderAnswer) -> (reply: ReplyClass, refusesCredential: Bool)
    ) async -> (attempts: [PushAttempt], credentialRefused: Bool) {
        var refused = false
        let attempts = await postJSON(posts, bearer: bearer).map { result -> PushAttempt in
            switch result {
            case .success(let answer):
                let (reply, refusesCredential) = read(answer)
                if refusesCredential { refused = true }
                return PushAttempt(reply, latency: answer.elapsed)
            case .failure(let error):
                return PushAttempt(.retry(reason: "\(provider)\(DeliveryOutcome.transportFailure)\(error)", minimumDelay: 0))
            }
        }
        return (attempts, refused)
    }

    private func request(for post: PushPost, authorization: String, deadline: NIODeadline) -> PushRequest {
        var headers = HPACKHeaders()
        headers.reserveCapacity(8 + post.headers.count)
        headers.add(name: ":method", value: "POST")
        headers.add(name: ":scheme", value: "https")
        headers.add(name: ":authority", value: authority)
        // Device paths never repeat: keep them out of the HPACK table.
        headers.add(name: ":path", value: post.path, indexing: .nonIndexable)
        headers.add(name: "authorization", value: authorization)
        headers.add(name: "content-type", value: "application/json")
        headers.add(name: "content-length", value: String(post.body.count))
        for (name, value) in post.headers { headers.add(name: name, value: value) }
        return PushRequest(headers: headers, body: ByteBuffer(data: post.body), deadline: deadline)
    }

    /// The requests' answers in their order: the urgent ones' from the
    /// express connection, the others' from the shares of the rest.
    private func send(_ requests: [PushRequest], urgent: [Bool]) async -> [Result<ProviderAnswer, PushTransportError>] {
        guard urgent.contains(true) else { return await send(requests) }
        let express = requests.indices.filter { urgent[$0] }
        let others = requests.indices.filter { !urgent[$0] }
        var results = Array(repeating: Result<ProviderAnswer, PushTransportError>.failure(.notSent("not sent")), count: requests.count)
        async let urgentAnswers = send(express.map { requests[$0] }, on: self.express)
        let otherAnswers = await send(others.map { requests[$0] })
        for (index, answer) in zip(others, otherAnswers) { results[index] = answer }
        for (index, answer) in zip(express, await urgentAnswers) { results[index] = answer }
        return results
    }

    /// Spreads the requests over the regular connections.
    private func send(_ requests: [PushRequest]) async -> [Result<ProviderAnswer, PushTransportError>] {
        let shares = min(lanes.count, requests.count)
        guard shares > 0 else { return [] }
        let size = (requests.count + shares - 1) / shares
        return await withTaskGroup(of: (Int, [Result<ProviderAnswer, PushTransportError>]).self) { group in
            for share in 0..<shares {
                let part = Array(requests[(share * size)..<min(requests.count, (share + 1) * size)])
                group.addTask { (share, await self.send(part, on: self.nextLane())) }
            }
            var parts = Array(repeating: [Result<ProviderAnswer, PushTransportError>](), count: shares)
            for await (share, answers) in group { parts[share] = answers }
            return parts.flatMap { $0 }
        }
    }

    /// Sends the requests over one slot's connection, opened if need be.
    private func send(_ requests: [PushRequest], on lane: Lane) async -> [Result<ProviderAnswer, PushTransportError>] {
        guard !requests.isEmpty else { return [] }
        do {
            return await (try connection(in: lane)).send(requests)
        } catch {
            let failure = error as? PushTransportError ?? .notSent("\(error)")
            return Array(repeating: .failure(failure), count: requests.count)
        }
    }

    /// Closes every connection; their streams fail as lost.
    public func shutdown() async {
        for lane in lanes + [express] {
            let current = lane.slot.withLockedValue { slot -> Slot in
                defer { slot = .idle }
                return slot
            }
            switch current {
            case .ready(let connection): await connection.close()
            case .connecting(let future): try? await future.get().close()
            case .idle: break
            }
        }
    }

    /// Opens every connection not open yet (TLS handshake and HTTP/2
    /// settings included), so the first pushes do not wait for them.
    public func warmUp() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in lanes + [express] {
                group.addTask { _ = try await self.connection(in: lane) }
            }
            try await group.waitForAll()
        }
    }

    /// The regular connections in turn.
    private func nextLane() -> Lane {
        let index = turn.withLockedValue { turn in
            defer { turn &+= 1 }
            return turn % lanes.count
        }
        return lanes[index]
    }

    private func connection(in lane: Lane) async throws -> PushConnection {
        let slot = lane.slot
        let pending = slot.withLockedValue { state -> EventLoopFuture<PushConnection> in
            switch state {
            case .ready(let connection):
                return connection.channel.eventLoop.makeSucceededFuture(connection)
            case .connecting(let future):
                return future
            case .idle:
                let future = connect(slot, on: lane.loops.next())
                state = .connecting(future)
                return future
            }
        }
        return try await pending.get()
    }

    private func connect(_ slot: NIOLockedValueBox<Slot>, on eventLoop: any EventLoop) -> EventLoopFuture<PushConnection> {
        let promise = eventLoop.makePromise(of: PushConnection.self)
        let identity = NIOLockedValueBox<ObjectIdentifier?>(nil)
        let retired = NIOLockedValueBox(false)
        // A retired connection (GOAWAY, closed, ids spent) leaves its slot,
        // whether that happens before or after the slot first holds it.
        let retire: @Sendable () -> Void = {
            retired.withLockedValue { $0 = true }
            slot.withLockedValue { state in
                if case .ready(let connection) = state, ObjectIdentifier(connection) == identity.withLockedValue({ $0 }) { state = .idle }
            }
        }
        promise.completeWithTask { [host, port, tls, timing] in
            try await PushConnection.connect(host: host, port: port, tls: tls, timing: timing, on: eventLoop, onRetire: retire)
        }
        promise.futureResult.whenComplete { result in
            slot.withLockedValue { state in
                switch result {
                case .success(let connection):
                    identity.withLockedValue { $0 = ObjectIdentifier(connection) }
                    state = retired.withLockedValue({ $0 }) ? .idle : .ready(connection)
                case .failure:
                    state = .idle
                }
            }
        }
        return promise.futureResult.flatMapErrorThrowing { error in
            throw PushTransportError.notSent("cannot connect to \(self.authority): \(error)")
        }
    }
}

/// One POST as a provider client asks for it.
struct PushPost: Sendable {
    var path: String
    var headers: [(String, String)] = []
    var body: Data
    /// Sent over the express connection (`ClaimedDelivery.isExpress`).
    var urgent = false
}

struct PushConfigurationError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
